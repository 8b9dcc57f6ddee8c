from django.contrib import admin, messages

from leaderboard import services
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


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = ("id", "model_name", "owner", "status", "final", "coverage", "protocol", "is_public",
                    "created_at")
    list_filter = ("status", "is_public", "model_type", "protocol")
    search_fields = ("model_name", "organisation", "owner__username", "sha256")
    readonly_fields = ("status", "layout", "upload_name", "upload_bytes", "sha256", "created_at", "finished_at",
                       "protocol", "backend", "ifs", "lfs", "hfs", "vfs", "final", "tasks_judged", "tasks_total",
                       "coverage", "aggregate")
    inlines = [TaskRunInline]
    actions = ["cancel", "rejudge"]

    @admin.action(description="Cancel judging of the selected submissions")
    def cancel(self, request, queryset):
        changed = sum(services.cancel_submission(s, actor=request.user) for s in queryset)
        self.message_user(request, f"Cancelled {changed} submission(s).", messages.SUCCESS)

    @admin.action(description="Re-judge the selected submissions from scratch")
    def rejudge(self, request, queryset):
        for submission in queryset:
            services.rejudge_submission(submission, actor=request.user, reason="admin action")
        self.message_user(request, f"Queued {queryset.count()} submission(s) for judging again.", messages.SUCCESS)


@admin.register(TaskRun)
class TaskRunAdmin(admin.ModelAdmin):
    list_display = ("id", "submission", "task", "status", "final", "failure_reason", "attempts", "worker",
                    "heartbeat_at")
    list_filter = ("status", "failure_reason", "protocol")
    search_fields = ("submission__model_name", "task__task_id")
    readonly_fields = [f.name for f in TaskRun._meta.fields]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "action", "actor", "submission", "run")
    list_filter = ("action",)
    readonly_fields = ("created_at", "action", "actor", "submission", "run", "detail")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
