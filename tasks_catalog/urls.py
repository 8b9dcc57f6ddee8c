from django.urls import include, path, register_converter
from rest_framework.routers import SimpleRouter

from tasks_catalog import api, views
from tasks_catalog.urls_converters import TaskIdConverter

register_converter(TaskIdConverter, "task_id")

router = SimpleRouter()
router.register("api/tasks", api.TaskViewSet, basename="api-task")

app_name = "tasks_catalog"
urlpatterns = [
    path("tasks/", views.catalog, name="catalog"),
    path("tasks/<task_id:task_id>/", views.task_detail, name="task"),
    path("tasks/<task_id:task_id>/inputs.zip", views.task_inputs, name="inputs"),
    path("tasks/<task_id:task_id>/media/<path:relative>", views.task_media, name="media"),
    path("", include(router.urls)),
]
