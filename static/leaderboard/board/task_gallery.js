// The cross-model gallery: the arrow keys go to the previous or next checkpoint; the overlay slider
// fades each submission's screen into the ground truth beneath it; the zoom makes the tiles bigger.
(function () {
  "use strict";
  var controls = document.getElementById("gallery-controls");
  var select = document.getElementById("cp");
  if (!controls || !select) return;
  controls.hidden = false;
  var tiles = document.getElementById("tiles");
  var overlay = document.getElementById("overlay");
  var zoom = document.getElementById("zoom");

  overlay.addEventListener("input", function () {
    var share = overlay.value / 100;
    tiles.querySelectorAll(".stack").forEach(function (stack) {
      stack.querySelector(".truth-under").hidden = share === 1;
      stack.querySelector(".generated").style.opacity = share;
    });
  });
  zoom.addEventListener("input", function () {
    tiles.style.setProperty("--tile", 280 * zoom.value + "px");
  });
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea" || event.altKey || event.ctrlKey || event.metaKey) return;
    var step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    var next = select.selectedIndex + step;
    if (!step || next < 0 || next >= select.options.length) return;
    event.preventDefault();
    select.selectedIndex = next;
    select.form.requestSubmit();
  });
})();
