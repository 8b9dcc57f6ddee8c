// Buttons with data-copy="<element id>" put that element's text on the clipboard and say so.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const text = document.getElementById(button.dataset.copy).textContent;
  const status = document.getElementById("copy-status");
  navigator.clipboard.writeText(text).then(
    () => { if (status) status.textContent = "Copied."; },
    () => { if (status) status.textContent = "Could not copy: select the text and copy it yourself."; },
  );
});
