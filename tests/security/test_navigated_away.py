"""A page that leaves during its load or right after it is site:navigated-away, named by where it
went, and what the browser shows instead (its own error page) is never scored. A popup opened to an
outside address is closed and does not count as the page leaving."""
from pathlib import Path

import pytest

from judging.engine import Judge, JudgeOptions
from judging.engine.result import NAVIGATED_AWAY

REPO = Path(__file__).resolve().parents[2]
TASK = REPO / "samples" / "bench" / "data" / "sample-tabs"
REFERENCE = (REPO / "samples" / "sites" / "sample-tabs" / "index.html").read_text(encoding="utf-8")

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def judge(tmp_path_factory):
    with Judge(JudgeOptions(cache_dir=tmp_path_factory.mktemp("judge-cache"), action_timeout=3.0)) as j:
        yield j


def site(folder, html):
    folder.mkdir()
    (folder / "index.html").write_text(html, encoding="utf-8")
    return folder


@pytest.mark.parametrize("script", [
    "location.href = 'https://elsewhere.example/';",
    "setTimeout(() => { location.href = 'https://elsewhere.example/'; }, 200);",
    "addEventListener('load', () => location.replace('https://elsewhere.example/'));",
], ids=["during the load", "a timer after it", "on load"])
def test_a_page_leaving_while_it_loads_is_navigated_away_and_nothing_is_scored(judge, tmp_path, script):
    result = judge.run(TASK, site(tmp_path / "site", f"<!doctype html><h1>Hi</h1><script>{script}</script>"),
                       tmp_path / "out")
    assert result.stop_reason == NAVIGATED_AWAY and "https://elsewhere.example/" in result.stop_detail
    assert result.screenshots == [] and result.points == [] and result.final == 0


def test_a_popup_to_an_outside_address_is_not_the_page_leaving(judge, tmp_path):
    popup = "document.addEventListener('click', () => window.open('https://popup.example/'), {once: true});"
    html = REFERENCE.replace("</body>", f"<script>{popup}</script></body>")
    result = judge.run(TASK, site(tmp_path / "site", html), tmp_path / "out")
    assert result.stop_reason != NAVIGATED_AWAY and result.popups_closed == 1
    assert result.ifs == 1.0
