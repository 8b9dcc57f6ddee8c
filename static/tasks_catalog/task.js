// Buttons in the action timeline jump the video to the moment the step begins; while the video
// plays, the step it is showing is highlighted in the timeline.
const video = document.getElementById("task-video");
const steps = [...document.querySelectorAll("[data-seek]")].map((button) => ({
  at: parseFloat(button.dataset.seek), item: button.closest("li"),
}));

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-seek]");
  if (!button) return;
  video.currentTime = parseFloat(button.dataset.seek);
  video.play().catch(() => {});
  video.scrollIntoView({ behavior: "smooth", block: "center" });
});

function highlight() {
  const current = steps.filter((step) => step.at <= video.currentTime + 0.05).pop();
  steps.forEach((step) => {
    const on = step === current;
    step.item.classList.toggle("current", on);
    if (on) step.item.setAttribute("aria-current", "step"); else step.item.removeAttribute("aria-current");
  });
}
if (video) ["timeupdate", "seeked"].forEach((name) => video.addEventListener(name, highlight));
