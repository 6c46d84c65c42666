// What every page of muster does with a script: times in the viewer's clock, copy buttons,
// an invite link's code into the Join form, folded sections opened by their links, a picked
// file read into its field, and the Screen Wake Lock on its toggle. Served before play.js,
// which tells it (the event "muster:drawn") when it draws parts of the page anew.
(function () {
  "use strict";
  // Every time in the viewer's own clock; every copy button copies its whole hash.
  function localTimes(root) {
    root.querySelectorAll("time[datetime]").forEach(function (t) {
      var at = new Date(t.getAttribute("datetime"));
      if (!isNaN(at.getTime())) {
        t.textContent = at.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
        t.title = t.getAttribute("datetime");
      }
    });
  }
  localTimes(document);
  // An invite link carries its code after the #, which no request sends: the Join form takes it.
  var invite = document.getElementById("join-invite");
  function codeOfLink() {
    try {
      return decodeURIComponent(window.location.hash.slice(1));
    } catch (e) {
      return window.location.hash.slice(1);
    }
  }
  if (invite && !invite.value && window.location.hash.length > 1) {
    invite.value = codeOfLink();
  }
  // A new link opened in this tab (after a refused join, say) changes only the #, and the page
  // is not loaded again: its code takes the place of the one refused, and the refusal, which
  // spoke of that one, goes.
  window.addEventListener("hashchange", function () {
    if (!invite || window.location.hash.length < 2 || invite.value === codeOfLink()) {
      return;
    }
    invite.value = codeOfLink();
    var refusal = document.getElementById("message");
    if (refusal) {
      refusal.remove();
    }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button || !navigator.clipboard) {
      return;
    }
    navigator.clipboard.writeText(button.getAttribute("data-copy")).then(function () {
      button.textContent = "Copied";
    });
  });

  // A link to a folded section (Now's "Start a Mission") opens it.
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#']") : null;
    var target = link ? document.getElementById(link.getAttribute("href").slice(1)) : null;
    if (target && target.tagName === "DETAILS") {
      target.open = true;
    }
  });

  // A picked card or deck file is read into the field beside it, which the form sends.
  document.addEventListener("change", function (event) {
    var picker = event.target;
    if (!picker.matches || !picker.matches("input[type=file][data-into]") || !picker.files.length) {
      return;
    }
    var into = document.getElementById(picker.getAttribute("data-into"));
    var reader = new FileReader();
    reader.onload = function () { if (into) { into.value = String(reader.result); } };
    reader.readAsText(picker.files[0]);
  });

  // The Screen Wake Lock, on a toggle, taken again when the page is shown again.
  var wanted = false;
  var lock = null;
  function wake() {
    if (!navigator.wakeLock) {
      return;
    }
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      wakeButton();
    }).catch(function () { wanted = false; wakeButton(); });
  }
  function wakeButton() {
    var button = document.getElementById("wake");
    if (!button || !navigator.wakeLock) {
      return;
    }
    button.hidden = false;
    button.setAttribute("aria-pressed", wanted ? "true" : "false");
    button.textContent = wanted ? "Screen kept awake" : "Keep screen awake";
  }
  document.addEventListener("click", function (event) {
    if (!event.target.matches || !event.target.matches("#wake")) {
      return;
    }
    wanted = !wanted;
    if (wanted) {
      wake();
    } else if (lock) {
      lock.release();
      lock = null;
    }
    wakeButton();
  });

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && wanted) {
      wake();
    }
  });
  document.addEventListener("muster:drawn", function () {
    localTimes(document);
    wakeButton();
  });
  wakeButton();
})();
