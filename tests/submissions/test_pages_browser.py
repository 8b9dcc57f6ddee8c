"""A researcher's path in a real browser: upload through the form with its progress bar, then watch
the submission page follow the judging on a real worker until the scores appear, with no reload."""
import pytest
from playwright.sync_api import expect

from tests.conftest import logged_in_page
from tests.waits import JUDGE_TIMEOUT
from tests.submissions.zips import site_zip

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_upload_form_then_live_progress_until_the_aggregate(sample_catalog_committed, celery_worker, live_server, tmp_path,
                                                            alice):
    # All six tasks: judging a sample task takes about two seconds, the page polls every two, and
    # the test must see the page follow a judgment under way.
    tasks = ["sample-accordion", "sample-cart", "sample-modal", "sample-scroll", "sample-search", "sample-tabs"]
    archive = site_zip(tmp_path / "run.zip", perfect=tasks)
    with logged_in_page(alice, live_server.url) as page:
        page.goto(f"{live_server.url}/submit/")
        page.get_by_label("Model name").fill("Reference sites")
        page.get_by_label("Model type").select_option("proprietary")
        page.get_by_label("Zip file").set_input_files(str(archive))
        page.get_by_role("button", name="Upload and judge").click()
        page.wait_for_url("**/submissions/*/")
        navigations = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url))
        expect(page.get_by_test_id("current")).to_contain_text("now judging task sample-",
                                                              timeout=JUDGE_TIMEOUT * 1000)
        assert navigations == []  # the progress came from polling, not from reloading
        expect(page.get_by_test_id("aggregate")).to_be_visible(timeout=JUDGE_TIMEOUT * 1000)
        expect(page.get_by_test_id("coverage")).to_contain_text("6 of 6 tasks")
        expect(page.get_by_test_id("status")).to_have_text("Done")
        expect(page.get_by_test_id("judged")).to_have_text("6")
