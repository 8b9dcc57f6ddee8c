"""Anonymous limits count clients, not the proxy in front of them, and logins are limited per
account too: one client behind a proxy cannot lock everybody out, and guessing one account's
password from many addresses is slowed as much as from one."""
import ipaddress

import pytest

from tests.conftest import PASSWORDS

PROXY = "10.0.0.7"


@pytest.fixture
def users(alice, bob):
    return alice, bob


def login(client, username, password, forwarded_for=None):
    headers = {"REMOTE_ADDR": PROXY}
    if forwarded_for:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded_for
    client.logout()
    return client.post("/accounts/login/", {"username": username, "password": password}, **headers).status_code


def test_behind_a_trusted_proxy_one_client_cannot_lock_the_others_out(client, users, settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/24")]
    settings.LOGIN_ACCOUNT_RATE_LIMIT = 1000  # only the address limit here
    for n in range(settings.LOGIN_RATE_LIMIT):
        # What the client itself wrote before the proxy's entry proves nothing and is skipped.
        assert login(client, f"nobody{n}", "wrong", f"6.6.6.{n}, 203.0.113.5") == 200
    assert login(client, "nobody", "wrong", "203.0.113.5") == 429
    assert login(client, "bob", PASSWORDS["bob"], "198.51.100.9") == 302


def test_without_trusted_proxies_a_forwarded_address_changes_nothing(client, users, settings):
    settings.LOGIN_ACCOUNT_RATE_LIMIT = 1000
    for n in range(settings.LOGIN_RATE_LIMIT):
        assert login(client, "nobody", "wrong", f"203.0.113.{n}") == 200
    assert login(client, "bob", PASSWORDS["bob"], "198.51.100.9") == 429


def test_failed_logins_are_limited_per_account_from_any_address(client, users, settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network(PROXY)]
    for n in range(settings.LOGIN_ACCOUNT_RATE_LIMIT):
        assert login(client, "alice", "wrong", f"203.0.113.{n}") == 200
    assert login(client, "Alice", PASSWORDS["alice"], "198.51.100.1") == 429  # even with her password, for now
    assert login(client, "bob", PASSWORDS["bob"], "198.51.100.1") == 302     # another account is untouched
