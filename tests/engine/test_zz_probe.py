import pathlib
import pytest
from .test_grounding import open_page, Page  # noqa: F401
from judging.engine import grounding
from judging.engine.grounding import Description

pytestmark = pytest.mark.browser
T = pathlib.Path("benchmarks/validation/tasks")

def test_probe(open_page):
    for v in ("site", "variants/rebuild-b", "variants/restyled", "variants/rebuild-a"):
        html = (T / "vb-docs-longpage" / v / "index.html").read_text()
        page = open_page(html, (1280, 800))
        page._run(page.page.evaluate("window.scrollBy(0, 400)"))
        page._run(page.page.wait_for_timeout(200))
        from judging.engine import actions
        page.candidates = page._run(actions.collect(page.page, 4000))
        page.screenshot = page._run(page.page.screenshot(type="png"))
        c, d = grounding.choose("Click", Description("Click the small button in the top-right corner of the npm install code box"), page.candidates, page.viewport, page.screenshot)
        print(v, c and (c["tag"], c["text"][:40], c["box"]), d if c is None else "")
