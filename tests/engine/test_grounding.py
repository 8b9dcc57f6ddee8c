"""Offline grounding by what a person sees: position, order, colour, kind and relation words for
elements without text, on small pages written the way models write them (div "buttons" with
listeners, no labels, no aria, emoji, SVG and CSS-drawn icons), in real Chromium. Each page marks
its elements with data-k only so that the test can tell which one was chosen."""
import json
import re
import shutil

import pytest

from judging.engine import actions, browser, grounding, kinds
from judging.engine.grounding import Description
from judging.engine.replay import INSTRUMENT_JS
from judging.engine.result import COMPLETED

from .conftest import BENCH, make_site

pytestmark = pytest.mark.browser
ORIGIN = "http://ground.test"


class Page:
    """One page loaded in the shared judge's Chromium, with its candidates and its screenshot."""

    def __init__(self, judge, html, viewport):
        self.judge, self.viewport = judge, viewport
        self.page = self._run(self._open(html))
        self.candidates = self._run(actions.collect(self.page, 4000))
        self.screenshot = self._run(self.page.screenshot(type="png"))

    def _run(self, coroutine):
        return self.judge._loop.run_until_complete(coroutine)

    async def _open(self, html):
        self.context = await self.judge._browser.new_context(
            **browser.context_options(browser.Viewport(*self.viewport)))
        await self.context.route(f"{ORIGIN}/**", lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8"))
        await self.context.add_init_script(INSTRUMENT_JS)
        page = await self.context.new_page()
        await page.goto(f"{ORIGIN}/index.html")
        return page

    def ground(self, description, action="Click", typed=""):
        """(data-k of the element chosen, or None; the score or the reason)."""
        chosen, detail = grounding.choose(action, Description(description, typed), self.candidates, self.viewport,
                                          screenshot=self.screenshot)
        if chosen is None:
            return None, detail
        k = self._run(self.page.evaluate("(i) => window.__iwrJudge.candidates[i].dataset.k || null", chosen["index"]))
        return k, detail

    def close(self):
        self._run(self.context.close())


@pytest.fixture
def open_page(judge):
    pages = []

    def opener(html, viewport=(800, 600)):
        pages.append(Page(judge, html, viewport))
        return pages[-1]

    yield opener
    for page in pages:
        page.close()


def chosen(page, description, action="Click", typed=""):
    k, detail = page.ground(description, action, typed)
    assert k is not None, detail
    return k


# -- order --------------------------------------------------------------------------------------
STARS = """<!doctype html><style>
  body { font: 16px sans-serif; margin: 20px; } .logo { font-size: 48px; color: #333; }
  .r { display: flex; gap: 6px; } .r span { font-size: 24px; color: #f5a623; cursor: pointer; }
</style>
<div class="logo" data-k="logo">★</div><p>How was your stay?</p>
<div class="r" id="r"><span data-k="1">★</span><span data-k="2">★</span><span data-k="3">★</span>
<span data-k="4">☆</span><span data-k="5">☆</span></div>
<script>document.getElementById("r").addEventListener("click", (e) => e.target.classList.add("on"));</script>"""


def test_fourth_star_in_a_row_of_unlabelled_stars(open_page):
    page = open_page(STARS)
    assert chosen(page, "Click the fourth star") == "4"
    assert chosen(page, "Click the last star") == "5"
    assert chosen(page, "Click the second star from the right") == "4"
    assert chosen(page, "Click the first star in the rating row") == "1"


SVG_STARS = """<!doctype html><style>body { margin: 20px; } .s { display: flex; gap: 4px; margin-top: 30px; }</style>
<svg width="160" height="40" data-k="logo"><rect width="160" height="40" fill="#234"/></svg>
<div class="s">""" + "".join(
    f'<svg width="22" height="22" viewBox="0 0 24 24" data-k="{i}" onclick="this.dataset.on=1">'
    '<path d="M12 2l3 7h7l-6 5 2 8-6-5-6 5 2-8-6-5h7z" fill="#fb0"/></svg>' for i in range(1, 6)) + "</div>"


def test_fourth_star_drawn_as_unnamed_svgs(open_page):
    # Nothing names the SVGs as stars, and nothing names them as anything else: they could be.
    assert chosen(open_page(SVG_STARS), "Click the fourth star") == "4"


RATING_ROWS = """<!doctype html><style>
  body { font: 16px sans-serif; margin: 20px; } .line { display: flex; gap: 20px; margin: 12px 0; }
  .line b { width: 120px; } .r { display: flex; gap: 6px; } .r span { font-size: 22px; cursor: pointer; }
</style>""" + "".join(
    f'<div class="line"><b>{name}</b><div class="r">'
    + "".join(f'<span data-k="{row}{i}">☆</span>' for i in range(1, 6)) + "</div></div>"
    for row, name in (("a", "Cleanliness"), ("b", "Your rating"), ("c", "Location")))


def test_stars_are_counted_in_the_row_the_description_names(open_page):
    page = open_page(RATING_ROWS)
    assert chosen(page, "Click the fourth star in the rating row") == "b4"
    assert chosen(page, "Click the fourth star on the 'Location' row") == "c4"
    assert chosen(page, "Click the second star in the third row") == "c2"
    # A row named only by its kind, beside a landmark named by its text.
    assert chosen(page, "Click the fourth star in the row next to 'Location'") == "c4"
    # Alike stars in alike rows form one grid: counted in reading order.
    assert chosen(page, "Click the seventh star") == "b2"


THUMBNAILS = """<!doctype html><style>
  body { margin: 20px; } .main { width: 480px; height: 320px; display: block; }
  .thumbs { display: flex; gap: 10px; margin-top: 10px; } .thumbs div { cursor: pointer; }
  .thumbs img { width: 80px; height: 60px; display: block; }
</style>
<img class="main" data-k="main" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Crect width='100%25' height='100%25' fill='%23468'/%3E%3C/svg%3E">
<div class="thumbs">""" + "".join(
    f"<div data-k='{i}'><img src=\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Crect "
    f"width='100%25' height='100%25' fill='%23{i}{i}8'/%3E%3C/svg%3E\"></div>" for i in range(1, 5)) + "</div>"


def test_second_thumbnail_is_the_second_small_picture(open_page):
    page = open_page(THUMBNAILS)
    assert chosen(page, "Click the second thumbnail") == "2"
    assert chosen(page, "Click the last thumbnail") == "4"


FIELDS = """<!doctype html><style>body { margin: 20px; } .f { display: flex; gap: 12px; }
  input { width: 200px; height: 30px; }</style>
<div class="f"><input data-k="first"><input data-k="second"></div>
<div class="f" style="margin-top: 16px"><input data-k="third"></div>"""


def test_second_of_two_unlabelled_fields_gets_the_text(open_page):
    page = open_page(FIELDS)
    assert chosen(page, "Type 'Paris' into the second field", "Type", "Paris") == "second"
    assert chosen(page, "Type 'Paris' into the second of the two unlabelled fields", "Type", "Paris") == "second"
    assert chosen(page, "Click the last input") == "third"
    # Without an order, typing goes where a user would type: the first field.
    assert chosen(page, "Type 'Paris'", "Type", "Paris") == "first"


PRODUCTS = """<!doctype html><meta charset="utf-8"><style>
  body { margin: 20px; font: 15px sans-serif; } .list { display: grid; grid-template-columns: repeat(3, 220px); gap: 16px; }
  .product-card { border: 1px solid #ddd; padding: 10px; cursor: pointer; }
  .product-img { width: 200px; height: 120px; background: #cde; } .product-price { color: #666; }
</style><div class="list">""" + "".join(
    f'<div class="product-card" data-k="{k}"><div class="product-img"></div><div class="product-name">{name}</div>'
    f'<div class="product-price">${price}</div></div>'
    for k, name, price in (("lamp", "Desk lamp", 39), ("chair", "Oak chair", 129), ("rug", "Wool rug", 89)))
PRODUCTS += "</div>"


def test_ordinal_counts_whole_cards_not_their_parts(open_page):
    # Each card's picture, name and price are named "product" too: the card is the one thing.
    assert chosen(open_page(PRODUCTS), "Click the second product") == "chair"


# -- position -----------------------------------------------------------------------------------
BOARD = """<!doctype html><style>
  body { margin: 20px; } .board { display: grid; grid-template-columns: repeat(3, 60px); gap: 4px; margin-left: 200px; }
  .board div { height: 60px; background: #ddd; } .side { position: absolute; left: 20px; top: 400px; }
</style>
<div class="board" id="b">""" + "".join(f'<div data-k="{r}{c}"></div>' for r in "abc" for c in "123") + """</div>
<button class="side" data-k="side">Reset</button>
<script>document.getElementById("b").addEventListener("click", (e) => e.target.classList.add("x"));</script>"""


def test_bottom_right_cell_of_the_grid(open_page):
    page = open_page(BOARD)
    assert chosen(page, "Click the bottom-right cell of the grid") == "c3"
    assert chosen(page, "Click the top left square") == "a1"
    assert chosen(page, "Click the middle cell") == "b2"


BANNER = """<!doctype html><style>
  body { margin: 0; font: 16px sans-serif; } .top { display: flex; align-items: center; gap: 10px; height: 60px;
  padding: 0 20px 0 300px; background: #223; } .ib { width: 36px; height: 36px; display: grid; place-items: center;
  background: #445; border-radius: 6px; cursor: pointer; } main { padding: 20px 8px; }
  main .ib { background: #ccd; }
</style>
<header class="top">""" + "".join(
    f'<div class="ib" data-k="top{i}"><svg width="18" height="18"><circle cx="9" cy="9" r="{3 + i}" fill="#fff"/></svg></div>'
    for i in range(1, 4)) + """</header>
<main><div class="ib" data-k="main1"><svg width="18" height="18"><rect width="18" height="18" fill="#223"/></svg></div></main>"""


def test_button_at_the_left_edge_of_the_banner(open_page):
    page = open_page(BANNER)
    assert chosen(page, "Click the button at the left edge of the banner") == "top1"
    assert chosen(page, "Click the rightmost icon in the header") == "top3"


SCALE_UNDER_TOOLBAR = """<!doctype html><style>
  body { margin: 20px; font: 14px sans-serif; } .tools, .scale { display: flex; gap: 6px; margin-bottom: 24px; }
  .tools button { width: 38px; height: 38px; border: 1px solid #999; background: #fff; }
  .scale { align-items: center; width: 260px; } .scale .n { flex: 0 0 12px; height: 22px; border: 0; background: #3a3e46; }
</style>
<div class="tools">""" + "".join(f'<button data-k="tool{i}" aria-label="Tool {i}"><svg width="16" height="16">'
                                  f'<rect x="2" y="2" width="{4 + 2 * i}" height="12" fill="#333"/></svg></button>'
                                  for i in range(1, 8)) + """</div>
<div>Brightness</div><div class="scale"><button data-k="minus">-</button>""" + "".join(
    f'<button class="n" data-k="notch{v}"></button>' for v in range(-2, 3)) + """<button data-k="plus">+</button></div>"""


def test_a_notch_is_a_narrow_mark_on_a_scale_not_any_button(open_page):
    page = open_page(SCALE_UNDER_TOOLBAR)
    assert chosen(page, "Click the third notch from the right end of the brightness bar") == "notch0"
    assert chosen(page, "Click the first notch") == "notch-2"


# -- colour -------------------------------------------------------------------------------------
SWATCHES = """<!doctype html><style>
  body { margin: 20px; font: 16px sans-serif; } .p { display: flex; gap: 10px; margin: 20px 0; }
  .p div { width: 32px; height: 32px; border-radius: 50%; border: 2px solid #ccc; }
  .sale { background: #fb8c00; color: #fff; padding: 6px 12px; display: inline-block; }
</style>
<div class="sale" data-k="sale">Sale -20%</div>
<div class="p" id="p"><div data-k="red" style="background:#e53935"></div><div data-k="orange" style="background:#fb8c00"></div>
<div data-k="green" style="background:#43a047"></div><div data-k="blue" style="background:#1e88e5"></div></div>
<script>document.getElementById("p").addEventListener("click", (e) => e.target.classList.add("picked"));</script>"""


def test_colour_word_picks_the_swatch_of_that_colour(open_page):
    page = open_page(SWATCHES)
    assert chosen(page, "Click the orange swatch") == "orange"
    assert chosen(page, "Click the blue colour swatch") == "blue"
    assert chosen(page, "Select the third swatch") == "green"
    k, detail = page.ground("Click the purple swatch")
    assert k is None and detail.startswith("nothing matches"), detail


PLUSES = """<!doctype html><style>
  body { margin: 20px; } .q { display: flex; gap: 12px; } .q div { width: 40px; height: 40px; border: 1px solid #bbb;
  border-radius: 8px; background: #fff; font: bold 28px sans-serif; display: grid; place-items: center; cursor: pointer; }
</style>
<div class="q"><div data-k="red" style="color:#c62828">+</div><div data-k="green" style="color:#2e7d32">+</div>
<div data-k="grey" style="color:#555">+</div></div>"""


def test_colour_word_reads_the_icon_not_its_white_button(open_page):
    page = open_page(PLUSES)
    assert chosen(page, "Click the green plus icon") == "green"
    assert chosen(page, "Click the red plus button") == "red"


FRUIT = """<!doctype html><style>
  body { margin: 20px; font: 16px sans-serif; } .grid { display: flex; gap: 16px; }
  .card { border: 1px solid #ddd; border-radius: 8px; padding: 8px; width: 110px; text-align: center; }
  .card svg { display: block; width: 110px; height: 90px; } .card button { width: 40px; font-size: 18px; }
  .swatch { width: 32px; height: 32px; border-radius: 50%; background: #e8c21a; border: 0; margin-top: 24px; }
</style>
<div class="grid">
  <div class="card"><svg viewBox="0 0 110 90"><circle cx="55" cy="45" r="32" fill="#c62828"/></svg><button data-k="1">+</button></div>
  <div class="card"><svg viewBox="0 0 110 90"><circle cx="55" cy="45" r="32" fill="#2e7d32"/></svg><button data-k="2">+</button></div>
  <div class="card"><svg viewBox="0 0 110 90"><ellipse cx="55" cy="45" rx="45" ry="18" fill="#f2cf1d"/></svg><button data-k="3">+</button></div>
  <div class="card"><svg viewBox="0 0 110 90"><circle cx="55" cy="45" r="26" fill="#7b3fa0"/></svg><button data-k="4">+</button></div>
</div>
<button class="swatch" data-k="swatch"></button>"""


def test_a_landmark_no_text_names_is_the_picture_of_its_colour(open_page):
    # Nothing says banana or plum: what they name is the drawing of their colour, and the plus under it
    # is that card's, not the first plus of the row, nor anything under the yellow swatch.
    page = open_page(FRUIT)
    assert chosen(page, "Click the plus under the yellow banana") == "3"
    assert chosen(page, "Click the plus under the purple plum") == "4"


CHECKERS = """<!doctype html><style>
  body { margin: 20px; font: 15px sans-serif; color: #555; } .board { display: grid; grid-template-columns: repeat(3, 60px);
  gap: 4px; } .sq { width: 60px; height: 60px; background: #b58863; display: grid; place-items: center; }
  .man { width: 44px; height: 44px; border-radius: 50%; } .cream { background: #f3e6c8; } .red { background: #c0392b; }
</style>
<div class="board" id="b"><div class="sq"><div class="man cream" data-k="c1"></div></div><div class="sq"></div>
<div class="sq"><div class="man cream" data-k="c2"></div></div><div class="sq"></div>
<div class="sq"><div class="man red" data-k="red"></div></div><div class="sq"></div></div>
<p data-k="rule">Move a piece diagonally; jump an opponent piece to capture it.</p>
<script>document.getElementById("b").addEventListener("click", () => {});</script>"""


def test_a_colour_the_words_best_match_has_not_names_a_drawn_thing_not_a_sentence(open_page):
    # Only the board listens and no piece is named: the grey rule that says 'piece' is no red piece.
    page = open_page(CHECKERS)
    assert chosen(page, "Click the red piece") == "red"
    assert chosen(page, "Click the red piece in the middle of the board") == "red"


def _draughts():
    """A 6×6 board whose red pieces stand on alternate squares of the three bottom rows, but for one moved
    up to the middle; cream pieces on the top row. Each piece is a positioned circle, the board listens."""
    pieces = [(c, 5, "red") for c in (0, 2, 4)] + [(c, 4, "red") for c in (1, 3, 5)] + [(c, 3, "red") for c in (0, 4)] \
        + [(3, 2, "red")] + [(c, 0, "cream") for c in (1, 3, 5)]
    men = "".join(f'<div class="man {colour}" data-k="{colour}{c}{r}" style="left:{c * 60 + 8}px;top:{r * 60 + 8}px"></div>'
                  for c, r, colour in pieces)
    return f"""<!doctype html><style>
  body {{ margin: 20px; font: 14px sans-serif; }} #board {{ position: relative; width: 360px; height: 360px;
  background: repeating-conic-gradient(#b58863 0 25%, #f0d9b5 0 50%) 0 0 / 120px 120px; }}
  .man {{ position: absolute; width: 44px; height: 44px; border-radius: 50%; }}
  .red {{ background: #c0392b; }} .cream {{ background: #f7ecd2; border: 1px solid #999; }}
</style><p>Red to move</p><div id="board">{men}</div>
<script>document.getElementById("board").addEventListener("click", () => {{}});</script>"""


def test_the_middle_of_a_board_is_its_middle_not_that_of_the_pieces_of_one_colour(open_page):
    # The red pieces stand at the bottom, on alternate squares; the one in the middle of the board is the
    # one moved up.
    page = open_page(_draughts(), viewport=(800, 500))
    assert chosen(page, "Click the red piece in the middle of the board") == "red32"


# -- kind ---------------------------------------------------------------------------------------
TOOLBAR = """<!doctype html><style>
  body { margin: 20px; font: 16px sans-serif; } .bar { display: flex; gap: 8px; align-items: center; }
  .b { width: 32px; height: 32px; display: grid; place-items: center; cursor: pointer; font-size: 20px; }
  .bars span { display: block; width: 18px; height: 3px; background: #333; margin: 2px 0; }
  .chev { width: 9px; height: 9px; border-right: 2px solid #333; border-bottom: 2px solid #333; transform: rotate(-45deg); }
  .s::before { content: "★"; color: #e0a000; } .dot { width: 10px; height: 10px; border-radius: 50%; background: #888; }
</style>
<svg style="display:none"><symbol id="icon-heart" viewBox="0 0 24 24"><path d="M12 21l-9-9a5 5 0 0 1 9-6 5 5 0 0 1 9 6z"/></symbol></svg>
<div class="bar">
  <div class="b" data-k="bell">🔔</div>
  <div class="b" data-k="trash"><i class="fa fa-trash-can"></i></div>
  <div class="b" data-k="heart"><svg width="20" height="20"><use href="#icon-heart"/></svg></div>
  <div class="b" data-k="close">×</div>
  <div class="b bars" data-k="hamburger"><span></span><span></span><span></span></div>
  <div class="b" data-k="chevron"><div class="chev"></div></div>
  <div class="b" data-k="pin">📌</div>
  <div class="b" data-k="plus">+</div>
  <div class="b" data-k="minus">−</div>
  <div class="b" data-k="star"><span class="s"></span></div>
  <div class="b" data-k="dot"><div class="dot"></div></div>
  <span class="b material-icons" data-k="search">search</span>
</div>"""
KINDS = {
    "Click the bell icon": "bell", "Click the trash icon": "trash", "Click the bin": "trash",
    "Click the heart": "heart", "Click the close button": "close", "Click the X": "close",
    "Click the hamburger menu": "hamburger", "Click the menu icon": "hamburger", "Click the right chevron": "chevron",
    "Click the pin icon": "pin", "Click the plus button": "plus", "Click the minus": "minus",
    "Click the star": "star", "Click the dot": "dot", "Click the search icon": "search",
}


def test_kind_words_match_symbols_icon_names_and_drawn_shapes(open_page):
    page = open_page(TOOLBAR)
    assert {description: chosen(page, description) for description in KINDS} == KINDS


DOWNLOADS = """<!doctype html><style>body { margin: 20px; font: 14px sans-serif; } .r { display: flex; gap: 20px; }
  .r div { cursor: pointer; }</style>
<p>8 episodes · 2 downloaded (84 MB)</p>
<div class="r"><span>Dust Devils of Mars</span><div data-k="download">⤓</div><div data-k="queue">≡</div></div>"""


def test_an_icon_name_before_a_pointer_word_names_the_icon_not_a_text_that_says_it(open_page):
    # "The download arrow" is the ⤓, not the line saying how many are downloaded.
    assert chosen(open_page(DOWNLOADS), "Click the download arrow on the first episode") == "download"


FEEDBACK = """<!doctype html><style>body { margin: 0; font: 15px sans-serif; background: #eef3f3; }
  nav { display: flex; gap: 24px; justify-content: flex-end; padding: 20px; } nav a { color: #345; cursor: pointer; }
  form { width: 700px; margin: 20px auto; padding: 30px; background: #fff; border-radius: 12px; }
  .faces { display: grid; grid-template-columns: repeat(5, 64px); gap: 18px; margin: 16px 0 40px; }
  .faces label { height: 64px; border: 2px solid #cdd; border-radius: 50%; cursor: pointer; }
  .nav-row { display: flex; justify-content: space-between; }
  .nav-row button { height: 42px; width: 120px; border-radius: 8px; font: inherit; cursor: pointer; }
  .back { background: #fff; border: 1px solid #9ab; } .next { background: #176; color: #fff; border: 0; }
</style><nav><a data-k="appointments">Appointments</a><a data-k="messages">Messages</a><a data-k="results">Test results</a>
<a data-k="feedback">Feedback</a></nav>
<form><legend>Overall, how satisfied were you with your visit?</legend><div class="faces">
  <label data-k="1" title="Very dissatisfied"></label><label data-k="2" title="Dissatisfied"></label>
  <label data-k="3" title="Neutral"></label><label data-k="4" title="Satisfied"></label>
  <label data-k="5" title="Very satisfied"></label></div>
  <div class="nav-row"><button type="button" class="back" data-k="back">Go back</button>
  <button type="button" class="next" data-k="next">Next</button></div></form>"""


def test_a_row_named_by_a_word_nothing_says_is_not_any_row_but_the_series_that_is_one(open_page):
    # Nothing reads "satisfaction"; the buttons' box is called a row in its class, the faces are the row.
    assert chosen(open_page(FEEDBACK, (1280, 800)), "Click the fourth face in the satisfaction row") == "4"


def test_a_button_painted_as_what_it_sits_on_is_outlined(open_page):
    # Go back is white with a border on the white card; the links at the top have neither.
    page = open_page(FEEDBACK, (1280, 800))
    assert chosen(page, "Click the outlined button at the bottom left") == "back"
    assert chosen(page, "Click the filled button at the bottom right") == "next"


CAROUSEL = """<!doctype html><style>body { margin: 20px; } .c { display: flex; gap: 20px; align-items: center; }
  .c div { font-size: 30px; cursor: pointer; } .slide { width: 300px; height: 160px; background: #9ab; }</style>
<div class="c"><div data-k="prev">‹</div><span class="slide"></span><div data-k="next">›</div></div>"""


def test_arrow_direction_is_the_way_it_points(open_page):
    page = open_page(CAROUSEL)
    assert chosen(page, "Click the right arrow") == "next"
    assert chosen(page, "Click the previous arrow") == "prev"
    assert chosen(page, "Click the left chevron") == "prev"


# -- relations ----------------------------------------------------------------------------------
SETTINGS = """<!doctype html><style>
  body { margin: 20px; font: 16px sans-serif; } .row { display: flex; justify-content: space-between; align-items: center;
  width: 420px; padding: 10px 0; border-bottom: 1px solid #eee; }
  .tg { width: 44px; height: 24px; border-radius: 12px; background: #ccc; position: relative; cursor: pointer; }
  .tg .k { width: 20px; height: 20px; border-radius: 50%; background: #fff; position: absolute; top: 2px; left: 2px; }
</style>""" + "".join(
    f'<div class="row"><span>{name}</span><div class="tg" data-k="{k}"><div class="k"></div></div></div>'
    for k, name in (("notifications", "Notifications"), ("dark", "Dark mode"), ("autosave", "Auto-save")))


def test_toggle_right_of_a_label(open_page):
    page = open_page(SETTINGS)
    assert chosen(page, "Click the toggle to the right of 'Dark mode'") == "dark"
    assert chosen(page, "Click the switch next to 'Auto-save'") == "autosave"
    assert chosen(page, "Click the toggle below 'Notifications'") == "dark"
    assert chosen(page, "Toggle the last switch") == "autosave"


TODO = """<!doctype html><style>
  body { margin: 20px; font: 16px sans-serif; } ul { list-style: none; padding: 0; width: 360px; }
  li { display: flex; align-items: center; gap: 8px; padding: 8px 0; } li span { flex: 1; }
  .i { cursor: pointer; width: 28px; text-align: center; }
</style><ul>""" + "".join(
    f'<li><span>{name}</span><div class="i" data-k="edit-{k}">✎</div><div class="i" data-k="trash-{k}">🗑️</div></li>'
    for k, name in (("eggs", "Eggs"), ("milk", "Buy milk"), ("bread", "Bread"))) + "</ul>"


def test_trash_icon_on_a_named_row(open_page):
    page = open_page(TODO)
    assert chosen(page, "Click the trash icon on the 'Buy milk' row") == "trash-milk"
    assert chosen(page, "Click the pencil next to 'Bread'") == "edit-bread"
    assert chosen(page, "Click the delete icon for 'Eggs'") == "trash-eggs"


FORM = """<!doctype html><style>
  body { margin: 20px; font: 15px sans-serif; } .g { display: grid; grid-template-columns: 220px 220px; gap: 6px 20px; }
  input { height: 28px; }
</style>
<div class="g"><div>Name</div><div>Email</div><input data-k="name"><input data-k="email">
<div>City</div><div>Phone</div><input data-k="city"><input data-k="phone"></div>"""


def test_field_under_a_caption(open_page):
    # Captions in a row of their own: no field has its caption just before it.
    page = open_page(FORM)
    assert chosen(page, "Type 'ana@example.com' into the field under 'Email'", "Type", "ana@example.com") == "email"
    assert chosen(page, "Type 'Lisbon' into the field below 'City'", "Type", "Lisbon") == "city"
    assert chosen(page, "Type '555' into the last field", "Type", "555") == "phone"


DIALOG = """<!doctype html><style>
  body { margin: 0; font: 16px sans-serif; } .note { padding: 10px 20px; background: #ffe; display: flex; gap: 12px; }
  .x, .r span { cursor: pointer; font-size: 20px; } .r { display: flex; gap: 8px; padding: 10px 20px; }
  .veil { position: fixed; inset: 0; background: rgba(0,0,0,.4); }
  .box { position: fixed; left: 200px; top: 150px; width: 400px; height: 200px; background: #fff; padding: 16px; }
  .box .x { position: absolute; right: 12px; top: 8px; }
</style>
<div class="note"><span>Cookies keep this site running.</span><button class="x btn" data-k="note">×</button></div>
<div class="r">""" + "".join(f'<span data-k="page{i}">☆</span>' for i in range(1, 6)) + """</div>
<div class="veil"></div><div class="box"><b>Rate your visit</b><span class="x" data-k="dialog">×</span>
<div class="r">""" + "".join(f'<span data-k="dialog{i}">☆</span>' for i in range(1, 6)) + """</div></div>"""


def test_elements_under_an_open_dialog_are_not_seen(open_page):
    page = open_page(DIALOG)
    assert chosen(page, "Click the close icon") == "dialog"
    assert chosen(page, "Click the second star") == "dialog2"


# -- failures -----------------------------------------------------------------------------------
def test_step_naming_nothing_that_exists_fails_and_lists_what_was_considered(open_page):
    page = open_page(STARS)
    k, detail = page.ground("Click the sixth star")
    assert k is None and detail.startswith("nothing matches 'Click the sixth star'"), detail
    assert "considered:" in detail and "span '★' (star) at (" in detail and re.search(r"\(\d+,\d+ \d+x\d+\) text", detail)
    k, detail = page.ground("Click the heart icon")   # every icon here is known to be a star
    assert k is None and detail.startswith("nothing matches"), detail
    k, detail = open_page(SETTINGS).ground("Click the toggle to the right of 'Wi-Fi'")
    assert k is None and "no 'wi-fi' on the page" in detail, detail


def test_an_ordinal_on_a_page_that_is_only_a_picture_finds_nothing_without_an_error(open_page):
    page = open_page('<!doctype html><body style="margin:0"><img alt="" width="600" height="400" '
                     'src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="></body>')
    k, detail = page.ground("Click the fourth space in row B, the middle row")
    assert k is None and detail.startswith("nothing matches") and "fewer than 4" in detail, detail


def test_the_screenshot_is_decoded_only_for_colour_words(open_page):
    page = open_page(SWATCHES)
    unreadable = b"not a png"
    found, _ = grounding.choose("Click", Description("Click the third swatch"), page.candidates, page.viewport,
                                screenshot=unreadable)
    assert found is not None
    with pytest.raises(Exception):
        grounding.choose("Click", Description("Click the orange swatch"), page.candidates, page.viewport,
                         screenshot=unreadable)


# -- through the judge: the replay hands the screenshot before each action to the grounding ------
SHOP = """<!doctype html><meta charset="utf-8"><style>
  body { margin: 0; font: 16px sans-serif; } .f { position: absolute; top: 40px; left: 40px; display: flex; gap: 20px; }
  input { width: 200px; height: 30px; box-sizing: border-box; } .p { position: absolute; top: 120px; left: 40px; display: flex; gap: 12px; }
  .p div { width: 30px; height: 30px; cursor: pointer; } .r { position: absolute; top: 200px; left: 40px; display: flex; }
  .r span { width: 30px; font-size: 24px; cursor: pointer; }
</style>
<div class="f"><input><input></div>
<div class="p"><div style="background:#1e88e5"></div><div style="background:#fb8c00"></div><div style="background:#43a047"></div></div>
<div class="r"><span>☆</span><span>☆</span><span>☆</span><span>☆</span><span>☆</span></div>
<p id="log" style="position:absolute; top: 260px; left: 40px"></p>
<script>document.querySelectorAll(".p div, .r span").forEach((el) =>
  el.addEventListener("click", () => { document.getElementById("log").textContent += "+"; }));</script>"""


def test_judge_grounds_unlabelled_elements_by_order_colour_and_kind(judge, tmp_path):
    task = tmp_path / "task"
    (task / "checkpoints").mkdir(parents=True)
    shutil.copy(BENCH / "sample-tabs" / "checkpoints" / "step_0.png", task / "checkpoints" / "step_0.png")
    steps = [("Type", "Type 'Paris' into the second field", {"text": "Paris"}),
             ("Click", "Click the orange swatch", {}), ("Click", "Click the fourth star", {})]
    (task / "task.json").write_text(json.dumps({
        "id": "ground-e2e", "recording_details": {"resolution": "800x400"},
        "action_sequence": [{"type": t, "parameters": {"description": d, **p}} for t, d, p in steps]}))
    result = judge.run(task, make_site(tmp_path / "site", SHOP), tmp_path / "out")
    assert result.stop_reason == COMPLETED, result.stop_detail
    boxes = [s.element.box for s in result.steps]
    assert (boxes[0]["x"], boxes[1]["x"], boxes[2]["x"]) == (260.0, 82.0, 130.0)


# -- what the annotators of the validation suite wrote (tune part) --------------------------------
KEYPAD = """<!doctype html><style>
  body { margin: 20px; font: 22px sans-serif; } .k { display: grid; grid-template-columns: repeat(4, 64px); gap: 6px; }
  .k div { height: 56px; display: grid; place-items: center; background: #eee; cursor: pointer; }
  .k .op { background: #f08c1a; color: #fff; }
</style><div class="k">""" + "".join(
    f'<div data-k="{key}"{" class=op" if key in "÷×−+" else ""}>{key}</div>'
    for key in ("C", "±", "%", "÷", "7", "8", "9", "×", "4", "5", "6", "−", "1", "2", "3", "+")) + "</div>"


def test_operator_keys_by_their_symbols_colour_and_column(open_page):
    page = open_page(KEYPAD)
    assert chosen(page, "Click the orange multiplication key in the right-hand column") == "×"
    assert chosen(page, "Click the third key of the top row") == "%"
    assert chosen(page, "Click the last key in the left column") == "1"


CHIPS = """<!doctype html><meta charset="utf-8"><style>body { margin: 20px; font: 15px sans-serif; }
  .f { display: flex; gap: 8px; } .f span { border: 1px solid #999; border-radius: 14px; padding: 4px 10px; cursor: pointer; }
</style><div class="f"><span data-k="all">All</span><span data-k="5">★★★★★</span><span data-k="4">★★★★</span>
<span data-k="3">★★★☆☆</span></div>"""


def test_chip_with_a_number_of_stars_shows_that_many(open_page):
    page = open_page(CHIPS)
    assert chosen(page, "Click the chip with four stars in the filter bar") == "4"
    assert chosen(page, "Click the chip with five stars again to turn it off") == "5"
    assert chosen(page, "Click the chip with three stars") == "3"


TIP = """<!doctype html><style>body { margin: 20px; font: 16px sans-serif; } .t { display: flex; gap: 8px; margin: 8px 0; }
  .t div { padding: 8px 14px; background: #def; cursor: pointer; } .p { display: flex; gap: 12px; align-items: center; }
  .r { width: 32px; height: 32px; border-radius: 50%; background: #2e7d32; color: #fff; display: grid; place-items: center;
  cursor: pointer; }</style>
<h2 data-k="title">Tip calculator</h2><div class="t">""" + "".join(
    f'<div data-k="{n}">{n}%</div>' for n in (10, 15, 18, 20)) + """</div>
<div>Number of people</div><div class="p"><div class="r" data-k="minus">−</div><b data-k="count">2</b>
<div class="r" data-k="plus">+</div></div>
<div class="t"><div data-k="0900">09:00</div><div data-k="1230">12:30</div><div data-k="1600">16:00</div></div>"""


def test_content_words_match_what_the_text_is(open_page):
    page = open_page(TIP)
    assert chosen(page, "Click the fourth tip percentage button") == "20"
    assert chosen(page, "Click the last time chip in the row") == "1600"
    assert chosen(page, "Click the round button to the left of the people count") == "minus"
    assert chosen(page, "Click the green plus button once more") == "plus"


REVIEW_FORM = """<!doctype html><style>body { margin: 20px; font: 15px sans-serif; } label { display: block; margin-top: 10px; }
  input, textarea { width: 360px; display: block; } .b { display: inline-block; padding: 8px 16px; margin: 10px 8px 0 0;
  cursor: pointer; } .b1 { background: #eee; } .b2 { background: #222; color: #fff; }</style>
<label>Title</label><input data-k="title"><label>Your review</label><textarea data-k="body" rows="4"></textarea>
<div class="b b1" data-k="cancel">Cancel</div><div class="b b2" data-k="send">Send</div>"""


def test_a_field_named_by_the_landmark_is_the_landmark_not_under_it(open_page):
    page = open_page(REVIEW_FORM)
    assert chosen(page, "Type 'Loud.' into the large text box under the title", "Type", "Loud.") == "body"
    assert chosen(page, "Click the dark button under the text box") == "send"


def test_clauses_saying_why_or_how_are_not_names(open_page):
    page = open_page(PLUSES)
    assert chosen(page, "Click the green plus button again to add a serving") == "green"
    page = open_page(REVIEW_FORM)
    assert chosen(page, "Click the 'Send' button without filling in the title") == "send"


TODO_ROUND = """<!doctype html><meta charset="utf-8"><style>body { margin: 20px; font: 16px sans-serif; }
  .row { display: flex; gap: 12px; align-items: center; padding: 8px 0; width: 400px; }
  .c { width: 18px; height: 18px; border: 2px solid #888; border-radius: 50%; cursor: pointer; } .row span { flex: 1; }
</style>""" + "".join(
    f'<div class="row"><div class="c" data-k="{i}"></div><span>{name}</span><b>🗑</b></div>'
    for i, name in enumerate(("Call Ana", "Buy milk", "Pay rent", "Book dentist"), 1))


def test_round_checkbox_drawn_with_css_at_the_left_of_a_row(open_page):
    assert chosen(open_page(TODO_ROUND), "Click the round checkbox at the left of the third row") == "3"


MEMORY = """<!doctype html><style>body { margin: 20px; font: 15px sans-serif; display: flex; gap: 40px; }
  .g { display: grid; grid-template-columns: repeat(4, 100px); gap: 10px; }
  .g button { height: 100px; border: 0; background: #5b6cff; cursor: pointer; }
  .card { width: 260px; padding: 12px; border: 1px solid #ccc; cursor: pointer; }</style>
<div class="g">""" + "".join(f'<button data-k="{i}"></button>' for i in range(1, 17)) + """</div>
<div class="card" data-k="help">1. Turn over two cards per move. 2. Find all pairs.</div>"""


def test_cards_nothing_names_are_the_series_of_clickable_boxes(open_page):
    page = open_page(MEMORY)
    assert chosen(page, "Click the card in the top-left corner of the grid") == "1"
    assert chosen(page, "Click the card in the top-right corner") == "4"
    assert chosen(page, "Click the third card of the bottom row") == "15"


SETTINGS_PAGE = """<!doctype html><style>body { margin: 0; font: 15px sans-serif; display: flex; }
  .side { width: 200px; padding: 10px; background: #f4f4f4; height: 560px; } .side div { padding: 10px; cursor: pointer; }
  .side .on, .save { background: #1e63d6; color: #fff; } .main { position: relative; flex: 1; height: 560px; padding: 20px; }
  .save { position: absolute; right: 20px; bottom: 20px; padding: 10px 18px; cursor: pointer; }
  .main .x { padding: 8px; cursor: pointer; border: 1px solid #ccc; display: inline-block; }</style>
<div class="side"><div class="on" data-k="appearance">Appearance</div><div data-k="notifications">Notifications</div>
<div data-k="privacy">Privacy</div></div>
<div class="main"><div class="x" data-k="export">Export</div><div class="x" data-k="import">Import</div>
<div class="save" data-k="save">Save changes</div></div>"""


def test_containers_named_by_kind_place_or_are_set_aside(open_page):
    page = open_page(SETTINGS_PAGE)
    assert chosen(page, "Click the second item in the left sidebar") == "notifications"
    # Nothing on the page is called a panel: the words that remain still say which button.
    assert chosen(page, "Click the blue button at the bottom right of the panel") == "save"


PLAYER = """<!doctype html><meta charset="utf-8"><style>body { margin: 0; font: 15px sans-serif; }
  .rv { padding: 10px 20px; border-bottom: 1px solid #eee; width: 500px; } .rv span { cursor: pointer; margin-right: 10px; }
  .bar { position: fixed; bottom: 0; left: 0; right: 0; height: 64px; display: flex; gap: 16px; justify-content: center;
  align-items: center; background: #111; color: #fff; } .bar div { cursor: pointer; font-size: 22px; }
  .score { display: inline-block; border: 1px solid #ccc; padding: 6px 12px; margin: 10px 4px 0 20px; }
  .again { display: inline-block; cursor: pointer; font-size: 22px; }</style>
<div class="score">Score 12</div><div class="score">Best 40</div><div class="again" data-k="restart">↻</div>""" + "".join(
    f'<div class="review rv"><p>{text}</p><span data-k="up{i}">👍</span><span data-k="down{i}">👎</span></div>'
    for i, text in enumerate(("Great kettle", "Too loud", "Fine"), 1)) + """
<div class="bar"><div data-k="back">⏮</div><div data-k="play">⏯</div><div data-k="skip">⏭</div></div>"""


def test_icons_named_by_two_words(open_page):
    page = open_page(PLAYER)
    assert chosen(page, "Click the thumbs-up icon on the second review in the list") == "up2"
    assert chosen(page, "Click the thumbs down on the first review") == "down1"
    assert chosen(page, "Click the skip-forward button to the right of the round play/pause button in the bottom bar") \
        == "skip"
    assert chosen(page, "Click the circular-arrow icon to the right of the two score boxes") == "restart"


FAQ = """<!doctype html><meta charset="utf-8"><style>body { margin: 20px; font: 15px sans-serif; width: 600px; }
  summary { display: flex; justify-content: space-between; padding: 12px; border-bottom: 1px solid #ddd; cursor: pointer;
  list-style: none; } summary::after { content: "+"; color: #1e63d6; font-size: 20px; }</style>
<p>Answers to the questions our members ask most.</p>""" + "".join(
    f'<details data-k="{i}"><summary data-k="q{i}">{q}</summary><p>Answer {i}.</p></details>'
    for i, q in enumerate(("What if my card is lost?", "How do I activate my card?", "Can I pay abroad?"), 1))


def test_a_symbol_drawn_by_css_beside_a_text_and_an_ordinal_the_landmarks_cannot_take(open_page):
    page = open_page(FAQ)
    # The summaries ask questions, and the paragraph about questions is none of them; the plus CSS
    # draws beside each summary is the summary's own.
    assert chosen(page, "Click the plus icon at the right end of the first question") == "q1"
    assert chosen(page, "Click the plus sign beside the third question") == "q3"


STEPS = """<!doctype html><style>body { margin: 20px; font: 15px sans-serif; } h2 { margin: 0 0 8px; }
  .s { display: flex; gap: 12px; align-items: center; margin: 10px 0; width: 600px; }
  .s div { width: 26px; height: 26px; border-radius: 50%; border: 2px solid #2e7d32; cursor: pointer; flex: none; }
</style><h2>Method</h2><p>0 of 3 steps done</p>""" + "".join(
    f'<div class="s"><div data-k="{i}"></div><p>{text}</p></div>'
    for i, text in enumerate(("Bring the water to a boil.", "Add the pasta and stir.", "Drain and serve."), 1))


def test_the_target_of_each_item_is_counted_when_the_items_are_not(open_page):
    assert chosen(open_page(STEPS), "Click the round check circle beside the second method step") == "2"


INBOX = """<!doctype html><style>body { margin: 0; font: 15px sans-serif; display: flex; }
  nav { width: 180px; padding: 10px; } nav div { padding: 8px; cursor: pointer; } ul { list-style: none; padding: 0;
  margin: 10px; width: 500px; } li { padding: 12px; border-bottom: 1px solid #eee; cursor: pointer; }</style>
<nav><div data-k="new">New message</div><div data-k="inbox">Inbox</div></nav>
<div><p>Select a message to read it.</p><ul>""" + "".join(
    f'<li data-k="m{i}"><b>{who}</b> {subject}</li>'
    for i, (who, subject) in enumerate((("Dana", "Budget review"), ("Marco", "Trip photos")), 1)) + "</ul></div>"


def test_an_ordinal_with_a_word_for_the_items_counts_the_items_of_the_list(open_page):
    assert chosen(open_page(INBOX), "Click the first message in the list to open it") == "m1"


def test_an_aside_is_tried_when_the_description_finds_nothing(open_page):
    page = open_page(KEYPAD.replace(">%<", ">pct<"))   # a keypad whose percent key is spelt out
    assert chosen(page, "Click the percent key, the third key of the top row") == "%"


def test_a_colour_the_restyled_page_changed_is_set_aside_when_the_words_name_the_element(open_page):
    page = open_page(REVIEW_FORM.replace(".b2 { background: #222; color: #fff; }", ".b2 { background: #eee; }"))
    assert chosen(page, "Click the dark send button under the text box") == "send"
    k, detail = page.ground("Click the dark button under the text box")   # nothing but the colour told them apart
    assert k is None and detail.startswith("nothing matches"), detail



def test_a_round_button_showing_a_drawing_is_no_dot_but_the_drawing_it_shows():
    # As the browser lists a 28 px round button holding a 12 px SVG plus (a fifth of its box).
    button = {"index": 0, "tag": "button", "role": "button", "text": "", "own": "", "cls": "rnd bplus", "interactive": True,
              "box": {"x": 400, "y": 250, "width": 28, "height": 28},
              "look": {"names": "brighten", "glyph": "", "picture": 0.18, "photo": 0, "paint": "rgb(246, 244, 239)",
                       "radius": 14, "border": "trbl", "font": 14.5}}
    look = kinds.Look(button, (1280, 800), drawing=lambda: "plus")
    assert "dot" not in look.identity
    assert look.fit("plus") == 1.0 and look.fit("minus") == 0.0
    plain = kinds.Look({**button, "look": {**button["look"], "picture": 0}}, (1280, 800))
    assert "dot" in plain.identity

SWITCHES = """<!doctype html><style>body { margin: 20px; font: 15px sans-serif; } .row, label { display: flex;
  justify-content: space-between; align-items: center; width: 480px; padding: 12px 0; border-bottom: 1px solid #eee; }
  .sw { width: 44px; height: 24px; border-radius: 12px; background: #ccc; border: 0; cursor: pointer; }
  small { display: block; color: #777; }</style>""" + "".join(
    f'<div class="row"><div><div>{name}</div><small>{help}</small></div>'
    f'<button class="sw" role="switch" aria-label="{name}" data-k="{k}"></button></div>'
    for k, name, help in (("dark", "Dark mode", "Use a dark background."), ("compact", "Compact list", "Tighter spacing."))) + "".join(
    f'<label><span><b>{name}</b><small>{help}</small></span><input type="checkbox" class="sw" role="switch" aria-label="{name}" data-k="{k}"></label>'
    for k, name, help in (("sounds", "Sounds", "Play a sound on new notes."), ("email", "Email digest", "Once a week.")))


def test_a_toggle_named_for_screen_readers_by_the_text_beside_it_is_right_of_that_text(open_page):
    page = open_page(SWITCHES)
    # The switch's aria-label is 'Dark mode'; a person sees the text 'Dark mode' to its left.
    assert chosen(page, "Click the toggle to the right of 'Dark mode'") == "dark"
    # A label around the whole row says more than 'Sounds': the switch is still right of the word.
    assert chosen(page, "Click the toggle to the right of 'Sounds'") == "sounds"


PANELS = """<!doctype html><style>body { margin: 0; font: 15px sans-serif; display: flex; }
  aside { width: 200px; padding: 10px; } aside div { padding: 10px; cursor: pointer; } .on, .save, .sw.on { background: #1e63d6; color: #fff; }
  .panel { width: 500px; padding: 20px; border: 1px solid #ddd; margin: 20px; } .panel[hidden] { display: none; }
  .row { display: flex; justify-content: space-between; padding: 10px 0; }
  .sw { width: 44px; height: 24px; border-radius: 12px; background: #ccc; cursor: pointer; }
  .actions { display: flex; justify-content: flex-end; } .save { padding: 10px 18px; cursor: pointer; }</style>
<aside><div data-k="appearance">Appearance</div><div class="on" data-k="notifications">Notifications</div></aside>
<section class="panel" hidden><div class="row">Dark mode<div class="sw"></div></div></section>
<section class="panel"><div class="row">Mentions<div class="sw on" data-k="mentions"></div></div>
<div class="row">Alerts<div class="sw on" data-k="alerts"></div></div>
<div class="actions"><div class="save" data-k="save">Save changes</div></div></section>
<div class="help" style="margin-top: 40px; cursor: pointer" data-k="help">Help</div>"""


def test_a_place_named_by_two_position_words_is_in_the_container_not_beside_it(open_page):
    # "at the bottom right of the panel" is a corner of the panel, not what is right of it; a panel
    # that is not shown is no landmark.
    assert chosen(open_page(PANELS), "Click the blue button at the bottom right of the panel") == "save"
    assert chosen(open_page(PANELS), "Click the button to the right of the panel") == "help"


TIP_PANEL = """<!doctype html><style>body { margin: 20px; font: 15px sans-serif; display: flex; gap: 30px; }
  .tips { display: grid; grid-template-columns: repeat(3, 110px); gap: 8px; } .tips button { height: 40px; }
  .out { background: #17324d; color: #fff; padding: 16px; width: 240px; }</style>
<div><span>Select tip</span><div class="tips">""" + "".join(
    f'<button data-k="{n}">{n}%</button>' for n in (10, 15, 18, 20, 25, 30)) + """</div></div>
<div class="out"><div>Tip per person $0.00</div><div><span data-k="label">Tip (15%)</span> <span>$0.00</span></div></div>"""


def test_an_ordinal_counts_the_series_the_words_name_not_a_lone_label_that_says_them_all(open_page):
    # "Tip (15%)" says both "tip" and a percentage, but there is one of it: the fourth is of the buttons.
    assert chosen(open_page(TIP_PANEL), "Click the fourth tip percentage button") == "20"


QUESTIONS = """<!doctype html><meta charset="utf-8"><style>body { margin: 20px; font: 15px sans-serif; width: 700px; }
  .find { width: 520px; height: 40px; display: block; } .q { display: flex; justify-content: space-between;
  align-items: center; height: 50px; padding: 0 16px; border: 1px solid #ddd; margin-top: 8px; cursor: pointer; }
  .q i { font-style: normal; font-size: 22px; width: 24px; text-align: center; }</style>
<p>Answers to the questions our members ask most.</p><input class="find" placeholder="Search questions">
<p>Showing 3 of 3 questions</p>""" + "".join(
    f'<div class="q" data-k="q{i}"><span>{text}</span><i data-k="plus{i}">+</i></div>'
    for i, text in enumerate(("What if my card is lost?", "How do I activate my card?", "Can I pay abroad?"), 1))


def test_a_question_is_a_text_that_asks_and_the_sentences_about_questions_are_not_counted(open_page):
    page = open_page(QUESTIONS)
    assert chosen(page, "Click the second question") == "q2"
    assert chosen(page, "Click the plus icon at the right end of the first question") == "plus1"


COVER = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Crect width='100%25' height='100%25' fill='%23a58'/%3E%3C/svg%3E"
DOTS = '<svg width="16" height="16">' + "".join(f'<circle cx="8" cy="{y}" r="1.5"/>' for y in (3, 8, 13)) + "</svg>"
PLAYLIST = """<!doctype html><meta charset="utf-8"><style>body { margin: 20px; font: 14px sans-serif; }
  table { border-collapse: collapse; width: 760px; } th { text-align: left; border-bottom: 1px solid #ccc; height: 30px; }
  td { height: 48px; } button { width: 30px; height: 30px; border: 0; background: none; cursor: pointer; padding: 0; }
  img { width: 36px; height: 36px; display: block; } .big { width: 54px; height: 54px; border-radius: 50%; background: #1db954; }</style>
<h1>Late Night Drive</h1><small>PLAYLIST</small>
<button class="big" aria-label="Play playlist" data-k="all" style="margin-left: 400px"><svg width="20" height="20"><path d="M4 2l14 8-14 8z"/></svg></button>
<table><thead><tr><th>#</th><th style="width: 50px"></th><th style="width: 46px"></th><th>Title</th><th style="width: 50px"></th>
<th style="width: 50px"></th></tr></thead><tbody>""" + "".join(
    f'<tr><td>{i}</td><td><button aria-label="Play {name}" data-k="play{i}"><svg width="16" height="16"><path d="M3 2l11 6-11 6z"/>'
    f'</svg></button></td><td><img alt="" src="{COVER}"></td><td>{name}</td><td><button aria-label="Like" data-k="like{i}">♡</button>'
    f'</td><td><button aria-label="More options" data-k="more{i}">{DOTS}</button></td></tr>'
    for i, name in enumerate(("Paper Moons", "Midnight Avenue", "Neon Rain"), 1)) + "</tbody></table>"


def test_rows_of_a_table_are_its_body_rows_under_empty_header_cells(open_page):
    # The empty header cells over the columns of icons are headings, not icons of a first row; the
    # button named 'Play playlist' for screen readers is not the playlist.
    page = open_page(PLAYLIST)
    assert chosen(page, "Click the play icon on the third row of the playlist") == "play3"
    assert chosen(page, "Click the heart icon on the first row") == "like1"


def test_a_three_dot_icon_is_a_menu_of_more_not_a_dot(open_page):
    assert chosen(open_page(PLAYLIST), "Click the three-dot icon at the end of the second row") == "more2"


FLIGHTS = """<!doctype html><style>body { margin: 20px; font: 15px sans-serif; } .steps { display: flex; gap: 30px; }
  .searchbar { display: flex; gap: 10px; padding: 12px; background: #eee; margin: 16px 0; } .searchbar input { width: 300px; }
  .chips { display: flex; align-items: center; gap: 8px; } .chip { border: 1px solid #bbb; border-radius: 16px; padding: 6px 12px; background: #fff; }
  .{card} { display: flex; justify-content: space-between; align-items: center; width: 700px; height: 70px; padding: 0 16px;
  border: 1px solid #ddd; margin-top: 10px; } button { cursor: pointer; }</style>
<div class="steps"><span>Search</span><span>Choose flight</span><span>Passenger</span></div>
<div class="searchbar"><input placeholder="From"><input placeholder="To"><button>Search</button></div>
<div class="chips"><button class="chip" data-k="nonstop">Nonstop</button><button class="chip" data-k="morning">Morning</button><button class="chip" data-k="evening">Evening</button>
<button data-k="clear" style="border: 0; background: none; padding: 0">Clear filters</button></div>""" + "".join(
    f'<div class="{{card}}"><b>SL {n}</b><span>{t}</span><button data-k="select{i}">Select</button></div>'
    for i, (n, t) in enumerate(((376, "08:10"), (482, "13:25"), (590, "17:45")), 1))


def test_the_second_card_is_counted_among_the_cards_not_texts_that_say_its_word(open_page):
    # "Choose flight" is a step of the progress bar, not a flight card, whatever the cards are called.
    for card in ("flight", "option"):
        page = open_page(FLIGHTS.replace("{card}", card))
        assert chosen(page, "Click the 'Select' button on the second flight card") == "select2"


def test_a_container_named_by_the_words_run_together_and_a_lone_name_for_a_series(open_page):
    # A container "searchbar" is the search bar; "Clear filters" says "filter" but is no series of chips.
    page = open_page(FLIGHTS.replace("{card}", "flight"))
    assert chosen(page, "Click the first filter chip under the search bar") == "nonstop"


def test_it_is_the_element_the_step_before_acted_on_which_has_the_focus(open_page):
    page = open_page(FLIGHTS.replace("{card}", "flight").replace('data-k="nonstop"', 'data-k="nonstop" autofocus'))
    assert chosen(page, "Click the chip right next to it") == "morning"


CLINIC = """<!doctype html><style>body { margin: 20px; font: 14px sans-serif; } nav { display: flex; gap: 20px; margin-bottom: 20px; }
  main { display: flex; gap: 40px; } .people { width: 250px; } .people button { display: block; width: 248px; height: 64px;
  margin-bottom: 8px; text-align: left; } .month { display: grid; grid-template-columns: repeat(7, 50px); gap: 4px; width: 380px; }
  .month button { height: 44px; }</style>
<nav><span>Find care</span><span>Our clinicians</span><span>Locations</span></nav><main>
<div class="people" onclick="event.target.classList.add('on')"><h2>Choose a clinician</h2>""" + "".join(
    f'<button data-k="doc{i}">{name}<br><small>GP</small></button>'
    for i, name in enumerate(("Dr. Helen Park", "Dr. Amara Osei", "Dr. Tomas Lind", "Dr. Ines Roy"), 1)) + """</div>
<div class="month" onclick="event.target.classList.add('on')">""" + "".join(
    f'<button data-k="d{d}">{d}</button>' for d in range(1, 29)) + "</div></main>"


def test_the_cards_of_a_list_are_counted_not_the_list_beside_another_big_box(open_page):
    # The list of clinicians and the calendar are two alike boxes side by side, each a listener for
    # what is in it: the four cards repeat more than the two boxes do.
    page = open_page(CLINIC)
    assert chosen(page, "Click the second clinician card in the left column") == "doc2"


SEARCH_BAR = """<!doctype html><style>body { margin: 20px; font: 15px sans-serif; } .bar { display: flex; gap: 10px; }
  .f { position: relative; } .f svg { position: absolute; left: 8px; top: 9px; } .f input { padding-left: 32px; height: 36px; }
</style><div class="bar"><div class="f"><input data-k="where" placeholder="City"></div>
<button id="search-btn" data-k="go">Search</button></div>
<div class="bar" style="margin-top: 16px"><div class="f"><svg width="18" height="18"><circle cx="7" cy="7" r="5" fill="none"
stroke="#678" stroke-width="2"/><path d="M11 11l5 5" stroke="#678" stroke-width="2"/></svg>
<input data-k="query" placeholder="Job title or company"></div></div>"""


def test_what_a_target_is_with_is_a_part_of_it_not_the_surest_of_that_kind(open_page):
    # The "Search" button is named a search more surely than the unnamed drawing, but the field the
    # description means holds the drawing.
    page = open_page(SEARCH_BAR)
    assert chosen(page, "Type 'designer' into the search field with the magnifier icon", "Type", "designer") == "query"


SHOP_HEADER = """<!doctype html><style>body { margin: 0; font: 15px sans-serif; } header { display: flex; height: 64px;
  align-items: center; padding: 0 20px; } header b { margin-right: auto; } .sw { display: flex; gap: 10px; margin: 20px; }
  .sw button { width: 40px; height: 40px; border-radius: 50%; border: 0; cursor: pointer; }
  #cart { width: 42px; height: 42px; border-radius: 50%; border: 0; background: #eee; }</style>
<header><b>Stride</b><button id="cart" aria-label="Cart" data-k="cart"><svg width="22" height="22"><path d="M6 7h12l-1 13H7z"
fill="none" stroke="#222"/></svg><span hidden>0</span></button></header>
<div class="sw">""" + "".join(f'<button aria-label="{name}" style="background: {c}" data-k="{name}"></button>'
                              for name, c in (("White", "#eee"), ("Orange", "#f60"), ("Teal", "#099"))) + "</div>"


def test_a_bag_icon_is_the_cart(open_page):
    assert chosen(open_page(SHOP_HEADER), "Click the bag icon in the top right corner") == "cart"


def test_a_submit_button_is_the_one_that_sends_whatever_its_text_says(open_page):
    page = open_page(REVIEW_FORM.replace(">Send<", ">Post review<").replace(".b1 { background: #eee; }",
                                                                            ".b1 { background: #555; color: #fff; }"))
    assert chosen(page, "Click the dark submit button under the text box") == "send"


RATING_UNDER_BARS = """<!doctype html><style>body { margin: 20px; font: 15px sans-serif; width: 420px; } .bar { height: 8px;
  background: #eee; width: 200px; } .bar i { display: block; height: 8px; background: #fa0; }
  #stars span { font-size: 28px; cursor: pointer; color: #ccc; }</style>
<table><tr><td><b>4.2</b><br><small>128 reviews</small></td><td><table>""" + "".join(
    f'<tr><td>{n} ★</td><td><div class="bar"><i style="width: {w}%"></i></div></td></tr>'
    for n, w in ((5, 55), (4, 25), (3, 10), (2, 6), (1, 4))) + """</table></td></tr></table>
<div><h2>Write a review</h2><div>Your rating</div><div id="stars">""" + "".join(
    f'<span data-k="{i}">★</span>' for i in range(1, 6)) + """<em>Select a rating</em></div></div>
<script>document.getElementById("stars").addEventListener("click", (e) => e.target.classList.add("on"));</script>"""


def test_in_a_row_named_by_its_text_is_nearest_that_text_however_deep_other_rows_are_nested(open_page):
    # The bars of the summary share more containers with "128 reviews" than the stars do with "Select
    # a rating", only because they sit in a nested table.
    assert chosen(open_page(RATING_UNDER_BARS), "Click the fourth star in the rating row of the review form") == "4"


DELIVERY = """<!doctype html><meta charset="utf-8"><style>body { margin: 20px; font: 15px sans-serif; width: 600px; }
  .o { display: flex; justify-content: space-between; width: 560px; height: 56px; align-items: center; padding: 0 16px;
  border: 1px solid #ccc; margin-bottom: 8px; background: #fff; cursor: pointer; } .o.on, .go { background: #f07a1a; }
  .go { padding: 12px 20px; border: 0; margin-top: 12px; cursor: pointer; }</style>
<h2>Delivery</h2>""" + "".join(
    f'<button class="o{on}" data-k="{k}"><b>{name}</b><span>{price}</span></button>'
    for k, name, price, on in (("standard", "Standard delivery", "$4.95", ""), ("express", "Express delivery", "$12.00", " on"),
                               ("pickup", "Store pickup", "Free", ""))) + '<button class="go" data-k="go">Continue to payment</button>'


def test_one_of_the_landmarks_is_not_under_the_others(open_page):
    # The chosen option is orange too, but it is one of "the delivery options", not under them.
    assert chosen(open_page(DELIVERY), "Click the orange button under the delivery options") == "go"


# -- words for a look, a size and the part of an item that names it --------------------------------
STORIES = """<!doctype html><meta charset="utf-8"><style>body { margin: 0; font: 14px Verdana, sans-serif; }
  header { background: #f60; height: 40px; display: flex; align-items: center; gap: 12px; padding: 0 8px; }
  .s { display: flex; gap: 12px; padding: 10px 20px; border-bottom: 1px solid #eee; } .s i { width: 120px; height: 80px;
  background: #ccd; } h2 { font-size: 19px; margin: 0; } .meta { color: #888; font-size: 12px; }</style>
<header><b>Daily</b><a href="#">World</a><a href="#">Tech</a></header><main>""" + "".join(
    f'<div class="s"><i></i><div><h2><a href="#" data-k="h{i}">{title}</a></h2><p>A summary of the story.</p>'
    f'<div class="meta"><a href="#" data-k="c{i}">{i * 7} comments</a> · <span>{i}h ago</span></div></div></div>'
    for i, title in enumerate(("Markets rally on rate news", "New bridge opens downtown", "Scientists map deep ocean",
                               "Local team wins final"), 1)) + "</main>"


def test_the_headline_of_an_item_is_its_heading_counted_one_per_item(open_page):
    # No text says "headline" or "story": the headline is the heading, one per story.
    page = open_page(STORIES, (1000, 700))
    assert chosen(page, "Click the headline of the third story") == "h3"
    assert chosen(page, "Click the title of the second article") == "h2"
    assert chosen(page, "Click the comments link of the fourth story") == "c4"


SIGN_UP = """<!doctype html><style>body { margin: 20px; font: 14px sans-serif; } form { width: 400px; display: grid; gap: 10px; }
  input { height: 30px; } .row { display: flex; gap: 8px; } button { height: 36px; border: 0; border-radius: 4px; color: #fff;
  background: #1a73e8; cursor: pointer; } .sm { width: 80px; }</style>
<form><input placeholder="Name"><div class="row"><button type="button" class="sm" data-k="check">Check</button>
<button type="button" class="sm" data-k="test">Test</button></div><input placeholder="Email">
<button type="button" data-k="wide">Create account</button></form>"""


def test_size_words_pick_the_widest_or_smallest_when_sizes_differ(open_page):
    # "wide" is no text on the page: it says which of the blue buttons, as "small" does.
    page = open_page(SIGN_UP)
    assert chosen(page, "Click the wide blue button") == "wide"
    assert chosen(page, "Click the wide blue button at the bottom of the form") == "wide"
    assert chosen(page, "Click the small blue button on the right") == "test"


SORTABLE = """<!doctype html><style>body { margin: 20px; font: 14px sans-serif; }
  .line { display: grid; grid-template-columns: 200px 120px 120px 60px; min-height: 40px; align-items: center; }
  .line button { border: 0; background: none; font: 700 13px sans-serif; padding: 0; }
  .chart { height: 560px; } footer i { display: inline-block; width: 14px; height: 3px; margin-right: 6px; vertical-align: middle; }
</style><div class="line head"><span>Task</span><span>Owner</span><span><button data-cmd="sort">Due
<svg width="12" height="12" viewBox="0 0 12 12" data-k="sort"><polygon points="6,1.5 9.2,5 2.8,5" fill="#999"/><polygon points="6,10.5 9.2,7 2.8,7"
fill="#999"/></svg></button></span><span>Pts</span></div>""" + "".join(
    f'<div class="line"><span>{task}</span><span>{owner}</span><span>Mar {day}</span><span>{pts}</span></div>'
    for task, owner, day, pts in (("Audit sitemap", "MK", 4, 2), ("Wireframes", "JR", 12, 5), ("Staging", "TN", 7, 3))) + """
<section class="chart"><header><h2>Burndown</h2><span>Points left per working day</span></header></section>
<footer><span><i style="background:#ccc" data-k="ideal"></i>Ideal</span><span><i style="background:#36f" data-k="actual"></i>Actual</span></footer>
<script>document.addEventListener("click", (e) => { if (e.target.closest("[data-cmd]")) document.body.dataset.sorted = 1; });</script>"""


def test_a_size_word_chooses_among_what_a_user_could_act_on(open_page):
    # Of the drawings that could be arrows, the legend's lines under the chart's header further down are
    # smaller than the sort arrow, but out of view and no part of anything a user would click.
    page = open_page(SORTABLE)
    assert chosen(page, "Click the little arrow in the header row") == "sort"


MIXER = """<!doctype html><style>body { margin: 20px; font: 13px sans-serif; display: flex; gap: 12px; }
  .strip { width: 90px; border: 1px solid #ccc; border-radius: 6px; padding: 8px; text-align: center; }
  .strip button { width: 34px; height: 28px; margin: 2px; } .knob { width: 26px; height: 26px; border-radius: 50%;
  border: 2px solid #888; margin: 6px auto; } .fader { height: 160px; width: 6px; background: #ddd; margin: 8px auto; }
</style>""" + "".join(
    f'<div class="strip"><b>{name}</b><div class="knob"></div><button aria-label="Mute" data-k="mute{i}"><svg width="16" '
    f'height="16" viewBox="0 0 16 16"><path d="M2 6h3l4-3v10l-4-3H2z" fill="#555"/><path d="M11 5q2 3 0 6" stroke="#555" '
    f'fill="none"/></svg></button><button aria-label="Solo" data-k="solo{i}"><svg width="16" height="16" viewBox="0 0 16 16">'
    f'<path d="M3 10a5 5 0 0 1 10 0v3h-2v-3M3 10v3h2v-3" stroke="#555" fill="none"/></svg></button><div class="fader"></div></div>'
    for i, name in enumerate(("Vocals", "Guitar", "Bass", "Drums", "Keys"), 1))


def test_a_speaker_icon_is_the_mute_button(open_page):
    # No text says speaker: the mute button is what a speaker icon is drawn on; the knob above it is no speaker.
    page = open_page(MIXER)
    assert chosen(page, "Click the speaker icon at the top of the fourth channel strip") == "mute4"
    assert chosen(page, "Click the speaker in the second strip") == "mute2"


BOUQUET = """<!doctype html><style>body { margin: 20px; font: 14px sans-serif; display: flex; gap: 40px; }
  .grid { display: grid; grid-template-columns: repeat(3, 120px); gap: 16px; } .card { text-align: center; }
  .card svg { display: block; width: 120px; height: 100px; } .card button { width: 36px; height: 30px; }
  .sum div { display: flex; justify-content: space-between; width: 200px; margin: 8px 0; }</style>
<div class="grid">""" + "".join(
    f'<div class="card"><svg viewBox="0 0 120 100"><circle cx="60" cy="40" r="22" fill="{colour}"/><path d="M60 62v34" '
    f'stroke="#4a4" stroke-width="4"/></svg><b>${price}</b><br><button data-k="plus{i}">+</button></div>'
    for i, (colour, price) in enumerate((("#c23", "4.50"), ("#e6a", "3.00"), ("#fc2", "3.75"),
                                         ("#96d", "2.25"), ("#fff", "1.75"), ("#9cf", "4.00")), 1)) + """</div>
<div class="sum"><h3>Your bouquet</h3><div><span>Stems</span><span>0</span></div>
<div><span>Flowers</span><span id="flowers-sum">$0.00</span></div><div><span>Total</span><span>$0.00</span></div></div>"""


def test_a_picture_named_by_a_word_the_page_says_elsewhere_is_a_picture(open_page):
    # The summary's value is named "flowers-sum"; the flower pictures say nothing: the picture meant is
    # the top-left one of them, not the value.
    page = open_page(BOUQUET)
    assert chosen(page, "Click the plus button under the top-left flower picture") == "plus1"
    assert chosen(page, "Click the plus under the second flower image in the bottom row") == "plus5"


COMPANY = """<!doctype html><meta charset="utf-8"><style>body { margin: 20px; font: 14px sans-serif; }
  .co { display: flex; gap: 8px; align-items: center; } .r span { color: #fa0; } .co button { background: none; border: 0; }</style>
<div class="co"><h1>Northwind Traders</h1><button aria-label="Follow" data-k="follow"><svg width="20" height="20"
viewBox="0 0 24 24"><path d="M12 2l3 7h7l-6 5 2 8-6-5-6 5 2-8-6-5h7z" fill="none" stroke="#555"/></svg></button></div>
<div class="r"><span data-k="1">★</span><span data-k="2">★</span><span data-k="3">★</span><span data-k="4">☆</span> 3.9 rating</div>"""


def test_an_outline_is_a_drawing_not_filled_in_beside_the_heading_a_name_means(open_page):
    # The company name is the page's heading; the star beside it is an outlined SVG; of the rating's
    # stars, the empty one is the outline.
    page = open_page(COMPANY)
    assert chosen(page, "Click the star outline to the right of the company name") == "follow"
    assert chosen(page, "Click the empty star in the rating") == "4"
    assert chosen(page, "Click the last filled star") == "3"


PLANNER = """<!doctype html><style>body { margin: 20px; font: 14px sans-serif; display: flex; gap: 40px; }
  .g { display: grid; grid-template-columns: 70px repeat(3, 90px); gap: 6px; }
  .slot { height: 70px; border: 1.5px dashed #ccc; border-radius: 8px; text-align: center; line-height: 70px;
    color: #bbb; cursor: pointer; } .meal { height: 70px; border: 1px solid #ddd; border-radius: 8px; cursor: pointer; }
  .tick { width: 14px; height: 14px; border: 1px solid #999; border-radius: 50%; cursor: pointer; display: inline-block; }
  li { list-style: none; margin: 8px 0; }</style>
<div class="g"><span></span><b>Mon</b><b>Tue</b><b>Wed</b>
  <b>Lunch</b><div class="meal">Wraps</div><div class="slot" data-k="l2">+</div><div class="slot" data-k="l3">+</div>
  <b>Dinner</b><div class="slot" data-k="d1">+</div><div class="meal">Pasta</div><div class="slot" data-k="d3">+</div></div>
<ul><li><span class="tick box" data-k="t1"></span> Lemons</li><li><span class="tick box" data-k="t2"></span> Eggs</li>
  <li><span class="tick box" data-k="t3"></span> Oats</li></ul>"""


def test_an_empty_box_holds_nothing_it_is_not_a_drawing_only_outlined(open_page):
    # The unticked circles are drawn only outlined (and called "box" in their class); the slot the
    # step means is the box in the Dinner row under Wed, which shows only a faint plus.
    page = open_page(PLANNER)
    assert chosen(page, "Click the empty dashed box in the Dinner row under Wed") == "d3"
    assert chosen(page, "Click the empty box in the Lunch row under Tue") == "l2"


ROUND_AND_CROSS = """<!doctype html><style>body { margin: 20px; font: 14px sans-serif; }
  .i { display: flex; gap: 10px; align-items: center; margin: 8px 0; width: 300px; }
  .c { width: 16px; height: 16px; border: 1px solid #999; border-radius: 50%; cursor: pointer; }
  .x { font-size: 10px; cursor: pointer; margin-left: auto; }</style>""" + "".join(
    f'<div class="i"><span class="c" data-k="c{n}"></span>{name}<span class="x" data-k="x{n}">✕</span></div>'
    for n, name in enumerate(("Lemons", "Eggs", "Oats"), 1))


def test_a_round_box_is_drawn_as_a_circle(open_page):
    # The crosses are smaller than the circles; "round" says which of the small boxes is meant.
    page = open_page(ROUND_AND_CROSS)
    assert chosen(page, "Click the little round box in the second row") == "c2"
    assert chosen(page, "Click the small round box") == "c1"
    assert chosen(page, "Click the tiny x in the second row") == "x2"


ROWS_OF_BOXES = """<!doctype html><style>body { margin: 20px; } .r { display: flex; gap: 4px; margin-bottom: 4px; }
  .r div { width: 50px; height: 50px; background: #bbb; cursor: pointer; }</style>
<button>New game</button><div>""" + "".join(
    '<div class="r">' + "".join(f'<div data-k="{r}{c}"></div>' for c in "123") + "</div>" for r in "abc") + "</div>"


def test_cells_of_a_grid_drawn_as_rows_of_boxes(open_page):
    # Nothing says "cell" or "grid": the boxes in rows and columns are its cells.
    page = open_page(ROWS_OF_BOXES)
    assert chosen(page, "Click the top-left cell of the grid") == "a1"
    assert chosen(page, "Click the bottom right tile") == "c3"


TAB_ROW = """<!doctype html><style>body { margin: 20px; font: 15px Georgia, serif; background: #15181d; color: #ddd; }
  .links, .boxes, .heads { display: flex; gap: 20px; margin: 16px 0; } .links span, .heads span { cursor: pointer; }
  .boxes span { width: 52px; height: 40px; border: 1px solid #59606b; text-align: center; cursor: pointer; }
  .boxes .sel { background: #1f5a3d; } .heads span { padding: 8px 0; border-bottom: 3px solid transparent; color: #8d8a82; }
  .heads .sel { border-bottom-color: #c9a227; color: #eee; }</style>
<div class="links"><span>Men</span><span>Women</span><span>Gear</span></div>
<div class="boxes"><span>S</span><span class="sel">M</span><span data-k="xl">XL</span></div>
<div class="heads"><span class="sel" data-k="overview">Overview</span><span>Specs</span><span data-k="reviews">Reviews</span></div>"""


def test_tabs_are_the_row_of_labels_drawn_alike_but_the_open_one(open_page):
    # Nothing calls them tabs: the row whose one label is underlined in another colour is; the links
    # drawn all alike are not, nor the boxes of a size picker.
    page = open_page(TAB_ROW)
    assert chosen(page, "Click the last tab of the tab row, at its right end") == "reviews"
    assert chosen(page, "Click the first tab") == "overview"


def test_a_cell_named_by_its_row_and_its_column(open_page):
    page = open_page(BOARD)
    assert chosen(page, "Click the cell in the second row and third column") == "b3"
    assert chosen(page, "Click the cell in the bottom row and the first column") == "c1"
    assert chosen(page, "Click the cell in the third column of the second row") == "b3"


HABITS = """<!doctype html><style>body { margin: 20px; font: 14px sans-serif; } td, th { width: 70px; height: 40px; }
  .c { display: block; width: 24px; height: 24px; border-radius: 50%; border: 2px solid #999; cursor: pointer; }
</style><table><tr><th>Habit</th><th>Mon</th><th>Tue</th><th>Wed</th></tr>""" + "".join(
    f'<tr><td>{habit}</td>' + "".join(f'<td><span class="c" data-k="{habit[0]}{day}"></span></td>' for day in "MTW") + "</tr>"
    for habit in ("Water", "Read", "Stretch")) + "</table>"


def test_a_cell_named_by_the_column_of_a_row(open_page):
    # "the Tue column of the second row": where that column crosses that row.
    page = open_page(HABITS)
    assert chosen(page, "Click the circle in the Tue column of the second row") == "RT"
    assert chosen(page, "Click the circle in the Wed column of the first habit row") == "WW"


PRODUCT_GRID = """<!doctype html><meta charset="utf-8"><style>body { margin: 20px; font: 14px sans-serif; }
  .g { display: grid; grid-template-columns: repeat(3, 220px); gap: 16px; } .p { border: 1px solid #ddd; padding: 10px; }
  .p i { display: block; width: 200px; height: 120px; background: #cde; } .p h3 { margin: 6px 0; font-size: 16px; }
  .p button { background: #1a73e8; color: #fff; border: 0; padding: 6px 10px; cursor: pointer; } .like { cursor: pointer; }
</style><h1>Shop</h1><div class="g">""" + "".join(
    f'<div class="p"><i></i><h3 data-k="t{n}">{name}</h3><div>${price}</div><button data-k="b{n}">Add to cart</button> '
    f'<span class="like" data-k="l{n}">♡ {likes}</span></div>'
    for n, (name, price, likes) in enumerate((("Desk lamp", 39, 12), ("Oak chair", 129, 8), ("Wool rug", 89, 31),
                                              ("Floor lamp", 59, 4), ("Stool", 45, 9), ("Mirror", 75, 2)), 1)) + "</div>"


def test_a_card_nothing_names_is_the_box_each_item_is_one_of(open_page):
    # No container is called a card: the box holding each product's title and button alone is.
    page = open_page(PRODUCT_GRID, (1000, 800))
    assert chosen(page, "Click the blue button in the bottom-right card") == "b6"
    assert chosen(page, "Click the title of the top-right card") == "t3"
    assert chosen(page, "Click the 'Add to cart' button of the third product") == "b3"


def test_a_pictograph_that_starts_a_short_text_is_drawn_beside_it(open_page):
    page = open_page(PRODUCT_GRID, (1000, 800))
    assert chosen(page, "Click the heart on the fifth card") == "l5"
    assert chosen(page, "Click the heart outline of the last product") == "l6"


PLAYER_AND_CHIPS = """<!doctype html><meta charset="utf-8"><style>body { margin: 20px; font: 14px sans-serif; }
  .chips span, .bar div { cursor: pointer; } .bar { display: flex; gap: 12px; margin-top: 20px; }
  .r span { font-size: 24px; cursor: pointer; }</style>
<div class="chips"><span>★★★★★</span> <span>★★★★☆</span></div>
<div class="r"><span data-k="1">☆</span><span data-k="2">☆</span><span data-k="3">☆</span><span data-k="4">☆</span></div>
<div class="bar"><div data-k="song"><b>Glass Towers</b> <span>Mira Vale</span> <span data-k="heart">♡</span></div></div>"""


def test_a_row_of_pictographs_or_a_container_of_one_is_no_icon_beside_a_label(open_page):
    # The filter chips show ratings, not a star each; the song's box is not its heart.
    page = open_page(PLAYER_AND_CHIPS)
    assert chosen(page, "Click the fourth star") == "4"
    assert chosen(page, "Click the heart icon next to the song name") == "heart"


LINKS_TABLE = """<!doctype html><meta charset="utf-8"><style>body { margin: 8px; font: 10pt Verdana, sans-serif; }
  td { padding: 2px; } .sub { font-size: 7pt; color: #828282; } .hd { background: #f60; }</style>
<table width="85%"><tr class="hd"><td><b>Hacker News</b> <span><a href="#">new</a> | <a href="#">past</a> |
<a href="#">comments</a> | <a href="#">ask</a></span></td></tr><tr><td><table>""" + "".join(
    f'<tr><td>{i}.</td><td><a href="#">▲</a></td><td><span><a href="#" data-k="h{i}">{title}</a> '
    f'<span class="sub">(example.com)</span></span></td></tr><tr><td colspan="2"></td><td class="sub">{i * 10} points '
    f'<a href="#">{i} hours ago</a> | <a href="#" data-k="c{i}">{i * 3} comments</a></td></tr>'
    for i, title in enumerate(("Show HN: A tiny database", "Why the sky is blue, explained at some length", "Rust 2.0",
                               "Maps of the deep ocean floor", "Ask HN: What do you read?"), 1)) + "</table></td></tr></table>"


def test_the_items_a_landmark_counts_are_the_boxes_each_target_is_the_only_one_of(open_page):
    # Titles of every length in table rows, a menu of links above them: the third story is the third
    # row holding one title, and its headline the text standing out from the small print.
    page = open_page(LINKS_TABLE, (1200, 800))
    assert chosen(page, "Click the headline of the third story") == "h3"
    assert chosen(page, "Click the title of the second story") == "h2"
    assert chosen(page, "Click the comments link of the fourth story") == "c4"


MAILBOX = """<!doctype html><meta charset="utf-8"><style>body { margin: 0; font: 14px sans-serif; display: flex; }
  .side { width: 200px; padding: 10px; } .side div { padding: 8px; cursor: pointer; } .new { background: #1a73e8; color: #fff; }
  .main { flex: 1; } .r { display: flex; gap: 12px; padding: 10px; border-bottom: 1px solid #eee; cursor: pointer; }</style>
<div class="side"><div class="new" data-k="new">New message</div><div>Inbox 4</div><div>Flagged</div><div>Archive</div></div>
<div class="main">""" + "".join(
    f'<div class="r" data-k="m{i}"><b>{who}</b><span>{subject}</span><span>Jun {i}</span></div>'
    for i, (who, subject) in enumerate((("Dana Whitfield", "Quarterly budget review"), ("Marco Bellini", "Trip photos"),
                                        ("Priya Raman", "Invoice #4471"), ("Leo Park", "Lunch?")), 1)) + "</div>"


def test_a_list_nothing_names_is_the_longest_series_and_a_lone_button_is_not_its_first_item(open_page):
    # "New message" says the word, but a lone button is no list to count in: the rows are the list,
    # not the folders beside them, as many but smaller.
    page = open_page(MAILBOX, (1000, 600))
    assert chosen(page, "Click the first message in the list to open it") == "m1"
    assert chosen(page, "Click the third message in the list") == "m3"


# -- what a rebuilt page leaves to a description ---------------------------------------------------
SIZE_TILES = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 0; } header { display: flex; justify-content: space-between; padding: 20px; }
  .cnt { width: 40px; height: 40px; border-radius: 20px; background: #eee; text-align: center; line-height: 40px; cursor: pointer; }
  .pick { width: 440px; margin: 40px 0 0 600px; } .ttl { font-weight: bold; margin-bottom: 8px; }
  .tiles { display: flex; flex-wrap: wrap; gap: 8px; } .tile { width: 80px; height: 42px; line-height: 42px; text-align: center;
  border: 1px solid #ccc; border-radius: 8px; cursor: pointer; }
</style>
<header><b>Stride</b><div class="cnt" data-k="cart">0</div></header>
<div class="pick"><div class="ttl">Size</div><div class="tiles">""" + "".join(
    f'<div class="tile" data-k="{n}">EU {n}</div>' for n in range(39, 46)) + """</div></div>
<script>document.querySelectorAll(".tile, .cnt").forEach((t) => t.addEventListener("click", () => t.classList.add("on")));</script>"""


def test_a_kind_word_counts_the_things_of_that_kind_not_a_label_saying_the_other_word(open_page):
    # "size" is said only by the heading "Size": the tiles are what is counted, in their top row,
    # not the cart badge that is a row higher on the page.
    assert chosen(open_page(SIZE_TILES, (1280, 800)), "Click the fourth size tile in the top row") == "42"


BAR_PLAYER = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 0; } .row { display: flex; gap: 20px; align-items: center; padding: 10px 40px; }
  .row button { width: 30px; height: 30px; } .foot { position: fixed; left: 0; right: 0; bottom: 0; height: 80px;
  background: #eee; display: flex; justify-content: center; align-items: center; gap: 20px; }
  .foot div { width: 34px; height: 34px; cursor: pointer; display: grid; place-items: center; }
  .foot .big { width: 44px; height: 44px; border-radius: 50%; background: #222; }
</style>""" + "".join(f'<div class="row"><button data-k="row{i}">▶</button><span>Song {i}</span></div>' for i in range(1, 5)) + """
<div class="foot"><div data-k="prev"><svg width="16" height="16"><rect x="2" y="2" width="12" height="12"/><circle cx="8" cy="8" r="2" fill="#fff"/></svg></div>
<div class="big" data-k="play"><svg width="16" height="16"><rect x="3" y="3" width="10" height="10" fill="#fff"/></svg></div>
<div data-k="next"><svg width="16" height="16"><rect x="2" y="2" width="12" height="12"/><circle cx="8" cy="8" r="3" fill="#fff"/></svg></div></div>
<script>document.querySelectorAll(".foot div").forEach((d) => d.addEventListener("click", () => d.classList.add("on")));</script>"""


def test_the_bottom_bar_is_the_band_at_the_bottom_and_its_landmarks_are_looked_for_in_it(open_page):
    # Nothing is called a bar ("foot"), the icons are unnamed drawings, and the list has play icons
    # too: the skip button is right of the bar's play button, not of a play icon in the list.
    page = open_page(BAR_PLAYER, (1280, 800))
    assert chosen(page, "Click the skip-forward button to the right of the round play/pause button in the bottom bar") \
        == "next"


INBOX_ROWS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .row { display: flex; gap: 40px; padding: 12px; width: 700px; }
  .row .t { flex: 1; } .tools { display: flex; gap: 14px; } .ic { width: 18px; height: 18px; }
</style>""" + "".join(
    f'<div class="row"><div class="t">{title}</div><div class="tools">'
    f'<div class="ic" data-act="arch"><svg data-k="{k}-archive" width="18" height="18"><path d="M2 3h14v4H2z"/></svg></div>'
    f'<div class="ic" data-act="flag"><svg data-k="{k}-flag" width="18" height="18"><path d="M4 16V2h9l-2 4 2 4H4"/></svg></div>'
    f'<div class="ic" data-act="del"><svg data-k="{k}-bin" width="18" height="18"><path d="M3 4h12l-1 12H4z"/></svg></div>'
    '</div></div>' for k, title in (("a", "Your itinerary"), ("b", "Quarterly budget review"), ("c", "Invoice for May"))) + """
<script>document.querySelectorAll(".row").forEach((r) => r.addEventListener("click", () => r.classList.add("on")));</script>"""


def test_a_wrapper_around_one_drawing_names_it_by_what_it_does(open_page):
    # Three unnamed SVG icons per row; only their wrappers say which is which (data-act="flag").
    assert chosen(open_page(INBOX_ROWS), "Click the flag icon on the 'Quarterly budget review' row") == "b-flag"


FLIGHT_CARDS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .steps { display: flex; gap: 30px; margin-bottom: 20px; }
  .card { display: flex; justify-content: space-between; align-items: center; border: 1px solid #ccc;
  border-radius: 10px; padding: 14px; margin: 10px 0; width: 700px; }
  .pick { background: #f60; color: #fff; padding: 10px 20px; border-radius: 6px; cursor: pointer; }
</style><div class="steps"><span>1 Search</span><span>2 Choose flight</span><span>3 Passenger</span></div>""" + "".join(
    f'<div class="card flight"><b>SL {n}</b><span>€{p}</span><span>per adult</span>'
    f'<div class="pick" data-k="{i}" onclick="this.textContent=\'Chosen\'">Choose</div></div>'
    for i, (n, p) in enumerate(((310, 129), (482, 164), (517, 212)), 1))


def test_a_label_no_text_says_leaves_the_kind_and_place_to_say_which(open_page):
    # The rebuild reads "Choose" where the original said 'Select': the button of the second card.
    assert chosen(open_page(FLIGHT_CARDS), "Click the 'Select' button on the second flight card") == "2"


JOB_FILTERS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 0; } nav { display: flex; gap: 20px; padding: 16px 80px; }
  .sb { display: flex; gap: 10px; margin: 10px 80px; } .sb input { width: 600px; height: 40px; }
  .go { width: 100px; height: 42px; background: #06c; color: #fff; text-align: center; line-height: 42px; cursor: pointer; }
  .under { display: flex; justify-content: space-between; margin: 16px 80px; width: 1090px; }
  .chips, .sort { display: flex; gap: 8px; align-items: center; }
  .chip { padding: 6px 14px; border: 1px solid #ccc; border-radius: 16px; cursor: pointer; }
  .list { margin: 20px 80px; } .job { display: flex; gap: 20px; align-items: center; margin: 10px 0; }
  .av { width: 46px; height: 46px; border-radius: 8px; background: #ddd; text-align: center; line-height: 46px; cursor: pointer; }
</style><nav><b>bright</b><span>Jobs</span><span>Salaries</span></nav>
<div class="sb"><input placeholder="Job title, skill or company"><div class="go">Search</div></div>
<div class="under"><div class="chips">""" + "".join(
    f'<div class="chip" data-k="{name}">{name}</div>' for name in ("Remote", "Full-time", "Part-time", "Contract")) + """
</div><div class="sort"><span>Sort by</span><div class="chip" data-k="newest">Newest</div>
<div class="chip" data-k="salary">Salary (high to low)</div></div></div>
<div class="list">""" + "".join(f'<div class="job"><div class="av">{a}</div><span>{t}</span></div>'
                                for a, t in (("T", "Tidewater: UX Designer"), ("L", "Lumio: Product Designer"))) + """</div>
<script>document.querySelectorAll(".chip, .go, .av").forEach((c) => c.addEventListener("click", () => c.classList.add("on")));</script>"""


def test_the_first_chip_under_a_bar_is_counted_from_the_left_of_its_row(open_page):
    page = open_page(JOB_FILTERS, (1280, 800))
    assert chosen(page, "Click the first filter chip under the search bar") == "Remote"


def test_it_is_what_the_last_click_was_on_though_it_took_no_focus(open_page):
    page = open_page(JOB_FILTERS, (1280, 800))
    page._run(page.page.click("[data-k=Remote]"))
    page.candidates = page._run(actions.collect(page.page, 4000))
    assert chosen(page, "Click the chip right next to it") == "Full-time"


def test_a_reworded_label_is_found_by_its_words_not_by_letters_of_them(open_page):
    # 'Highest salary' reads "Salary (high to low)" here; a badge "T" or "L" is no part of the label.
    page = open_page(JOB_FILTERS, (1280, 800))
    assert chosen(page, "Click 'Highest salary' next to 'Sort by'") == "salary"


KANBAN = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 0; } .board { display: flex; gap: 18px; padding: 20px; }
  .col { width: 300px; background: #f3f3f3; padding: 10px; } .card { background: #fff; margin: 8px 0; padding: 10px;
  display: flex; gap: 6px; align-items: center; } .card span { flex: 1; } .ico { width: 26px; height: 26px; }
</style><div class="board">""" + "".join(
    f'<div class="col"><h3>{name}</h3>' + "".join(
        f'<div class="card"><span>{name} task {i}</span><button class="ico" data-k="{c}{i}-star">☆</button>'
        f'<button class="ico" title="Move left" data-k="{c}{i}-left"><svg width="14" height="14"><path d="M13 7H1"/></svg></button>'
        f'<button class="ico" title="Move right" data-k="{c}{i}-right"><svg width="14" height="14"><path d="M1 7h12"/></svg></button></div>'
        for i in range(1, 4)) + "</div>" for c, name in (("a", "To do"), ("b", "Doing"), ("c", "Done"))) + "</div>"


def test_a_column_is_the_column_the_page_draws_and_its_cards_are_counted_in_it(open_page):
    page = open_page(KANBAN, (1280, 800))
    # The board's middle column, not the middle column of icons; its second card, not the page's.
    assert chosen(page, "Click the outlined star on the second card in the middle column") == "b2-star"
    # A drawing named "Move left" does not point right.
    assert chosen(page, "Click the right arrow on the top card of the Doing column") == "b1-right"


LANES = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 0; } h1 { margin: 20px; } main { display: grid; grid-template-columns: repeat(3, 320px);
  gap: 18px; padding: 0 20px; } section { background: #eef0f4; padding: 10px; } h3 { margin: 0; display: flex; gap: 8px; }
  .card { background: #fff; margin: 8px 0; padding: 10px; display: flex; gap: 6px; align-items: center; }
  .card span { flex: 1; } button { width: 26px; height: 26px; border: 0; background: none; }
</style><h1>Website relaunch</h1><main>""" + "".join(
    f'<section><h3><i></i><strong>{name}</strong><span>3</span></h3>' + "".join(
        f'<div class="card"><span>Task {c}{i}</span><button data-k="{c}{i}-star">☆</button>'
        f'<button data-k="{c}{i}-left"><svg width="14" height="14"><path d="M13 7H1M5 3L1 7l4 4" stroke="#555"/></svg></button>'
        f'<button data-k="{c}{i}-right"><svg width="14" height="14"><path d="M1 7h12M9 3l4 4-4 4" stroke="#555"/></svg></button></div>'
        for i in range(1, 4)) + "</section>" for c, name in (("a", "To do"), ("b", "Doing"), ("c", "Done"))) + """</main>
<script>document.querySelector("main").addEventListener("click", () => {});</script>"""


def test_a_place_word_of_a_landmark_tells_alike_things_apart_not_the_board_that_also_says_its_name(open_page):
    # Each lane's name is a <strong> in its heading; the <main> around the lanes, which listens for the
    # cards' clicks, says every name too, and is the topmost of them all.
    page = open_page(LANES, (1280, 800))
    assert chosen(page, "Click the right arrow on the top card of the Doing column") == "b1-right"
    assert chosen(page, "Click the star icon on the last card of the To do column") == "a3-star"


TRANSFER = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; background: #fff; } .row { display: flex; gap: 16px; }
  .amt { display: flex; align-items: center; gap: 6px; border: 1px solid #ccd; padding: 0 10px; width: 300px; }
  .amt input, .note { border: 0; height: 50px; font-size: 20px; } .note { border: 1px solid #ccd; width: 400px; }
  .chips { display: flex; gap: 8px; margin: 8px 0 0 316px; } .chip { height: 28px; padding: 0 13px; border-radius: 14px;
  background: #eef1f6; color: #3b4558; border: 0; }
</style><div class="row"><div class="amt"><span>$</span><input data-k="amount" placeholder="0.00"></div>
<input class="note" data-k="note" placeholder="Add a note (optional)"></div>
<div class="chips">""" + "".join(f'<button class="chip" data-k="{n}">{n}</button>' for n in ("Rent", "Groceries", "Utilities", "Gift")) \
    + "</div>"


def test_a_sign_names_the_box_that_holds_it_however_bigger_the_box_beside_it(open_page):
    page = open_page(TRANSFER, (1000, 400))
    assert chosen(page, "Type 1800 into the big box with the $ sign", "Type", "1800") == "amount"


def test_a_size_word_with_a_count_says_what_the_series_is_not_which_of_it(open_page):
    # The chips are as wide as their words; a pale fill on the white page is the grey a person sees.
    page = open_page(TRANSFER, (1000, 400))
    assert chosen(page, "Click the first of the small grey chips under the note box") == "Rent"



def test_a_dark_slate_fill_is_the_grey_a_person_sees_and_a_saturated_dark_blue_stays_blue(open_page):
    # Dark themes fill chips with a grey tinted towards blue (#2a3140, #1f2937); a person calls them
    # grey. A dark colour is a hue only when it is clearly saturated (#1e3a8a is blue).
    page = open_page(TRANSFER.replace("background: #fff;", "background: #11151c; color: #e6e9ef;")
                     .replace("background: #eef1f6; color: #3b4558;", "background: #2a3140; color: #c9d1de;")
                     .replace('data-k="Gift"', 'data-k="Gift" style="background:#1e3a8a"'), (1000, 400))
    assert chosen(page, "Click the first of the small grey chips under the note box") == "Rent"
    assert chosen(page, "Click the dark blue chip") == "Gift"


ANSWER = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 40px; } .row { display: flex; align-items: center; gap: 24px; }
  .round { width: 60px; height: 60px; border-radius: 50%; border: 2px solid #22c55e; background: #ecfdf5; display: grid;
  place-items: center; cursor: pointer; } .fb { color: #22c55e; font-weight: bold; width: 170px; }
</style><div class="row"><div class="round" data-k="button" onclick="document.getElementById('fb').textContent = '✓ Correct!'">
<svg width="26" height="26" viewBox="0 0 24 24"><polyline points="4 12 10 18 20 6" fill="none" stroke="#16a34a" stroke-width="3"/></svg></div>
<span class="fb" id="fb" data-k="message">✓ Correct!</span></div>"""


def test_a_message_that_begins_with_a_tick_is_not_the_check_button_beside_it(open_page):
    page = open_page(ANSWER)
    assert chosen(page, "Click the green check button again") == "button"


UNNAMED_SEATS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .slots div { display: inline-block; width: 70px; height: 32px; line-height: 32px;
  text-align: center; border: 1px solid #1e3a8a; color: #1e3a8a; cursor: pointer; } .slots div.on { background: #2563eb; color: #fff; }
  .hall i { font-style: normal; color: #6b7384; } table { border-spacing: 6px 0; } td { height: 34px; padding: 0; }
  td.rl { width: 20px; color: #6b7384; } .st { width: 27px; height: 23px; border: 1.5px solid #9aa3b5; border-radius: 7px 7px 3px 3px;
  background: #fff; cursor: pointer; } .st.mine { background: #2563eb; border-color: #2563eb; }
</style><div class="slots"><div>14:30</div><div>17:15</div><div class="on">20:00</div><div>22:40</div></div>
<div class="hall">Hall 4 · 20:00 <i>· 56 seats left</i></div><table>""" + "".join(
    f'<tr><td class="rl">{r}</td>' + "".join(f'<td><div class="st{" mine" if (r, c) == ("E", 4) else ""}" data-k="{r}{c}"></div></td>'
                                             for c in range(1, 9)) + "</tr>" for r in "ABCDE") \
    + "</table><div>Seats: <span>E4</span></div><div>Add 1 more ticket to match your seats</div>"


def test_the_seat_beside_the_blue_one_is_its_neighbour_in_the_map_when_nothing_says_seat(open_page):
    # The seats are the longest series of alike controls, the one blue seat the landmark; the chosen
    # showtime is blue as well, and "56 seats left" speaks of them all without being one.
    page = open_page(UNNAMED_SEATS)
    assert chosen(page, "Click the seat directly to the right of the blue one") == "E5"
    assert chosen(page, "Click the seat just above the blue one") == "D4"


def test_the_left_one_of_the_two_blue_seats_is_the_left_of_them(open_page):
    page = open_page(UNNAMED_SEATS.replace('class="st" data-k="E5"', 'class="st mine" data-k="E5"'))
    assert chosen(page, "Click the left one of the two blue seats in row E") == "E4"
    assert chosen(page, "Click the right one of the two blue seats in row E") == "E5"


DRAWN = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 30px; } .row { display: flex; gap: 18px; align-items: center; }
  .rnd { box-sizing: border-box; width: 28px; height: 28px; border-radius: 50%; border: 1px solid #ccc; background: #fff;
  display: grid; place-items: center; padding: 0; cursor: pointer; font-size: 14.5px; } .bare { width: 40px; height: 40px; border: 0; background: none; }
  .x { position: relative; width: 14px; height: 14px; } .x::before, .x::after { content: ""; position: absolute; left: 6px;
  top: 0; width: 2px; height: 14px; background: #333; } .x::before { transform: rotate(45deg); } .x::after { transform: rotate(-45deg); }
</style><div class="row">
<button class="rnd" data-k="minus"><svg width="12" height="12" viewBox="0 0 12 12" stroke="#333" stroke-width="1.8"><path d="M2 6H10"/></svg></button>
<span>Brightness 60%</span>
<button class="rnd" data-k="plus"><svg width="12" height="12" viewBox="0 0 12 12" stroke="#333" stroke-width="1.8"><path d="M2 6H10M6 2V10"/></svg></button>
<button class="rnd" data-k="close"><span class="x"></span></button>
<button class="rnd bare" data-k="tick"><svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="#16a34a" stroke-width="2"><polyline points="2 8 6 12 14 3"/></svg></button>
</div>"""


def test_an_unnamed_drawing_is_the_plus_minus_cross_or_tick_its_pixels_show(open_page):
    # SVG strokes, CSS bars turned 45 degrees, in round buttons or bare: a person tells them at a glance.
    page = open_page(DRAWN)
    assert chosen(page, "Click the round plus button") == "plus"
    assert chosen(page, "Click the minus to the left of the brightness") == "minus"
    assert chosen(page, "Click the round button with the cross") == "close"
    assert chosen(page, "Click the green tick") == "tick"



THERMOSTAT = """<!doctype html><style>body { font: 14px sans-serif; margin: 30px; } .row { display: flex; gap: 12px;
  align-items: center; margin: 12px 0; } .big { font-size: 40px; } button { width: 30px; height: 30px; }</style>
<div class="row"><span>Humidity 40%</span><button data-k="humidity">+</button></div>
<div class="row"><span class="big">21.5 °C</span><button data-k="temperature">+</button></div>"""


def test_a_word_for_a_temperature_names_the_text_that_shows_degrees(open_page):
    assert chosen(open_page(THERMOSTAT), "Click the plus to the right of the big temperature") == "temperature"

AMBER_SWITCHES = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 30px; } .sw { width: 42px; height: 24px; border-radius: 12px; border: 0;
  background: #d4d0c7; position: relative; margin: 10px; cursor: pointer; } .sw.on { background: #f5b942; }
  .sw::after { content: ""; position: absolute; top: 3px; left: 3px; width: 18px; height: 18px; border-radius: 50%; background: #fff; }
</style><button class="sw" data-k="off" aria-label="Power"></button><button class="sw on" data-k="on" aria-label="Power"></button>"""


def test_a_hue_on_the_edge_of_two_names_is_called_by_either(open_page):
    # #f5b942 sits where orange ends and yellow begins.
    page = open_page(AMBER_SWITCHES)
    assert chosen(page, "Click the yellow toggle") == "on"
    assert chosen(page, "Click the orange toggle") == "on"

LIGHTS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; display: flex; gap: 60px; } .levels { display: grid;
  grid-template-columns: repeat(4, 50px); gap: 8px; align-content: start; } .levels button { height: 54px; }
  .board { background: #0f172a; padding: 14px; display: grid; grid-template-columns: repeat(5, 56px); gap: 8px; }
  .board button { width: 56px; height: 56px; border-radius: 50%; border: 0; background: #facc15; }
  .round { display: flex; gap: 16px; justify-content: center; margin-top: 12px; }
  .round button { width: 42px; height: 42px; border-radius: 50%; border: 1px solid #ccc; background: #fff; }
</style><div class="levels">""" + "".join(f'<button data-k="level-{n}">{n}</button>' for n in range(1, 13)) + """</div>
<div><div class="board">""" + "".join(f'<button aria-label="Row {r}, column {c}" data-k="lamp-{r}{c}"></button>'
                                   for r in range(1, 6) for c in range(1, 6)) + """</div>
<div class="round"><button aria-label="Undo" data-k="undo"><svg width="18" height="18"><path d="M4 7h8a4 4 0 010 8H8M4 7l4-4M4 7l4 4" stroke="#333" fill="none"/></svg></button>
<button aria-label="Restart" data-k="restart"><svg width="18" height="18"><path d="M15 9a6 6 0 11-2-4.5M13 1v4h-4" stroke="#333" fill="none"/></svg></button>
<button aria-label="Hint" data-k="hint"><svg width="18" height="18"><circle cx="9" cy="7" r="5" stroke="#333" fill="none"/></svg></button></div></div>"""


def test_a_corner_of_items_nothing_names_is_the_corner_of_their_series(open_page):
    # Nothing says "lamp": the lamps are the board's series of one size, not the level tiles beside it
    # nor the smaller round buttons under it.
    page = open_page(LIGHTS, (1000, 600))
    assert chosen(page, "Click the lamp in the top left corner of the board") == "lamp-11"
    assert chosen(page, "Click the lamp in the very middle of the dark board") == "lamp-33"
    assert chosen(page, "Click the lamp in the bottom right corner") == "lamp-55"


def test_a_button_with_a_part_surely_of_the_kind_beats_unnamed_drawings_that_may_be_it(open_page):
    page = open_page(LIGHTS, (1000, 600))
    assert chosen(page, "Click the round button with the circular arrow, the middle one of the three under the board") \
        == "restart"


TRAY = """<!doctype html><style>body { font: 14px sans-serif; margin: 20px; } .tray { display: flex; gap: 4px; }
  .tray button { width: 34px; height: 32px; border: 0; background: #fff; font-size: 18px; }</style>
<p>QA pass on staging is done.</p><div class="tray">""" + "".join(
    f'<button data-k="{k}">{e}</button>' for k, e in (("thumbs", "👍"), ("heart", "❤️"), ("joy", "😂"), ("party", "🎉"),
                                                     ("rocket", "🚀"), ("eyes", "👀"))) + "</div>"


def test_a_pictograph_is_called_by_its_name(open_page):
    page = open_page(TRAY)
    assert chosen(page, "Click the rocket in the tray") == "rocket"
    assert chosen(page, "Click the eyes") == "eyes"


CART_ROWS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } header { display: flex; gap: 20px; margin-bottom: 30px; }
  .row { display: flex; gap: 12px; align-items: center; padding: 12px 0; border-bottom: 1px solid #ddd; width: 600px; }
  .row span { flex: 1; } .row button { width: 32px; height: 32px; }
</style><header><svg width="22" height="22"><circle cx="11" cy="11" r="9"/></svg><svg width="22" height="22"><rect width="20" height="20"/></svg></header>
<div class="list">""" + "".join(
    f'<div class="row"><span>{name}</span><button aria-label="Decrease" data-k="{name}-minus">−</button><b>1</b>'
    f'<button aria-label="Increase" data-k="{name}-plus">+</button></div>' for name in ("socks", "bottle", "beanie")) + "</div>"


def test_a_symbol_is_its_kind_word_and_a_possessive_names_the_container(open_page):
    page = open_page(CART_ROWS)
    assert chosen(page, "Click the + button on the second row's quantity stepper") == "bottle-plus"
    assert chosen(page, "Click the minus sign on the first row's stepper") == "socks-minus"


VIDEO = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 0; background: #111; color: #eee; } .screen { position: relative; width: 640px;
  height: 360px; margin: 20px; } .screen img { width: 100%; height: 100%; display: block; }
  .big { position: absolute; left: 282px; top: 142px; width: 76px; height: 76px; border-radius: 50%; background: rgba(0,0,0,.7); cursor: pointer; }
  .ctl { position: absolute; right: 10px; bottom: 10px; width: 22px; height: 22px; cursor: pointer; }
  .side img { width: 120px; height: 68px; margin: 4px 20px; } .acts { display: flex; gap: 10px; margin: 0 20px; }
</style><div class="screen"><img src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Crect width='100%25' height='100%25' fill='%23468'/%3E%3C/svg%3E">
<div class="big" data-k="play"></div><div class="ctl" data-k="gear"><svg width="22" height="22"><circle cx="11" cy="11" r="8"/></svg></div></div>
<div class="acts"><button aria-label="Like" data-k="like"><svg width="20" height="20"><path d="M2 9h4v9H2z"/></svg> 18,420</button>
<button aria-label="Dislike" data-k="dislike"><svg width="20" height="20"><path d="M2 2h4v9H2z"/></svg></button></div>
<div class="side"><img src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Crect width='100%25' height='100%25' fill='%23864'/%3E%3C/svg%3E"></div>
<script>document.querySelectorAll(".big, .ctl").forEach((b) => b.addEventListener("click", () => b.classList.add("on")));</script>"""


def test_a_round_button_drawn_over_the_largest_picture_is_the_videos_play_button(open_page):
    page = open_page(VIDEO, (1280, 800))
    # Bigger than an icon and named by nothing, it could be a play button; it lies over the video.
    assert chosen(page, "Click the round play button in the middle of the video") == "play"
    # A "Like" with a thumb drawn in it is the thumbs-up.
    assert chosen(page, "Click the thumbs-up icon under the video") == "like"


SURVEY = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .faces { display: flex; gap: 14px; } .faces button { width: 64px; height: 64px; }
  .opts { display: grid; grid-template-columns: 300px 300px; gap: 12px; } .opt { border: 1px solid #ccc; border-radius: 8px;
  padding: 10px; height: 38px; cursor: pointer; }
</style><h2>How satisfied were you?</h2><div class="faces">""" + "".join(
    f'<button aria-label="{name}" data-k="{name}">☺</button>' for name in ("Bad", "Poor", "Fair", "Good", "Great")) + """</div>
<h2>How long did you wait after your appointment time?</h2><div class="opts">""" + "".join(
    f'<div class="opt" role="radio" data-k="{i}"><b>{label}</b><br><small>a wait</small></div>'
    for i, label in enumerate(("Under 10 minutes", "10–20 minutes", "20–40 minutes", "Over 40 minutes"), 1)) + "</div>"


def test_a_box_drawn_as_one_is_a_card_and_a_word_is_said_by_its_stem(open_page):
    # The radio options are bordered boxes taller than a chip; "waiting" is said by "wait".
    assert chosen(open_page(SURVEY), "Click the third card under the waiting-time question") == "3"
    assert chosen(open_page(SURVEY), "Click the fourth face in the satisfaction row") == "Good"


def _month(name, days, booked=()):
    cells = "".join(f'<span class="d" data-k="{name}-{d}">{d}</span>' if d not in booked else f"<i>{d}</i>"
                    for d in range(1, days + 1))
    return f'<div class="m"><b>{name} 2025</b><div class="g">{cells}</div></div>'


# Months in floats (their container collapses to no height) with arrows placed over the card from
# outside the months' box, and a booking box beside it whose drop-down shows a ▾.
CALENDAR = """<!doctype html><style>
  body { font: 15px sans-serif; margin: 20px; } .card { position: relative; overflow: hidden; width: 760px; border: 1px solid #ddd; padding: 30px 20px; }
  .m { float: left; width: 340px; margin-right: 30px; } .g { display: grid; grid-template-columns: repeat(7, 44px); }
  .d, i { height: 34px; line-height: 34px; text-align: center; cursor: pointer; } i { color: #bbb; }
  .nav { position: absolute; top: 24px; width: 28px; height: 28px; cursor: pointer; } .prev { left: 4px; } .next { right: 4px; }
  .book { position: absolute; left: 840px; top: 20px; width: 300px; border: 1px solid #ccc; padding: 12px; }
</style>
<div class="book"><div>Guests</div><div data-k="guests" style="cursor:pointer">2 guests <span>▾</span></div></div>
<div class="card"><div class="nav prev" data-k="prev">‹</div><div class="nav next" data-k="next">›</div>
<div class="months">""" + _month("June", 30, booked=(20, 21, 22)) + _month("July", 31) + """</div></div>
<script>document.querySelectorAll(".d, .nav").forEach((c) => c.addEventListener("click", () => c.classList.add("on")));</script>"""


def test_a_calendar_and_its_months_are_known_by_the_days_they_show(open_page):
    page = open_page(CALENDAR, (1280, 800))
    assert chosen(page, "Click the 14th in the left month") == "June-14"
    assert chosen(page, "Click the 3rd in the right month") == "July-3"
    assert chosen(page, "Click the arrow at the top-right of the calendar") == "next"
    # A numbered ordinal before a noun still counts them.
    assert Description("Click the 3rd card", "").target.ordinal == 3
    # "Right-pointing" says the way the arrow points, not where it is.
    pointing = Description("Click the right-pointing arrow after the page numbers").target
    assert (pointing.direction, pointing.positions) == ("right", set())


DISHES = """<!doctype html><style>
  body { font: 15px sans-serif; margin: 20px; } .search { width: 400px; height: 36px; border: 1px solid #ccc; border-radius: 18px; }
  .chips { display: flex; gap: 8px; margin: 12px 0; } .chip { padding: 6px 14px; border-radius: 16px; background: #eee; cursor: pointer; }
  .row { display: flex; justify-content: space-between; width: 400px; height: 48px; align-items: center; }
  .add { width: 30px; height: 30px; border-radius: 50%; background: #1a8f4a; color: #fff; text-align: center; line-height: 30px; cursor: pointer; }
</style>
<input class="search" placeholder="Search dishes">
<div class="chips">""" + "".join(f'<div class="chip" data-k="{c}">{c}</div>' for c in ("Pizza", "Burgers", "Sushi", "Vegan")) + """</div>
<div class="list">""" + "".join(f'<div class="row"><span>{d}</span><div class="add" data-k="add-{d}">+</div></div>'
                                for d in ("Salmon roll", "Dragon roll", "Miso soup", "Edamame")) + """</div>
<script>document.querySelectorAll(".chip, .add").forEach((c) => c.addEventListener("click", () => c.classList.add("on")));</script>"""


def test_the_row_under_a_landmark_is_the_row_of_them_nearest_it(open_page):
    page = open_page(DISHES, (1280, 800))
    # The dish rows are containers called "row"; the row under the search bar is the chips'.
    assert chosen(page, "Click the third chip in the row under the search bar") == "Sushi"
    assert chosen(page, "Click the second tag in the row under the search bar") == "Burgers"


CATALOGUE = """<!doctype html><style>
  body { font: 15px sans-serif; margin: 20px; } .bar { display: flex; width: 900px; }
  .bar input { flex: 1; height: 40px; } .bar button { width: 56px; height: 44px; background: #2563eb; color: #fff; border: 0; }
  .chips { display: flex; gap: 10px; margin: 16px 0; }
  .chip, .hold { border: 1px solid #cbd5e1; background: #fff; border-radius: 999px; padding: 6px 16px; font: 14px sans-serif; }
  .grid { display: grid; grid-template-columns: repeat(4, 210px); gap: 16px; } .card { border: 1px solid #ddd; padding: 10px; }
  header { display: flex; justify-content: space-between; background: #1e293b; color: #fff; padding: 10px; margin-bottom: 20px; }
  header button { border-radius: 999px; padding: 6px 8px 6px 14px; background: #334155; color: #fff; border: 1px solid #64748b; }
  .count { display: inline-flex; min-width: 24px; height: 24px; border-radius: 999px; background: #f59e0b; color: #1f2937; justify-content: center; align-items: center; }
</style>
<header><b>City Library</b><button id="holdsPill" data-k="holds">My holds <span class="count">0</span></button></header>
<div class="bar"><input placeholder="Title or author"><button data-k="go">&#x1F50D;</button></div>
<div class="chips">""" + "".join(f'<button class="chip" data-k="{c}">{c}</button>' for c in ("All", "Available", "On loan", "E-books")) + """</div>
<div class="grid">""" + "".join(f'<div class="card"><b>Book {n}</b><br><button class="hold" data-k="hold-{n}">Place hold</button></div>'
                                for n in range(1, 9)) + """</div>"""


def test_a_row_of_what_the_target_is_under_a_landmark_is_the_row_of_them_nearest_it(open_page):
    page = open_page(CATALOGUE, (1280, 800))
    # Nothing says "filter": the words say what the chips are, the landmark says which row; not the
    # longer rows of rounded "Place hold" buttons on the cards.
    assert chosen(page, "Click the second chip in the row of rounded filter chips under the search bar") == "Available"
    # The header's button called a pill is no row of chips.
    assert chosen(page, "Click the first chip in the row of filter chips") == "All"
    # The bar's own button, beside it, is no row of two.
    assert chosen(page, "Click the second button in the row under the search bar") == "Available"


LOANS = """<!doctype html><style>
  body { font: 15px sans-serif; margin: 0; } header { display: flex; gap: 24px; align-items: center; padding: 16px 40px; background: #0b2a4a; }
  header a { color: #fff; text-decoration: none; padding: 6px 0; } header a.on { border-bottom: 2px solid #fff; }
  header button { margin-left: auto; } main { padding: 20px 40px; } .crumbs { color: #666; font-size: 13px; }
  .tabs { display: flex; gap: 8px; border-bottom: 1px solid #ccc; } .tab { padding: 12px 40px; border: 0; background: #eee; }
  .card { margin-top: 16px; height: 300px; border: 1px solid #ccc; border-radius: 8px; }
</style>
<header><div><b>Northfield Bank</b></div>""" + "".join(f'<a href="#" data-k="{n}"{on}>{n}</a>' for n, on in (
    ("Current accounts", ""), ("Savings", ""), ("Loans", ' class="on"'), ("Mortgages", ""), ("Help", ""))) + """
<button>Log in</button></header>
<main><div class="crumbs">Home › <b>Loans</b> › Loan calculator</div><h1>Loan calculator</h1><p>See what you could borrow.</p>
<div class="tabs" role="tablist">""" + "".join(f'<button class="tab" role="tab" data-k="{n}">{n}</button>' for n in ("Personal", "Car", "Home")) + """</div>
<div class="card"><label>Loan amount <input type="range"></label></div></main>"""


def test_the_one_series_of_as_many_as_said_is_meant_where_the_landmark_was_read_loosely(open_page):
    page = open_page(LOANS, (1280, 800))
    # Above the heading that says calculator stands a menu of five links, not the three tabs.
    assert chosen(page, "Click the second of the three tabs above the calculator") == "Car"


SLIDERS = """<!doctype html><style>
  body { font: 15px sans-serif; margin: 30px; } .row { display: flex; align-items: center; gap: 16px; margin: 30px 0; }
  .track { position: relative; width: 400px; height: 24px; cursor: pointer; }
  .track i { position: absolute; left: 0; right: 0; top: 10px; height: 4px; background: #ccd; }
  .step { width: 30px; height: 30px; border-radius: 50%; border: 1px solid #888; text-align: center; line-height: 30px; cursor: pointer; }
</style>
<p>About five minutes to apply. Choose how much, and for how long.</p>
<div class="row"><span>Amount</span><div class="step" data-k="minus-a">−</div><div class="track" data-k="amount"><i></i></div>
<div class="step" data-k="plus-a">+</div></div>
<div class="row"><span>Term</span><input type="range" data-k="term" style="width: 400px"></div>
<script>document.querySelectorAll(".track, .step").forEach((t) => t.addEventListener("click", () => {}));</script>"""


def test_a_slider_is_clicked_as_far_along_as_the_step_says(open_page):
    page = open_page(SLIDERS, (1280, 800))
    described = Description("Click on the top slider about three quarters of the way along its track", "")
    assert described.along == 0.75 and not described.target.keywords      # "about", "quarters" name nothing
    picked, _ = grounding.choose("Click", described, page.candidates, page.viewport, screenshot=page.screenshot)
    box = picked["box"]
    assert page._run(page.page.evaluate("(i) => window.__iwrJudge.candidates[i].dataset.k", picked["index"])) == "amount"
    assert picked["at"] == (box["x"] + 0.75 * box["width"], box["y"] + box["height"] / 2)
    assert chosen(page, "Click the bottom slider halfway along") == "term"


APPLY = """<!doctype html><style>
  body { font: 15px sans-serif; margin: 30px; } .step { display: inline-block; width: 34px; height: 34px; border-radius: 50%;
  background: #0f3a66; color: #fff; text-align: center; line-height: 34px; cursor: pointer; margin: 0 8px 30px 0; }
  .fields { display: flex; gap: 20px; } .fields input { width: 300px; height: 36px; }
  .go { display: inline-block; margin-top: 20px; padding: 12px 28px; border-radius: 10px; background: #0f3a66; color: #fff; cursor: pointer; }
</style>
<div><span class="step" data-k="minus">−</span><span class="step" data-k="plus">+</span></div>
<div class="card"><h3>Ready to apply?</h3>
<div class="fields"><div><label>Full name</label><br><input data-k="name"></div><div><label>Email</label><br><input data-k="email"></div>
<div><label>Income</label><br><input data-k="income"></div></div>
<div class="go" data-k="apply">Apply now</div></div>
<script>document.querySelectorAll(".step, .go").forEach((b) => b.addEventListener("click", () => {}));</script>"""


def test_empty_boxes_are_fields_and_the_form_is_where_the_fields_are(open_page):
    page = open_page(APPLY, (1280, 800))
    assert chosen(page, "Click the dark blue rounded button below the three empty boxes") == "apply"
    # Nothing is a <form>: the form is the box the fields are in.
    assert chosen(page, "Click the dark blue button under the form") == "apply"


def test_the_same_control_is_the_one_the_last_click_was_on(open_page):
    page = open_page(DISHES, (1280, 800))
    page._run(page.page.click("[data-k='add-Dragon roll']"))
    page.candidates = page._run(actions.collect(page.page, 4000))
    assert chosen(page, "Click the same green plus again") == "add-Dragon roll"


RATING_FORM = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .dist div { width: 260px; height: 14px; }
  .star-row { display: flex; align-items: center; gap: 4px; margin-top: 20px; }
  .star { font-size: 30px; color: #c3c5c9; cursor: pointer; } .star-word { margin-left: 10px; font-size: 13px; }
</style>
<div class="dist">""" + "".join(f'<div data-k="d{n}">{n} ★</div>' for n in range(5, 0, -1)) + """</div>
<form class="review-form"><div class="star-row">""" + "".join(
    f'<div class="star" data-k="{n}">★</div>' for n in range(1, 6)) + """
<div class="star-word" data-k="hint">Tap a star to rate</div></div></form>
<script>document.querySelectorAll(".star").forEach((s) => s.addEventListener("click", () => s.classList.add("on")));</script>"""


def test_an_ordinal_counts_a_series_of_controls_before_a_column_of_texts_showing_the_symbol(open_page):
    # The histogram's rows end in a star too, but a rating is given by clicking the stars.
    assert chosen(open_page(RATING_FORM), "Click the fourth star") == "4"


def test_an_ordinal_with_too_few_placed_counts_in_the_nearest_series(open_page):
    # The row's caption is called a star by its class and is all the landmark leaves: the stars beside
    # it are the series counted.
    assert chosen(open_page(RATING_FORM), "Click the fourth star in the rating row of the review form") == "4"


WAIT_CARDS = """<!doctype html><style>
  body { font: 15px sans-serif; margin: 20px; width: 700px; } legend { font-weight: bold; }
  .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin-top: 10px; }
  .grid label { display: block; border: 1px solid #aab; border-radius: 10px; padding: 18px 12px; cursor: pointer; }
</style>
<fieldset><legend>How long did you wait after your appointment time?</legend><div class="grid">""" + "".join(
    f'<label data-k="{i}"><input type="radio" name="w"> {text}</label>'
    for i, text in enumerate(("Under 10 minutes", "10–20 minutes", "20–40 minutes", "More than 40 minutes"), 1)) + \
    "</div></fieldset>"


def test_items_counted_under_a_heading_are_counted_across_whole_rows_when_its_column_has_too_few(open_page):
    page = open_page(WAIT_CARDS)
    assert chosen(page, "Click the third card under the waiting-time question") == "3"
    assert chosen(page, "Click the first card under the waiting-time question") == "1"


UNIT_SWITCH = """<!doctype html><style>
  body { font: 15px sans-serif; margin: 20px; } #toggle { display: inline-flex; border: 1px solid #888; border-radius: 14px; }
  #toggle div { padding: 4px 12px; cursor: pointer; } #toggle .sel { background: #246; color: #fff; }
  .days { display: flex; gap: 10px; margin-top: 20px; } .day { border: 1px solid #ccc; padding: 30px 10px; cursor: pointer; }
</style>
<p>Lisbon, 21°C, updated 09:40</p>
<div id="toggle"><div data-k="c" class="sel">°C</div><div data-k="f">°F</div></div>
<div class="days">""" + "".join(f'<div class="day">{d} 2{i}° / 1{i}°</div>' for i, d in enumerate(("Wed", "Thu", "Fri"))) + """</div>
<script>document.querySelectorAll("#toggle div, .day").forEach((d) => d.addEventListener("click", () => d.classList.add("sel")));</script>"""


def test_a_kind_word_names_the_container_called_so_when_no_text_says_the_other_words(open_page):
    # Nothing reads "unit": the switch is the box called a toggle that holds the two halves.
    page = open_page(UNIT_SWITCH)
    assert chosen(page, "Click the left half of the unit switch") == "c"
    assert chosen(page, "Click the right half of the unit switch") == "f"


TABLE_HEADERS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .r { display: flex; } .r div { width: 110px; padding: 8px; }
  .hd div { font-weight: bold; text-transform: uppercase; cursor: pointer; }
</style>
<div id="grid"><div class="r hd"><div data-k="team">Team</div><div data-k="won">Won</div><div data-k="points">Points</div></div>
<div class="r"><div>Harbor City</div><div>14</div><div>46</div></div>
<div class="r"><div>Millbrook</div><div>13</div><div>42</div></div></div>
<script>document.getElementById("grid").onclick = (e) => e.target.classList.add("sorted");</script>"""


def test_of_nested_fits_named_as_well_the_inner_one_that_says_the_words_is_chosen(open_page):
    # The whole grid listens for clicks and its text says "points" too; the header cell says just that.
    assert chosen(open_page(TABLE_HEADERS), "Click the Points column header at the right end of the table") == "points"


EDITOR = """<!doctype html><style>
  body { margin: 20px; font: 14px sans-serif; } .bar { display: flex; gap: 6px; }
  .ic { width: 38px; height: 38px; background: #333; border-radius: 6px; cursor: pointer; }
  .side { margin-top: 20px; display: flex; gap: 4px; } .side div { width: 12px; height: 22px; background: #666; cursor: pointer; }
</style>
<table><tr><td><div class="bar">""" + "".join(f'<div class="ic" data-k="t{i}"></div>' for i in range(1, 6)) + """</div>
<img width="400" height="240" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Crect width='100%25' height='100%25' fill='%23468'/%3E%3C/svg%3E"></td>
<td><div class="side">""" + "".join(f'<div data-k="n{i}"></div>' for i in range(1, 10)) + """</div></td></tr></table>
<script>document.querySelectorAll(".ic, .side div").forEach((d) => d.addEventListener("click", () => d.classList.add("on")));</script>"""


def test_a_container_called_a_bar_of_tools_is_the_toolbar(open_page):
    page = open_page(EDITOR)
    assert chosen(page, "Click the second icon from the left in the toolbar") == "t2"
    assert chosen(page, "Click the icon at the right end of the toolbar") == "t5"


MINEFIELD = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .top { display: flex; gap: 40px; margin-bottom: 12px; }
  .top div { width: 60px; height: 30px; background: #000; color: #f33; cursor: pointer; }
  .f { display: grid; grid-template-columns: repeat(6, 28px); gap: 2px; }
  .f div { width: 28px; height: 28px; background: #bbb; cursor: pointer; }
  .modes { display: flex; gap: 8px; margin-top: 12px; } .modes div { width: 28px; height: 28px; border: 1px solid #999; cursor: pointer; }
</style>
<div class="top"><div data-k="count">010</div><div data-k="face">🙂</div><div data-k="moves">000</div></div>
<div class="f">""" + "".join(f'<div data-k="{r}{c}"></div>' for r in "abcdef" for c in range(1, 7)) + """</div>
<div class="modes"><div data-k="m1"></div><div data-k="m2"></div></div>
<script>document.querySelectorAll("div[data-k]").forEach((d) => d.addEventListener("click", () => d.classList.add("on")));</script>"""


def test_a_row_of_a_board_is_counted_among_its_cells_not_the_boxes_lined_up_above_it(open_page):
    # Nothing is called a minefield: it is the grid of cells. The counters above it line up with its
    # first column as a list's lines would, but are no cells of its top row.
    page = open_page(MINEFIELD)
    assert chosen(page, "Click the top-left cell of the minefield") == "a1"
    assert chosen(page, "Click the bottom-right square of the board") == "f6"
    assert chosen(page, "Click the third cell in the top row of the minefield") == "a3"


FOOD_APP = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; width: 380px; } .chips { display: flex; gap: 8px; }
  .chips button { border: 1px solid #ccc; background: #fff; border-radius: 16px; padding: 6px 12px; }
  .chips .on { background: #1a9c50; color: #fff; } .plus { width: 32px; height: 32px; border-radius: 16px;
  background: #1a9c50; color: #fff; border: 0; } .dish { display: flex; justify-content: space-between; margin: 14px 0; }
  .bar { background: #1a9c50; color: #fff; height: 50px; display: flex; align-items: center;
  justify-content: space-between; padding: 0 16px; border-radius: 12px; cursor: pointer; }
</style>
<div class="chips" id="chips"><button>Pizza</button><button>Burgers</button><button class="on">Sushi</button></div>
<div class="dish">Dragon Roll <button class="plus" data-k="plus">+</button></div>
<div class="bar" data-k="bar"><span>3 items · $32.00</span><b>View basket</b></div>
<script>document.getElementById("chips").addEventListener("click", (e) => e.target.classList.add("on"));
document.querySelector(".bar").addEventListener("click", () => document.body.classList.add("open"));</script>"""


def test_a_bar_is_a_long_strip_and_a_row_holding_a_green_chip_is_not_green(open_page):
    # The round green plus is no bar, and the row of chips is green only by the one it holds.
    assert chosen(open_page(FOOD_APP), "Click the green bar") == "bar"


SEAT_MAP = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .steps span { margin-right: 20px; }
  .plan { display: grid; grid-template-columns: 24px repeat(6, 30px); gap: 6px; margin-top: 20px; }
  .plan button { width: 30px; height: 26px; border: 1px solid #999; background: #fff; }
  .plan button.mine { background: #2456d6; }
</style>
<div class="steps"><span>1 Seats</span><span>2 Review</span><span>3 Pay</span></div>
<div class="plan">""" + "".join(
    f"<b>{row}</b>" + "".join(f'<button class="seat{" mine" if row + str(n) == "E4" else ""}" data-k="{row}{n}"></button>'
                              for n in range(1, 7)) for row in "DEF") + """</div>
<script>document.querySelectorAll(".seat").forEach((s) => s.addEventListener("click", () => s.classList.add("mine")));</script>"""


def test_a_target_placed_among_others_is_one_of_the_series_its_word_names_not_a_lone_text(open_page):
    # "1 Seats" says the word; the seats are called so by their class, and "the blue one" is a seat.
    assert chosen(open_page(SEAT_MAP), "Click the seat directly to the right of the blue one") == "E5"


def test_a_row_named_by_its_label_is_the_line_that_label_heads_in_a_flat_grid(open_page):
    assert chosen(open_page(SEAT_MAP), "Click the fourth seat from the left in row F") == "F4"


RECIPE_PICKER = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .cards { display: grid; grid-template-columns: 200px 200px; gap: 12px; }
  .rc { height: 140px; border: 1px solid #ccc; border-radius: 10px; background: #fff; text-align: left; }
</style>
<p>Pick one of your saved recipes. Ingredients go to your shopping list.</p>
<div class="cards">""" + "".join(f'<button class="rc" data-k="{i}"><b>{name}</b><br>40 min</button>' for i, name in enumerate(
    ("Green Curry", "Lemon Chickpea Stew", "Berry Oats", "Tomato Soup"), 1)) + "</div>"


def test_an_ordinal_kind_counts_the_things_of_that_kind_when_only_a_sentence_says_the_word(open_page):
    # No card says "recipe"; the sentence above them does, and is no card.
    assert chosen(open_page(RECIPE_PICKER), "Click the second recipe card, top right of the four") == "2"


PODCAST = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; width: 700px; } h2 { display: inline; margin-right: 12px; }
  ul { list-style: none; padding: 0; } li { display: flex; align-items: center; gap: 12px; height: 48px; }
  li .t { flex: 1; } button { width: 34px; height: 34px; border-radius: 17px; border: 1px solid #ccc; background: #fff; }
</style>
<p>Unhurried conversations about planets, moons and the people who study them. A new episode every Thursday.</p>
<h2>Episodes</h2><span>8 episodes · 2 downloaded (84 MB)</span>
<ul>""" + "".join(
    f'<li class="ep"><button aria-label="Play" data-k="play{i}"><svg width="14" height="14"><path d="M3 1 L13 7 L3 13 Z"/></svg></button>'
    f'<span class="t">#{48 - i} {title}</span><button aria-label="Download" data-k="dl{i}"><svg width="14" height="14">'
    f'<path d="M7 1 V10 M3 6 L7 10 L11 6 M2 13 H12" stroke="#333" fill="none"/></svg></button></li>'
    for i, title in enumerate(("Rings of dust", "Night on Titan", "Tides on Europa"), 1)) + """</ul>
<p>Showing 3 of 3 episodes</p>
<script>document.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => b.classList.add("on")));</script>"""


def test_an_item_counted_by_its_word_is_not_a_sentence_or_a_plural_that_mentions_it(open_page):
    # "The third episode" is the third row of the list: the description, the heading "Episodes" and
    # "Showing 3 of 3 episodes" speak of the episodes and are not counted as them.
    page = open_page(PODCAST)
    assert chosen(page, "Click the round play icon at the start of the third episode") == "play3"
    assert chosen(page, "Click the download arrow on the first episode") == "dl1"


FAQ_PLUSES = """<!doctype html><style>
  body { font: 15px sans-serif; margin: 20px; width: 760px; } .qa-head { display: flex; justify-content: space-between;
  align-items: center; padding: 14px 0; border-bottom: 1px solid #ddd; cursor: pointer; } .plus { font-size: 20px; }
</style>
<p>Answers to the questions our members ask most often about cards, transfers and their accounts.</p>
<div class="count">Showing 3 of 3 questions</div>""" + "".join(
    f'<div class="qa-head">{q}<div class="plus" data-k="{i}">+</div></div>' for i, q in enumerate((
        "What should I do if my card is lost or stolen?", "How do I activate my new debit card?",
        "Can I use my card abroad?"), 1)) + """
<script>document.querySelectorAll(".qa-head").forEach((q) => q.addEventListener("click", () => q.classList.add("open")));</script>"""


def test_a_long_question_is_still_one_of_the_questions_an_ordinal_counts(open_page):
    # The first question has ten words; it does not say "question", so it is one of them, while the
    # sentence above the list, which says the word in passing, is not.
    assert chosen(open_page(FAQ_PLUSES), "Click the plus icon at the right end of the first question") == "1"


INVOICE = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 16px; display: flex; gap: 20px; } .box { width: 200px; border: 1px solid #ddd; }
  .main { width: 560px; } .row { display: flex; align-items: center; gap: 10px; height: 44px; border-bottom: 1px solid #eee; }
  .name { width: 260px; } .st { width: 22px; text-align: center; background: #f3f4f6; cursor: pointer; }
  .bin { cursor: pointer; } .item { display: flex; justify-content: space-between; padding: 8px; cursor: pointer; }
  .knob { display: inline-block; width: 34px; height: 20px; border-radius: 10px; background: #16a34a; cursor: pointer; }
  .head { display: flex; justify-content: space-between; padding: 8px; font-size: 12px; }
</style>
<div class="box"><div class="head">CLIENTS <a href="#" data-k="newclient">+ New</a></div>""" + "".join(
    f'<div class="item" data-k="client{i}">{n}</div>' for i, n in enumerate(("Northwind", "Birchwood", "Harbor"), 1)) + """</div>
<div class="main">""" + "".join(
    f'<div class="row"><div class="name">{n}</div><div class="st" data-k="minus{i}">−</div><div>{q}</div>'
    f'<div class="st" data-k="plus{i}">+</div><div>$240.00</div><span class="bin" data-k="bin{i}">🗑</span></div>'
    for i, (n, q) in enumerate((("Website redesign", 1), ("Page templates", 2), ("Stock photos", 3)), 1)) + """
  <div class="item" data-k="newline">+ New line</div><p>You can pay by bank transfer or card.</p>
  <table><tr><td>Subtotal</td><td>$1,785.00</td></tr><tr><td>Sales tax (10%) <span class="knob" data-k="tax"></span></td>
  <td>$178.50</td></tr><tr><td>Total</td><td>$1,963.50</td></tr></table></div>
<div class="box"><div class="head">QUICK ADD <a href="#" data-k="manage">Manage</a></div>""" + "".join(
    f'<div class="item" data-k="saved{i}">{n}<span>+</span></div>' for i, n in enumerate((
        "Hosting", "Content writing", "Logo refresh", "SEO audit"), 1)) + """</div>
<script>document.querySelectorAll("[data-k]").forEach((e) => e.addEventListener("click", () => e.classList.add("on")));</script>"""


def test_the_lines_of_a_table_drawn_without_one_are_its_rows_not_the_totals_table_beside(open_page):
    # The page's one <table> holds the totals, no plus: the table meant is the one the lines form.
    page = open_page(INVOICE, viewport=(1100, 600))
    assert chosen(page, "Click the small plus to the right of the quantity on the second line of the table") == "plus2"
    assert chosen(page, "Click the trash can at the end of the third line") == "bin3"


def test_a_place_said_before_the_step_is_where_the_target_is_and_names_the_panel_on_its_side(open_page):
    page = open_page(INVOICE, viewport=(1100, 600))
    assert chosen(page, "In the panel on the right, click the third saved item") == "saved3"
    assert chosen(page, "Click the third saved item in the panel on the right") == "saved3"


THERMOSTAT_CHEVRONS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .card { display: flex; align-items: center; gap: 16px; width: 420px;
  border: 1px solid #ddd; padding: 12px; } .temp { font: 44px monospace; } .ico { width: 20px; height: 20px; }
  .steps { display: flex; flex-direction: column; gap: 6px; } .steps button { width: 34px; height: 34px; border: 1px solid #ccc;
  background: #f6f4ef; border-radius: 10px; }
</style>
<div class="card"><div>Thermostat</div><div class="temp">21.5 °C</div><svg class="ico" data-k="room" viewBox="0 0 20 20">
  <path d="M3 9 L10 3 L17 9 V17 H3 Z" stroke="#333" fill="none"/></svg><div class="steps">
  <button class="up" data-k="up"><svg class="chev t-up" viewBox="0 0 16 16" width="16" height="16"><path d="M3 10 L8 5 L13 10"
  stroke="#333" fill="none" stroke-width="2"/></svg></button>
  <button class="down" data-k="down"><svg class="chev t-down" viewBox="0 0 16 16" width="16" height="16"><path d="M3 6 L8 11 L13 6"
  stroke="#333" fill="none" stroke-width="2"/></svg></button></div></div>
<script>document.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => b.classList.add("on")));</script>"""


def test_a_drawing_its_code_calls_chev_is_a_chevron(open_page):
    page = open_page(THERMOSTAT_CHEVRONS)
    assert chosen(page, "Click the up chevron to the right of the big temperature") == "up"
    assert chosen(page, "Click the down chevron to the right of the big temperature") == "down"


def _icon(path):
    return f'<svg width="14" height="14" viewBox="0 0 14 14"><path d="{path}" stroke="#333" stroke-width="2" fill="none"/></svg>'


LESS, MORE, BIN = _icon("M2 7 H12"), _icon("M2 7 H12 M7 2 V12"), _icon("M2 3 H12 M4 3 V12 H10 V3 M6 1 H8")
NAMED_STEPPERS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .bar { display: flex; gap: 14px; margin-bottom: 20px; }
  .line { display: flex; align-items: center; gap: 8px; height: 40px; } .name { width: 200px; }
  button { width: 26px; height: 26px; border: 1px solid #ccc; background: #fff; padding: 0; }
</style>
<div class="bar">""" + "".join(f'<span data-k="tool{i}">{_icon(p)}</span>' for i, p in enumerate((
    "M2 2 L12 12", "M2 12 L7 2 L12 12", "M2 7 A5 5 0 1 0 12 7"), 1)) + "</div>" + "".join(
    f'<div class="line"><div class="name">{n}</div><button aria-label="One less" data-k="less{i}">{LESS}</button>'
    f'<output>{i}</output><button aria-label="One more" data-k="more{i}">{MORE}</button><span>$240.00</span>'
    f'<button aria-label="Remove line" data-k="rm{i}">{BIN}</button></div>'
    for i, n in enumerate(("Website redesign", "Page templates", "Stock photos"), 1)) + """
<script>document.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => b.classList.add("on")));</script>"""


def test_a_drawing_is_the_plus_a_person_sees_whatever_its_label_calls_it_and_remove_is_a_bin_or_a_cross(open_page):
    # "One more" names a plus, not a menu of more; "Remove line" is the bin a person sees.
    page = open_page(NAMED_STEPPERS)
    assert chosen(page, "Click the plus on the second row") == "more2"
    assert chosen(page, "Click the trash can at the end of the third row") == "rm3"


TERMS = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; display: flex; gap: 40px; align-items: flex-start; }
  .client, .saved { width: 210px; height: 45px; margin-top: 40px; border: 1px solid #ddd; cursor: pointer; } #terms { display: flex; }
  #terms button { width: 55px; height: 29px; border: 1px solid #ccc; background: #fff; }
</style>
<div class="client" data-k="client" style="margin-right: 300px">Birchwood Kitchens</div>
<div><h4>Payment terms</h4><div id="terms" data-k="terms"><button data-k="t15">Net 15</button><button data-k="t30">Net 30</button>
<button data-k="t60">Net 60</button></div><div>Due date</div><div>Jan 13, 2025</div>
<div style="height: 600px"></div><button class="send" data-k="send" style="width: 134px; height: 38px">Send invoice</button></div>
<div class="saved" data-k="saved">Logo refresh $450.00</div>
<script>document.getElementById("terms").addEventListener("click", (e) => e.target.classList.add("on"));
document.querySelectorAll(".client, .saved").forEach((e) => e.addEventListener("click", () => e.classList.add("on")));</script>"""


def test_a_box_of_buttons_is_not_one_thing_for_alike_boxes_far_along_its_row(open_page):
    # The client card, the saved item and the send button are as big as the box holding the three term
    # buttons and on its row or column, but far from it: no series the box is one of, so its buttons are
    # the things.
    page = open_page(TERMS, viewport=(1100, 500))
    assert chosen(page, "Click the last of the three buttons above the due date") == "t60"


def _magnifier(sign):
    return f'<svg width="22" height="22" viewBox="0 0 22 22"><circle cx="9" cy="9" r="7" stroke="#333" fill="none"/>' \
           f'<path d="M14 14 L20 20 {sign}" stroke="#333" fill="none"/></svg>'


PHOTO_TOOLBAR = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 20px; } .bar { display: flex; gap: 30px; } .tools, .zoom { display: flex; gap: 6px; }
  button { width: 38px; height: 38px; border: 1px solid #ccc; background: #fff; padding: 0; }
</style>
<div class="bar"><div class="tools">""" + "".join(
    f'<button aria-label="{name}" data-k="{k}">{_icon(path)}</button>' for k, name, path in (
        ("flip", "Flip horizontal", "M7 1 V13 M5 3 L1 11 H5 Z M9 3 L13 11 H9 Z"), ("crop", "Crop square", "M3 1 V11 H13 M1 3 H11 V13"),
        ("undo", "Undo", "M4 2 L1 5 L4 8 M1 5 H9 A4 4 0 0 1 9 13 H5"))) + """</div>
<div class="zoom"><button aria-label="Zoom out" data-k="out">""" + _magnifier("M6 9 H12") + """</button>
<button aria-label="Zoom in" data-k="in">""" + _magnifier("M6 9 H12 M9 6 V12") + """</button></div></div>
<script>document.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => b.classList.add("on")));</script>"""


def test_a_zoom_in_button_is_the_magnifier_with_a_plus_and_zoom_out_the_one_with_a_minus(open_page):
    page = open_page(PHOTO_TOOLBAR)
    assert chosen(page, "Click the magnifier with a plus sign at the right end of the toolbar") == "in"
    assert chosen(page, "Click the magnifier with a minus sign in the toolbar") == "out"


CALENDAR_CARET = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 16px; display: flex; gap: 40px; } .cal { position: relative; width: 520px; }
  .months { display: flex; gap: 30px; } .month { flex: 1; } ol { display: grid; grid-template-columns: repeat(7, 1fr);
  list-style: none; padding: 0; gap: 4px; } li { text-align: center; padding: 6px 0; cursor: pointer; }
  .step { position: absolute; top: 0; width: 28px; height: 28px; border: 0; background: none; cursor: pointer; }
  .card { width: 260px; border: 1px solid #ddd; padding: 12px; } .who { display: flex; justify-content: space-between;
  border: 1px solid #aaa; padding: 8px; cursor: pointer; }
</style>
<section class="cal"><button class="step" style="left:0" aria-label="Earlier month" data-k="prev">
<svg viewBox="0 0 14 14" width="14" height="14" fill="none" stroke="#222" stroke-width="2"><path d="M9 2L4 7l5 5"/></svg></button>
<button class="step" style="right:0" aria-label="Later month" data-k="next">
<svg viewBox="0 0 14 14" width="14" height="14" fill="none" stroke="#222" stroke-width="2"><path d="M5 2l5 5-5 5"/></svg></button>
<div class="months">""" + "".join(
    f'<div class="month"><h3 style="text-align:center">{m} 2025</h3><ol>'
    + "".join(f'<li data-k="{m}{d}">{d}</li>' for d in range(1, 31)) + "</ol></div>" for m in ("June", "July")) + """</div></section>
<div class="card"><b>$128</b> night<div class="who" data-k="guests">2 guests <span>▾</span></div></div>
<script>document.querySelectorAll("[data-k]").forEach((e) => e.addEventListener("click", () => e.classList.add("on")));</script>"""


def test_the_arrows_of_the_calendar_are_its_own_drawings_not_a_caret_outside_it(open_page):
    # The caret is an arrow more surely than the unnamed drawings, but it is no calendar's.
    page = open_page(CALENDAR_CARET, viewport=(1100, 600))
    assert chosen(page, "Click the arrow at the top-right corner of the calendar") == "next"
    assert chosen(page, "Click the arrow at the top-left corner of the calendar") == "prev"


THERMOSTAT_MODES = """<!doctype html><style>
  body { font: 14px sans-serif; margin: 0; } nav { display: flex; gap: 8px; margin: 80px 0 0 20px; }
  nav div { height: 34px; line-height: 34px; padding: 0 10px; border-radius: 8px; cursor: pointer; background: #eef; }
  main { padding: 20px; } .tabs button, .modes button { border: 1px solid #ccc; background: #fff; padding: 6px 14px;
  border-radius: 16px; cursor: pointer; margin-right: 6px; } .temp { font-size: 56px; margin: 40px 0 10px 60px; }
</style>
<main><header style="margin-left:420px">12 °C · Cloudy</header><div class="tabs"><button data-k="tab1">Living room</button><button data-k="tab2">Kitchen</button>
<button data-k="tab3">Bedroom</button></div>
<div style="margin-left:400px"><div class="temp">21.5 °C</div><p>Heating to 21.5 °C</p><div class="modes"><button data-k="heat">🔥 Heat</button><button data-k="cool">❄ Cool</button>
<button data-k="auto">⟳ Auto</button></div></div></main>
<nav>""" + "".join(f'<div data-k="nav-{n}">{n}</div>' for n in (
    "Overview", "Living room", "Kitchen", "Bedroom", "Energy", "Automations", "Cameras", "Settings")) + """</nav>
<script>document.querySelectorAll("[data-k]").forEach((e) => e.addEventListener("click", () => e.classList.add("on")));</script>"""


def test_the_middle_one_of_the_three_chips_is_the_middle_of_a_series_of_three_where_the_place_says(open_page):
    page = open_page(THERMOSTAT_MODES, viewport=(1000, 600))
    assert chosen(page, "Click the middle one of the three chips under the temperature") == "cool"
    assert chosen(page, "Click the right one of the three chips under the temperature") == "auto"


def test_a_dome_drawn_with_three_borders_is_no_dot_but_a_drawing_of_its_own():
    # As the browser lists a bell drawn with CSS: a 12x11 box bordered top, left and right, its top
    # corners rounded.
    bell = {"index": 0, "tag": "span", "role": "", "text": "", "own": "", "cls": "belly", "interactive": False,
            "box": {"x": 1190, "y": 24, "width": 12, "height": 11},
            "look": {"names": "", "glyph": "", "picture": 0, "photo": 0, "paint": "", "radius": 7, "border": "trl",
                     "font": 13}}
    look = kinds.Look(bell, (1280, 800))
    assert "dot" not in look.identity and look.icon_like
    assert look.fit("bell") == 0.5
    ring = kinds.Look({**bell, "box": {**bell["box"], "height": 12}, "look": {**bell["look"], "border": "trbl"}}, (1280, 800))
    assert "dot" in ring.identity


# A chat laid out the way rebuilt pages draw it: a sidebar with a search field whose placeholder says
# "conversation", a header with icon buttons at its top right, messages with icon buttons beside them.
def _chat(bell, search="Jump to a conversation", named=True):
    icon = '<svg width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6" fill="none" stroke="#555"/></svg>'
    react, pin = (' aria-label="React"', ' aria-label="Pin"') if named else ("", "")
    rows = "".join(
        f'<div class="m"><b>{name}</b><p>{text}</p><span class="act" data-k="react-{k}"{react}>{icon}</span>'
        f'<span class="act" data-k="pin-{k}"{pin}>{icon}</span></div>'
        for k, name, text in (("sam", "Sam Okafor", "QA pass is done."), ("priya", "Priya Nair", "Release notes are in."),
                              ("leo", "Leo Martins", "Shipping at four.")))
    return f"""<!doctype html><style>body {{ margin: 0; font: 14px sans-serif; display: flex; }}
  aside {{ width: 240px; height: 600px; background: #3b2259; padding: 16px; box-sizing: border-box; }}
  .jump {{ display: flex; align-items: center; gap: 6px; background: #fff2; padding: 6px; }}
  .jump input {{ border: 0; background: none; color: #fff; flex: 1; }}
  main {{ flex: 1; }} header {{ height: 56px; display: flex; justify-content: flex-end; align-items: center; gap: 8px;
  padding: 0 16px; border-bottom: 1px solid #ddd; }}
  .tb, .act {{ width: 28px; height: 28px; display: inline-flex; align-items: center; justify-content: center; cursor: pointer; }}
  .belly {{ display: inline-block; width: 12px; height: 11px; border: 2px solid #444; border-bottom: 0; border-radius: 7px 7px 1px 1px; }}
  .m {{ display: flex; align-items: center; gap: 10px; padding: 8px 16px; }} .m p {{ margin: 0; }}</style>
  <aside><div class="jump"><span data-k="magnifier">{icon}</span><input placeholder="{search}"></div></aside>
  <main><header><span class="tb" data-k="members">{icon}</span>{bell}<span class="tb" data-k="info">i</span></header>{rows}
  <input placeholder="Message #general"></main>
  <script>document.addEventListener("click", () => {{}});</script>"""


def test_a_place_in_a_landmark_that_holds_nothing_there_is_not_that_landmark(open_page):
    # The search field says "conversation", but its magnifier is at its left end, not its top right.
    page = open_page(_chat('<span class="tb" data-k="bell" aria-label="Notifications">' + "&#x1F514;</span>"), (1000, 600))
    assert chosen(page, "Click the bell icon at the top right of the conversation") == "bell"


def test_a_corner_of_a_missing_landmark_is_that_corner_of_what_the_drawings_span(open_page):
    # Nothing says "conversation"; the bell is a dome drawn with CSS borders that nothing names.
    page = open_page(_chat('<span class="tb" data-k="bell"><span class="belly"></span></span>', search="Search", named=False), (1000, 600))
    assert chosen(page, "Click the bell icon at the top right of the conversation") == "bell"


def test_a_landmark_said_as_someones_thing_is_found_by_their_name(open_page):
    page = open_page(_chat('<span class="tb" data-k="bell"><span class="belly"></span></span>'), (1000, 600))
    assert chosen(page, "Click the pin icon next to Priya Nair's message") == "pin-priya"
    assert chosen(page, "Click the smiley face icon to the right of Sam Okafor's message") == "react-sam"


def test_a_list_found_by_its_heading_holds_nothing_above_the_heading(open_page):
    # The logo in the rail beside the list is nearer the heading in the page's nesting than the rows
    # of the table under it are.
    avatar = '<span class="av" style="background:{}">{}</span>'
    rows = "".join(f'<tr><td data-k="{k}">{avatar.format(colour, initials)}</td><td>{name}</td></tr>'
                   for k, colour, initials, name in (("maya", "#16a34a", "MC", "Maya Chen"), ("priya", "#f97316", "PN", "Priya Nair"),
                                                     ("leo", "#2563eb", "LM", "Leo Martins")))
    page = open_page(f"""<!doctype html><style>body {{ margin: 0; display: grid; grid-template-columns: 64px 260px 1fr;
      font: 14px sans-serif; }} .strip {{ background: #1d1029; height: 600px; }}
      .logo {{ width: 40px; height: 40px; margin: 12px; border-radius: 10px; background: linear-gradient(135deg, #f59e0b, #f97316);
      color: #fff; text-align: center; line-height: 40px; font-weight: bold; }}
      .lst {{ background: #3b2259; color: #eee; padding-top: 220px; }} td {{ padding: 4px 8px; cursor: pointer; }}
      .av {{ display: inline-block; width: 22px; height: 22px; border-radius: 50%; color: #fff; font-size: 9px; text-align: center;
      line-height: 22px; }}</style>
      <div class="strip"><div class="logo" data-k="logo" onclick="">L</div></div>
      <div class="lst"><div>▾ Direct messages</div><table>{rows}</table></div><main></main>""", (1000, 600))
    assert chosen(page, "Click the orange avatar in the direct messages list") == "priya"


QUEUE = """<!doctype html><style>body { margin: 0; font: 14px sans-serif; } section { width: 560px; padding: 16px; }
  .ep, .qi { display: flex; align-items: center; gap: 10px; height: 48px; border-bottom: 1px solid #ddd; }
  button { width: 30px; height: 30px; border: 0; background: none; cursor: pointer; }
  aside { position: fixed; top: 0; right: 0; width: 340px; height: 100%; background: #f4f6f8; box-shadow: -4px 0 12px #0003; }
  .dh { display: flex; justify-content: space-between; align-items: center; padding: 12px 16px; }
  .qi { padding: 0 16px; } .qi span { flex: 1; }</style>
  <section class="hero"><h1>The Slow Orbit</h1><button data-k="hero-x" aria-label="Dismiss">×</button></section>
  <section class="list">""" + "".join(
    f'<div class="ep"><span>#{n} Episode {n}</span><button data-k="ep-{n}" aria-label="Remove">×</button></div>'
    for n in (48, 47, 46)) + """</section>
  <aside class="drawer"><div class="dh"><h3>Up next</h3><button data-k="close" aria-label="Close queue">×</button></div>
  <div class="ql">""" + "".join(
    f'<div class="qi"><span>#{n} Episode {n}</span><button data-k="go-{n}" aria-label="Play now">'
    f'<svg width="14" height="14" viewBox="0 0 14 14"><path d="M3 2 L12 7 L3 12 Z" fill="#0d9488"/></svg></button>'
    f'<button data-k="rm-{n}" aria-label="Remove from queue">×</button></div>' for n in (43, 44, 41, 40)) + "</div></aside>"


def test_the_panel_is_the_open_drawer_and_its_rows_are_its_list_not_its_header(open_page):
    page = open_page(QUEUE, (1000, 600))
    assert chosen(page, "Click the x at the end of the first row in the panel") == "rm-43"


def test_a_hyphenated_look_is_one_word_and_the_far_right_of_a_row_is_a_place_in_it():
    d = Description("Click the list-with-plus icon at the far right of the second episode now shown")
    assert ("plus",) in d.target.kinds and d.target.positions == {"right"}
    assert [r.kind for r in d.relations] == ["in"] and d.relations[0].landmark.ordinal == 2
    assert Description("Click the sign-in button").relations == []


def test_an_icon_named_then_drawn_is_either_and_remaining_names_nothing(open_page):
    assert Description("Click the play triangle").target.kinds == [("play", "chevron")]
    remaining = Description("Click the teal play triangle on the remaining row of the panel").relations
    assert [(r.kind, r.landmark.regions, r.landmark.keywords) for r in remaining] == [("in", {"panel"}, [])]
    page = open_page(QUEUE, (1000, 600))
    assert chosen(page, "Click the teal play triangle on the second row of the panel") == "go-44"



def test_a_shade_after_a_name_is_part_of_the_name_not_a_colour():
    landmark = Description("Click the round plus button on the Ceiling light card").relations[0].landmark
    assert landmark.colours == [] and landmark.keywords == ["ceiling", "light"]
    assert Description("Click the light card").target.colours == ["light"]


def test_a_card_named_by_its_title_holds_all_it_holds_not_only_what_shares_the_titles_line(open_page):
    # The switch shares the title's header line; the plus knob is further down the same card.
    cards = "".join(
        f'<div class="card"><div class="hd"><span>{name}</span><button class="switch" data-k="switch-{k}"></button></div>'
        f'<div class="row"><span>Brightness {level}%</span><div class="bar"><i style="width:{level}%"></i></div>'
        f'<button class="knob" data-k="plus-{k}"><svg width="12" height="12" viewBox="0 0 12 12"><path d="M6 1 V11 M1 6 H11" '
        f'stroke="#333" stroke-width="2"/></svg></button></div></div>'
        for k, name, level in (("ceiling", "Ceiling light", 60), ("floor", "Floor lamp", 35)))
    page = open_page(f"""<!doctype html><style>body {{ margin: 20px; font: 14px sans-serif; display: flex; gap: 16px; }}
      .card {{ width: 220px; padding: 14px; border: 1px solid #ddd; border-radius: 12px; }}
      .hd, .row {{ display: flex; justify-content: space-between; align-items: center; }} .row {{ margin-top: 40px; gap: 6px; }}
      .switch {{ width: 42px; height: 24px; border-radius: 12px; background: #f5b942; border: 0; }}
      .bar {{ flex: 1; height: 6px; background: #eee; }} .bar i {{ display: block; height: 6px; background: #f5b942; }}
      .knob {{ width: 26px; height: 26px; border-radius: 50%; border: 1px solid #ccc; background: #fff; }}</style>{cards}""",
                     (800, 600))
    assert chosen(page, "Click the round plus button to the right of the brightness bar on the Ceiling light card") == "plus-ceiling"


def test_the_window_a_button_opened_is_the_window_not_the_button_that_says_its_name(open_page):
    page = open_page("""<!doctype html><style>
      body { font: 14px sans-serif; margin: 0; } .top { padding: 12px; } .top input { width: 300px; }
      .fab { position: fixed; right: 24px; bottom: 24px; width: 56px; height: 56px; border-radius: 50%; border: 0;
             background: #3b82f6; }
      .drawer { position: fixed; right: 24px; bottom: 0; width: 420px; height: 440px; background: #eee; }
      .field { display: flex; gap: 8px; padding: 6px 12px; } .field input { flex: 1; }
      textarea { display: block; width: 396px; height: 240px; margin: 8px 12px; }
    </style>
    <div class="top"><input data-k="search" placeholder="Search mail"></div>
    <button class="fab" title="Compose" data-k="fab"><svg viewBox="0 0 24 24" width="24" height="24">
      <path d="M3 17v4h4L18 10l-4-4z" fill="#fff"/></svg></button>
    <section class="drawer"><div>New message</div>
      <div class="field"><label for="to">To</label><input id="to" data-k="to" placeholder="Recipients"></div>
      <div class="field"><label for="subject">Subject</label><input id="subject" data-k="subject"></div>
      <textarea data-k="body" placeholder="Write something"></textarea>
    </section>""", viewport=(1280, 800))
    assert chosen(page, "Type into the first field of the compose window", "Type", "lena@harbor.io") == "to"
    assert chosen(page, "Type into the second field of the compose window", "Type", "Numbers") == "subject"


def test_the_element_ends_where_the_next_act_begins(open_page):
    columns = "".join(f'<div class="column" style="background:{c}"><input data-k="{i}" value="{c[1:].upper()}" '
                      f'aria-label="Hex code"></div>'
                      for i, c in enumerate(("#3d405b", "#2a9d8f", "#f2cc8f", "#6d597a", "#e63946"), 1))
    page = open_page(f"""<!doctype html><style>
      body {{ margin: 0; font: 16px sans-serif; }} main {{ display: flex; height: 600px; }}
      .column {{ flex: 1; display: flex; align-items: flex-end; justify-content: center; padding-bottom: 80px; }}
      .column input {{ width: 160px; font-size: 28px; background: transparent; border: 0; color: #fff; }}
    </style><main>{columns}</main>""", viewport=(1280, 800))
    assert chosen(page, "Click the big hex code in the middle column and type a new code", "Type", "8E7DBE") == "3"


def test_an_empty_circle_is_a_ring_drawn_round(open_page):
    page = open_page("""<!doctype html><style>
      body { margin: 20px; font: 16px sans-serif; } .row { display: flex; gap: 40px; align-items: center; }
      button { width: 34px; height: 34px; border-radius: 50%; border: 2px solid #6366f1; background: #fff; padding: 0; }
      button.done { background: #6366f1; } .add { border-radius: 6px; width: 90px; }
    </style><div class="row"><span>Read 20 pages</span><button class="done" data-k="done"></button>
    <button data-k="open"></button><button class="add" data-k="add">Add</button></div>""")
    assert chosen(page, "Click the empty circle in the row") == "open"
    assert chosen(page, "Click the filled circle in the row") == "done"


TICK = '<svg width="16" height="16" viewBox="0 0 16 16"><path d="M3.5 8.5l3 3 6-7" stroke="#fff" stroke-width="2.4" fill="none"/></svg>'
DARK_HABITS = """<!doctype html><style>body { margin: 20px; font: 14px serif; background: #15121c; color: #eee; }
  td, th { width: 70px; height: 44px; text-align: center; }
  .c { display: block; margin: auto; width: 28px; height: 28px; border-radius: 50%; border: 2px solid #5b5678; cursor: pointer;
       background: #fff; padding: 0; }
  .c.on { background: #f97316; border-color: transparent; } .c.later { background: transparent; border-style: dashed; cursor: default; }
</style><table><tr><th>Habit</th><th>Mon</th><th>Tue</th><th>Wed</th><th>Thu</th></tr>""" + "".join(
    f'<tr><td>{habit}</td>' + "".join(
        f'<td><span class="c later" data-k="{habit[0]}{day}"></span></td>' if day in "WH" else
        f'<td><button class="c on" data-k="{habit[0]}{day}">{TICK}</button></td>' if (habit, day) in {("Water", "M"), ("Read", "T")} else
        f'<td><button class="c" data-k="{habit[0]}{day}"></button></td>'
        for day in "MTWH") + "</tr>"
    for habit in ("Water", "Read", "Stretch")) + "</table>"


def test_an_empty_circle_is_white_inside_its_ring_on_a_dark_page_too(open_page):
    # Unticked days are white discs in a ring, ticked ones orange, days to come dashed rings of nothing.
    page = open_page(DARK_HABITS)
    assert chosen(page, "Click the empty circle in the first row") == "WT"
    assert chosen(page, "Click the filled circle in the second row") == "RT"
    # Ticked, they show a tick drawn as a stroke: the circle is filled, whatever its tick is drawn with.
    assert chosen(page, "Click the filled orange check circle in the second row") == "RT"


def test_just_right_of_a_landmark_is_right_of_it_not_a_place_at_its_end():
    for said, kind in (("Click the closed cell just right of the green 2", "right"),
                       ("Click the star directly left of the 3", "left")):
        described = Description(said, "")
        assert [r.kind for r in described.relations] == [kind] and not described.target.positions
    # "At the far right of the bar" is a place in the bar.
    far = Description("Click the button at the far right of the bar", "")
    assert far.target.positions == {"right"} and [r.kind for r in far.relations] == ["in"]


def _flower_cards(flowers):
    return "".join(
        f'<div class="card" role="group" aria-label="{name}"><div class="thumb"><svg viewBox="0 0 40 40" width="120" '
        f'height="100"><circle cx="20" cy="20" r="14" fill="{colour}"/></svg></div>'
        f'<div class="stepper"><button aria-label="One {name} less">−</button><input value="0" aria-label="{name} quantity">'
        f'<button data-k="plus-{name.lower()}" aria-label="One {name} more">+</button></div></div>'
        for name, colour in flowers)


def test_a_coloured_landmark_is_the_drawing_of_that_colour_where_only_controls_say_its_name(open_page):
    # The card's buttons say "Sunflower" in their labels, and are grey; the sunflower is the yellow drawing.
    page = open_page(f"""<!doctype html><style>body {{ margin: 20px; font: 14px sans-serif; }}
      .grid {{ display: grid; grid-template-columns: repeat(3, 180px); gap: 16px; }}
      .card {{ border: 1px solid #ddd; border-radius: 10px; padding: 8px; }} .thumb {{ background: #f6f6f6; }}
      .stepper {{ display: flex; gap: 6px; margin-top: 8px; }} .stepper input {{ width: 40px; }}
      .stepper button {{ width: 32px; height: 28px; background: #eee; border: 1px solid #ccc; }}</style>
      <div class="grid">{_flower_cards((("Rose", "#d7263d"), ("Tulip", "#f48fb1"), ("Sunflower", "#f5b914"),
                                        ("Daisy", "#ffffff"), ("Iris", "#6a5acd"), ("Poppy", "#ff5722")))}</div>""",
                     (800, 600))
    assert chosen(page, "Click the plus under the yellow sunflower in the top row") == "plus-sunflower"


def test_an_ordinal_from_an_end_counts_the_whole_line_the_colour_agreeing(open_page):
    swatches = "".join(f'<button class="sw" data-k="{k}" style="background:{c}" aria-label="{k} ribbon"></button>'
                       for k, c in (("ivory", "#f3ecd9"), ("blush", "#f4a6b8"), ("sage", "#9cb59a"), ("navy", "#26365e"),
                                    ("burgundy", "#7d1f35"), ("gold", "#d4a93c")))
    page = open_page(f"""<!doctype html><style>body {{ margin: 20px; }} .row {{ display: flex; gap: 14px; }}
      .sw {{ width: 38px; height: 38px; border-radius: 50%; border: 1px solid #ccc; }}</style>
      <h3>Ribbon colour</h3><div class="row">{swatches}</div>""", (800, 600))
    assert chosen(page, "Click the pink swatch, second from the left in the ribbon row") == "blush"


# A player fixed at the bottom: a long seek bar in the middle, a short volume bar at the right whose white
# fill is drawn inside it up to 80 %; an album strip in the middle of the page whose class says bar; and a
# list of songs whose titles take clicks.
PLAYER_BAR = """<!doctype html><style>
  body { margin: 0; font: 14px sans-serif; background: #121212; color: #eee; height: 1600px; }
  .albumbar { position: absolute; top: 300px; left: 260px; width: 960px; height: 100px; background: #222; }
  .songs { position: absolute; top: 440px; left: 320px; } .song { width: 100px; height: 30px; cursor: pointer; }
  .dock { position: fixed; left: 0; right: 0; bottom: 0; height: 88px; background: #181818; }
  .track { position: absolute; height: 14px; cursor: pointer; } .track i { position: absolute; left: 0; top: 5px;
  height: 4px; background: #fff; }
  .seek { left: 400px; width: 460px; top: 60px; } .volume { left: 1095px; width: 110px; top: 40px; }
</style>
<div class="albumbar"></div>
<div class="songs"><div class="song">Coin Slot Heart</div><div class="song">Game Over Glow</div></div>
<div class="dock"><div class="track seek" data-k="seek"><i style="width:0"></i></div>
<div class="track volume" data-k="volume"><i data-k="fill" style="width:88px"></i></div></div>
<script>document.querySelectorAll(".track, .song").forEach((b) => b.addEventListener("click", () => {}));</script>"""


def test_a_thin_bar_is_thin_across_and_a_short_one_is_short_along(open_page):
    page = open_page(PLAYER_BAR, (1280, 800))
    assert chosen(page, "Click halfway along the thin progress bar in the middle of the bottom bar") == "seek"
    assert chosen(page, "Click the middle of the short volume bar near the bottom right corner") == "volume"


def test_the_middle_of_a_bar_is_halfway_along_its_whole_track_not_its_fill():
    from judging.engine.grounding import _along, Scene

    fill = {"index": 1, "visible": True, "box": {"x": 1095, "y": 754, "width": 88, "height": 4}}
    track = {"index": 0, "visible": True, "box": {"x": 1095, "y": 750, "width": 110, "height": 14}}
    scene = Scene([track, fill], (1280, 800))
    assert Description("Click the middle of the short volume bar", "").along == 0.5
    assert Description("Click the cell in the middle of the grid", "").along is None
    assert _along(fill, 0.5, scene)["at"] == (1095 + 55, 750 + 7)


def test_a_bar_is_clicked_as_far_along_as_said_though_the_recorded_cursor_was_found_on_it():
    from judging.engine.grounding import _along, Scene

    # The rebuild's seek bar sits 80 px left of the recorded one: the recorded cursor, found on it,
    # lies two thirds along.
    bar = {"index": 0, "visible": True, "box": {"x": 402, "y": 772, "width": 460, "height": 14}, "at": (712, 779)}
    assert _along(bar, 0.5, Scene([bar], (1280, 800)))["at"] == (402 + 230, 772 + 7)


# A month whose closed days are plain text and open ones buttons; time slots under their part of the day,
# the first of the afternoon struck through as taken.
BOOKING = """<!doctype html><style>
  body { margin: 20px; font: 14px sans-serif; display: flex; gap: 40px; }
  .month { display: grid; grid-template-columns: repeat(7, 44px); gap: 4px; text-align: center; }
  .month button { height: 40px; border: 0; background: none; font: inherit; } .month span { line-height: 40px; color: #bbb; }
  h4 { margin: 14px 0 6px; font-size: 11px; color: #678; } .slots { display: flex; gap: 8px; }
  .pill { padding: 8px 14px; border: 1px solid #9cc; border-radius: 16px; cursor: pointer; }
  .pill.taken { color: #ccc; border-color: #eee; text-decoration: line-through; cursor: default; }
</style>
<div><b>April 2027</b><div class="month">
  <div>Mon</div><div>Tue</div><div>Wed</div><div>Thu</div><div>Fri</div><div>Sat</div><div>Sun</div>
  <div></div><div></div><div></div>%s</div>
  <p>Greyed-out days are closed or fully booked.</p></div>
<div><h4>MORNING</h4><div class="slots">%s</div><h4>AFTERNOON</h4><div class="slots">%s</div></div>
<script>document.querySelectorAll(".month button, .pill:not(.taken)").forEach((b) => b.addEventListener("click", () => {}));</script>
""" % ("".join(f'<span data-k="day{d}">{d}</span>' if d % 7 in (0, 1) or d in (2, 3, 4, 6) else
               f'<button data-k="day{d}">{d}</button>' for d in range(1, 31)),
       "".join(f'<div class="pill" data-k="{t}">{t}</div>' for t in ("09:15", "10:00", "11:30")),
       "".join(f'<div class="pill{" taken" if t == "13:00" else ""}" data-k="{t}">{t}</div>'
               for t in ("13:00", "14:30", "15:15")))


def test_the_rows_of_a_calendar_are_its_weeks_of_days_closed_ones_too(open_page):
    page = open_page(BOOKING, (1280, 800))
    assert chosen(page, "Click the greyed-out day in the third row of the calendar, fourth column") == "day15"


def test_a_row_named_by_a_label_is_the_row_under_it_and_counts_what_is_drawn_alike(open_page):
    page = open_page(BOOKING, (1280, 800))
    # The taken 13:00 takes no click, and is still the first pill of the afternoon.
    assert chosen(page, "Click the second pill in the Afternoon row") == "14:30"


def test_a_word_that_titles_a_sidebar_is_no_icon_of_what_it_says(open_page):
    icons = {"Profile": '<circle cx="12" cy="8" r="4"/>', "General": '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3"/>',
             "Members": '<circle cx="9" cy="8" r="3.5"/>', "Billing": '<rect x="2" y="5" width="20" height="14" rx="2"/>'}
    entries = "".join(f'<div class="item"><svg data-k="{name}" width="18" height="18" viewBox="0 0 24 24" fill="none" '
                      f'stroke="currentColor" stroke-width="2">{svg}</svg>{name}</div>' for name, svg in icons.items())
    page = open_page(f"""<!doctype html><style>body {{ margin: 0; font: 14px sans-serif; }} .top {{ height: 56px; }}
      nav {{ width: 232px; padding: 20px 12px; background: #f4f4f8; height: 560px; }}
      h6 {{ margin: 0 10px 10px; font-size: .72rem; text-transform: uppercase; color: #888; }}
      .item {{ display: flex; gap: 10px; align-items: center; padding: 10px; cursor: pointer; }}</style>
      <div class="top">Acme Studio</div><nav class="side"><h6>Settings</h6>{entries}</nav>
      <script>document.querySelectorAll(".item").forEach((e) => e.addEventListener("click", () => {{}}));</script>""",
                     (1280, 800))
    assert chosen(page, "Click the gear icon entry in the left sidebar, second from the top") == "General"


# A player bar whose playback buttons are unnamed divs holding drawings, right of the album art.
PLAYBACK = """<!doctype html><style>
  body { margin: 0; font: 14px sans-serif; background: #111; color: #eee; }
  .bar { position: fixed; left: 0; right: 0; bottom: 0; height: 88px; background: #181818; display: flex;
         align-items: center; padding: 0 18px; gap: 240px; }
  .art { width: 56px; height: 56px; background: linear-gradient(135deg, #00c6ff, #0b2a7a); }
  .btns { display: flex; gap: 22px; } .btns div { width: 32px; height: 32px; display: flex; align-items: center;
          justify-content: center; cursor: pointer; color: #b3b3b3; }
</style>
<div class="bar"><div class="art" data-k="art"></div><div class="btns">
 <div data-k="shuffle" onclick="0"><svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">
  <path d="M3 6h4c4 0 6 12 10 12h4M3 18h4c2 0 3-2 4-4M13 10c1-2 2-4 4-4h4M18 3l3 3-3 3M18 15l3 3-3 3"/></svg></div>
 <div data-k="prev" onclick="0"><svg width="18" height="18" viewBox="0 0 24 24"><path d="M6 5h2v14H6zM20 5v14L9 12z" fill="currentColor"/></svg></div>
 <div data-k="next" onclick="0"><svg width="18" height="18" viewBox="0 0 24 24"><path d="M16 5h2v14h-2zM4 5v14l11-7z" fill="currentColor"/></svg></div>
 <div data-k="repeat" onclick="0"><svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">
  <path d="M17 2l3 3-3 3M4 11V9a4 4 0 0 1 4-4h12M7 22l-3-3 3-3M20 13v2a4 4 0 0 1-4 4H4"/></svg></div>
</div></div>"""


def test_arrows_named_by_how_they_are_drawn_are_a_shuffle_or_a_repeat():
    assert Description("Click the crossed-arrows icon", "").target.kinds[0] == ("shuffle",)
    assert Description("Click the looping arrows icon", "").target.kinds[0] == ("repeat", "refresh")
    assert Description("Click the circular arrow", "").target.kinds[0] == ("refresh",)
    # A round button with an arrow on it, not a round arrow.
    button = Description("Click the round arrow button on the right edge of the photo", "").target
    assert button.kinds == [("arrow",), ("button",)] and button.circular


def test_unnamed_buttons_in_the_plural_are_the_line_of_them_the_target_is_one_of(open_page):
    page = open_page(PLAYBACK, (1280, 800))
    assert chosen(page, "Click the crossed-arrows icon at the far left of the playback buttons") == "shuffle"


def test_turning_a_switch_on_or_off_is_the_verb_not_the_element():
    for said in ("Turn on the switch in the 'Weekly summary email' row", "Turn off the switch in the 'Weekly summary email' row",
                 "Flip the switch in the 'Weekly summary email' row"):
        described = Description(said, "")
        assert described.target.text == "the switch" and described.target.kinds == [("toggle",)], said
        assert [r.landmark.quoted for r in described.relations] == [["weekly summary email"]], said


# A chat: a search field over the conversations, a message field under the thread; neither says search.
CHATS = """<!doctype html><style>
  body { margin: 0; font: 14px sans-serif; display: flex; height: 100vh; }
  .side { width: 300px; border-right: 1px solid #ddd; padding: 12px; } .side input { width: 260px; }
  .conv { padding: 10px; border-bottom: 1px solid #eee; cursor: pointer; }
  .main { flex: 1; display: flex; flex-direction: column; justify-content: flex-end; padding: 12px; }
</style>
<div class="side list"><input data-k="find" placeholder="Find a chat">
 <div class="rows"><div class="conv" onclick="0">Design team</div><div class="conv" data-k="second" onclick="0">Desmond Ray</div>
 <div class="conv" onclick="0">Priya Nair</div><div class="conv" onclick="0">Launch crew</div></div></div>
<div class="main"><p>Lena: the mockups are up.</p><input data-k="message" placeholder="Message"></div>"""


def test_a_list_nothing_names_is_a_column_of_things_that_take_clicks(open_page):
    page = open_page(CHATS, (1280, 800))
    assert chosen(page, "Type into the search field above the conversation list", "Type", "des") == "find"


def test_the_field_above_a_list_is_not_one_of_the_things_counted_in_it(open_page):
    page = open_page(CHATS, (1280, 800))
    assert chosen(page, "Click the second conversation in the left list") == "second"


# A budget table whose cells take clicks through the table body, a wide title above it that says
# budgeted, and another table below with a column in the same place.
BUDGET = """<!doctype html><style>
  body { margin: 20px; font: 14px sans-serif; width: 760px; } table { border-collapse: collapse; width: 100%; margin: 12px 0 40px; }
  td, th { padding: 10px; text-align: left; border-bottom: 1px solid #eee; } .sum { color: #777; }
</style>
<h2>Monthly budget</h2><span class="sum">$2,045 budgeted</span>
<table><thead><tr><th>Category</th><th>Budgeted</th><th>Spent</th><th>Remaining</th></tr></thead>
<tbody onclick="0"><tr><td>Rent</td><td>$1,200</td><td>$1,200</td><td>$0</td></tr>
<tr><td>Groceries</td><td data-k="420">$420</td><td>$386</td><td>$34</td></tr>
<tr><td>Transport</td><td>$150</td><td>$88</td><td>$62</td></tr></tbody></table>
<table><thead><tr><th>Date</th><th>Merchant</th><th>Amount</th></tr></thead>
<tbody><tr><td>Apr 2</td><td>Fresh Market</td><td>$40.00</td></tr><tr><td>Apr 3</td><td>City Bus</td><td>$22.50</td></tr>
<tr><td>Apr 5</td><td>Noodle Bar</td><td>$30.80</td></tr></tbody></table>"""


def test_words_naming_a_column_heading_point_at_its_cell_in_the_row_named(open_page):
    page = open_page(BUDGET, (1280, 800))
    assert chosen(page, "Click the budgeted amount in the second row of the table") == "420"


# A month switcher at the top right, its buttons named for screen readers only, or only called
# chevrons by their class; a table whose cells are called names below.
MONTHS = """<!doctype html><style>
  body { margin: 20px; font: 14px sans-serif; } .top { display: flex; justify-content: space-between; }
  .month { display: flex; align-items: center; gap: 6px; } button, .chev { width: 32px; height: 32px; border: 0;
  background: none; cursor: pointer; display: grid; place-items: center; }
</style>
<div class="top"><h1>Monthly budget</h1><div class="month">
 <button aria-label="Previous month" data-k="prev"><svg width="16" height="16"><path d="M10 3 5 8l5 5" fill="none" stroke="#456" stroke-width="2"/></svg></button>
 <span>March 2025</span>
 <button aria-label="Next month" data-k="next"><svg width="16" height="16"><path d="M6 3l5 5-5 5" fill="none" stroke="#456" stroke-width="2"/></svg></button></div></div>
<div class="month" id="weeks"><div class="chev" onclick="0" data-k="back"><svg width="16" height="16"><path d="M10 3 5 8l5 5" fill="none" stroke="#456" stroke-width="2"/></svg></div>
 <span>Week 12</span>
 <div class="chev" onclick="0" data-k="on"><svg width="16" height="16"><path d="M6 3l5 5-5 5" fill="none" stroke="#456" stroke-width="2"/></svg></div></div>
<table><tr><td class="name">Rent</td><td>$1,200</td></tr><tr><td class="name">Groceries</td><td>$420</td></tr></table>"""


def test_the_month_name_is_a_text_naming_a_month_and_a_next_button_is_a_chevron(open_page):
    page = open_page(MONTHS, (1280, 800))
    assert chosen(page, "Click the right-pointing chevron next to the month name at the top right") == "next"


def test_of_chevrons_nothing_shows_pointing_the_right_pointing_one_is_on_the_right(open_page):
    weeks = re.sub(r'<div class="top">.*?</div></div>', "", MONTHS, flags=re.S)
    assert 'id="weeks"' in weeks and "Next month" not in weeks
    page = open_page(weeks, (1280, 800))
    assert chosen(page, "Click the right-pointing chevron next to 'Week 12'") == "on"


# A seat map whose seats say nothing (rows numbered at the left and in the aisle) under a heading and
# beside cards that say "seat".
NUMBERED_SEATS = """<!doctype html><style>
  body { margin: 20px; font: 14px sans-serif; display: flex; gap: 40px; } .card { border: 1px solid #ccc; padding: 8px; }
  .row { display: flex; gap: 6px; margin-bottom: 4px; align-items: center; } .rn { width: 20px; font-size: 11px; color: #999; }
  .row div { width: 30px; height: 28px; background: #dde; border-radius: 6px; cursor: pointer; }
</style>
<div><div class="card">Ana Ribeiro <span>No seat</span></div><div class="card">Tomás Ribeiro <span>No seat</span></div></div>
<div><h2>Choose your seat</h2><div id="rows">""" + "".join(
    f'<div class="row"><span class="rn">{r}</span>' + "".join(
        f'<div onclick="0" data-k="{r}{c}"></div>' + ('<span class="rn">' + str(r) + '</span>' if c == "C" else "")
        for c in "ABCDEF") + "</div>" for r in range(1, 10)) + "</div></div>"


def test_a_numbered_row_is_the_one_its_label_names_and_holds_the_unnamed_seats(open_page):
    page = open_page(NUMBERED_SEATS, (1280, 800))
    assert chosen(page, "Click the window seat on the left-hand side of row 7 in the seat map") == "7A"


# A bar chart whose columns take the clicks, under a row of period tabs; a search field further down.
BAR_CHART = """<!doctype html><style>
  body { margin: 20px; font: 14px sans-serif; } .tabs { display: inline-flex; border: 1px solid #ccc; border-radius: 8px; }
  .tabs button { border: 0; background: none; padding: 6px 12px; } .chart { display: flex; align-items: flex-end; gap: 12px;
  height: 220px; width: 560px; } .col { width: 80px; height: 100%; display: flex; align-items: flex-end; justify-content: center;
  cursor: pointer; } .bar { width: 46px; background: #c7d2fe; border-radius: 5px 5px 0 0; }
</style>
<div class="tabs"><button>3M</button><button>6M</button><button>12M</button></div>
<div class="chart">""" + "".join(f'<div class="col" onclick="0" data-k="{m}"><div class="bar" style="height:{h}px"></div></div>'
                                  for m, h in (("jan", 113), ("feb", 104), ("mar", 150), ("apr", 121))) + """</div>
<input placeholder="Search transactions" style="width: 220px; margin-top: 300px">"""


def test_a_bar_of_a_chart_stands_upright_and_the_tallest_is_the_highest(open_page):
    assert chosen(open_page(BAR_CHART, (1280, 800)), "Click the tallest bar in the chart") == "mar"


# A sudoku's top row: givens and empty cells alike, all taking clicks.
SUDOKU_ROW = """<!doctype html><style>
  body { margin: 20px; font: 24px sans-serif; } .board { display: grid; grid-template-columns: repeat(9, 50px); }
  .board div { height: 50px; border: 1px solid #ccc; display: grid; place-items: center; cursor: pointer; }
</style>
<div class="board">""" + "".join(f'<div onclick="0" data-k="c{i}">{v}</div>' for i, v in enumerate("53  7    6  195   ", 1)) + "</div>"


def test_an_empty_cell_shows_nothing(open_page):
    page = open_page(SUDOKU_ROW, (1280, 800))
    assert chosen(page, "Click the first empty cell in the top row of the grid") == "c3"
