from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from config.ratelimit import ratelimit
from leaderboard import moderation, services
from leaderboard.evidence import task_table
from leaderboard.forms import PreflightForm, SubmissionForm
from leaderboard.models import Submission
from leaderboard.units import in_percent


def _wants_json(request):
    return "application/json" in request.headers.get("Accept", "")


@login_required
@ratelimit("upload", settings.UPLOAD_RATE_LIMIT, 3600)
def submit(request):
    quota = services.quota_for(request.user)
    form = SubmissionForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        archive = data["archive"]
        try:
            submission = services.create_submission(
                request.user, data, archive.temporary_file_path(), archive.name,
                task_id=data["task"].task_id if data["task"] else None)
        except services.SubmissionRefused as refusal:
            form.add_error("archive" if refusal.code.startswith("upload:") else None, refusal.message)
            earlier = services.visible_earlier(refusal, request.user)
            return _submit_page(request, form, quota, status=refusal.status, earlier=earlier)
        if _wants_json(request):
            return JsonResponse({"url": submission.get_absolute_url()}, status=201)
        return redirect(submission)
    return _submit_page(request, form, quota, status=400 if form.errors else 200)


def _submit_page(request, form, quota, status, earlier=None):
    if _wants_json(request):
        return JsonResponse({"errors": {field: [e["message"] for e in errors]
                                        for field, errors in form.errors.get_json_data().items()},
                             "earlier": earlier.get_absolute_url() if earlier else None}, status=status)
    return render(request, "leaderboard/submit.html",
                  {"form": form, "quota": quota, "refusal": quota and quota.refusal(), "earlier": earlier},
                  status=status)


@login_required
@ratelimit("pre-flight", settings.UPLOAD_RATE_LIMIT, 3600)
def preflight(request):
    """Check a zip for free: nothing is stored or queued, whatever the answer."""
    form = PreflightForm(request.POST or None, request.FILES or None)
    report = None
    if request.method == "POST" and form.is_valid():
        task = form.cleaned_data["task"]
        report = services.preflight(request.user, form.cleaned_data["archive"].temporary_file_path(),
                                    task_id=task.task_id if task else None)
    # The model's details, for submitting the checked zip from this page without choosing it again.
    return render(request, "leaderboard/preflight.html", {"form": form, "report": report,
                                                          "submit_form": SubmissionForm()},
                  status=400 if form.errors else 200)


@login_required
def my_submissions(request):
    submissions = Submission.objects.owned_by(request.user).with_run_counts()
    return render(request, "leaderboard/my_submissions.html", {"submissions": submissions})


def submission(request, pk):
    sub = Submission.objects.get_visible(request.user, pk)
    return render(request, "leaderboard/submission.html",
                  {**task_table(request, sub), "progress": sub.progress(),
                   "actions": moderation.available(sub, request.user)})


def submission_progress(request, pk):
    return JsonResponse(in_percent(Submission.objects.get_visible(request.user, pk).progress()))


@require_POST
def act(request, pk, action):
    """One of moderation.ACTIONS. The lookup comes first, so a submission one may not see is a 404."""
    sub = Submission.objects.get_visible(request.user, pk)
    try:
        done = moderation.perform(sub, action, request.user)
    except moderation.ActionRefused as refusal:
        if refusal.status == 403:
            raise PermissionDenied(refusal.message) from None
        messages.error(request, refusal.message)
        return redirect(sub)
    messages.success(request, done)
    return redirect("leaderboard:my-submissions" if action == "delete" else sub)
