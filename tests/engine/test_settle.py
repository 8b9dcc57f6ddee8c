"""The wait after an action, in real Chromium: a page is taken once what the action set moving has
come to rest, and never waits on motion that does not end."""
import pytest

from judging.engine import browser
from judging.engine.isolation import Sandbox
from judging.engine.replay import INSTRUMENT_JS
from judging.engine.settle import settle

pytestmark = pytest.mark.browser
ORIGIN = "http://settle.test"

DIALOG = """<!doctype html><html><head><style>
  #dialog { position: fixed; top: 100px; left: 100px; width: 300px; height: 200px; background: #fff;
            border: 1px solid #888; opacity: 0; transform: translateY(40px);
            transition: opacity .6s, transform .6s; }
  #dialog.open { opacity: 1; transform: none; }
  .spinner { width: 20px; height: 20px; border: 3px solid #ccc; animation: spin 1s linear infinite; }
  .long { width: 20px; height: 20px; background: red; animation: fade 20s linear; }
  @keyframes spin { to { transform: rotate(360deg); } }
  @keyframes fade { to { opacity: 0; } }
</style></head><body>
  <button id="open" onclick="document.getElementById('dialog').classList.add('open')">Open</button>
  <div class="spinner"></div><div class="long"></div>
  <div id="dialog">Dialog</div>
</body></html>"""


@pytest.fixture
def page(judge, tmp_path):
    run = judge._loop.run_until_complete

    async def open_page():
        context = await judge._browser.new_context(**browser.context_options(browser.Viewport(800, 600)))
        await context.route(f"{ORIGIN}/**", lambda route: route.fulfill(body=DIALOG, content_type="text/html"))
        await context.add_init_script(INSTRUMENT_JS)
        page = await context.new_page()
        await page.goto(f"{ORIGIN}/index.html")
        return context, page

    context, opened = run(open_page())
    yield opened, run
    run(context.close())


def test_a_dialog_fading_in_is_taken_once_it_has_arrived_not_on_its_way(page, tmp_path):
    opened, run = page
    run(opened.click("#open"))
    waited = run(settle(opened, Sandbox(tmp_path, tmp_path), quiet_ms=32, cap_ms=2000))
    state = run(opened.evaluate("""() => {
        const d = document.getElementById('dialog');
        return [getComputedStyle(d).opacity, d.getBoundingClientRect().top];
    }"""))
    assert state == ["1", 100], f"settled after {waited} ms with the dialog at opacity {state[0]}, top {state[1]}"


def test_an_endless_spinner_or_a_long_animation_does_not_hold_the_page(page, tmp_path):
    opened, run = page
    run(opened.click("#open"))
    waited = run(settle(opened, Sandbox(tmp_path, tmp_path), quiet_ms=32, cap_ms=2000))
    assert waited < 2000, "the wait ran to its cap: it waited on motion that does not end soon"
    assert run(opened.evaluate("() => document.getAnimations().filter(a => a.playState === 'running').length")) == 2
