// Lists the elements a user could mean by an action description, with what identifies them, and the
// containers they sit in (`regions`: id -> parent, tag, role, names, box, display, framed), so that a
// description can place an element by its row, card or banner. Elements with little or no text also
// carry what they look like (`look`): the names of the icons inside them, a symbol put there by CSS,
// how much of them is picture, their paint, corner radius, borders, rotation and bar-shaped children.
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
    H5: "heading", H6: "heading", LI: "listitem", HEADER: "banner", FOOTER: "contentinfo", ASIDE: "complementary",
    DIALOG: "dialog", UL: "list", OL: "list", TABLE: "table", TR: "row", TD: "cell", TH: "columnheader", FORM: "form" };
  const PICTURES = new Set(["IMG", "svg", "CANVAS", "VIDEO", "PICTURE", "image"]);
  const RASTERS = new Set(["IMG", "CANVAS", "VIDEO", "PICTURE", "image"]);
  const ICON_CLASS = /icon|symbol|glyph/i;
  const DOES_ATTRIBUTE = /^data-(?:act|action|cmd|command|op|role|kind|type|tool|name|icon)$/;
  const NAME_ATTRIBUTES = ["class", "id", "aria-label", "title", "alt", "name", "data-icon", "data-lucide", "data-feather"];
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
  // innerText lays text out, and candidates share their containers: each node's is read once.
  const innerTexts = new Map();
  const innerText = (node) => {
    let text = innerTexts.get(node);
    if (text === undefined) { text = node.innerText || ""; innerTexts.set(node, text); }
    return text;
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

  // Containers, numbered once, each recorded with its own container: what "on the 'Buy milk' row",
  // "in the banner" or "of the grid" place an element by.
  const ids = new Map(), regions = {};
  const idOf = (el) => {
    let id = ids.get(el);
    if (id === undefined) { id = ids.size; ids.set(el, id); }
    return id;
  };
  const parentOf = (el) => el.parentElement || el.getRootNode().host || null;
  // Whether the last click was on this element: on what it holds, or, when the page has redrawn that
  // since, at a point inside its box.
  const pointed = state && state.pointed;
  const pointedAt = (el, r) => {
    if (!pointed) return false;
    if (pointed.target.isConnected) return el.contains(pointed.target);
    const x = pointed.x - window.scrollX, y = pointed.y - window.scrollY;
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  };
  const boxOf = (r) => ({ x: r.left, y: r.top, width: r.width, height: r.height });
  const regionOf = (el) => {
    const parent = parentOf(el);
    if (!parent || parent === document.body || parent === document.documentElement) return -1;
    const id = idOf(parent);
    if (!(id in regions)) {
      const names = [parent.tagName.toLowerCase(), parent.id, parent.getAttribute("class"), parent.getAttribute("aria-label")];
      const style = getComputedStyle(parent);
      regions[id] = { up: -1, tag: parent.tagName.toLowerCase(), role: roleOf(parent), names: clip(names.join(" "), 160),
        box: boxOf(parent.getBoundingClientRect()), display: style.display, framed: framed(parent, style) };
      regions[id].up = regionOf(parent);
    }
    return id;
  };

  const alpha = (colour) => {
    if (!colour || colour === "transparent") return 0;
    const m = colour.match(/rgba?\(([^)]*)\)/);
    if (!m) return 1;
    const parts = m[1].split(/[ ,/]+/).filter(Boolean);
    return parts.length > 3 ? parseFloat(parts[3]) : 1;
  };
  const painted = (style) => alpha(style.backgroundColor) > 0.05 || style.backgroundImage !== "none";
  const bordered = (style) => ["Top", "Right", "Bottom", "Left"].filter((side) =>
    parseFloat(style[`border${side}Width`]) > 0.5 && style[`border${side}Style`] !== "none"
    && alpha(style[`border${side}Color`]) > 0.05).map((side) => side[0].toLowerCase()).join("");
  // A background other than what it sits on: a white button on a white card paints nothing one sees.
  const ownPaint = (el, style) => {
    if (!painted(style)) return false;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const around = getComputedStyle(up);
      if (painted(around)) return around.backgroundColor !== style.backgroundColor || around.backgroundImage !== style.backgroundImage;
    }
    // Nothing painted around it: it sits on the canvas, white.
    return style.backgroundColor !== "rgb(255, 255, 255)" || style.backgroundImage !== "none";
  };
  // Drawn as a box of its own: a border all round, a shadow, or a background of its own.
  const framed = (el, style) => bordered(style).length === 4 || style.boxShadow !== "none" || ownPaint(el, style);
  const pseudoContent = (el) => {
    let text = "";
    for (const which of ["::before", "::after"]) {
      const content = getComputedStyle(el, which).content;
      if (content && content !== "none" && content !== "normal") text += content.replace(/^["']|["']$/g, "");
    }
    return text.trim();
  };
  const fileName = (url) => (url || "").split(/[?#]/)[0].split("/").pop().replace(/\.[a-z0-9]+$/i, "");
  const radiusOf = (style, r) => Math.max(...["TopLeft", "TopRight", "BottomRight", "BottomLeft"].map((corner) => {
    const value = style[`border${corner}Radius`] || "0";
    const px = parseFloat(value) || 0;
    return value.includes("%") ? (px / 100) * Math.min(r.width, r.height) : px;
  }));
  // What an element with little text looks like, for kind words ("star", "trash icon", "swatch").
  const lookOf = (el, style, r) => {
    // Its own class, id, aria-label, title and alt are candidate fields already.
    // A data attribute that says what the element does or is (data-act="flag", data-action="delete",
    // data-icon) names it as its class would; other data (ids, state, JSON) does not.
    const dataWords = (node) => [...node.attributes].filter((a) => DOES_ATTRIBUTE.test(a.name) && /^[a-z][a-z_-]{1,23}$/i.test(a.value))
      .map((a) => a.value);
    const names = [el.getAttribute("data-icon"), el.getAttribute("data-lucide"), el.getAttribute("data-feather"), ...dataWords(el)];
    // A wrapper around this drawing alone names it (<div class="ic" data-act="flag"><svg>): up to two.
    for (let up = el.parentElement, n = 0; up && n < 2 && up.childElementCount === 1 && !up.textContent.trim(); up = up.parentElement, n++) {
      for (const attribute of NAME_ATTRIBUTES) names.push(up.getAttribute(attribute) || "");
      names.push(...dataWords(up));
    }
    if (el.tagName === "IMG") names.push(fileName(el.getAttribute("src")));
    // How much of it is picture, and how much of that is a photo (a raster image, not an SVG drawing).
    const photoOf = (node, nodeStyle) => RASTERS.has(node.tagName) || nodeStyle.backgroundImage.includes("url(");
    let picture = PICTURES.has(el.tagName) || style.backgroundImage.includes("url(") ? r.width * r.height : 0;
    let photo = photoOf(el, style) ? r.width * r.height : 0;
    let glyph = pseudoContent(el);
    const inside = el.getElementsByTagName("*");
    for (let i = 0; i < inside.length && i < 12; i++) {
      const node = inside[i];
      for (const attribute of NAME_ATTRIBUTES) names.push(node.getAttribute(attribute) || "");
      names.push(...dataWords(node));
      if (node.tagName === "IMG" || node.tagName === "image") names.push(fileName(node.getAttribute("src") || node.getAttribute("href")));
      if (node.tagName === "use") names.push(node.getAttribute("href") || node.getAttribute("xlink:href") || "");
      if (node.tagName === "title") names.push(node.textContent);
      if (!glyph && !node.firstElementChild && !node.textContent.trim()) glyph = pseudoContent(node);
      const nodeStyle = getComputedStyle(node);
      if (PICTURES.has(node.tagName) || nodeStyle.backgroundImage.includes("url(")) {
        const p = node.getBoundingClientRect();
        const w = Math.min(p.right, r.right) - Math.max(p.left, r.left), h = Math.min(p.bottom, r.bottom) - Math.max(p.top, r.top);
        if (w > 0 && h > 0) picture = Math.max(picture, w * h);
        if (w > 0 && h > 0 && photoOf(node, nodeStyle)) photo = Math.max(photo, w * h);
      }
    }
    const kids = [...el.children].map((k) => k.getBoundingClientRect()).filter((k) => k.width > 0 && k.height > 0);
    const bars = kids.length >= 2 && kids.every((k) => k.width >= 3 * k.height) ? kids.length : 0;
    // Whether its drawing is only outlined ("the star outline") or filled in: the SVG shapes' fill
    // (null when it has none to tell).
    let outline = null;
    const shapes = el.tagName === "svg" ? el.querySelectorAll("path, polygon, circle, rect, ellipse")
      : el.querySelectorAll("svg path, svg polygon, svg circle, svg rect, svg ellipse");
    for (let i = 0; i < shapes.length && i < 6; i++) {
      const shape = getComputedStyle(shapes[i]);
      const empty = shape.fill === "none" || alpha(shape.fill) <= 0.05 || shape.fillOpacity === "0";
      outline = (outline === null || outline) && empty && shape.stroke !== "none";
    }
    let turn = null;
    const m = style.transform.match(/matrix\(([^)]*)\)/);
    if (m) { const [a, b] = m[1].split(",").map(parseFloat); turn = Math.round(Math.atan2(b, a) * 180 / Math.PI); }
    return { names: clip(names.filter(Boolean).join(" "), 300), glyph: clip(glyph, 8),
      picture: r.width * r.height > 0 ? Math.min(1, picture / (r.width * r.height)) : 0,
      photo: r.width * r.height > 0 ? Math.min(1, photo / (r.width * r.height)) : 0,
      paint: alpha(style.backgroundColor) > 0.05 ? style.backgroundColor : style.backgroundImage !== "none" ? "image" : "",
      radius: radiusOf(style, r), border: bordered(style), outline, turn, bars, kids: kids.length, font: parseFloat(style.fontSize) || 16 };
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
      let r = null;
      if (!interactive && !own && !pictured) {
        // A shape drawn with CSS (a swatch, a dot, a star from `content`) whose page listens for clicks
        // further up: no text anywhere in it, painted or given content, smaller than a quarter of the view.
        if (el instanceof SVGElement || el.childElementCount > 3 || el.textContent.trim()) continue;
        if (!painted(style) && !bordered(style) && !(el.childElementCount === 0 && pseudoContent(el))) continue;
        r = el.getBoundingClientRect();
        if (r.width * r.height > vw * vh / 4) continue;
      }
      r = r || el.getBoundingClientRect();
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
      const text = clip(innerText(el) || el.textContent);
      elements.push(el);
      out.push({
        index: elements.length - 1, node: idOf(el), up: regionOf(el), tag: el.tagName.toLowerCase(), role,
        text, own,
        aria: clip(el.getAttribute("aria-label")),
        label: labelText(el) || (isEditable || el.tagName === "SELECT" ? captionOf(el) : ""),
        placeholder: clip(el.getAttribute("placeholder")), title: clip(el.getAttribute("title") || svgTitle),
        alt: clip(el.getAttribute("alt")), value: el.tagName === "INPUT" && inputRole(el) === "button" ? clip(el.value) : "",
        id: clip(el.id, 80), cls: clip(typeof el.className === "string" ? el.className : el.getAttribute("class"), 120),
        name: clip(el.getAttribute("name"), 80), href: clip(el.getAttribute("href"), 120),
        box: boxOf(r), font: parseFloat(style.fontSize) || 16, weight: parseInt(style.fontWeight, 10) || 400, visible, inViewport, onTop, enabled: !el.disabled && el.getAttribute("aria-disabled") !== "true",
        editable: isEditable, native, listener, pointer, interactive, focused: el === document.activeElement,
        pointed: pointedAt(el, r),
        // How a short clickable text is drawn, to tell the one marked as chosen in a row of alike ones
        // (a tab underlined, in another colour or weight) whatever its markup says; and a short text
        // drawn as a box that takes no click (a time slot struck through as taken), one of its row; not
        // a count drawn in a button.
        mark: visible && text.length <= 40 && (interactive || (bordered(style) === "trbl" || ownPaint(el, style))
          && !(el.parentElement && el.parentElement.closest("button, a, [role=button], label, summary"))) ? { ink: style.color, paint: ownPaint(el, style) ? style.backgroundColor : "",
          under: `${style.borderBottomWidth} ${style.borderBottomColor} ${style.textDecorationLine} ${style.boxShadow}`,
          weight: style.fontWeight, border: bordered(style) } : null,
        // Icons have at most a symbol for text, or an icon font's ligature ("star") and an icon class.
        look: visible && (text.length <= 3 || ICON_CLASS.test(el.getAttribute("class") || "")) ? lookOf(el, style, r) : null,
        // A symbol CSS puts beside a control's text (a "+" after an FAQ question, a "▾" after "Sort").
        decoration: visible && interactive && text.length > 3 ? clip(pseudoContent(el), 8) : "",
      });
    }
  };
  visit(document);
  state.candidates = elements;
  return { candidates: out, regions };
}
