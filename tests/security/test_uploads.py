"""Upload rate limits, quotas that count only judged work, and the free pre-flight check."""

import pytest
from rest_framework.authtoken.models import Token

from leaderboard import constants as states
from leaderboard import services
from leaderboard.models import AuditEntry, JudgedWork, Submission, TaskRun
from tasks_catalog.models import Asset
from tests.submissions.conftest import METADATA
from tests.submissions.zips import PAGE, make_zip

HOSTILE_LINKS = (b'<!doctype html><svg xmlns="http://www.w3.org/2000/svg"></svg>\n'
                 b'<script src="https://cdn.example.com/lib.js"></script>\n'
                 b'<link rel="stylesheet" href="style.css">\n')
STYLE = b"body { color: red; }\n@font-face { src: url(http://fonts.example.org/a.woff2); }\n"


@pytest.fixture
def token(alice):
    return Token.objects.create(user=alice).key


def _quota_use(user):
    quota = services.quota_for(user)
    return quota.used_today, quota.used_total


def _submission(owner, status, run_states, n):
    sub = Submission.objects.create(owner=owner, model_name=f"m{n}", model_type="proprietary", layout="run",
                                    upload_name="r.zip", upload_bytes=1, sha256=f"{n:064d}", storage=f"s{n}",
                                    status=status)
    for task, state in zip(_submission.tasks, run_states):
        TaskRun.objects.create(submission=sub, task=task, status=state)
    if states.DONE in run_states:  # as storing a judged result does
        JudgedWork.charge(sub)
    return sub


def test_quota_counts_judged_and_active_submissions_only(alice, tasks):
    _submission.tasks = tasks
    assert _quota_use(alice) == (0, 0)
    _submission(alice, states.CANCELLED, [states.CANCELLED, states.CANCELLED], 1)  # cancelled before judging
    _submission(alice, states.DONE, [states.FAILED, states.FAILED], 2)             # the judge failed every task
    assert _quota_use(alice) == (0, 0)
    _submission(alice, states.QUEUED, [states.QUEUED, states.QUEUED], 3)           # holds a slot while judged
    _submission(alice, states.CANCELLED, [states.DONE, states.CANCELLED], 4)       # judged in part
    _submission(alice, states.DONE, [states.DONE, states.FAILED], 5)
    assert _quota_use(alice) == (3, 3)


def test_a_cancelled_upload_frees_its_daily_slot(alice, tasks, settings, tmp_path):
    settings.SUBMISSION_QUOTA_PER_DAY = 1
    zips = [make_zip(tmp_path / f"{n}.zip", {"101/m/index.html": PAGE + bytes([n])}) for n in range(3)]
    first = services.create_submission(alice, METADATA, zips[0], "0.zip")
    services.cancel_submission(first, actor=alice)
    second = services.create_submission(alice, METADATA, zips[1], "1.zip")
    with pytest.raises(services.SubmissionRefused) as refused:
        services.create_submission(alice, METADATA, zips[2], "2.zip")
    assert refused.value.code == "quota:daily" and second.status == states.QUEUED


def test_web_upload_is_rate_limited_with_a_clear_message(client, alice, settings):
    client.force_login(alice)
    incomplete = {"model_name": "No zip"}
    for _ in range(settings.UPLOAD_RATE_LIMIT):
        assert client.post("/submit/", incomplete).status_code == 400
    page = client.post("/submit/", incomplete)
    assert page.status_code == 429 and int(page["Retry-After"]) > 0
    assert "upload is limited to" in page.content.decode()
    script = client.post("/submit/", incomplete, HTTP_ACCEPT="application/json")
    assert script.status_code == 429 and "Try again in" in script.json()["detail"]


def test_api_upload_is_rate_limited_with_json(client, token, settings):
    auth = {"HTTP_AUTHORIZATION": f"Token {token}"}
    for _ in range(settings.UPLOAD_RATE_LIMIT):
        assert client.post("/api/submissions/", {}, **auth).status_code == 400
    response = client.post("/api/submissions/", {}, **auth)
    assert response.status_code == 429 and response.json()["code"] == "rate-limited"
    assert "upload is limited to" in response.json()["detail"] and int(response["Retry-After"]) > 0
    assert client.get("/api/submissions/", **auth).status_code == 200  # reading is not limited


def _nothing_written(media_root):
    return (Submission.objects.count(), AuditEntry.objects.count(),
            sorted(p.relative_to(media_root) for p in (media_root / "submissions").rglob("*"))
            if (media_root / "submissions").exists() else [])


def test_api_preflight_reports_outside_urls_by_file_and_line_and_writes_nothing(client, token, tasks, tmp_path,
                                                                               settings):
    archive = make_zip(tmp_path / "run.zip", {"101/m/index.html": HOSTILE_LINKS, "101/m/style.css": STYLE,
                                              "102/index.html": PAGE})
    before = _nothing_written(settings.MEDIA_ROOT)
    with open(archive, "rb") as fh:
        report = client.post("/api/submissions/preflight/", {"archive": fh},
                             HTTP_AUTHORIZATION=f"Token {token}").json()
    assert report["ok"] is True and report["errors"] == [] and report["tasks"] == ["101", "102"]
    assert [(w["task"], w["file"], w["line"], w["url"]) for w in report["warnings"]] == [
        ("101", "index.html", 2, "https://cdn.example.com/lib.js"),
        ("101", "style.css", 2, "http://fonts.example.org/a.woff2"),
    ]
    assert _nothing_written(settings.MEDIA_ROOT) == before


def test_preflight_reports_files_neither_in_the_site_nor_among_the_tasks_assets(client, token, tasks, tmp_path):
    Asset.objects.create(task=tasks[0], name="asset001.png")
    page = (b'<img src="../../../data/data/101/assets/asset001.png">\n'   # generate.py's path: found
            b'<img src="../../../data/data/101/assets/asset404.png">\n'   # not one of the task's assets
            b'<link rel="stylesheet" href="css/site.css"><a href="#top">top</a>\n'
            b'<script>photo.src = "img/photo.jpg"; const own = "logo.svg";</script>\n')
    style = b".hero { background: url('../logo.svg') } .x { background: url(data:image/png;base64,AAAA) }\n"
    archive = make_zip(tmp_path / "run.zip", {"101/acme__vl/index.html": page, "101/acme__vl/css/site.css": style,
                                              "101/acme__vl/logo.svg": b"<svg/>"})
    with open(archive, "rb") as fh:
        report = client.post("/api/submissions/preflight/", {"archive": fh}, HTTP_AUTHORIZATION=f"Token {token}").json()
    assert report["ok"] is True
    assert [(w["code"], w["file"], w["line"], w["url"]) for w in report["warnings"]] == [
        ("site:missing-file", "index.html", 2, "../../../data/data/101/assets/asset404.png"),
        ("site:missing-file", "index.html", 4, "img/photo.jpg"),
    ]


@pytest.mark.parametrize("entries,task,code", [
    ({"999/index.html": PAGE}, None, "upload:unknown-task"),
    ({"101/m/page.html": PAGE}, None, "upload:no-index"),
    ({"../evil/index.html": PAGE}, None, "upload:path-traversal"),
    ({"index.html": PAGE}, "nope", None),  # an unknown task id in the form is a field error
])
def test_preflight_names_the_problem(client, token, tasks, tmp_path, entries, task, code):
    data = {"archive": open(make_zip(tmp_path / "bad.zip", entries), "rb")}
    if task:
        data["task"] = task
    response = client.post("/api/submissions/preflight/", data, HTTP_AUTHORIZATION=f"Token {token}")
    data["archive"].close()
    if code is None:
        assert response.status_code == 400 and "task" in response.json()
    else:
        assert response.status_code == 200
        assert [e["code"] for e in response.json()["errors"]] == [code] and response.json()["ok"] is False
    assert Submission.objects.count() == 0


def test_preflight_reports_quota_and_duplicates_without_using_either(client, alice, tasks, tmp_path, settings):
    settings.SUBMISSION_QUOTA_PER_DAY = 1
    first = make_zip(tmp_path / "a.zip", {"101/index.html": PAGE})
    services.create_submission(alice, METADATA, first, "a.zip")
    client.force_login(alice)
    with open(first, "rb") as fh:
        page = client.post("/submit/check/", {"archive": fh})
    html = page.content.decode()
    assert page.status_code == 200 and "would be refused" in html
    assert "quota:daily" in html and "upload:duplicate" in html
    assert Submission.objects.count() == 1 and services.quota_for(alice).used_today == 1


def test_preflight_page_shows_the_report(client, alice, tasks, tmp_path):
    client.force_login(alice)
    form = client.get("/submit/check/").content.decode()
    assert "&lt;task_id&gt;/&lt;model_dir&gt;/index.html" in form  # the help text is shown, not parsed as tags
    with open(make_zip(tmp_path / "one.zip", {"site/index.html": HOSTILE_LINKS}), "rb") as fh:
        html = client.post("/submit/check/", {"archive": fh, "task": "102"}).content.decode()
    assert "would be accepted" in html and "one task (102)" in html
    assert "<code>index.html</code> line 2: <code>https://cdn.example.com/lib.js</code>" in html
    assert Submission.objects.count() == 0


def test_preflight_needs_an_account(client):
    assert client.post("/api/submissions/preflight/", {}).status_code in (401, 403)
    assert client.get("/submit/check/")["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("entries,code", [
    ({".": b"x", "101/index.html": PAGE}, "upload:bad-name"),
    ({"101/./index.html": PAGE, "101/index.html": PAGE}, "upload:bad-name"),
    ({"101//index.html": PAGE}, "upload:bad-name"),
    ({"101/index.html": PAGE, "101/a": b"x", "101/a/b.css": b""}, "upload:file-folder-clash"),
    ({"101/index.html": PAGE, "101/" + "x" * 300 + ".css": b""}, "upload:name-too-long"),
])
def test_upload_and_preflight_refuse_unwritable_names_alike_with_a_stable_code(client, token, tasks, tmp_path,
                                                                              entries, code):
    archive = make_zip(tmp_path / "names.zip", entries)
    auth = {"HTTP_AUTHORIZATION": f"Token {token}"}
    with open(archive, "rb") as fh:
        report = client.post("/api/submissions/preflight/", {"archive": fh}, **auth).json()
    with open(archive, "rb") as fh:
        upload = client.post("/api/submissions/", {"archive": fh, "model_name": "m", "model_type": "proprietary"},
                             **auth)
    assert [e["code"] for e in report["errors"]] == [code] and report["ok"] is False
    assert upload.status_code == 400 and upload.json()["code"] == code
    assert Submission.objects.count() == 0
