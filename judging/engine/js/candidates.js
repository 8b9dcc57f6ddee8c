// Lists the elements a user could mean by an action description, with what identifies them.
// The element objects stay in window.__iwrJudge.candidates so the judge can act on one by index.
(limit) => {
  const state = window.__iwrJudge;
  const SKIP = new Set(["SCRIPT", "STYLE", "HEAD", "META", "LINK", "NOSCRIPT", "TEMPLATE", "HTML", "BODY", "BR", "TITLE"]);
  const NATIVE = new Set(["A", "BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "LABEL", "OPTION", "DETAILS"]);
  const ROLES = new Set(["button", "link", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "checkbox",
    "radio", "option", "switch", "combobox", "textbox", "searchbox", "slider", "spinbutton", "treeitem", "gridcell"]);
  const TEXT_INPUTS = new Set(["", "text", "search", "email", "password", "url", "tel", "number", "date",
    "datetime-local", "month", "time", "week"]);
  const IMPLICIT_ROLE = { A: "link", BUTTON: "button", SELECT: "combobox", TEXTAREA: "textbox", SUMMARY: "button",
    OPTION: "option", IMG: "img", NAV: "navigation", H1: "heading", H2: "heading", H3: "heading", H4: "heading",
    H5: "heading", H6: "heading", LI: "listitem" };
  const vw = window.innerWidth, vh = window.innerHeight;
  const clip = (s, n = 200) => (s || "").replace(/\s+/g, " ").trim().slice(0, n);

  const inputRole = (el) => {
    const t = (el.getAttribute("type") || "").toLowerCase();
    if (["button", "submit", "reset", "image"].includes(t)) return "button";
    if (t === "checkbox" || t === "radio") return t;
    if (t === "range") return "slider";
    if (t === "search") return "searchbox";
    return "textbox";
  };
  const roleOf = (el) => el.getAttribute("role") || (el.tagName === "INPUT" ? inputRole(el) : IMPLICIT_ROLE[el.tagName] || "");
  const editable = (el) => {
    if (el.isContentEditable) return true;
    if (el.tagName === "TEXTAREA") return !el.readOnly;
    if (el.tagName === "INPUT") return TEXT_INPUTS.has((el.getAttribute("type") || "").toLowerCase()) && !el.readOnly;
    return ["textbox", "searchbox", "combobox"].includes(el.getAttribute("role") || "");
  };
  const labelText = (el) => {
    const parts = [];
    const by = el.getAttribute("aria-labelledby");
    if (by) for (const id of by.split(/\s+/)) { const l = document.getElementById(id); if (l) parts.push(l.innerText || l.textContent); }
    if (el.labels) for (const l of el.labels) parts.push(l.innerText || l.textContent);
    return clip(parts.join(" "));
  };
  const directText = (el) => {
    let s = "";
    for (const n of el.childNodes) if (n.nodeType === 3) s += n.nodeValue;
    return clip(s);
  };

  // The text around an element (its card, row or dialog), for descriptions that name a landmark:
  // "Add to cart on the 'Ridge Boots' card".
  // innerText lays text out, and candidates share their cards and rows: each node's is read once.
  const innerTexts = new Map();
  const innerText = (node) => {
    let text = innerTexts.get(node);
    if (text === undefined) { text = node.innerText || ""; innerTexts.set(node, text); }
    return text;
  };
  const contextOf = (el, ownLength) => {
    let node = el.parentElement;
    for (let depth = 0; node && node !== document.body && depth < 5; depth++, node = node.parentElement) {
      const text = innerText(node);
      if (text.length > ownLength + 10) return clip(text, 300);
    }
    return "";
  };
  // Generated forms often caption a field with a plain <div> or <span> before it and no <label for>:
  // that caption is what a user calls the field.
  const captionOf = (el) => {
    for (let node = el.previousElementSibling; node; node = node.previousElementSibling) {
      if (node.matches("input, select, textarea, button")) return "";
      const text = clip(innerText(node));
      if (text) return text.length <= 60 ? text : "";
    }
    return el.parentElement ? directText(el.parentElement).slice(0, 60) : "";
  };
  // A fixed layer parked outside the viewport (a closed drawer at right: -400px) is out of reach:
  // no scrolling brings it into view, though its elements have boxes and styles like any other.
  const layers = new Map();
  const parked = (el) => {
    if (!el || el === document.documentElement) return false;
    let answer = layers.get(el);
    if (answer === undefined) {
      if (getComputedStyle(el).position === "fixed") {
        const r = el.getBoundingClientRect();
        answer = r.width > 0 && r.height > 0 && !(r.right > 0 && r.bottom > 0 && r.left < vw && r.top < vh);
      } else answer = parked(el.parentElement);
      layers.set(el, answer);
    }
    return answer;
  };
  const out = [], elements = [];
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let el = walker.nextNode(); el && out.length < limit; el = walker.nextNode()) {
      if (el.shadowRoot) visit(el.shadowRoot);
      if (SKIP.has(el.tagName)) continue;
      const style = getComputedStyle(el);
      if (style.display === "none") continue;
      const role = roleOf(el);
      const parentCursor = el.parentElement ? getComputedStyle(el.parentElement).cursor : "auto";
      const listener = state.clickables.has(el) || typeof el.onclick === "function" || el.hasAttribute("onclick");
      const pointer = style.cursor === "pointer" && parentCursor !== "pointer";
      const native = NATIVE.has(el.tagName) && !(el.tagName === "INPUT" && el.type === "hidden") && !(el.tagName === "A" && !el.hasAttribute("href"));
      const tabbable = el.hasAttribute("tabindex") && el.tabIndex >= 0;
      const isEditable = editable(el);
      const interactive = native || ROLES.has(role) || listener || pointer || tabbable || isEditable;
      const own = directText(el);
      const pictured = el.tagName === "IMG" || el.tagName === "svg" || el.tagName === "I";
      if (!interactive && !own && !pictured) continue;
      const r = el.getBoundingClientRect();
      // checkVisibility: an ancestor at opacity 0 (a section that fades in on scroll) hides it too.
      const visible = r.width > 1 && r.height > 1 && style.visibility !== "hidden" && parseFloat(style.opacity) > 0.05
        && el.checkVisibility({ opacityProperty: true }) && !parked(el);
      const inViewport = visible && r.right > 0 && r.bottom > 0 && r.left < vw && r.top < vh;
      let onTop = false;
      if (inViewport) {
        const x = Math.min(Math.max(r.left + r.width / 2, 0), vw - 1), y = Math.min(Math.max(r.top + r.height / 2, 0), vh - 1);
        const hit = (el.getRootNode().elementFromPoint || document.elementFromPoint).call(el.getRootNode(), x, y);
        onTop = !!hit && (hit === el || el.contains(hit) || hit.contains(el) || (el.labels && [...el.labels].includes(hit)));
      }
      const svgTitle = el.tagName === "svg" ? clip(el.querySelector("title")?.textContent) : "";
      elements.push(el);
      out.push({
        index: elements.length - 1, tag: el.tagName.toLowerCase(), role,
        text: clip(innerText(el) || el.textContent), own, context: contextOf(el, innerText(el).length),
        aria: clip(el.getAttribute("aria-label")),
        label: labelText(el) || (isEditable || el.tagName === "SELECT" ? captionOf(el) : ""),
        placeholder: clip(el.getAttribute("placeholder")), title: clip(el.getAttribute("title") || svgTitle),
        alt: clip(el.getAttribute("alt")), value: el.tagName === "INPUT" && inputRole(el) === "button" ? clip(el.value) : "",
        id: clip(el.id, 80), cls: clip(typeof el.className === "string" ? el.className : el.getAttribute("class"), 120),
        name: clip(el.getAttribute("name"), 80), href: clip(el.getAttribute("href"), 120),
        box: { x: r.left, y: r.top, width: r.width, height: r.height },
        visible, inViewport, onTop, enabled: !el.disabled && el.getAttribute("aria-disabled") !== "true",
        editable: isEditable, native, listener, pointer, interactive, focused: el === document.activeElement,
      });
    }
  };
  visit(document);
  state.candidates = elements;
  return out;
}
