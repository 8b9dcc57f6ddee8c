from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from config.health import healthz
from judging.engine import JUDGE_VERSION, JudgeOptions, official, scoring, similarity
from judging.engine.scoring import PROTOCOL
from leaderboard import board_views

urlpatterns = [
    path("", board_views.home, name="home"),
    # The About page's table quotes the judge's own constants, so it cannot drift from them.
    path("about/", TemplateView.as_view(template_name="about.html", extra_context={
        "protocol": PROTOCOL, "judge_version": JUDGE_VERSION, "judge": JudgeOptions(), "official": official,
        "scoring": scoring, "default_similarity": similarity.DEFAULT}), name="about"),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("leaderboard.accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("tasks_catalog.urls")),
    path("", include("leaderboard.urls")),
    path("", include("leaderboard.board_urls")),
]
