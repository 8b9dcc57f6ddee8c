// The limits the server enforces, shown where one types: each field with data-limit counts its
// characters against the limit (never cutting what was typed or pasted), and a zip over the upload
// limit (data-max-bytes) is refused before it is sent. A form with a field over its limit is not sent.
(function () {
  "use strict";
  function megabytes(n) { return (n / 1048576).toFixed(1) + " MB"; }

  function problem(input) {
    if (input.dataset.limit && input.value.length > Number(input.dataset.limit)) {
      return input.value.length + " characters; the limit is " + input.dataset.limit + ".";
    }
    var file = input.files && input.files[0];
    if (input.dataset.maxBytes && file && file.size > Number(input.dataset.maxBytes)) {
      return "This zip is " + megabytes(file.size) + "; the limit is " + megabytes(Number(input.dataset.maxBytes)) + ".";
    }
    return "";
  }

  function note(input) {
    var id = input.id + "-limit";
    var el = document.getElementById(id);
    if (!el) {
      el = document.createElement("div");
      el.id = id;
      el.className = "small limit";
      el.setAttribute("aria-live", "polite");
      el.setAttribute("data-testid", input.name + "-limit");
      input.insertAdjacentElement("afterend", el);
      input.setAttribute("aria-describedby", ((input.getAttribute("aria-describedby") || "") + " " + id).trim());
    }
    var text = problem(input);
    el.classList.toggle("error", !!text);
    // The count appears as the text nears the limit; the help text states the limit before that.
    var near = input.dataset.limit && input.value.length > 0.8 * Number(input.dataset.limit);
    el.textContent = text || (near ? input.value.length + " of " + input.dataset.limit + " characters" : "");
    return text;
  }

  var inputs = Array.prototype.slice.call(document.querySelectorAll("[data-limit], [data-max-bytes]"));
  inputs.forEach(function (input) {
    if (input.dataset.limit) note(input);
    input.addEventListener(input.type === "file" ? "change" : "input", function () { note(input); });
  });
  // Registered before the upload script's handler, so an over-limit form never starts uploading.
  Array.prototype.slice.call(document.forms).forEach(function (form) {
    form.addEventListener("submit", function (event) {
      var bad = inputs.filter(function (input) { return input.form === form && note(input); });
      if (bad.length) { event.preventDefault(); event.stopImmediatePropagation(); bad[0].focus(); }
    });
  });
})();
