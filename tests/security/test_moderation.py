"""Owners publish, unpublish and delete; admins hide, verify, cancel and re-judge; all of it logged.

A hidden submission leaves every public view, including leaderboard pages already cached.
"""
import pytest
from django.contrib.messages import get_messages

from leaderboard import constants as states
from leaderboard.models import AuditEntry, Submission


def _log(submission_id):
    return list(AuditEntry.objects.filter(submission_number=submission_id)
                .values_list("action", "actor__username"))


def test_owner_publishes_and_unpublishes_from_the_page(client, alice, private):
    client.force_login(alice)
    assert "Private-VL" not in client.get("/leaderboard/").content.decode()
    response = client.post(f"/submissions/{private.pk}/publish/", follow=True)
    assert "Published" in response.content.decode()
    assert "Private-VL" in client.get("/leaderboard/").content.decode()
    again = client.post(f"/submissions/{private.pk}/publish/")
    assert [str(m) for m in get_messages(again.wsgi_request)] == ["It is already published."]
    client.post(f"/submissions/{private.pk}/unpublish/")
    assert not Submission.objects.get(pk=private.pk).is_public
    assert "Private-VL" not in client.get("/leaderboard/").content.decode()
    assert ("submission.published", "alice") in _log(private.pk)
    assert ("submission.unpublished", "alice") in _log(private.pk)


def test_owner_deletes_through_the_api_and_the_files_go_too(client, alice, private):
    folder = private.storage_dir()
    assert (folder / "sites" / "101" / "index.html").is_file()
    client.force_login(alice)
    assert client.delete(f"/api/submissions/{private.pk}/").status_code == 204
    assert not Submission.objects.filter(pk=private.pk).exists() and not folder.exists()
    entry = AuditEntry.objects.get(submission_number=private.pk, action="submission.deleted")
    assert entry.actor == alice and entry.detail["model_name"] == "Private-VL"
    assert client.delete(f"/api/submissions/{private.pk}/").status_code == 404


def test_api_actions_answer_the_new_state_or_say_why_not(client, alice, private):
    client.force_login(alice)
    body = client.post(f"/api/submissions/{private.pk}/publish/").json()
    assert body["is_public"] is True
    refused = client.post(f"/api/submissions/{private.pk}/publish/")
    assert refused.status_code == 409 and refused.json()["code"] == "action:not-applicable"
    refused = client.post(f"/api/submissions/{private.pk}/verify/")
    assert refused.status_code == 403 and "administrator" in refused.json()["detail"]
    assert not Submission.objects.get(pk=private.pk).is_verified


def test_hidden_submission_leaves_every_public_view_even_cached_ones(client, admin_client, alice, bob, public):
    pages = ["/leaderboard/", "/leaderboard/charts/", "/api/leaderboard/", "/leaderboard/tasks/101/?checkpoint=1",
             "/api/submissions/"]
    assert all("Public-VL" in client.get(url).content.decode() for url in pages)  # now cached
    assert admin_client.post(f"/api/submissions/{public.pk}/hide/").json()["is_hidden"] is True
    for who in (None, bob):
        if who:
            client.force_login(who)
        assert not any("Public-VL" in client.get(url).content.decode() for url in pages)
        assert client.get(f"/submissions/{public.pk}/").status_code == 404
        assert client.get(f"/submissions/{public.pk}/results.csv").status_code == 404
    client.force_login(alice)
    page = client.get(f"/submissions/{public.pk}/").content.decode()
    assert ">hidden</span>" in page and "Public-VL" not in client.get("/leaderboard/").content.decode()
    # Publishing again does not undo an admin's hide.
    client.post(f"/submissions/{public.pk}/unpublish/")
    client.post(f"/submissions/{public.pk}/publish/")
    assert "Public-VL" not in client.get("/api/leaderboard/").content.decode()
    admin_client.post(f"/submissions/{public.pk}/unhide/")
    assert "Public-VL" in client.get("/leaderboard/").content.decode()
    assert [a for a, _ in _log(public.pk) if a.endswith("hidden")] == ["submission.unhidden", "submission.hidden"]


def test_verified_badge_on_the_cached_leaderboard_and_the_api(client, admin_client, public):
    assert 'data-testid="verified"' not in client.get("/leaderboard/").content.decode()
    admin_client.post(f"/submissions/{public.pk}/verify/")
    assert 'data-testid="verified"' in client.get("/leaderboard/").content.decode()
    row = next(r for r in client.get("/api/leaderboard/").json()["results"] if r["model"] == "Public-VL")
    assert row["verified"] is True and ("submission.verified", "admin") in _log(public.pk)


def test_admin_cancels_and_rejudges_from_the_page_the_owner_cannot(client, admin_client, alice, private):
    client.force_login(alice)
    assert client.post(f"/submissions/{private.pk}/rejudge/").status_code == 403
    page = admin_client.get(f"/submissions/{private.pk}/").content.decode()
    assert "Re-judge" in page and "Hide" in page and "Cancel judging" not in page  # judging has ended
    admin_client.post(f"/submissions/{private.pk}/rejudge/")
    assert Submission.objects.get(pk=private.pk).status == states.QUEUED
    assert "Cancel judging" in admin_client.get(f"/submissions/{private.pk}/").content.decode()
    admin_client.post(f"/submissions/{private.pk}/cancel/")
    assert Submission.objects.get(pk=private.pk).status == states.CANCELLED
    assert [a for a, who in _log(private.pk) if who == "admin"] == ["submission.cancelled", "submission.rejudged"]


def test_owner_page_offers_owner_actions_only(client, alice, private):
    client.force_login(alice)
    page = client.get(f"/submissions/{private.pk}/").content.decode()
    assert "Publish" in page and "Delete" in page and "Hide" not in page and "Re-judge" not in page


@pytest.mark.parametrize("action", ["hide", "verify"])
def test_django_admin_actions_are_logged_and_shown_inline(admin_client, private, action):
    response = admin_client.post("/admin/leaderboard/submission/",
                                 {"action": action, "_selected_action": [private.pk]}, follow=True)
    assert response.status_code == 200
    past = {"hide": "submission.hidden", "verify": "submission.verified"}[action]
    assert (past, "admin") in _log(private.pk)
    change = admin_client.get(f"/admin/leaderboard/submission/{private.pk}/change/").content.decode()
    assert past in change and "submission.finished" in change


def test_django_admin_delete_is_logged_and_removes_files(admin_client, private):
    folder = private.storage_dir()
    admin_client.post(f"/admin/leaderboard/submission/{private.pk}/delete/", {"post": "yes"})
    assert not Submission.objects.filter(pk=private.pk).exists() and not folder.exists()
    assert ("submission.deleted", "admin") in _log(private.pk)
    assert "submission.deleted" in admin_client.get("/admin/leaderboard/auditentry/").content.decode()


def test_admin_form_cannot_change_visibility_without_the_log(admin_client, private):
    admin_client.post(f"/admin/leaderboard/submission/{private.pk}/change/",
                      {"model_name": "Renamed", "model_type": "proprietary", "is_public": "on", "is_hidden": "on",
                       "runs-TOTAL_FORMS": 0, "runs-INITIAL_FORMS": 0,
                       "audit_entries-TOTAL_FORMS": 0, "audit_entries-INITIAL_FORMS": 0})
    after = Submission.objects.get(pk=private.pk)
    assert after.model_name == "Renamed" and not after.is_public and not after.is_hidden
