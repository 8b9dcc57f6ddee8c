// Runs in every frame before the site's own scripts (context.add_init_script).
(() => {
  if (window.__iwrJudge) return;
  const state = { mutations: 0, lastChange: 0, clickables: new WeakSet(), candidates: [] };
  // Read-only so the site cannot replace what the judge reads.
  Object.defineProperty(window, "__iwrJudge", { value: state, enumerable: false });

  // Generated sites often make "buttons" of plain divs with a click listener; remember them.
  const clickTypes = new Set(["click", "mousedown", "mouseup", "pointerdown", "pointerup", "touchstart", "dblclick"]);
  const addEventListener = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (clickTypes.has(type) && this instanceof Element) state.clickables.add(this);
    return addEventListener.call(this, type, ...rest);
  };

  // A seeded generator: pages that show "random" content show the same content on every run.
  let seed = 0x2545f491;
  Math.random = () => {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };

  const touch = () => { state.mutations += 1; state.lastChange = performance.now(); };
  new MutationObserver(touch).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  addEventListener.call(window, "scroll", touch, { capture: true, passive: true });
})();
