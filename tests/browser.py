"""A real headless Chromium page on the live server, for tests of what a person sees.

Pages are 1440 px wide, the width the site is designed for. With UI_SHOTS_DIR set, `shot(name)`
saves a full-page screenshot there for a reviewer to look at; without it, it does nothing.
"""
import os
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import sync_playwright

from judging.engine.browser import launch

WIDTH, HEIGHT = 1440, 900


@pytest.fixture
def browser_context(live_server, monkeypatch):
    # Playwright's sync API keeps an event loop in the test's thread, and Django then refuses the ORM
    # there (its guard is for async views); the test itself is synchronous, so the ORM is safe.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, base_url=live_server.url)
        context.set_default_timeout(10_000)
        yield context
        browser.close()


@pytest.fixture
def page(browser_context):
    return browser_context.new_page()


def log_in(context, user, base_url):
    """Give the browser `user`'s session."""
    client = Client()
    client.force_login(user)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])


@pytest.fixture
def shot():
    folder = os.environ.get("UI_SHOTS_DIR")

    def take(page, name):
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)

    return take
