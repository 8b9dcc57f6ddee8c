// Runs in every frame before the site's own scripts (context.add_init_script).
(() => {
  if (window.__iwrJudge) return;
  const state = { mutations: 0, lastChange: 0, timers: 0, requests: 0, leaving: false, clickables: new WeakSet(), candidates: [] };
  // Read-only so the site cannot replace what the judge reads.
  Object.defineProperty(window, "__iwrJudge", { value: state, enumerable: false });

  // Generated sites often make "buttons" of plain divs with a click listener; remember them.
  const clickTypes = new Set(["click", "mousedown", "mouseup", "pointerdown", "pointerup", "touchstart", "dblclick"]);
  // A page that listens for keys takes typing without a field (a word grid, a game): see actions.py.
  const keyTypes = new Set(["keydown", "keypress", "keyup"]);
  const addEventListener = EventTarget.prototype.addEventListener;
  const removeEventListener = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (clickTypes.has(type) && this instanceof Element) state.clickables.add(this);
    if (keyTypes.has(type)) state.hearsKeys = true;
    return addEventListener.call(this, type, ...rest);
  };

  // A seeded generator: pages that show "random" content show the same content on every run.
  let seed = 0x2545f491;
  Math.random = () => {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };

  // Short timers finish what an action started (a debounce, a "loading..." delay, a toast that
  // closes itself): the judge waits for them instead of guessing a quiet time long enough. A timer
  // set by a timer's callback counts only to MAX_DEPTH, or a polling loop would never settle.
  const WAIT_MS = 1000, MAX_DEPTH = 3, pending = new Set();
  const nativeSetTimeout = window.setTimeout, nativeClearTimeout = window.clearTimeout;
  let depth = 0;
  window.setTimeout = function (callback, delay, ...args) {
    const own = depth, ms = delay === undefined ? 0 : Number(delay);
    if (typeof callback !== "function" || !(ms <= WAIT_MS) || own >= MAX_DEPTH) {
      return nativeSetTimeout.call(this, callback, delay, ...args);
    }
    const id = nativeSetTimeout.call(this, function () {
      pending.delete(id);
      state.timers = pending.size;
      const outer = depth;
      depth = own + 1;
      try { return callback.apply(this, args); } finally { depth = outer; }
    }, delay);
    pending.add(id);
    state.timers = pending.size;
    return id;
  };
  window.clearTimeout = function (id) {
    pending.delete(id);
    state.timers = pending.size;
    return nativeClearTimeout.call(this, id);
  };

  // Requests the page's scripts make, counted here rather than only from the browser's events,
  // which reach the judge a little later than the page sees them. The answer arriving restarts
  // the quiet time: the page usually reads it and changes the DOM next.
  const answered = () => { state.requests -= 1; state.lastChange = performance.now(); };
  const nativeFetch = window.fetch;
  window.fetch = function (...args) {
    state.requests += 1;
    let request;
    try { request = nativeFetch.apply(this, args); } catch (error) { answered(); throw error; }
    request.then(answered, answered);
    return request;
  };
  const nativeSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    state.requests += 1;
    addEventListener.call(this, "loadend", answered, { once: true });
    try { return nativeSend.apply(this, args); } catch (error) { removeEventListener.call(this, "loadend", answered); answered(); throw error; }
  };

  // A page that leaves (a link, a form, `location.href = ...`) is still on screen until the next
  // document arrives: the judge must wait for it, not take the old page as settled.
  if (window.navigation) {
    addEventListener.call(window.navigation, "navigate", (event) => {
      if (!event.destination.sameDocument) state.leaving = true;
    });
  }

  const touch = () => { state.mutations += 1; state.lastChange = performance.now(); };
  // What changed since the judge last looked (js/probe.js reads and clears it): an assertion's
  // values are looked for in the part of the page the action changed.
  state.changed = new Set();
  const CHANGED_LIMIT = 5000;
  new MutationObserver((records) => {
    touch();
    for (const record of records) {
      if (state.changed.size >= CHANGED_LIMIT) { state.changed.add(document.documentElement); break; }
      state.changed.add(record.target.nodeType === 1 ? record.target : record.target.parentElement);
    }
  }).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  addEventListener.call(window, "scroll", touch, { capture: true, passive: true });
  // A box ticked or a radio chosen changes no markup, only the page's look (":checked" styles): the
  // control, read with its label ("20–40 minutes"), is what the action changed.
  addEventListener.call(window, "change", (event) => {
    const control = event.target;
    if (!(control instanceof Element)) return;
    touch();
    state.changed.add((control.labels && control.labels[0]) || control.closest("label") || control);
  }, { capture: true, passive: true });
  // What the last click was on: "the chip right next to it" points at it, focused or not.
  addEventListener.call(window, "pointerdown", (event) => {
    state.pointed = { target: event.target, x: event.clientX + window.scrollX, y: event.clientY + window.scrollY };
  }, { capture: true, passive: true });
})();
