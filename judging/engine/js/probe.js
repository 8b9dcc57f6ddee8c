// What an assertion compares between two states: the DOM mutation count, the URL, the text a user
// sees in the viewport (text nodes with a box inside it, and what visible fields show), and the
// text shown anywhere on the page (rendered, with a box, wherever it is scrolled), and the text of
// the part of the page that changed since the last probe, and where each text sits (a label and
// its value are read along a row).
() => {
  const s = window.__iwrJudge, vw = innerWidth, vh = innerHeight;
  const boxed = (r) => r.width >= 1 && r.height >= 1;
  const seen = (r) => boxed(r) && r.bottom > 0 && r.right > 0 && r.top < vh && r.left < vw;
  // Sections that fade in on scroll sit at opacity 0 until then: their text is in the DOM but not
  // on the screen. Opacity is not inherited, so the element's own style would not tell.
  const shown = new Map();
  const isShown = (el) => {
    let answer = shown.get(el);
    if (answer === undefined) {
      answer = el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      shown.set(el, answer);
    }
    return answer;
  };
  const out = [], page = [], boxes = [], texts = [], range = document.createRange();
  const place = (text, r) => boxes.push([text, Math.round(r.left), Math.round(r.top), Math.round(r.right),
    Math.round(r.bottom)]);
  const root = document.body || document.documentElement;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && out.length < 5000; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const parent = n.parentElement;
    if (!text || !parent || !isShown(parent)) continue;
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (boxed(r)) { page.push(text); place(text, r); texts.push([n, text]); }
    if (seen(r)) out.push(text);
  }
  // A field shows its value, or its placeholder while empty; a closed <select> its chosen option.
  const UNREAD = new Set(["hidden", "password", "checkbox", "radio", "file", "range", "color", "image"]);
  for (const field of root.querySelectorAll("input, textarea, select")) {
    if (UNREAD.has(field.type) || !isShown(field) || !boxed(field.getBoundingClientRect())) continue;
    const value = field.tagName === "SELECT" ? [...field.selectedOptions].map((o) => o.text).join(" ") : field.value;
    if (!value && !field.placeholder) continue;
    page.push(value || field.placeholder);
    place(value || field.placeholder, field.getBoundingClientRect());
    if (seen(field.getBoundingClientRect())) out.push(value || field.placeholder);
  }
  // The smallest element holding everything that changed since the last probe, and its text.
  let region = null;
  for (const el of s ? s.changed : []) {
    if (!el || !el.isConnected) continue;
    if (region === null) { region = el; continue; }
    while (region && !region.contains(el)) region = region.parentElement;
  }
  // A value changed in an inline piece ("<b>4</b> / 5") is read with the line it sits in.
  while (region && region !== root && region.parentElement && getComputedStyle(region).display.startsWith("inline")) {
    region = region.parentElement;
  }
  if (s) s.changed.clear();
  // As rendered, and text by text too: cells drawn inline-block run together in innerText
  // ("Kestrel Park2073102224").
  const within = region === null ? null : region === document.documentElement || region === document.head ? root : region;
  const changed = within === null ? "" : (within.innerText || "") + "\n"
    + texts.filter(([n]) => within.contains(n)).map(([, text]) => text).join(" ");
  // One text a line, so that a caption reading just "Good" is told from a title "Good kettle".
  return [s ? s.mutations : -1, location.href, out.join(" "), page.join("\n"), changed, boxes];
}
