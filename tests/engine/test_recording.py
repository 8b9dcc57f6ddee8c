"""Grounding by where the task's recording points: the cursor found in video.mp4 at each step, the
page's look around it found again in the replayed page, and the words kept where they decide."""
import base64
import json
import subprocess

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from judging.engine import actions, grounding, recording
from judging.engine.colours import decode
from judging.engine.grounding import Description
from judging.engine.task import load_task
from tasks_catalog.authoring import draw_cursor

from .test_grounding import open_page  # noqa: F401  (the fixture: a page in the shared judge's Chromium)

SIZE = (320, 200)


def page_picture():
    """A page with three different shapes, as a BGR frame."""
    image = Image.new("RGB", SIZE, (250, 250, 250))
    draw = ImageDraw.Draw(image)
    draw.rectangle((30, 70, 80, 120), fill=(200, 40, 40))
    draw.ellipse((140, 70, 190, 120), fill=(40, 90, 200))
    draw.polygon([(250, 120), (275, 70), (300, 120)], fill=(40, 160, 60))
    return image


def bgr(image):
    return cv2.cvtColor(np.array(image), cv2.COLOR_RGB2BGR)


def test_cursor_is_found_at_the_tip_of_the_drawn_arrow():
    image = page_picture()
    draw_cursor(image, 160, 95, pressed=False)
    assert recording.find_cursor(bgr(image)) == (160, 95)


def test_no_cursor_is_found_in_a_frame_without_one():
    assert recording.find_cursor(bgr(page_picture())) is None


def write_task(folder, frames, steps, fps=10):
    """A task folder with a video of `frames` (RGB images) and build_task's step times."""
    folder.mkdir(parents=True)
    encoder = subprocess.Popen(["ffmpeg", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
                                "-s", f"{SIZE[0]}x{SIZE[1]}", "-r", str(fps), "-i", "-", "-c:v", "libx264", "-crf", "18",
                                "-pix_fmt", "yuv420p", str(folder / "video.mp4")], stdin=subprocess.PIPE)
    encoder.communicate(b"".join(frame.tobytes() for frame in frames))
    assert encoder.returncode == 0
    (folder / "metadata.json").write_text(json.dumps({
        "recording_details": {"resolution": f"{SIZE[0]}x{SIZE[1]}"},
        "video": {"fps": fps, "duration": len(frames) / fps},
        "steps": [{"step": number, "at": at} for number, at in steps]}))
    (folder / "checkpoints").mkdir()
    page_picture().save(folder / "checkpoints" / "step_0.png")
    (folder / "task.json").write_text(json.dumps({"id": "t", "recording_details": {"resolution": f"{SIZE[0]}x{SIZE[1]}"},
                                                  "action_sequence": [
                                                      {"type": "Scroll", "parameters": {"description": "Scroll down"}},
                                                      {"type": "Click", "parameters": {"description": "Click the icon"}}]}))
    return folder


def test_a_click_step_is_cued_by_where_the_cursor_rests_and_the_page_before_it(tmp_path):
    resting, moved = page_picture(), page_picture()
    draw_cursor(resting, 40, 170, pressed=False)      # where the cursor waits before the click
    draw_cursor(moved, 165, 95, pressed=False)        # on the blue circle, where the click leaves it
    frames = [resting] * 20 + [moved] * 10
    task = load_task(write_task(tmp_path / "t", frames, [(1, 0.5), (2, 2.0)]))
    cues = recording.read_cues(task)
    assert set(cues) == {2}                           # a Scroll is not cued
    cue = cues[2]
    assert abs(cue.point[0] - 165) <= 1 and abs(cue.point[1] - 95) <= 1
    # The page around the point is taken before the click, the cursor resting elsewhere painted out.
    page = bgr(page_picture())
    spots = cue.spots(page)
    assert spots and abs(spots[0].x - 165) <= 2 and abs(spots[0].y - 95) <= 2 and spots[0].likeness > 0.95


def test_a_step_long_in_the_recording_is_cued_as_a_short_one(tmp_path):
    resting, moved = page_picture(), page_picture()
    draw_cursor(resting, 40, 170, pressed=False)
    draw_cursor(moved, 165, 95, pressed=False)
    frames = [resting] * 150 + [moved] * 10          # fifteen seconds before the pointer moves
    cues = recording.read_cues(load_task(write_task(tmp_path / "t", frames, [(1, 0.0), (2, 0.5)])))
    assert set(cues) == {2}
    assert abs(cues[2].point[0] - 165) <= 1 and abs(cues[2].point[1] - 95) <= 1


def test_frames_scattered_over_the_video_come_each_with_its_number(tmp_path):
    shades = [(n * 37) % 256 for n in range(260)]
    write_task(tmp_path / "t", [Image.new("RGB", SIZE, (v, v, v)) for v in shades], [])
    wanted = list(range(0, 260, 2))                  # more stretches than one ffmpeg select can name
    got = [(n, round(float(frame.mean()))) for n, frame in recording._frames(tmp_path / "t" / "video.mp4", wanted, SIZE)]
    assert [n for n, _ in got] == wanted
    assert all(abs(mean - shades[n]) <= 3 for n, mean in got)


def test_the_look_is_taken_as_the_click_met_it_not_while_a_panel_still_arrives(tmp_path):
    arriving, settled, clicked = page_picture(), page_picture(), page_picture()
    ImageDraw.Draw(arriving).rectangle((130, 60, 200, 130), fill=(250, 250, 250))   # the circle not there yet
    ImageDraw.Draw(clicked).ellipse((140, 70, 190, 120), fill=(200, 40, 40))        # what the click turned it into
    waiting = [arriving.copy() for _ in range(20)] + [settled.copy() for _ in range(3)]
    for frame in waiting:
        draw_cursor(frame, 40, 170, pressed=False)
    on_the_way, done = settled.copy(), clicked.copy()
    draw_cursor(on_the_way, 100, 130, pressed=False)
    draw_cursor(done, 165, 95, pressed=False)
    task = load_task(write_task(tmp_path / "t", waiting + [on_the_way] + [done] * 6, [(1, 0.5), (2, 2.0)]))
    cue = recording.read_cues(task)[2]
    spots = cue.spots(bgr(settled))
    assert spots and abs(spots[0].x - 165) <= 2 and abs(spots[0].y - 95) <= 2 and spots[0].likeness > 0.95


def approached(tmp_path, waiting, arriving, way):
    """The spots on the plain page of a click whose cursor waited on `waiting`, came past `way` on
    `arriving` and rests on the blue circle."""
    frames = [waiting.copy() for _ in range(20)]
    for frame in frames:
        draw_cursor(frame, 40, 170, pressed=False)
    on_the_way, done = arriving.copy(), arriving.copy()
    draw_cursor(on_the_way, *way, pressed=False)
    draw_cursor(done, 165, 95, pressed=False)
    task = load_task(write_task(tmp_path / "t", frames + [on_the_way] * 3 + [done] * 6, [(1, 0.5), (2, 2.0)]))
    return recording.read_cues(task)[2].spots(bgr(page_picture()))


def test_the_look_is_taken_before_the_pointer_lit_the_control_it_went_to(tmp_path):
    lit = page_picture()
    ImageDraw.Draw(lit).ellipse((140, 70, 190, 120), fill=(40, 90, 200), outline=(20, 20, 20), width=4)  # a hover ring
    spots = approached(tmp_path, page_picture(), lit, (100, 130))
    assert spots and abs(spots[0].x - 165) <= 2 and abs(spots[0].y - 95) <= 2 and spots[0].likeness > 0.98


def test_the_arrow_painted_out_on_its_way_to_the_control_is_no_change_of_the_page(tmp_path):
    # The page does not change; the frame before the cursor reached the circle has the arrow over it,
    # painted out: the look is still the page as the step began, the circle whole.
    spots = approached(tmp_path, page_picture(), page_picture(), (158, 88))
    assert spots and abs(spots[0].x - 165) <= 2 and abs(spots[0].y - 95) <= 2 and spots[0].likeness > 0.99


def test_a_panel_that_arrived_as_the_pointer_came_is_looked_at_though_the_arrow_hid_part_of_it(tmp_path):
    # The step began on a plain page; a light panel with a round minus slid in, and the frame before the
    # cursor reached the minus has the arrow painted out over its lower half. Blacked out in both, that
    # part made the two light patches look alike, and the plain page was taken for the look.
    def panel():
        image = Image.new("RGB", SIZE, (250, 250, 250))
        draw = ImageDraw.Draw(image)
        draw.ellipse((151, 81, 179, 109), outline=(150, 150, 150), width=2)
        draw.line((158, 95, 172, 95), fill=(60, 60, 60), width=2)
        draw.rectangle((90, 91, 130, 99), fill=(90, 90, 90))         # the line's name
        draw.line((70, 125, 260, 125), fill=(230, 230, 230), width=1)
        return image

    plain = Image.new("RGB", SIZE, (250, 250, 250))
    ImageDraw.Draw(plain).rectangle((90, 135, 150, 141), fill=(120, 120, 120))
    frames = [plain.copy() for _ in range(20)]
    for frame in frames:
        draw_cursor(frame, 40, 170, pressed=False)
    on_the_way, done = panel(), panel()
    draw_cursor(on_the_way, 168, 104, pressed=False)
    draw_cursor(done, 165, 95, pressed=False)
    task = load_task(write_task(tmp_path / "t", frames + [on_the_way] * 3 + [done] * 6, [(1, 0.5), (2, 2.0)]))
    spots = recording.read_cues(task)[2].spots(bgr(panel()))
    assert spots and abs(spots[0].x - 165) <= 2 and abs(spots[0].y - 95) <= 2 and spots[0].likeness > 0.95


def test_a_task_without_step_times_has_no_cues(tmp_path):
    folder = write_task(tmp_path / "t", [page_picture()] * 10, [(1, 0.2), (2, 0.5)])
    (folder / "metadata.json").write_text(json.dumps({"recording_details": {"resolution": "320x200"}}))
    assert recording.read_cues(load_task(folder)) == {}


def test_the_recorded_place_counts_where_the_page_there_looks_like_it_though_not_the_same():
    cue = recording.cue_at(bgr(page_picture()), (165, 95))
    rebuilt, moved = page_picture(), page_picture()
    ImageDraw.Draw(rebuilt).ellipse((140, 70, 200, 130), fill=(40, 90, 200))     # a bigger circle, same place
    ImageDraw.Draw(moved).rectangle((130, 60, 210, 140), fill=(250, 250, 250))
    ImageDraw.Draw(moved).ellipse((150, 70, 210, 130), fill=(40, 90, 200))       # and moved over
    spots = cue.spots(bgr(rebuilt))
    assert [(s.x, s.y) for s in spots] == [(165, 95)] and recording.PLACE_LOOK <= spots[0].likeness < recording.SAME_LOOK
    assert cue.spots(bgr(moved)) == []


def test_a_look_the_page_does_not_show_gives_no_spot():
    cue = recording.cue_at(bgr(page_picture()), (165, 95))
    other = Image.new("RGB", SIZE, (20, 20, 20))
    ImageDraw.Draw(other).text((40, 80), "Something else entirely", fill=(230, 230, 230))
    assert cue.spots(bgr(other)) == []



def test_a_drawing_below_the_screenshot_has_no_resemblance_to_weigh():
    # A long page lists elements under the fold; the screenshot holds only the viewport.
    cue = recording.cue_at(bgr(page_picture()), (165, 95))
    below = {"x": 140, "y": SIZE[1] + 40, "width": 50, "height": 50}
    assert cue.resemblance(bgr(page_picture()), below) is None
    assert cue.resemblance(bgr(page_picture()), {"x": 140, "y": 70, "width": 50, "height": 50}) > 0.9

# -- the grounding with a cue -------------------------------------------------------------------
ICONS = """<!doctype html><style>
  body { margin: 0; } .i { position: absolute; top: 60px; width: 48px; height: 48px; cursor: pointer; }
  .a { left: 40px; background: #c62828; } .b { left: 160px; background: #1565c0; border-radius: 50%; }
  .c { left: 280px; background: #2e7d32; transform: rotate(45deg); }
  .pic { position: absolute; top: 200px; left: 40px; }
  button { position: absolute; top: 140px; font: 16px sans-serif; } .s { left: 40px; } .x { left: 160px; }
</style>
<div class="i a" data-k="square"></div><div class="i b" data-k="circle"></div><div class="i c" data-k="diamond"></div>
<button class="s" data-k="save">Save</button><button class="x" data-k="cancel">Cancel</button>
<script>document.querySelectorAll(".i").forEach((el) => el.addEventListener("click", () => el.classList.add("on")));</script>"""


def cue_on(page, x, y):
    """The cue a recording of this very page gives when its cursor rests at (x, y)."""
    return recording.cue_at(decode(page.screenshot), (x, y))


def grounded(page, description, cue):
    chosen, _ = grounding.choose("Click", Description(description), page.candidates, page.viewport,
                                 screenshot=page.screenshot, cue=cue)
    return page._run(page.page.evaluate("(i) => window.__iwrJudge.candidates[i].dataset.k || null", chosen["index"]))


@pytest.mark.browser
def test_the_recording_says_which_icon_when_the_words_do_not(open_page):  # noqa: F811
    page = open_page(ICONS, (400, 300))
    assert grounded(page, "Click the icon", cue_on(page, 184, 84)) == "circle"
    assert grounded(page, "Click the icon", cue_on(page, 304, 84)) == "diamond"


@pytest.mark.browser
def test_a_label_the_step_quotes_decides_over_the_recording(open_page):  # noqa: F811
    page = open_page(ICONS, (400, 300))
    assert grounded(page, "Click 'Save'", cue_on(page, 190, 150)) == "save"


SQUARES = """<!doctype html><style>
  body {{ margin: 20px 20px 20px {left}px; }} .r {{ display: flex; gap: 40px; }}
  .r div {{ width: 40px; height: 40px; background: #f5a623; cursor: pointer; }}
</style><div class="r" id="r"><div data-k="1"></div><div data-k="2"></div><div data-k="3"></div><div data-k="4"></div>
<div data-k="5"></div></div>
<script>document.getElementById("r").addEventListener("click", (e) => e.target.classList.add("on"));</script>"""


@pytest.mark.browser
def test_where_the_page_is_laid_out_as_recorded_the_recorded_place_is_the_one(open_page):  # noqa: F811
    page = open_page(SQUARES.format(left=20), (800, 200))
    # The inner squares look alike; the recording clicked the third, where this page has it too.
    assert grounded(page, "Click the second square in the row", cue_on(page, 200, 40)) == "3"


@pytest.mark.browser
def test_of_alike_places_elsewhere_the_words_choose_one_they_name(open_page):  # noqa: F811
    recorded = open_page(SQUARES.format(left=20), (800, 200))
    moved = open_page(SQUARES.format(left=50), (800, 200))      # the rebuild sits 30 px further right
    cue = cue_on(recorded, 200, 40)
    assert len(cue.spots(decode(moved.screenshot))) >= 2
    assert grounded(moved, "Click the fourth square in the row", cue) == "4"
    # The first square does not look as recorded (nothing left of it): the place nearest the recorded one.
    assert grounded(moved, "Click the first square in the row", cue) == "3"


PICTURE_OF_ICONS = """<!doctype html><body style="margin:0"><img data-k="picture" alt="" src="data:image/png;base64,{}">
<button data-k="ok" style="position:absolute; top: 250px; left: 10px">OK</button>"""


@pytest.mark.browser
def test_a_picture_of_the_page_takes_no_click_from_the_recording(open_page):  # noqa: F811
    icons = open_page(ICONS, (400, 300))
    picture = open_page(PICTURE_OF_ICONS.format(base64.b64encode(icons.screenshot).decode()), (400, 300))
    assert cue_on(icons, 184, 84).spots(decode(picture.screenshot))     # the look is there, in the picture
    by_words = grounding.choose("Click", Description("Click the icon"), picture.candidates, picture.viewport,
                                screenshot=picture.screenshot)
    with_cue = grounding.choose("Click", Description("Click the icon"), picture.candidates, picture.viewport,
                                screenshot=picture.screenshot, cue=cue_on(icons, 184, 84))
    assert with_cue == by_words


TOGGLES = """<!doctype html><style>
  body {{ margin: 0; font: 16px sans-serif; background: {page}; color: {ink}; }}
  .row {{ position: absolute; left: 40px; width: 300px; height: 40px; }} .row span {{ position: absolute; left: 0; top: 10px; }}
  .t {{ position: absolute; right: 0; top: 7px; width: 46px; height: 26px; border-radius: 13px; background: {off}; cursor: pointer; }}
  .t::after {{ content: ""; position: absolute; left: 3px; top: 3px; width: 20px; height: 20px; border-radius: 50%; background: #fff; }}
</style>
<div class="row" style="top: {first}px"><span>Dark mode</span><div class="t" data-k="dark" role="switch"></div></div>
<div class="row" style="top: {second}px"><span>Notifications</span><div class="t" data-k="notify" role="switch"></div></div>"""


@pytest.mark.browser
def test_a_look_merely_like_the_recorded_one_elsewhere_leaves_the_words_their_pick(open_page):  # noqa: F811
    recorded = open_page(TOGGLES.format(page="#fff", ink="#222", off="#c7c7cc", first=60, second=120), (400, 300))
    # Restyled: a grey page, the rows the other way round. Its first toggle looks much like the one
    # recorded (a toggle with one under it), not the same picture.
    restyled = open_page(TOGGLES.format(page="#eeeeee", ink="#222", off="#c7c7cc", first=150, second=90), (400, 300))
    cue = cue_on(recorded, 317, 80)
    assert [round(s.y) for s in cue.spots(decode(restyled.screenshot))] == [110]
    assert grounded(restyled, "Click the toggle to the right of 'Dark mode'", cue) == "dark"


ROW_OF_DRAWINGS = """<!doctype html><style>
  body { margin: 20px; } .row { display: flex; gap: 14px; align-items: center; width: 360px; padding: 16px;
    border-bottom: 1px solid #ddd; cursor: pointer; font: 14px sans-serif; } .row span { flex: 1; }
</style><div class="row" data-k="row">Lena Park<span></span>
  <svg data-k="archive" width="18" height="18"><rect x="2" y="3" width="14" height="12" fill="none" stroke="#555"/></svg>
  <svg data-k="flag" width="18" height="18"><path d="M4 2v14M4 3h10l-3 4 3 4H4" fill="none" stroke="#555"/></svg>
  <svg data-k="bin" width="18" height="18"><path d="M4 5h10l-1 11H5zM3 5h12M7 2h4" fill="none" stroke="#555"/></svg></div>
<script>document.querySelector(".row").addEventListener("click", (e) => e.target.closest("svg")?.classList.add("on"));</script>"""


@pytest.mark.browser
def test_a_click_where_the_recording_points_lands_on_the_drawing_there_not_the_row_around_it(open_page):  # noqa: F811
    # Only the row listens; the drawings in it are what a click at the recorded point lands on.
    page = open_page(ROW_OF_DRAWINGS, (500, 200))
    box = page._run(page.page.evaluate("() => JSON.parse(JSON.stringify(document.querySelector('[data-k=bin]').getBoundingClientRect()))"))
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert grounded(page, "Click the trash icon on the row", cue_on(page, x, y)) == "bin"


THEMED_ROW = """<!doctype html><style>
  body {{ margin: 20px; background: {page}; color: {ink}; font: 14px {font}; }}
  .row {{ display: flex; gap: 14px; align-items: center; width: 360px; padding: 16px; }} .row span {{ flex: 1; }}
  svg {{ cursor: pointer; }}
</style><div class="row">Lena Park<span></span>
  <svg data-k="archive" width="18" height="18"><rect x="2" y="3" width="14" height="12" fill="none" stroke="{ink}"/></svg>
  <svg data-k="flag" width="18" height="18"><path d="M4 2v14M4 3h10l-3 4 3 4H4" fill="none" stroke="{ink}"/></svg>
  <svg data-k="bin" width="18" height="18"><path d="M4 5h10l-1 11H5zM3 5h12M7 2h4" fill="none" stroke="{ink}"/></svg></div>
<script>document.querySelectorAll("svg").forEach((el) => el.addEventListener("click", () => el.classList.add("on")));</script>"""


@pytest.mark.browser
def test_of_unnamed_icons_the_one_drawn_as_the_recording_shows_it_is_chosen_in_any_theme(open_page):  # noqa: F811
    recorded = open_page(THEMED_ROW.format(page="#fff", ink="#555", font="sans-serif"), (500, 200))
    box = recorded._run(recorded.page.evaluate(
        "() => JSON.parse(JSON.stringify(document.querySelector('[data-k=flag]').getBoundingClientRect()))"))
    cue = cue_on(recorded, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # Dark, in another font: the recorded look is found nowhere, the flag's drawing still is.
    dark = open_page(THEMED_ROW.format(page="#1b1e24", ink="#d0d4dc", font="serif"), (500, 200))
    assert cue.spots(decode(dark.screenshot)) == []
    assert grounded(dark, "Click the flag icon on the Lena Park row", cue) == "flag"
    assert grounded(dark, "Click the flag icon on the Lena Park row", None) == "archive"   # the words alone: the first


MONTH_HEADER = """<!doctype html><style>
  body { margin: 40px; font: 15px sans-serif; } .cal { width: 300px; padding: 8px; border: 1px solid #ccc; }
  .head { display: flex; align-items: center; } .head button { width: 30px; height: 30px; border: 0; background: none; font-size: 18px; }
  .head h2 { flex: 1; margin: 0; font-size: 15px; text-align: left; }
</style><div class="cal" id="cal" data-k="calendar"><div class="head">
  <button data-k="previous" aria-label="Previous month">&lsaquo;</button><h2 data-k="title">July 2025</h2>
  <button data-k="next" aria-label="Next month">&rsaquo;</button></div><p>1 2 3 4 5 6 7</p></div>
<script>document.getElementById("cal").addEventListener("click", (e) => e.target.classList.add("on"));</script>"""


@pytest.mark.browser
def test_a_cursor_resting_just_off_the_button_the_words_name_points_at_it_not_at_the_title_beside(open_page):  # noqa: F811
    # The calendar listens for clicks on all it holds; the recorded tip sits a pixel past the arrow's
    # edge, on the month's title, which the words do not name at all.
    page = open_page(MONTH_HEADER, (500, 300))
    box = page._run(page.page.evaluate(
        "() => JSON.parse(JSON.stringify(document.querySelector('[data-k=previous]').getBoundingClientRect()))"))
    cue = cue_on(page, box["x"] + box["width"] + 1, box["y"] + box["height"] / 2)
    assert grounded(page, "Click the previous month arrow", cue) == "previous"
    # Well inside the title, the recording pointed at the title, whatever the words found.
    assert grounded(page, "Click the previous month arrow", cue_on(page, box["x"] + box["width"] + 30,
                                                                    box["y"] + box["height"] / 2)) == "title"


PLUS = "width: 30px; height: 30px; border: 2px solid #888; border-radius: 50%; text-align: center; font: 22px/30px sans-serif"
RECORDED_DIALOG = f"""<!doctype html><style>
  body {{ margin: 0; font: 16px sans-serif; }} .d {{ position: fixed; left: 40px; top: 40px; width: 380px; height: 220px;
    background: #fafafa; border: 1px solid #ccc; }} .l {{ position: absolute; left: 20px; top: 55px; }}
  .p {{ position: absolute; left: 244px; top: 43px; {PLUS}; cursor: pointer; }}
</style><div class="d"><span class="l">Servings</span><div class="p" data-k="plus">+</div></div>"""
# The rebuild draws a plus where the recording has it, as a picture in the dialog's corner that takes no
# click; its own plus sits lower. Under the dialog, a list that listens for clicks on its rows.
COVERING_DIALOG = f"""<!doctype html><style>
  body {{ margin: 0; font: 16px sans-serif; }} .list {{ position: absolute; left: 200px; top: 60px; width: 300px; }}
  .list div {{ height: 30px; }} .d {{ position: fixed; left: 40px; top: 40px; width: 380px; height: 220px;
    background: #fafafa; border: 1px solid #ccc; }}
  .d::after {{ content: "+"; position: absolute; left: 244px; top: 43px; {PLUS}; }}
  .l {{ position: absolute; left: 20px; top: 145px; }} .p {{ position: absolute; left: 120px; top: 133px; {PLUS}; cursor: pointer; }}
</style><div class="list" id="list"><div>Bell peppers</div><div data-k="row">Chicken breast</div><div>Lemons</div></div>
<div class="d"><span class="l">Servings</span><div class="p" data-k="plus">+</div></div>
<script>document.getElementById("list").addEventListener("click", () => {{}});
document.querySelector(".p").addEventListener("click", () => {{}});</script>"""


@pytest.mark.browser
def test_a_list_a_dialog_covers_takes_no_click_from_the_recording_though_the_dialog_looks_as_recorded_there(open_page):  # noqa: F811
    recorded, rebuilt = open_page(RECORDED_DIALOG, (600, 400)), open_page(COVERING_DIALOG, (600, 400))
    cue = cue_on(recorded, 301, 100)
    assert [(round(s.x), round(s.y)) for s in cue.spots(decode(rebuilt.screenshot))][:1] == [(301, 100)]
    assert grounded(rebuilt, "Click the round plus to the right of 'Servings'", cue) == "plus"


BOARD = """<!doctype html><style>body { margin: 0; } #board { position: absolute; left: 20px; top: 20px; width: 320px;
  height: 80px; background: #e8d5b0; cursor: pointer; } .man { position: absolute; top: 13px; width: 54px; height: 54px;
  border-radius: 50%; background: #c62828; }</style>
<div id="board" data-k="board">""" + "".join(f'<div class="man" style="left:{13 + 80 * i}px"></div>' for i in range(4)) + """</div>
<script>document.getElementById("board").onclick = (e) => { document.body.dataset.square = Math.floor((e.clientX - 20) / 80); };</script>"""


@pytest.mark.browser
def test_a_board_that_alone_listens_is_clicked_where_the_recording_points_not_in_its_middle(open_page):  # noqa: F811
    # The pieces are drawings in one element that reads the square from the click's place: the words name
    # the board, the click goes on the piece the recorded cursor rested on, of alike pieces the one nearest
    # the recorded place.
    page = open_page(BOARD, (400, 200))
    chosen, _ = grounding.choose("Click", Description("Click the board"), page.candidates,
                                 page.viewport, screenshot=page.screenshot, cue=cue_on(page, 137, 60))
    assert page._run(page.page.evaluate("(i) => window.__iwrJudge.candidates[i].dataset.k", chosen["index"])) == "board"
    assert chosen["at"] == (137, 60)
    page._run(actions.click(page.page, chosen, 1.0, page.viewport))
    assert page._run(page.page.evaluate("document.body.dataset.square")) == "1"
