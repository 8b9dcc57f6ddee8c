"""An uploaded site that attacks the application: it fetches the API, reads document.cookie, posts a
form that would delete a submission and frames the profile page (where the API token is shown).
None of it reaches alice's session or data, in the judge or in the live preview. The server's own
record of the requests it received is the witness, not the page's report of what it managed."""
import pytest
from django.core.signals import request_started

from judging import runner
from leaderboard import constants as states
from leaderboard import services
from leaderboard.models import AuditEntry, Submission
from leaderboard.runs import judge_run
from tests.conftest import logged_in_page
from tests.factories import make_submission
from tests.submissions.conftest import METADATA
from tests.submissions.zips import make_zip

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]
TASK = "sample-tabs"
# Every attack runs twice: with the application's absolute URL, and relative (which, in the
# preview, is the application's own origin).
HOSTILE = """<!doctype html><title>hostile</title><link rel="stylesheet" href="style.css">
<h1>Nothing to see</h1>
<form id="absolute" method="post" action="{app}/submissions/{victim}/delete/" target="sink-a"></form>
<form id="relative" method="post" action="/submissions/{victim}/delete/" target="sink-b"></form>
<iframe name="sink-a"></iframe><iframe name="sink-b"></iframe>
<iframe src="{app}/accounts/profile/"></iframe><iframe src="/api/submissions/{victim}/"></iframe>
<script>
  var seen = document.body.dataset;
  try {{ seen.cookie = document.cookie || "(empty)"; }} catch (e) {{ seen.cookie = "refused: " + e.name; }}
  ["{app}/api/submissions/", "/api/submissions/{victim}/publish/"].forEach(function (url, i) {{
    fetch(url, {{method: i ? "POST" : "GET", credentials: "include"}})
      .then(function (r) {{ return r.text(); }})
      .then(function (t) {{ seen["fetch" + i] = "read " + t.length; }},
            function (e) {{ seen["fetch" + i] = "failed"; }});
  }});
  document.getElementById("absolute").submit();
  setTimeout(function () {{
    document.getElementById("relative").submit();
    seen.styled = getComputedStyle(document.querySelector("h1")).color;
    seen.done = "yes";
  }}, 50);
</script>"""


@pytest.fixture
def requests_seen():
    """(path, whether alice's session came with it) for every request the live server answers."""
    seen = []

    def record(sender, environ, **kwargs):
        seen.append((environ["PATH_INFO"], "sessionid=" in environ.get("HTTP_COOKIE", "")))

    request_started.connect(record)
    yield seen
    request_started.disconnect(record)


@pytest.fixture
def hostile(sample_catalog_committed, alice, live_server, tmp_path, monkeypatch):
    # The tests judge the run themselves: a session worker left by another test must not take it.
    monkeypatch.setattr(services, "dispatch", lambda run_ids: None)
    victim = make_submission(alice, "Victim-VL", {}, public=False)
    html = HOSTILE.format(app=live_server.url, victim=victim.pk).encode()
    archive = make_zip(tmp_path / "hostile.zip", {"index.html": html, "style.css": b"h1 { color: red }"})
    submission = services.create_submission(alice, METADATA, archive, "hostile.zip", task_id=TASK)
    return submission, victim


def _unharmed(victim, audit_before):
    victim = Submission.objects.get(pk=victim.pk)
    assert (victim.is_public, victim.is_hidden) == (False, False)
    assert AuditEntry.objects.count() == audit_before


def test_the_judge_blocks_every_request_to_the_app_and_records_it(hostile, live_server, requests_seen):
    submission, victim = hostile
    run = submission.runs.get()
    audit_before = AuditEntry.objects.count()
    requests_seen.clear()
    try:
        assert judge_run.apply(args=[run.pk]).get() == states.DONE
    finally:
        runner.close_judge()
    assert requests_seen == []  # the judge's browser never reached the application
    run.refresh_from_db()
    blocked = run.result["blocked_requests"]
    app = live_server.url
    assert {f"{app}/api/submissions/", f"{app}/submissions/{victim.pk}/delete/",
            f"{app}/accounts/profile/"} <= set(blocked)
    assert run.blocked_requests >= 3
    # The log holds the judge's own steps and nothing the page did.
    after = AuditEntry.objects.order_by("id")[audit_before:]
    assert [(e.action, e.actor) for e in after] == [("run.claimed", None), ("run.done", None),
                                                   ("submission.finished", None)]
    _unharmed(victim, AuditEntry.objects.count())


def test_the_live_preview_gives_the_site_no_session_and_no_way_in(hostile, alice, live_server, requests_seen):
    submission, victim = hostile
    audit_before = AuditEntry.objects.count()
    preview = f"/submissions/{submission.pk}/tasks/{TASK}/preview/"
    with logged_in_page(alice, live_server.url) as page:
        requests_seen.clear()
        page.goto(live_server.url + preview)  # opened directly, the sandbox still holds
        page.wait_for_function("document.body.dataset.done && document.body.dataset.fetch0"
                               " && document.body.dataset.fetch1")
        seen = page.evaluate("Object.assign({}, document.body.dataset)")
        page.wait_for_load_state("networkidle")  # the forms and frames have sent all they could
    assert seen["cookie"].startswith("refused: SecurityError")
    assert seen["fetch0"] == seen["fetch1"] == "failed"
    site = next(path for path, _ in requests_seen if path != preview)  # the tokened copy it was sent to
    assert site.startswith(preview)
    # The browser's own favicon request aside, only the site's own files were asked for.
    assert {path for path, _ in requests_seen} - {"/favicon.ico"} == {preview, site, site + "style.css"}
    with_session = [path for path, session in requests_seen if session]
    assert with_session == [preview, site]  # the pages alice opened; nothing the site asked for
    assert seen["styled"] == "rgb(255, 0, 0)"  # its stylesheet came by the token, without the session
    _unharmed(victim, audit_before)
