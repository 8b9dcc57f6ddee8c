from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from leaderboard.accounts import views

app_name = "accounts"


def _done(name):
    return reverse_lazy(f"accounts:{name}")


urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("profile/", views.profile, name="profile"),
    path("profile/token/", views.token, name="token"),
    path("password/change/", auth_views.PasswordChangeView.as_view(success_url=_done("password_change_done")),
         name="password_change"),
    path("password/change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("password/reset/", auth_views.PasswordResetView.as_view(
        success_url=_done("password_reset_done"), email_template_name="registration/password_reset_email.txt",
        subject_template_name="registration/password_reset_subject.txt"), name="password_reset"),
    path("password/reset/done/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("password/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(
        success_url=_done("password_reset_complete")), name="password_reset_confirm"),
    path("password/reset/complete/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
]
