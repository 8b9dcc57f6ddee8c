from django.urls import path

from leaderboard import api, views

app_name = "leaderboard"
urlpatterns = [
    path("submit/", views.submit, name="submit"),
    path("submissions/", views.my_submissions, name="my-submissions"),
    path("submissions/<int:pk>/", views.submission, name="submission"),
    path("submissions/<int:pk>/progress.json", views.submission_progress, name="submission-progress"),
    path("submissions/<int:pk>/cancel/", views.cancel, name="submission-cancel"),
    path("submissions/<int:pk>/rejudge/", views.rejudge, name="submission-rejudge"),
    path("api/submissions/", api.SubmissionList.as_view(), name="api-submissions"),
    path("api/submissions/<int:pk>/", api.SubmissionDetail.as_view(), name="api-submission"),
]
