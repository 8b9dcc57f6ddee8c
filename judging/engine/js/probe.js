// What an assertion compares between two states: the DOM mutation count, the URL, and the text a
// user sees in the viewport (text nodes with a box inside it, and the values of visible fields).
() => {
  const s = window.__iwrJudge, vw = innerWidth, vh = innerHeight;
  const seen = (r) => r.width >= 1 && r.height >= 1 && r.bottom > 0 && r.right > 0 && r.top < vh && r.left < vw;
  const out = [], range = document.createRange();
  const root = document.body || document.documentElement;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && out.length < 5000; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const parent = n.parentElement;
    if (!text || !parent) continue;
    const style = getComputedStyle(parent);
    if (style.visibility === "hidden" || parseFloat(style.opacity) === 0) continue;
    range.selectNodeContents(n);
    if (seen(range.getBoundingClientRect())) out.push(text);
  }
  for (const field of root.querySelectorAll("input, textarea")) {
    if (field.value && field.type !== "hidden" && field.type !== "password" && seen(field.getBoundingClientRect())) out.push(field.value);
  }
  return [s ? s.mutations : -1, location.href, out.join(" ")];
}
