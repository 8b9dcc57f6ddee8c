from django.urls import path

from leaderboard import board_views as views

app_name = "board"

run = "submissions/<int:pk>/tasks/<str:task_id>/"
urlpatterns = [
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("leaderboard/charts/", views.leaderboard_charts, name="charts"),
    path("leaderboard/tasks/<str:task_id>/", views.task_gallery, name="task-gallery"),
    path("leaderboard/breakdown/", views.breakdown, name="breakdown"),
    path("leaderboard/compare/", views.compare, name="compare"),
    path("leaderboard/compare/tasks/<str:task_id>/", views.compare_task, name="compare-task"),
    path("submissions/<int:pk>/results/", views.submission_results, name="results"),
    path("submissions/<int:pk>/results/rows/", views.results_rows, name="results-rows"),
    path("submissions/<int:pk>/results.csv", views.results_csv, name="results-csv"),
    path("submissions/<int:pk>/results.json", views.results_json, name="results-json"),
    path("submissions/<int:pk>/metrics.md", views.results_markdown, name="results-markdown"),
    path("submissions/<int:pk>/result.zip", views.results_official, name="results-official"),
    path(run + "gallery/", views.task_gallery_for_run, name="gallery"),
    path(run + "shots/<path:path>", views.run_screenshot, name="shot"),
    path(run + "diff/<int:point>.png", views.run_heatmap, name="diff"),
    path(run + "box/<int:state>.png", views.run_boxed, name="box"),
    path(run + "preview/", views.preview, name="preview"),
    path(run + "preview/<str:token>/", views.preview_file, name="preview-site"),
    path(run + "preview/<str:token>/<path:path>", views.preview_file, name="preview-file"),
    path("api/leaderboard/", views.api_leaderboard, name="api-leaderboard"),
    path("api/submissions/<int:pk>/tasks/", views.api_submission_tasks, name="api-submission-tasks"),
]
