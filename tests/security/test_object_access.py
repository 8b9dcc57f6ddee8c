"""Object-level access: every URL pattern taking a submission id, walked as alice (the owner), bob
(another user) and an anonymous visitor. Patterns are read from the URL resolver, so a new one is
covered the day it is added; one this test cannot fill makes it fail rather than pass unseen."""
import re

import pytest
from django.conf import settings
from django.urls import URLResolver, get_resolver

from leaderboard import moderation
from leaderboard.preview import preview_url
from leaderboard.models import Submission

SUBMISSION_ID = re.compile(r"submissions/<int:(\w+)>")
# Values for the other parts of a pattern, by argument name; `path` depends on the pattern.
SAMPLE_ARGS = {"task_id": "101", "point": "0", "state": "1"}
SAMPLE_PATHS = {"board:shot": "shots/state_0.png", "board:preview-file": "index.html"}


def _walk(patterns, prefix="", namespace=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
        else:
            yield prefix + str(pattern.pattern), f"{namespace}{pattern.name}", pattern.default_args


def submission_patterns():
    """(route, name, default kwargs) of every pattern whose route names a submission id."""
    return [p for p in _walk(get_resolver().url_patterns) if SUBMISSION_ID.search(p[0])]


def fill(route, name, pk, token):
    def value(match):
        arg = match.group(2)
        if arg == SUBMISSION_ID.search(route).group(1):
            return str(pk)
        if arg == "token":
            return token
        return SAMPLE_PATHS[name] if arg == "path" else SAMPLE_ARGS[arg]
    return "/" + re.sub(r"<(\w+):(\w+)>", value, route)


PATTERNS = submission_patterns()


def test_the_walk_finds_the_pages_files_downloads_api_and_actions():
    names = {name for _, name, _ in PATTERNS}
    assert {"leaderboard:submission", "board:shot", "board:gallery", "board:results-csv", "board:preview-file",
            "leaderboard:api-submission", "board:api-submission-tasks", "leaderboard:submission-delete"} <= names
    assert len(PATTERNS) >= 20


def _request(client, url):
    """GET, or POST for action endpoints (which answer GET with 405 whoever asks)."""
    response = client.get(url)
    return client.post(url) if response.status_code == 405 else response


def _owner_expects(defaults):
    action = defaults.get("action")
    if action is None:
        return {200, 302}  # 302: the preview page sends alice on to her tokened copy
    if moderation.ACTIONS[action].staff:
        return {403}  # found, then refused: alice is not an admin
    # Done (200, 204, or the page's redirect), or found but not applicable (unpublishing a private one).
    return {200, 204, 302, 409}


@pytest.mark.parametrize("route,name,defaults", PATTERNS, ids=[p[1] for p in PATTERNS])
def test_private_submission_is_a_404_to_others_and_open_to_its_owner(client, private, alice, bob, route, name,
                                                                     defaults):
    # A preview token is handed out only by the preview page, to someone allowed to see the run:
    # alice gets one; the others can forge one or replay one of another run.
    real, other_run = (preview_url(private.runs.get(task__task_id=t), alice).split("/preview/")[1].split("/")[0]
                       for t in ("101", "102"))
    for who in (bob, None):
        client.logout()
        if who:
            client.force_login(who)
        for token in ("1abc:forged", other_run):
            url = fill(route, name, private.pk, token)
            response = _request(client, url)
            assert response.status_code == 404, f"{url} as {who or 'anonymous'}: {response.status_code}"
    after = Submission.objects.get(pk=private.pk)
    assert (after.is_public, after.is_hidden, after.status) == (False, False, private.status)

    client.force_login(alice)
    url = fill(route, name, private.pk, real)
    response = _request(client, url)
    assert response.status_code in _owner_expects(defaults), f"{url} as alice: {response.status_code}"


def test_submission_files_have_no_direct_url(client, private, alice):
    """Sites and results live under MEDIA_ROOT, which no URL serves: only the checked views above."""
    client.force_login(alice)
    run = private.runs.get(task__task_id="101")
    for relative in (f"{run.out_dir}/shots/state_0.png",
                     f"submissions/{private.storage}/sites/101/index.html"):
        assert (settings.MEDIA_ROOT / relative).is_file()
        for prefix in (f"/{settings.MEDIA_URL}", f"/{settings.STATIC_URL}"):
            assert client.get(prefix + relative).status_code == 404


def test_public_submission_is_open_to_everyone_but_moderation_is_not(client, public, bob):
    client.force_login(bob)
    assert client.get(f"/submissions/{public.pk}/").status_code == 200
    assert client.post(f"/submissions/{public.pk}/unpublish/").status_code == 403
    assert client.post(f"/api/submissions/{public.pk}/hide/").json()["code"] == "action:forbidden"
    client.logout()
    assert client.get(f"/api/submissions/{public.pk}/").status_code == 200
    assert client.delete(f"/api/submissions/{public.pk}/").status_code == 403
    assert Submission.objects.filter(pk=public.pk, is_public=True, is_hidden=False).exists()


def test_only_the_sandboxed_preview_may_be_framed(client, private, alice):
    client.force_login(alice)
    token = preview_url(private.runs.get(task__task_id="101"), alice).split("/preview/")[1].split("/")[0]
    framable = set()
    for route, name, defaults in PATTERNS:
        response = client.get(fill(route, name, private.pk, token))
        if response.status_code != 200:
            continue  # actions (405 to GET) and the preview's redirect
        csp = response["Content-Security-Policy"]
        if response["X-Frame-Options"] == "DENY":
            assert "frame-ancestors 'none'" in csp, name
        else:
            assert response["X-Frame-Options"] == "SAMEORIGIN" and "frame-ancestors 'self'" in csp, name
            assert csp.startswith("sandbox allow-scripts") and "allow-same-origin" not in csp, name
            assert "frame-src 'none'" in csp and "connect-src 'none'" in csp, name
            framable.add(name)
    assert framable == {"board:preview-site", "board:preview-file"}
    home = client.get("/")
    assert home["X-Frame-Options"] == "DENY" and "frame-ancestors 'none'" in home["Content-Security-Policy"]


def test_a_preview_link_stops_working_once_its_submission_is_private_again(client, public, alice, bob):
    from leaderboard import moderation

    client.force_login(bob)
    link = client.get(f"/submissions/{public.pk}/tasks/101/preview/")["Location"]
    client.logout()  # the sandboxed site sends no session: the link alone must carry the right
    assert client.get(link).status_code == 200
    moderation.perform(public, "unpublish", alice)
    assert client.get(link).status_code == 404
    client.force_login(alice)  # the owner's own link still works
    assert client.get(client.get(f"/submissions/{public.pk}/tasks/101/preview/")["Location"]).status_code == 200
