"""Sign-up, profile and API token management; login and passwords are Django's own views."""
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.decorators import method_decorator
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from config.ratelimit import hit, ratelimit, refusal
from leaderboard.accounts.forms import SignupForm
from leaderboard.models import Submission


@ratelimit("sign-up", settings.SIGNUP_RATE_LIMIT, 3600)
def signup(request):
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}. You can now submit runs.")
        return redirect("accounts:profile")
    return render(request, "registration/signup.html", {"form": form})


LOGIN_WINDOW = 300


@method_decorator(ratelimit("login", settings.LOGIN_RATE_LIMIT, LOGIN_WINDOW), name="dispatch")
class LoginView(auth_views.LoginView):
    """Limited per client address and, for failed attempts, per account: guessing one account's
    password from many addresses is slowed as much as from one, and nobody else is locked out."""

    def post(self, request, *args, **kwargs):
        wait = hit("login-account", self._account(), settings.LOGIN_ACCOUNT_RATE_LIMIT, LOGIN_WINDOW, count=False)
        if wait:
            return refusal(request, "login to this account", settings.LOGIN_ACCOUNT_RATE_LIMIT, LOGIN_WINDOW, wait)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        hit("login-account", self._account(), settings.LOGIN_ACCOUNT_RATE_LIMIT, LOGIN_WINDOW)
        return super().form_invalid(form)

    def _account(self):
        return self.request.POST.get("username", "").strip().lower()[:150]


@login_required
def profile(request):
    token = Token.objects.filter(user=request.user).first()
    submissions = Submission.objects.owned_by(request.user).with_run_counts()
    return render(request, "accounts/profile.html", {"token": token, "submissions": submissions})


@login_required
@require_POST
def token(request):
    """Create, rotate (delete and create) or revoke the user's single API token."""
    action = request.POST.get("action")
    if action not in ("create", "rotate", "revoke"):
        messages.error(request, f"Unknown token action {action!r}: use create, rotate or revoke.")
        return redirect("accounts:profile")
    Token.objects.filter(user=request.user).delete()
    if action == "revoke":
        messages.success(request, "API token revoked: requests using it are now refused.")
    else:
        Token.objects.create(user=request.user)
        messages.success(request, "New API token created; the old one, if any, no longer works.")
    return redirect("accounts:profile")
