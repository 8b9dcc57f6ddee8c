"""Sign-up, login, passwords, API tokens, rate limits and security headers."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.conftest import PASSWORDS

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_signup_creates_the_account_and_logs_in(client):
    response = client.post("/accounts/signup/", {"username": "carol", "email": "Carol@Example.org",
                                                 "password1": "a long pass phrase 42", "password2": "a long pass phrase 42"})
    assert response.status_code == 302 and response["Location"] == "/accounts/profile/"
    assert User.objects.get(username="carol").email == "carol@example.org"
    assert client.get("/accounts/profile/").status_code == 200


def test_signup_rejects_an_email_already_in_use(client, alice):
    response = client.post("/accounts/signup/", {"username": "alice2", "email": "ALICE@example.org",
                                                 "password1": "a long pass phrase 42", "password2": "a long pass phrase 42"})
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert not User.objects.filter(username="alice2").exists()


def test_login_and_logout(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORDS["alice"]})
    assert response.status_code == 302
    assert "alice" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert client.get("/accounts/profile/")["Location"].startswith("/accounts/login/")


def test_password_change(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/password/change/", {"old_password": PASSWORDS["alice"],
                                                          "new_password1": "another long phrase 7",
                                                          "new_password2": "another long phrase 7"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("another long phrase 7")


def test_password_reset_mails_a_link_that_sets_a_new_password(client, alice):
    client.post("/accounts/password/reset/", {"email": "alice@example.org"})
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link)["Location"]  # Django swaps the token for a session-held one
    response = client.post(form_url, {"new_password1": "brand new phrase 99", "new_password2": "brand new phrase 99"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("brand new phrase 99")


def test_api_token_can_be_created_rotated_and_revoked(client, alice):
    client.force_login(alice)
    client.post("/accounts/profile/token/", {"action": "create"})
    first = Token.objects.get(user=alice).key
    assert first in client.get("/accounts/profile/").content.decode()
    client.post("/accounts/profile/token/", {"action": "rotate"})
    second = Token.objects.get(user=alice).key
    assert second != first
    client.post("/accounts/profile/token/", {"action": "revoke"})
    assert not Token.objects.filter(user=alice).exists()


def test_login_is_rate_limited_with_a_clear_message(client, alice, settings):
    for _ in range(settings.LOGIN_RATE_LIMIT):
        assert client.post("/accounts/login/", {"username": "alice", "password": "wrong"}).status_code == 200
    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORDS["alice"]})
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode() and int(response["Retry-After"]) > 0


def test_signup_is_rate_limited(client, settings):
    for i in range(settings.SIGNUP_RATE_LIMIT):
        client.post("/accounts/signup/", {"username": f"u{i}", "email": "bad"})
    assert client.post("/accounts/signup/", {"username": "late", "email": "bad"}).status_code == 429


@pytest.mark.parametrize("url", ["/", "/about/", "/accounts/login/", "/accounts/signup/", "/api/docs/"])
def test_every_page_has_a_content_security_policy_and_frame_protection(client, url):
    response = client.get(url)
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "object-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert response["X-Frame-Options"] == "DENY"
    assert all(f"'nonce-{nonce}'" in csp for nonce in inline_script_nonces(response))


def inline_script_nonces(response):
    """The nonce of each inline <script> of a page (None where it has none); scripts with a src are not inline."""
    tags = [attrs for attrs in re.findall(r"<script\b([^>]*)>", response.content.decode()) if "src=" not in attrs]
    return [found.group(1) if (found := re.search(r'nonce="([^"]+)"', attrs)) else None for attrs in tags]


def test_the_inline_script_of_the_api_docs_carries_this_responses_nonce(client):
    nonces = []
    for _ in range(2):
        response = client.get("/api/docs/")
        [nonce] = inline_script_nonces(response)
        nonces.append(nonce)
        assert f"'nonce-{nonces[-1]}'" in response["Content-Security-Policy"]
    assert nonces[0] != nonces[1]


@pytest.mark.parametrize("url", ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"])
def test_forms_refuse_a_post_without_csrf_token(url):
    client = Client(enforce_csrf_checks=True)
    assert 'name="csrfmiddlewaretoken"' in client.get(url).content.decode()
    assert client.post(url, {}).status_code == 403


def test_check_deploy_passes_with_production_settings(tmp_path):
    env = {**os.environ, "IWR_VAR_DIR": str(tmp_path), "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/test",
           "CELERY_BROKER_URL": "redis://127.0.0.1:6379/15", "DEBUG": "0",
           "SECRET_KEY": "k" + "9f2$Lq#x8Zr!vB7mW0pT4yE6uN1cH3jA5sD" * 2, "SECURE_SSL_REDIRECT": "1",
           "ALLOWED_HOSTS": "iwr-bench.example.org"}
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
