// muster's live roster: when the campaign's head moves on (server-sent events from muster
// itself), fetch the roster page again and swap in its numbers, leaving the forms as typed.
// Without this script the page still works: the "Reload" link reloads it.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }
  var head = live.getAttribute("data-head");
  var parts = ["head", "mission", "squad", "roster", "records", "events"];
  var source = new EventSource(live.getAttribute("data-stream"));
  source.addEventListener("head", function (event) {
    if (event.data === head) {
      return;
    }
    head = event.data;
    fetch(window.location.pathname, { credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, "text/html");
        parts.forEach(function (id) {
          var now = document.getElementById(id);
          var then = fresh.getElementById(id);
          if (now && then) {
            now.replaceWith(then);
          }
        });
      })
      .catch(function () { window.location.reload(); });
  });
})();
