// Buttons in the action timeline jump the video to the moment the step begins.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-seek]");
  if (!button) return;
  const video = document.getElementById("task-video");
  video.currentTime = parseFloat(button.dataset.seek);
  video.play().catch(() => {});
  video.scrollIntoView({ behavior: "smooth", block: "center" });
});
