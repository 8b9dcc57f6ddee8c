from django.contrib import admin, messages
from django.db import models

from leaderboard import moderation
from leaderboard.models import AuditEntry, Submission, TaskRun


class TaskRunInline(admin.TabularInline):
    model = TaskRun
    extra = 0
    can_delete = False
    fields = ("task", "status", "final", "ifs", "vfs", "success_steps", "total_steps", "stop_reason",
              "failure_reason", "attempts", "worker", "heartbeat_at")
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


class AuditEntryInline(admin.TabularInline):
    """The submission's history: who did what, when."""

    model = AuditEntry
    fk_name = "submission"
    extra = 0
    can_delete = False
    fields = ("created_at", "action", "actor", "run", "detail")
    readonly_fields = fields
    ordering = ("-created_at", "-id")

    def has_add_permission(self, request, obj=None):
        return False


def _moderation_action(name):
    """An admin action running moderation.perform on each selected submission, so it is logged."""
    action = moderation.ACTIONS[name]

    def run(modeladmin, request, queryset):
        done, refused = 0, []
        for submission in queryset:
            try:
                moderation.perform(submission, name, request.user)
                done += 1
            except moderation.ActionRefused as refusal:
                refused.append(f"#{submission.pk}: {refusal.message}")
        modeladmin.message_user(request, f"{action.label}: {done} submission(s).", messages.SUCCESS)
        if refused:
            modeladmin.message_user(request, " ".join(refused), messages.WARNING)

    run.__name__ = name
    return admin.action(description=f"{action.label} the selected submissions")(run)


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}  # Django 6's default
    list_display = ("id", "model_name", "owner", "status", "final", "coverage", "protocol", "is_public",
                    "is_hidden", "is_verified", "created_at")
    list_filter = ("status", "is_public", "is_hidden", "is_verified", "model_type", "protocol")
    search_fields = ("model_name", "organisation", "owner__username", "sha256")
    # Visibility and verification change only through the logged actions, never by editing the form.
    readonly_fields = ("owner", "is_public", "is_hidden", "is_verified", "status", "layout", "upload_name",
                       "upload_bytes", "sha256", "created_at", "finished_at", "protocol", "backend", "ifs", "lfs",
                       "hfs", "vfs", "final", "tasks_judged", "tasks_total", "coverage", "aggregate")
    inlines = [TaskRunInline, AuditEntryInline]
    actions = [_moderation_action(name) for name in moderation.ACTIONS if moderation.ACTIONS[name].staff]

    def has_add_permission(self, request):
        return False  # submissions come from uploads, never from the admin

    def delete_model(self, request, obj):
        """Deleting here is logged like the owner's delete; the admin's own delete skips the owner check."""
        moderation.delete_submission(obj, request.user)

    def delete_queryset(self, request, queryset):
        for submission in queryset:
            self.delete_model(request, submission)


@admin.register(TaskRun)
class TaskRunAdmin(admin.ModelAdmin):
    list_display = ("id", "submission", "task", "status", "final", "failure_reason", "attempts", "worker",
                    "heartbeat_at")
    list_filter = ("status", "failure_reason", "protocol")
    search_fields = ("submission__model_name", "task__task_id")
    readonly_fields = [f.name for f in TaskRun._meta.fields]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "action", "actor", "submission_number", "submission", "run")
    list_filter = ("action",)
    search_fields = ("action", "actor__username", "=submission_number")
    readonly_fields = ("created_at", "action", "actor", "submission_number", "submission", "run", "detail")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
