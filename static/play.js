// muster's play page: records each form without leaving the page, under a command id kept
// until the server answers (sent again after a dropped answer or a reload, and recorded once);
// shows a refusal at its form with the input kept and focus on it; and follows the campaign's
// head as the server pushes it. What every page does (times, copies, the wake lock) is in
// page.js, served before it. Without this script every form still works: the server answers
// it with the page.
(function () {
  "use strict";

  var now = document.getElementById("now");
  if (!now || !window.fetch || !window.DOMParser || !window.URLSearchParams) {
    return;
  }
  var campaign = now.getAttribute("data-campaign");
  var streamUrl = now.getAttribute("data-stream");
  var head = now.getAttribute("data-head");
  var store = "muster-pending:" + campaign;
  var parts = ["nowbar", "now", "squad", "soldiers", "events", "unchecked"];
  var said = document.getElementById("said");

  function connection(word) {
    var shown = document.getElementById("connection");
    if (shown) {
      shown.textContent = word;
      shown.className = "connection " + word;
    }
  }

  // The sticky Now's height, for what the page scrolls to to stay clear of it.
  function measureBar() {
    var bar = document.getElementById("nowbar");
    if (bar) {
      document.documentElement.style.setProperty("--nowbar", bar.offsetHeight + "px");
    }
  }
  window.addEventListener("resize", measureBar);

  function announce(text, ok) {
    if (said) {
      said.textContent = text;
      said.className = "said-all" + (ok ? " ok" : "");
    }
  }

  function newId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return "page-" + Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function pending() {
    try {
      return JSON.parse(window.localStorage.getItem(store) || "[]");
    } catch (e) {
      return [];
    }
  }

  function keep(list) {
    try {
      window.localStorage.setItem(store, JSON.stringify(list));
    } catch (e) {
      announce("This phone cannot keep the pending list; a command sent now is not sent again after a reload.", false);
    }
  }

  // The form an entry came from, as the page shows it now.
  function formOf(entry) {
    var forms = document.querySelectorAll("form.do");
    for (var i = 0; i < forms.length; i++) {
      if (forms[i].getAttribute("data-key") === entry.key) {
        return forms[i];
      }
    }
    return null;
  }

  function keyOf(form) {
    var card = form.closest("[data-name]");
    return (card ? card.getAttribute("data-name") + "/" : "") + (form.id || (form.elements.cmd && form.elements.cmd.value) || "form");
  }

  function markPending() {
    var list = pending();
    document.querySelectorAll("form.do").forEach(function (form) {
      form.setAttribute("data-key", keyOf(form));
      var waiting = list.some(function (e) { return e.key === form.getAttribute("data-key"); });
      form.classList.toggle("pending", waiting);
    });
  }

  // A tap that lands just after the page changed under it (a command recorded, another
  // phone's arrived) was aimed at what stood there before: the second tap of a double tap,
  // on a button that moved into the first one's place. It is not sent, and said so.
  var SETTLE_MS = 400;
  var changedAt = 0;

  // What a form offers from the campaign as it stands (its lists of Soldiers, a pick's keypad)
  // swapped in from the page as the server gives it now, each keeping what was chosen in it;
  // the form's other fields, and one being typed or picked in, are left as they are.
  function freshen(fresh, typing) {
    fresh.querySelectorAll("[data-fresh][id]").forEach(function (there) {
      var here = document.getElementById(there.id);
      if (!here || here.outerHTML === there.outerHTML || (typing && here.contains(typing))) {
        return;
      }
      var chosen = here.matches("select") ? [here.value] :
        Array.prototype.map.call(here.querySelectorAll("input:checked"), function (b) { return b.value; });
      var kept = ["aria-invalid", "aria-describedby"].map(function (name) { return [name, here.getAttribute(name)]; });
      here.replaceWith(there);
      if (there.matches("select")) {
        if (Array.prototype.some.call(there.options, function (o) { return o.value === chosen[0]; })) {
          there.value = chosen[0];
        }
      } else {
        there.querySelectorAll("input[type=checkbox]").forEach(function (b) { b.checked = chosen.indexOf(b.value) >= 0; });
      }
      kept.forEach(function (pair) { if (pair[1] !== null) { there.setAttribute(pair[0], pair[1]); } });
    });
  }

  // A field a player types or picks in; a box ticked or a button tapped is not one.
  var TYPED = "textarea, select, input:not([type=checkbox]):not([type=radio]):not([type=hidden])";

  // The boxes ticked in a part's forms, by form, name and value, to tick again in its fresh copy.
  function ticked(part) {
    return Array.prototype.map.call(part.querySelectorAll("form[id] input[type=checkbox]:checked"), function (b) {
      return [b.form.id, b.name, b.value];
    });
  }

  function tickAgain(part, boxes) {
    boxes.forEach(function (box) {
      part.querySelectorAll("form input[type=checkbox]").forEach(function (b) {
        if (b.form && b.form.id === box[0] && b.name === box[1] && b.value === box[2]) { b.checked = true; }
      });
    });
  }

  // The page as the server gives it now, swapped in part by part, each box ticked in a form
  // still there ticked again; a part holding the field being typed in is left as it is,
  // unless the form it is in is no longer offered (it could only be refused).
  function refresh() {
    return fetch(window.location.pathname, { credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, "text/html");
        var typing = document.activeElement && document.activeElement.matches(TYPED) ? document.activeElement : null;
        parts.forEach(function (id) {
          var here = document.getElementById(id);
          var there = fresh.getElementById(id);
          if (!here || !there) {
            return;
          }
          var gone = typing && typing.form && typing.form.id && !fresh.getElementById(typing.form.id);
          if (typing && here.contains(typing) && !gone) {
            return;
          }
          if (here.outerHTML !== there.outerHTML) {
            changedAt = Date.now();
            document.body.setAttribute("data-changed", String(changedAt));
          }
          var boxes = ticked(here);
          here.replaceWith(there);
          tickAgain(there, boxes);
        });
        freshen(fresh, typing);
        var shownHead = document.getElementById("now");
        if (shownHead) {
          head = shownHead.getAttribute("data-head");
        }
        connection(source && source.readyState === 1 ? "live" : (navigator.onLine ? "reconnecting" : "offline"));
        markPending();
        measureBar();
        // The page's own helpers (times, the wake toggle) redo what they do to parts drawn anew.
        document.dispatchEvent(new Event("muster:drawn"));
      });
  }

  function refused(form, message, field) {
    announce("Refused: " + message, false);
    if (!form) {
      return;
    }
    var shown = form.querySelector(".said");
    if (!shown) {
      shown = document.createElement("p");
      shown.setAttribute("role", "alert");
      form.appendChild(shown);
    }
    if (shown) {
      shown.textContent = message;
      shown.className = "said";
      if (!shown.id) {
        shown.id = "said-" + Math.random().toString(36).slice(2);
      }
      // In the sticky Now a refusal would stay over the page: it can be put away.
      if (form.closest("#nowbar")) {
        var dismiss = document.createElement("button");
        dismiss.type = "button";
        dismiss.className = "dismiss";
        dismiss.textContent = "Dismiss";
        dismiss.addEventListener("click", function () { shown.textContent = ""; measureBar(); });
        shown.insertBefore(dismiss, shown.firstChild);
      }
      measureBar();
    }
    form.querySelectorAll("[aria-invalid]").forEach(function (f) { f.removeAttribute("aria-invalid"); });
    var target = (field && form.querySelector("[name='" + field + "']:not([type=hidden])")) ||
      form.querySelector("input:not([type=hidden]), select, textarea") ||
      form.querySelector("button[type=submit]");
    if (target) {
      if (shown) {
        target.setAttribute("aria-describedby", shown.id);
      }
      if (target.matches("input, select, textarea")) {
        target.setAttribute("aria-invalid", "true");
      }
      // In the middle of the window, clear of the sticky Now at its top.
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "center" });
    }
  }

  var retryIn = 1000;
  var retrying = null;

  function retryLater() {
    if (retrying) {
      return;
    }
    retrying = window.setTimeout(function () {
      retrying = null;
      retryIn = Math.min(retryIn * 2, 30000);
      sendAll();
    }, retryIn);
  }

  function forget(entry) {
    keep(pending().filter(function (e) { return e.id !== entry.id; }));
  }

  function send(entry) {
    return fetch(entry.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: entry.body
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") < 0) {
        forget(entry);
        markPending();
        refused(formOf(entry), response.status === 200 ?
          "Signed out, so it was not recorded: open your invite link again (or sign in at /sign-in with a token), then send it again." :
          "Not recorded: the server answered " + response.status + ".", null);
        return;
      }
      return response.json().then(function (answer) {
        forget(entry);
        retryIn = 1000;
        if (answer.recorded !== undefined) {
          var form = formOf(entry);
          if (form && form.closest(".group")) {
            form.querySelectorAll("input:not([type=hidden]), textarea").forEach(function (f) {
              if (f.type === "checkbox") { f.checked = false; } else if (f.type !== "file") { f.value = ""; }
            });
          }
          // The campaign moved on: a refusal shown before (at this form or another, in a
          // part the page does not draw again) said what was true then, not now.
          document.querySelectorAll("form .said").forEach(function (said) { said.textContent = ""; });
          document.querySelectorAll("form [aria-invalid]").forEach(function (f) { f.removeAttribute("aria-invalid"); });
          // Said once the page shows what it changed.
          var recorded = function () {
            announce("Recorded v" + answer.recorded + (answer.summary ? ": " + answer.summary : ""), true);
          };
          return refresh().then(recorded, recorded);
        }
        markPending();
        refused(formOf(entry), answer.refused || "Refused.", answer.field);
      });
    }).catch(function () {
      markPending();
      connection(navigator.onLine ? "reconnecting" : "offline");
      announce("Not answered yet: kept as pending and sent again (it will be recorded once).", false);
      retryLater();
    });
  }

  function sendAll() {
    var list = pending();
    markPending();
    return list.reduce(function (chain, entry) {
      return chain.then(function () { return send(entry); });
    }, Promise.resolve());
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.do")) {
      return;
    }
    event.preventDefault();
    if (Date.now() - changedAt < SETTLE_MS) {
      announce("The page changed under your tap, so nothing was sent: tap again if you meant it.", false);
      return;
    }
    if (form.classList.contains("pending")) {
      announce("This form's command is still pending; it is sent again until the server answers.", false);
      return;
    }
    var data = new FormData(form, event.submitter || undefined);
    var body = new URLSearchParams();
    data.forEach(function (value, name) {
      if (typeof value === "string") { body.append(name, value); }
    });
    var entry = { id: newId(), key: keyOf(form), action: form.getAttribute("action") };
    body.append("command_id", entry.id);
    // The version the page shows as it is tapped: the server refuses the tap if another
    // phone's command landed since (two taps on Next turn, or one kept while offline).
    var shown = document.getElementById("now");
    if (shown && shown.getAttribute("data-head")) {
      body.append("seen", shown.getAttribute("data-head"));
    }
    entry.body = body.toString();
    var list = pending();
    list.push(entry);
    keep(list);
    markPending();
    send(entry);
  });

  var source = null;
  function listen() {
    if (!window.EventSource || !streamUrl) {
      return;
    }
    if (source) {
      source.close();
    }
    source = new EventSource(streamUrl);
    source.onopen = function () { connection("live"); };
    source.onerror = function () { connection(navigator.onLine ? "reconnecting" : "offline"); };
    source.addEventListener("head", function (event) {
      connection("live");
      if (event.data !== head) {
        head = event.data;
        refresh();
      }
    });
  }

  // Back on the network or on screen: listen again if the stream closed, catch up, and send
  // what is pending.
  function back() {
    if (!source || source.readyState === 2) {
      listen();
    }
    refresh();
    sendAll();
  }
  window.addEventListener("online", back);
  window.addEventListener("offline", function () { connection("offline"); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      back();
    }
  });

  connection(navigator.onLine ? "reconnecting" : "offline");
  markPending();
  measureBar();
  listen();
  sendAll();
})();
