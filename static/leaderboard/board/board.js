// Filter menus apply on change; the search box applies on Enter (the form works without this too).
document.querySelectorAll("form[data-autosubmit] select").forEach(function (select) {
  select.addEventListener("change", function () { select.form.requestSubmit(); });
});
