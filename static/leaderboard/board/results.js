// While judging goes on, the per-task table refreshes its rows from the server every two seconds,
// each task's score, steps and stop reason appearing as it is judged, without reloading the page.
// Once every task is judged the page reloads once, for the aggregate above the table.
(function () {
  "use strict";
  var table = document.querySelector("table[data-live]");
  if (!table) return;
  var INTERVAL_MS = 2000;

  function poll() {
    fetch(table.dataset.live, {credentials: "same-origin"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        var holder = document.createElement("template");
        holder.innerHTML = "<table>" + html + "</table>";
        var body = holder.content.querySelector("tbody");
        table.replaceChild(document.importNode(body, true), table.querySelector("tbody"));
        if (body.dataset.finished === "true") { window.location.reload(); return; }
        setTimeout(poll, INTERVAL_MS);
      })
      .catch(function () { setTimeout(poll, INTERVAL_MS * 3); });
  }
  setTimeout(poll, INTERVAL_MS);
})();
