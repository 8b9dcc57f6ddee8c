"""A new user's whole path through the site in real Chromium, against a live server and a real judge
worker: home, catalog, filters, a task video, sign-up, a whole-run upload judged live, the
leaderboard, the diff gallery and the CSV. Every page visited is saved as a screenshot under
artifacts/e2e/ so a reviewer can look at what the user saw."""
import csv
import io
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from judging.engine import JUDGE_VERSION
from judging.engine.browser import LAUNCH_ARGS
from judging.engine.options import CHROMIUM_PATH
from judging.engine.scoring import PROTOCOL
from tests.waits import JUDGE_TIMEOUT
from tests.submissions.zips import site_zip

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "e2e"
JUDGED = ("sample-tabs", "sample-accordion")  # two of six: the other four must count as 0
MODEL = "Reference Sites E2E"


@pytest.fixture
def screenshots(capsys):
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    taken = []

    def shot(page, name):
        path = ARTIFACTS / f"{len(taken) + 1:02d}-{name}.png"
        # The page as a user sees it a moment later: the images it shows have arrived.
        page.wait_for_function("() => [...document.images].every(i => i.complete || !i.getClientRects().length)")
        page.screenshot(path=str(path), full_page=True)
        taken.append(path)

    yield shot
    with capsys.disabled():
        print(f"\n{len(taken)} e2e screenshots in {ARTIFACTS}")


@pytest.fixture
def page(live_server):
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM_PATH, args=LAUNCH_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True,
                                      base_url=live_server.url)
        context.set_default_timeout(15_000)
        yield context.new_page()
        browser.close()


def test_a_new_user_from_the_home_page_to_the_csv(sample_catalog_committed, celery_worker, page, screenshots, tmp_path):
    # Home, then the catalog through the call to action.
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("IWR-Bench")
    screenshots(page, "home")
    page.get_by_role("link", name="How judging works").click()
    expect(page.get_by_role("heading", name="Protocol versions")).to_be_visible()
    expect(page.locator("#versions")).to_contain_text(f"The current protocol is {PROTOCOL}")
    expect(page.locator("#versions")).to_contain_text(f"version {JUDGE_VERSION}")
    screenshots(page, "about")
    page.go_back()
    page.get_by_role("link", name="Browse the tasks").click()
    expect(page.get_by_test_id("task-count")).to_have_text("6 tasks")
    expect(page.get_by_test_id("task-card")).to_have_count(6)
    screenshots(page, "catalog")

    page.get_by_label("Domain").select_option("E-commerce")
    page.get_by_role("button", name="Apply").click()
    expect(page.get_by_test_id("task-count")).to_have_text("3 of 6 tasks match")
    expect(page.get_by_test_id("task-card")).to_have_count(3)
    expect(page.get_by_role("link", name="Harbor Bank (sample help centre)")).to_have_count(0)
    screenshots(page, "catalog-filtered")

    # The task's video: the browser must fetch it by byte ranges, then play from a step's moment.
    media = []
    page.on("response", lambda r: media.append(r) if r.url.endswith("/video.mp4") else None)
    page.get_by_role("link", name="Lumen Studio (sample product page)").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("task sample-tabs")
    video = page.get_by_test_id("task-video")
    assert video.evaluate("v => v.canPlayType('video/mp4; codecs=\"avc1.64001f\"')") in ("maybe", "probably")
    seek_button = page.get_by_role("button", name="Play from step 2")
    target = float(seek_button.get_attribute("data-seek"))
    assert target > 0
    seek_button.click()
    # HAVE_FUTURE_DATA (3): the element itself says it can play from where it now stands.
    page.wait_for_function("([v, t]) => !v.error && v.readyState >= 3 && v.currentTime >= t",
                           arg=[video.element_handle(), target])
    assert any(r.status == 206 and r.headers.get("content-range", "").startswith("bytes ") for r in media), \
        [(r.status, r.headers.get("content-range")) for r in media]
    video.evaluate("v => v.pause()")
    screenshots(page, "task-video")

    # Sign up from the top bar.
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("newcomer")
    page.get_by_label("Email").fill("newcomer@example.org")
    page.get_by_label("Password", exact=True).fill("a-long-Passphrase-42")
    page.get_by_label("Password confirmation").fill("a-long-Passphrase-42")
    screenshots(page, "signup")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("status")).to_contain_text("Welcome, newcomer")
    screenshots(page, "profile")

    # Upload a whole run (official layout) built from the reference sites; it stays private for now.
    archive = site_zip(tmp_path / "run.zip", perfect=JUDGED)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Submit").click()
    page.get_by_label("Model name").fill(MODEL)
    page.get_by_label("Model type").select_option("proprietary")
    page.get_by_label("Zip file").set_input_files(str(archive))
    screenshots(page, "submit")
    page.get_by_role("button", name="Upload and judge").click()
    page.wait_for_url(re.compile(r"/submissions/\d+/$"))
    submission_id = page.url.rstrip("/").rsplit("/", 1)[1]
    screenshots(page, "judging")

    # The page follows the worker until every submitted task is judged, then shows the aggregate.
    judging = JUDGE_TIMEOUT * 1000
    expect(page.get_by_test_id("status")).to_have_text("Done", timeout=judging)
    expect(page.get_by_test_id("judged")).to_have_text(str(len(JUDGED)))
    expect(page.get_by_role("progressbar", name="Tasks judged")).to_have_attribute("value", str(len(JUDGED)))
    expect(page.get_by_test_id("coverage")).to_contain_text(f"{len(JUDGED)} of 6 tasks")
    expect(page.get_by_test_id("failures")).to_be_empty()
    expect(page.get_by_test_id("aggregate")).to_be_visible()
    screenshots(page, "judged")

    # Private, it is not on the leaderboard; once published it is.
    nav = page.get_by_role("navigation", name="Main")
    nav.get_by_role("link", name="Leaderboard").click()
    entry = page.get_by_role("link", name=MODEL)
    expect(page.get_by_role("heading", level=1)).to_have_text("Leaderboard")
    expect(entry).to_have_count(0)
    page.go_back()
    page.get_by_role("button", name="Publish").click()
    expect(page.get_by_role("status")).to_contain_text("Published")
    expect(page.get_by_role("button", name="Make private")).to_be_visible()
    screenshots(page, "published")
    nav.get_by_role("link", name="Leaderboard").click()
    expect(entry).to_be_visible()
    screenshots(page, "leaderboard")
    entry.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(MODEL)
    results = page.get_by_test_id("task-results")
    expect(results.get_by_role("link", name="gallery")).to_have_count(len(JUDGED))
    screenshots(page, "results")

    # The diff gallery, stepped through with the keyboard.
    results.get_by_role("row").filter(has_text="sample-tabs").get_by_role("link", name="gallery").click()
    frame_status = page.locator("#frame-status")
    expect(frame_status).to_have_text(re.compile(r"^State 0 of 4 "))
    expect(page.get_by_role("heading", name="State 0: the page as loaded")).to_be_visible()
    expect(page.get_by_test_id("versions")).to_contain_text(f"judge {JUDGE_VERSION} · chromium ")
    screenshots(page, "gallery-state-0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(frame_status).to_have_text(re.compile(r"^State 2 of 4 "))
    expect(page.get_by_role("heading", name=re.compile(r"^State 2: after action 2"))).to_be_visible()
    expect(page.get_by_role("heading", name="State 0: the page as loaded")).to_be_hidden()
    assert page.url.endswith("#state-2")
    # The sandboxed live preview runs the submitted site itself.
    preview = page.get_by_title("Live preview of the submitted site for task sample-tabs")
    preview.scroll_into_view_if_needed()
    expect(preview.content_frame.get_by_role("heading", name="Lumen Studio Headphones")).to_be_visible()
    screenshots(page, "gallery-state-2")
    page.keyboard.press("ArrowLeft")
    expect(frame_status).to_have_text(re.compile(r"^State 1 of 4 "))

    # The CSV has a row per submitted task; the aggregate counts the four missing ones as 0.
    page.go_back()
    expect(results).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("link", name="CSV").click()
    assert download.value.suggested_filename == f"submission-{submission_id}-tasks.csv"
    rows = {r["task_id"]: r for r in csv.DictReader(io.StringIO(Path(download.value.path()).read_text()))}
    assert set(rows) == set(JUDGED)
    for row in rows.values():
        assert row["status"] == "done"
        assert row["steps_reached"] == row["steps_total"]
        assert float(row["ifs"]) == 100.0  # percent, as on every page
        assert float(row["final"]) > 90
    aggregate = page.request.get(f"/api/submissions/{submission_id}/").json()
    assert aggregate["final"] == pytest.approx(sum(float(r["final"]) for r in rows.values()) / 6, abs=1e-3)
