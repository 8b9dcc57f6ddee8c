from django.urls import path

from leaderboard import api, moderation, views

app_name = "leaderboard"
urlpatterns = [
    path("submit/", views.submit, name="submit"),
    path("submit/check/", views.preflight, name="preflight"),
    path("submissions/", views.my_submissions, name="my-submissions"),
    path("submissions/<int:pk>/", views.submission, name="submission"),
    path("submissions/<int:pk>/progress.json", views.submission_progress, name="submission-progress"),
    path("api/submissions/", api.SubmissionList.as_view(), name="api-submissions"),
    path("api/submissions/preflight/", api.Preflight.as_view(), name="api-preflight"),
    path("api/submissions/<int:pk>/", api.SubmissionDetail.as_view(), name="api-submission"),
]
# One fixed path per action, never a catch-all segment that would shadow results/ or tasks/.
for _name in moderation.ACTIONS:
    urlpatterns += [
        path(f"submissions/<int:pk>/{_name}/", views.act, {"action": _name}, name=f"submission-{_name}"),
        path(f"api/submissions/<int:pk>/{_name}/", api.SubmissionAction.as_view(), {"action": _name},
             name=f"api-submission-{_name}"),
    ]
