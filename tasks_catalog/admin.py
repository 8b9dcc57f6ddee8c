from django.contrib import admin

from tasks_catalog.models import ActionStep, Asset, Checkpoint, Task


class ActionStepInline(admin.TabularInline):
    model = ActionStep
    fields = ("index", "type", "description", "logical_assertion", "visual_evaluation_flag", "checkpoint_index")
    extra = 0


@admin.register(Task)
class TaskAdmin(admin.ModelAdmin):
    list_display = ("task_id", "source_website", "domain", "interaction_complexity", "visual_complexity",
                    "resolution", "step_count", "assertion_count", "checkpoint_count", "updated_at")
    list_filter = ("domain", "interaction_complexity", "visual_complexity")
    search_fields = ("task_id", "source_website", "domain", "sub_domain")
    readonly_fields = ("imported_at", "updated_at")
    inlines = [ActionStepInline]


@admin.register(ActionStep)
class ActionStepAdmin(admin.ModelAdmin):
    list_display = ("task", "index", "type", "description", "visual_evaluation_flag")
    list_filter = ("type", "visual_evaluation_flag")
    search_fields = ("task__task_id", "description", "logical_assertion")
    list_select_related = ("task",)


@admin.register(Checkpoint)
class CheckpointAdmin(admin.ModelAdmin):
    list_display = ("task", "index", "step", "width", "height")
    search_fields = ("task__task_id",)
    list_select_related = ("task", "step")


@admin.register(Asset)
class AssetAdmin(admin.ModelAdmin):
    list_display = ("task", "kind", "name", "size", "width", "height")
    list_filter = ("kind",)
    search_fields = ("task__task_id", "name")
    list_select_related = ("task",)
