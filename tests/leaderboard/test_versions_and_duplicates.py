"""One model, one row: an upload holding the same files as an earlier one is refused as a duplicate
whatever its zip's bytes, and a model's later submissions are versions of one board row with their
history, the best or the latest shown as the reader chooses."""
import re
import zipfile
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from leaderboard import services
from leaderboard.models import Submission
from tests.factories import make_submission
from tests.submissions.zips import PAGE, make_zip

META = {"model_name": "Dup-VL", "model_type": "proprietary"}


@pytest.mark.django_db
def test_the_same_files_zipped_differently_are_refused_as_a_duplicate(alice, tasks, tmp_path):
    first = make_zip(tmp_path / "a.zip", {"101/index.html": PAGE, "102/index.html": PAGE + b"<p>2</p>"})
    # Other order, no compression, another wrapping folder layout (<task>/<model dir>/), other dates.
    second = make_zip(tmp_path / "b.zip", {"102/dup-vl/index.html": (PAGE + b"<p>2</p>", {"date_time": (2020, 1, 1, 0, 0, 0)}),
                                           "101/dup-vl/index.html": PAGE}, compression=zipfile.ZIP_STORED)
    assert first.read_bytes() != second.read_bytes()
    earlier = services.create_submission(alice, META, str(first), "a.zip")
    with pytest.raises(services.SubmissionRefused) as refused:
        services.create_submission(alice, META, str(second), "b.zip")
    assert refused.value.code == "upload:duplicate" and refused.value.status == 409
    assert refused.value.earlier == earlier and f"#{earlier.pk}" in refused.value.message
    changed = make_zip(tmp_path / "c.zip", {"101/index.html": PAGE, "102/index.html": PAGE + b"<p>3</p>"})
    assert services.create_submission(alice, META, str(changed), "c.zip").pk != earlier.pk


@pytest.mark.django_db
def test_the_api_points_a_duplicate_to_the_earlier_submission(client, alice, tasks, tmp_path):
    make_zip(tmp_path / "a.zip", {"101/index.html": PAGE})
    make_zip(tmp_path / "b.zip", {"101/index.html": PAGE}, compression=zipfile.ZIP_STORED)
    client.force_login(alice)
    with open(tmp_path / "a.zip", "rb") as fh:
        assert client.post("/api/submissions/", {**META, "archive": fh}).status_code == 201
    with open(tmp_path / "b.zip", "rb") as fh:
        answer = client.post("/api/submissions/", {**META, "archive": fh})
    assert answer.status_code == 409 and answer.json()["code"] == "upload:duplicate"
    assert answer.json()["earlier"].endswith(f"/submissions/{Submission.objects.get().pk}/")


@pytest.fixture
def versions(alice, tasks):
    """Three submissions of one model by alice, the middle one the best, the last the latest."""
    t1, t2, t3 = tasks
    made = [make_submission(alice, name, {t1: (s, q), t2: (s, q), t3: (s, q)})
            for name, s, q in (("Iter-VL", 1, 0.4), ("iter-vl", 2, 0.9), ("Iter-VL", 1, 0.6))]
    for days, submission in zip((3, 2, 1), made):
        Submission.objects.filter(pk=submission.pk).update(finished_at=submission.finished_at - timedelta(days=days))
    return made


def board_rows(client, query=""):
    html = client.get(f"/leaderboard/?{query}").content.decode()
    section = html.split('data-testid="group-iwr-v1/offline"')[1].split("</section>")[0]
    return re.findall(r'<a class="name" href="/submissions/(\d+)/results/"', section), section


@pytest.mark.django_db
def test_a_models_versions_are_one_row_the_best_by_default_with_their_history(client, versions):
    first, best, latest = versions
    shown, section = board_rows(client)
    assert shown == [str(best.pk)]
    history = section.split('data-testid="versions"')[1].split("</details>")[0]
    assert "3 versions; the best shown" in history
    assert re.findall(r"/submissions/(\d+)/results/", history) == [str(first.pk), str(best.pk), str(latest.pk)]
    assert board_rows(client, "versions=latest")[0] == [str(latest.pk)]
    assert sorted(board_rows(client, "versions=all")[0]) == sorted(str(v.pk) for v in versions)
    api = client.get("/api/leaderboard/?versions=latest").json()["results"]
    row = next(r for r in api if not r["from_paper"])
    assert row["submission_id"] == latest.pk and [v["submission_id"] for v in row["history"]] == [
        first.pk, best.pk, latest.pk]
    assert row["history"][1]["final"] == pytest.approx(best.final * 100, abs=1e-3)
    assert "owner_id" not in row  # versions are grouped by account, which the API does not show


@pytest.mark.django_db
def test_another_owners_model_of_the_same_name_keeps_its_own_row(client, versions, bob, tasks):
    make_submission(bob, "Iter-VL", {tasks[0]: (2, 1.0)})
    assert len(board_rows(client)[0]) == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
def test_a_reader_switches_from_the_best_to_the_latest_version(versions, page, shot):
    first, best, latest = versions
    page.goto("/leaderboard/")
    table = page.get_by_test_id("group-iwr-v1/offline")
    expect(table.get_by_role("row")).to_have_count(2)
    expect(table.get_by_role("row").nth(1)).to_contain_text(f"{best.final * 100:.2f}")
    table.get_by_text("3 versions; the best shown").click()
    expect(table.get_by_test_id("versions").get_by_role("listitem")).to_have_count(3)
    shot(page, "leaderboard-versions")
    page.get_by_label("Versions of a model").select_option("latest")
    page.wait_for_url(re.compile("versions=latest"))
    expect(page.get_by_test_id("group-iwr-v1/offline").get_by_role("row").nth(1)).to_contain_text(
        f"{latest.final * 100:.2f}")
