// Step through the replay one frame at a time: arrow keys, the buttons, or the URL hash (#state-3).
// Without this script every frame is simply shown one below the other.
(function () {
  var frames = Array.prototype.slice.call(document.querySelectorAll("[data-frame]"));
  var status = document.getElementById("frame-status");
  var controls = document.getElementById("frame-controls");
  if (!frames.length || !controls) return;
  var current = 0;

  function show(index, updateHash) {
    current = Math.max(0, Math.min(frames.length - 1, index));
    frames.forEach(function (frame, i) { frame.hidden = i !== current; });
    status.textContent = "State " + frames[current].dataset.frame + " of " + (frames.length - 1) +
      " (frame " + (current + 1) + " of " + frames.length + ")";
    document.getElementById("frame-prev").disabled = current === 0;
    document.getElementById("frame-next").disabled = current === frames.length - 1;
    if (updateHash) history.replaceState(null, "", "#" + frames[current].id);
  }

  controls.hidden = false;
  document.getElementById("frame-prev").addEventListener("click", function () { show(current - 1, true); });
  document.getElementById("frame-next").addEventListener("click", function () { show(current + 1, true); });
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight") { show(current + 1, true); event.preventDefault(); }
    if (event.key === "ArrowLeft") { show(current - 1, true); event.preventDefault(); }
  });
  var start = frames.findIndex(function (frame) { return "#" + frame.id === location.hash; });
  show(start < 0 ? 0 : start, false);
})();
