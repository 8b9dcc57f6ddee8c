"""The judge's fonts: emoji icons render in colour, never as empty boxes, and each family a page
names by a desktop browser's font is rendered by its installed stand-in, as Chromium itself reports."""
import io

import numpy as np
import pytest
from PIL import Image
from playwright.sync_api import sync_playwright

from judging.engine import browser

from .conftest import BENCH, SITES

pytestmark = pytest.mark.browser
ICONS = ["🛒", "❤️", "🔍", "🗑"]
# family asked for -> the font that must render it (judging/engine/fonts.conf)
STAND_INS = {"Arial": "Liberation Sans", "Helvetica": "Liberation Sans", "Times New Roman": "Liberation Serif",
             "Times": "Liberation Serif", "Courier New": "Liberation Mono", "Courier": "Liberation Mono",
             "Georgia": "Liberation Serif", "Verdana": "DejaVu Sans", "system-ui": "Liberation Sans",
             "Segoe UI": "Liberation Sans", "-apple-system": "Liberation Sans"}
PAGE = """<!doctype html><meta charset="utf-8"><body style="margin:20px; background:#fff; color:#000">
<nav style="font: 40px Arial, sans-serif">{icons}</nav>
{texts}</body>"""


def _css(family):
    """A family as a stylesheet names it: quoted when it has spaces (system-ui must stay a keyword)."""
    return f"'{family}'" if " " in family else family


def page_html():
    return PAGE.format(icons=" ".join(f'<span class="icon">{icon}</span>' for icon in ICONS),
                       texts="\n".join(f'<p data-family="{family}" style="font-family: {_css(family)}">'
                                       "Add to cart, 3 items, $129.99</p>" for family in STAND_INS))


def _coloured_share(image, box):
    """Share of the pixels in `box` in colour rather than grey (channels apart by more than 40): a
    missing glyph's empty box, or an emoji drawn as a black text glyph, has none."""
    crop = np.asarray(image.crop(tuple(round(v) for v in box)).convert("RGB"), dtype=int)
    return float((crop.max(axis=2) - crop.min(axis=2) > 40).mean())


def test_emoji_icons_render_in_colour_and_named_families_by_their_stand_ins():
    with sync_playwright() as playwright:
        chromium = browser.launch(playwright)
        try:
            page = chromium.new_context(**browser.context_options(browser.Viewport(1280, 800))).new_page()
            page.set_content(page_html())
            boxes = page.eval_on_selector_all(".icon", "els => els.map(e => { const r = e.getBoundingClientRect();"
                                                       " return [r.left, r.top, r.right, r.bottom]; })")
            shot = Image.open(io.BytesIO(page.screenshot()))
            cdp = page.context.new_cdp_session(page)
            cdp.send("DOM.enable")
            cdp.send("CSS.enable")
            root = cdp.send("DOM.getDocument")["root"]["nodeId"]

            def fonts_of(selector):
                node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
                return [f["familyName"] for f in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]]

            rendered = {family: fonts_of(f'p[data-family="{family}"]') for family in STAND_INS}
            icon_fonts = fonts_of("nav")
        finally:
            chromium.close()
    for icon, box in zip(ICONS, boxes):
        assert _coloured_share(shot, box) > 0.05, f"{icon} is not drawn in colour"
    assert "Noto Color Emoji" in icon_fonts
    assert rendered == {family: [font] for family, font in STAND_INS.items()}


def test_the_fonts_are_part_of_the_recorded_versions(judge, tmp_path):
    versions = judge.run(BENCH / "sample-tabs", SITES / "sample-tabs", tmp_path).versions
    assert "emoji=Noto Color Emoji" in versions["fonts"]
    assert "Arial=Liberation Sans" in versions["fonts"] and "system-ui=Liberation Sans" in versions["fonts"]
