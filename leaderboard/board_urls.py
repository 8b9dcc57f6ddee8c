from django.urls import path

from leaderboard import board_api, board_pages, evidence, preview

app_name = "board"

run = "submissions/<int:pk>/tasks/<str:task_id>/"
urlpatterns = [
    path("leaderboard/", board_pages.leaderboard, name="leaderboard"),
    path("leaderboard/charts/", board_pages.leaderboard_charts, name="charts"),
    path("leaderboard/tasks/<str:task_id>/", board_pages.task_gallery, name="task-gallery"),
    path("leaderboard/breakdown/", board_pages.breakdown, name="breakdown"),
    path("leaderboard/compare/", board_pages.compare, name="compare"),
    path("leaderboard/compare/tasks/<str:task_id>/", board_pages.compare_task, name="compare-task"),
    path("submissions/<int:pk>/results/", evidence.submission_results, name="results"),
    path("submissions/<int:pk>/results/rows/", evidence.results_rows, name="results-rows"),
    path("submissions/<int:pk>/results.csv", evidence.results_csv, name="results-csv"),
    path("submissions/<int:pk>/results.json", evidence.results_json, name="results-json"),
    path("submissions/<int:pk>/metrics.md", evidence.results_markdown, name="results-markdown"),
    path("submissions/<int:pk>/result.zip", evidence.results_official, name="results-official"),
    path(run + "gallery/", evidence.task_gallery_for_run, name="gallery"),
    path(run + "shots/<path:path>", evidence.run_screenshot, name="shot"),
    path(run + "diff/<int:point>.png", evidence.run_heatmap, name="diff"),
    path(run + "box/<int:state>.png", evidence.run_boxed, name="box"),
    path(run + "preview/", preview.preview, name="preview"),
    path(run + "preview/<str:token>/", preview.preview_file, name="preview-site"),
    path(run + "preview/<str:token>/<path:path>", preview.preview_file, name="preview-file"),
    path("api/leaderboard/", board_api.api_leaderboard, name="api-leaderboard"),
    path("api/submissions/<int:pk>/tasks/", board_api.api_submission_tasks, name="api-submission-tasks"),
]
