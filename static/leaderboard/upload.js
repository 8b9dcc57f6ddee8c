// Sends the submission form with XMLHttpRequest so the upload shows its progress; without
// JavaScript the form posts normally and the server answers with the same page.
(function () {
  "use strict";
  var form = document.getElementById("submit-form");
  if (!form || !window.XMLHttpRequest || !window.FormData) return;
  var box = document.getElementById("upload-progress");
  var bar = document.getElementById("upload-bar");
  var status = document.getElementById("upload-status");
  var errors = document.getElementById("form-errors");
  var button = document.getElementById("submit-button");

  function megabytes(n) { return (n / 1048576).toFixed(1) + " MB"; }

  function showErrors(body) {
    errors.textContent = "";
    var fields = body.errors || {};
    Object.keys(fields).forEach(function (name) {
      fields[name].forEach(function (message) {
        var line = document.createElement("div");
        var input = form.elements[name];
        var label = input && form.querySelector('label[for="' + input.id + '"]');
        if (label) {
          var b = document.createElement("b");
          b.textContent = label.textContent.replace("*", "").trim() + ": ";
          line.appendChild(b);
        }
        line.appendChild(document.createTextNode(message));
        errors.appendChild(line);
      });
    });
    if (body.earlier) {
      var link = document.createElement("a");
      link.href = body.earlier;
      link.textContent = "See the earlier submission";
      link.setAttribute("data-testid", "earlier");
      errors.appendChild(link);
    }
    errors.hidden = false;
    errors.scrollIntoView({block: "center"});
  }

  function done() { button.disabled = false; }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", function (e) {
      if (!e.lengthComputable) return;
      bar.value = Math.round(100 * e.loaded / e.total);
      status.textContent = "Uploading: " + megabytes(e.loaded) + " of " + megabytes(e.total);
    });
    xhr.upload.addEventListener("load", function () {
      bar.removeAttribute("value");
      status.textContent = "Uploaded; checking and unpacking the zip…";
    });
    xhr.addEventListener("load", function () {
      var body;
      try { body = JSON.parse(xhr.responseText); } catch (e) { body = {errors: {__all__: ["The server answered " + xhr.status + "."]}}; }
      if (xhr.status === 201 && body.url) { window.location.assign(body.url); return; }
      // A refusal before the form was read (the upload rate limit) carries one message, not field errors.
      if (body.detail && !body.errors) body = {errors: {__all__: [body.detail]}};
      box.hidden = true;
      showErrors(body);
      done();
    });
    xhr.addEventListener("error", function () {
      box.hidden = true;
      showErrors({errors: {__all__: ["The upload was interrupted. Check your connection and try again."]}});
      done();
    });
    errors.hidden = true;
    box.hidden = false;
    bar.value = 0;
    status.textContent = "Starting the upload…";
    button.disabled = true;
    var data = new FormData(form);
    // On the pre-flight page the zip (and its task) were chosen in the check's form above.
    var source = form.dataset.archiveFrom && document.getElementById(form.dataset.archiveFrom);
    if (source) {
      data.set("archive", source.elements.archive.files[0]);
      data.set("task", source.elements.task.value);
    }
    xhr.send(data);
  });
})();
