// Live judging progress: polls the submission's progress.json and updates the counts, the
// current task and the failures; once judging ends the page reloads to show the scores.
(function () {
  "use strict";
  var panel = document.getElementById("progress");
  if (!panel || panel.dataset.finished === "true") return;
  var INTERVAL_MS = 2000;
  var LABELS = JSON.parse(document.getElementById("state-labels").textContent);

  function render(p) {
    var status = document.getElementById("status");
    status.textContent = LABELS[p.status] || p.status;
    status.className = "badge " + p.status;
    document.getElementById("judged").textContent = p.judged;
    document.getElementById("total").textContent = p.total;
    var bar = document.getElementById("progress-bar");
    bar.max = p.total;
    bar.value = p.judged;
    document.getElementById("current").textContent =
      p.current_tasks.length ? "· now judging task " + p.current_tasks.join(", ") : "";
    var list = document.getElementById("failures");
    list.textContent = "";
    p.failures.forEach(function (f) {
      var item = document.createElement("li");
      var task = document.createElement("b");
      task.textContent = "Task " + f.task;
      var reason = document.createElement("code");
      reason.textContent = f.reason;
      item.append(task, ": ", reason, " " + f.detail);
      list.appendChild(item);
    });
  }

  function poll() {
    fetch(panel.dataset.url, {headers: {Accept: "application/json"}, credentials: "same-origin"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (p) {
        render(p);
        if (p.finished) { window.location.reload(); return; }
        setTimeout(poll, INTERVAL_MS);
      })
      .catch(function () { setTimeout(poll, INTERVAL_MS * 3); });
  }
  setTimeout(poll, INTERVAL_MS);
})();
