"""The live preview of a submitted site: a signed link handed to someone who may see the run, and
the site served from it, sandboxed.

The sandboxed site sends no cookie with its own requests (its origin is opaque), so a private
submission's preview could not load its styles and images by the session. Its URLs carry instead
a short-lived signed token, handed only to someone the access rule lets see the run.
"""
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core import signing
from django.http import FileResponse, Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_GET

import media_sync
from judging.engine import assets
from leaderboard.models import TaskRun

PREVIEW_CSP = ("sandbox allow-scripts allow-forms; default-src 'self' data: blob:; "
               "script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
               "img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; "
               "connect-src 'none'; form-action 'none'; frame-src 'none'; worker-src 'none'; "
               "frame-ancestors 'self'; base-uri 'none'")
PREVIEW_SIGNER = signing.TimestampSigner(salt="leaderboard.preview")
PREVIEW_TOKEN_SECONDS = 3600
# The site is shown this many folders below its token, so that a page climbing out of its folder
# into the official dataset layout (../../../data/data/<id>/assets/…, as generate.py writes) still
# asks for a path under the token, as the judge's site root keeps it inside the site.
PREVIEW_DEPTH = 8
PREVIEW_FOLDER = "_site"


def _preview_subject(pk, task_id):
    return f"{pk}/{task_id}"


def preview_url(run, viewer=None):
    """The tokened site for `viewer` (None: anonymous). The token names the viewer, so each use can
    check that they still may see the run: a submission made private again closes its links."""
    subject = _preview_subject(run.submission_id, run.task.task_id)
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else 0
    token = PREVIEW_SIGNER.sign(f"{subject}:{viewer_id}")[len(subject) + 1:]
    return reverse("board:preview-file", args=[run.submission_id, run.task.task_id, token,
                                               f"{PREVIEW_FOLDER}/" * PREVIEW_DEPTH])


def _preview_viewer(pk, task_id, token):
    """Who the token was handed to, or None when it is forged, for another run or expired."""
    try:
        signed = PREVIEW_SIGNER.unsign(f"{_preview_subject(pk, task_id)}:{token}", max_age=PREVIEW_TOKEN_SECONDS)
    except signing.BadSignature:
        return None
    viewer_id = signed.rsplit(":", 1)[1]
    if viewer_id == "0":
        return AnonymousUser()
    return get_user_model().objects.filter(pk=viewer_id, is_active=True).first()


def _site_path(path):
    """The path from the site root: the preview's folders stripped, those a page climbed out of already gone."""
    parts = path.split("/")
    depth = 0
    while depth < min(PREVIEW_DEPTH, len(parts)) and parts[depth] == PREVIEW_FOLDER:
        depth += 1
    return "/".join(parts[depth:])


def _file_in(root, relative):
    """root/relative if it is a file inside root once links are resolved, else None."""
    target = (root / relative).resolve()
    return target if target.is_relative_to(root) and target.is_file() else None


@require_GET
def preview(request, pk, task_id):
    """Where links point: checks access by the session, then sends the browser to the tokened site."""
    return redirect(preview_url(TaskRun.objects.get_visible(request.user, pk, task_id), request.user))


@require_GET
@xframe_options_sameorigin
def preview_file(request, pk, task_id, token, path=""):
    """The submitted site, sandboxed by CSP: no script of it can reach the application or its cookies.

    The "sandbox" directive gives the page an opaque origin even when opened directly (not only in
    our iframe), connect-src 'none' stops fetch/XHR, form-action 'none' form posts, frame-src 'none'
    framing the application, and the response never sets a cookie. The task's assets are found as
    the judge finds them (judging.engine.assets): by the placeholder or a path into the dataset.
    """
    viewer = _preview_viewer(pk, task_id, token)
    # Forged, for another run, expired, or its viewer may no longer see it: the same 404 as no access.
    if viewer is None:
        raise Http404("No such preview")
    run = TaskRun.objects.get_visible(viewer, pk, task_id)
    roots = {assets.SITE: media_sync.local_tree(media_sync.relative(run.site_dir())).resolve(),
             assets.ASSET: (media_sync.cached_task_dir(run.task) / "assets").resolve()}
    found = assets.locate(_site_path(path), lambda p: _file_in(roots[assets.SITE], p) is not None,
                          lambda p: _file_in(roots[assets.ASSET], p) is not None)
    target = found and _file_in(roots[found[0]], found[1])
    if not target:
        raise Http404("No such file in this site")
    response = FileResponse(open(target, "rb"))
    response["Content-Security-Policy"] = PREVIEW_CSP
    response["X-Content-Type-Options"] = "nosniff"
    response["Referrer-Policy"] = "no-referrer"
    response["Cache-Control"] = "private, no-store"
    return response
