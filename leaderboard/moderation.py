"""What owners and admins do to a submission once it exists.

The owner publishes, unpublishes and deletes; admins hide, verify, cancel and re-judge. Each action
says who may take it and when it applies; `perform` checks both, makes the change with a
conditional UPDATE (so a double click or two admins cannot both win) and records it in the audit
log. The submission page, the API and the Django admin all go through `perform`.
"""
from dataclasses import dataclass
from typing import Callable

from django.db import transaction
from django.utils import timezone

from config.refusals import Refused
from leaderboard import services
from leaderboard.models import AuditEntry, Submission


class ActionRefused(Refused):
    """Why an action was not taken; nothing changed."""


@dataclass(frozen=True)
class Action:
    name: str
    label: str
    staff: bool                               # admins only; otherwise the owner only
    applies: Callable[[Submission], bool]     # whether the submission's state allows it
    not_applicable: str                       # the message when it does not
    done: str                                 # the message once taken
    run: Callable                             # (submission, actor, now) -> bool: False when lost to a race
    danger: bool = False


def _flag(field, value, audit):
    """An action that sets one listing flag, if it does not already have that value."""
    def run(submission, actor, now):
        changed = Submission.objects.filter(pk=submission.pk, **{field: not value}).update(
            **{field: value}, listing_changed_at=now)
        if changed:
            AuditEntry.log(audit, submission=submission, actor=actor)
            setattr(submission, field, value)
        return bool(changed)
    return run


def delete_submission(submission, actor, now=None):
    """Delete the rows (the post_delete receiver removes the files); the log keeps its number."""
    with transaction.atomic():
        AuditEntry.log("submission.deleted", submission=submission, actor=actor,
                       model_name=submission.model_name, owner=submission.owner.get_username(),
                       sha256=submission.sha256)
        deleted, _ = Submission.objects.filter(pk=submission.pk).delete()
    return bool(deleted)


def _cancel(submission, actor, now):
    return services.cancel_submission(submission, actor=actor, now=now)


def _rejudge(submission, actor, now):
    services.rejudge_submission(submission, actor=actor, reason="admin, submission page or API", now=now)
    return True


ACTIONS = {action.name: action for action in (
    Action("publish", "Publish", False, lambda s: not s.is_public, "It is already published.",
           "Published: anyone can see it now, and it is ranked on the leaderboard once judged.", _flag("is_public", True, "submission.published")),
    Action("unpublish", "Make private", False, lambda s: s.is_public, "It is already private.",
           "Now private: only you and the admins see it.", _flag("is_public", False, "submission.unpublished")),
    Action("delete", "Delete", False, lambda s: True, "", "Deleted, with all its files.", delete_submission, danger=True),
    Action("hide", "Hide", True, lambda s: not s.is_hidden, "It is already hidden.",
           "Hidden from the leaderboard and public pages.", _flag("is_hidden", True, "submission.hidden")),
    Action("unhide", "Unhide", True, lambda s: s.is_hidden, "It is not hidden.",
           "No longer hidden.", _flag("is_hidden", False, "submission.unhidden")),
    Action("verify", "Mark verified", True, lambda s: not s.is_verified, "It is already verified.",
           "Marked verified.", _flag("is_verified", True, "submission.verified")),
    Action("unverify", "Remove verified mark", True, lambda s: s.is_verified, "It is not verified.",
           "Verified mark removed.", _flag("is_verified", False, "submission.unverified")),
    Action("cancel", "Cancel judging", True, lambda s: not s.is_finished, "Its judging has already ended.",
           "Judging cancelled.", _cancel),
    Action("rejudge", "Re-judge", True, lambda s: True, "", "Queued for judging again.", _rejudge),
)}


def may(user, action, submission):
    if action.staff:
        return user.is_authenticated and user.is_staff
    return user.is_authenticated and submission.owner_id == user.pk


def available(submission, user):
    """The actions this user can take on the submission now, in display order."""
    return [a for a in ACTIONS.values() if may(user, a, submission) and a.applies(submission)]


def perform(submission, name, user, now=None):
    """Take action `name` as `user`; returns the message to show. Raises ActionRefused, changing nothing."""
    action = ACTIONS.get(name)
    if action is None:
        raise ActionRefused("action:unknown", f"Unknown action {name!r}; known: {', '.join(ACTIONS)}.", 404)
    if not may(user, action, submission):
        who = "an administrator" if action.staff else "the submission's owner"
        raise ActionRefused("action:forbidden", f"Only {who} can {action.label.lower()} this submission.", 403)
    if not action.applies(submission) or not action.run(submission, user, now or timezone.now()):
        raise ActionRefused("action:not-applicable", action.not_applicable or "Someone changed it meanwhile.", 409)
    return action.done
