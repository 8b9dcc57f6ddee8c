from django.apps import AppConfig


class TasksCatalogConfig(AppConfig):
    name = "tasks_catalog"
    verbose_name = "Task catalog"
