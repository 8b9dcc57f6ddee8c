from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from config.health import healthz
from config.views import AboutView
from leaderboard import board_pages

urlpatterns = [
    path("", board_pages.home, name="home"),
    path("about/", AboutView.as_view(), name="about"),
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("leaderboard.accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("tasks_catalog.urls")),
    path("", include("leaderboard.urls")),
    path("", include("leaderboard.board_urls")),
]
