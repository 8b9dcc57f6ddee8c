// Checks the zip without leaving the page, so the file stays chosen: the report replaces the
// previous one, and once the zip passes, the form below it submits that same zip for judging.
// Without this script the check posts normally and the page comes back with its report.
(function () {
  "use strict";
  var form = document.getElementById("preflight-form");
  var submit = document.getElementById("submit-checked");
  if (!form || !submit || !window.fetch) return;
  var slot = document.getElementById("report-slot");

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var button = form.querySelector("button[type=submit]");
    button.disabled = true;
    fetch(form.action, {method: "POST", body: new FormData(form), credentials: "same-origin"})
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-testid=preflight-report]").forEach(function (old) { old.remove(); });
        slot.textContent = "";
        var report = page.querySelector("[data-testid=preflight-report]");
        if (report) slot.appendChild(document.importNode(report, true));
        // Field errors (an unknown task id) come back in the returned form: shown above this one.
        page.querySelectorAll("#preflight-form .error").forEach(function (e) { slot.appendChild(document.importNode(e, true)); });
        submit.hidden = !(report && report.dataset.ok === "true");
      })
      .finally(function () { button.disabled = false; });
  });
})();
