"""Shared fixtures: the actors (alice owns, bob is another user), a real Celery worker process, and
the test database it must share."""
import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

from config.celery import app as celery_app

REPO = Path(__file__).resolve().parent.parent
SAMPLE_BENCH = REPO / "samples" / "bench"

# The browser fixtures (a Chromium page, screenshots) are shared by every folder.
pytest_plugins = ["tests.browser"]
PRODUCTION = bool(os.environ.get("DATABASE_URL"))


def pytest_configure(config):
    # Pages render without a collectstatic run; the manifest storage is tested under gunicorn.
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)


def pytest_collection_modifyitems(config, items):
    """Production-mode tests need PostgreSQL and Redis; the embedded pass skips them."""
    if PRODUCTION:
        return
    skip = pytest.mark.skip(reason="production mode: set DATABASE_URL and CELERY_BROKER_URL (scripts/test does)")
    for item in items:
        if "production" in item.keywords:
            item.add_marker(skip)


def database_url(settings_dict):
    """The URL of the database this test session really uses (the test database)."""
    engine = settings_dict["ENGINE"]
    if engine.endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    if engine.endswith("postgresql"):
        user = settings_dict.get("USER") or ""
        password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
        auth = f"{user}{password}@" if user else ""
        host = settings_dict.get("HOST") or "127.0.0.1"
        port = settings_dict.get("PORT") or 5432
        return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"
    raise RuntimeError(f"no URL form for {engine}")


def _isolate_broker(tmp):
    """Give this session its own filesystem queue so a developer's running worker cannot take its jobs."""
    env = {}
    if celery_app.conf.broker_url.startswith("filesystem"):
        for sub in ("queue", "processed", "control"):
            (tmp / "broker" / sub).mkdir(parents=True)
        celery_app.conf.broker_transport_options = {
            **celery_app.conf.broker_transport_options,
            "data_folder_in": str(tmp / "broker" / "queue"),
            "data_folder_out": str(tmp / "broker" / "queue"),
            "processed_folder": str(tmp / "broker" / "processed"),
            "control_folder": str(tmp / "broker" / "control"),
        }
        env["CELERY_FILESYSTEM_DIR"] = str(tmp / "broker")
    if celery_app.conf.result_backend.startswith("file://"):
        (tmp / "results").mkdir()
        env["CELERY_RESULT_BACKEND"] = f"file://{tmp / 'results'}"
        celery_app.conf.result_backend = env["CELERY_RESULT_BACKEND"]
    return env


class Worker:
    """A real `celery worker -Q judge` process, started and stopped by the tests."""

    def __init__(self, env, log_path, concurrency=1, queue=None, beat=False, args=()):
        self.env, self.log_path, self.concurrency = env, log_path, concurrency
        self.queue, self.beat, self.args = queue or settings.JUDGE_QUEUE, beat, list(args)
        self.proc = None

    def start(self):
        self.log = open(self.log_path, "ab")
        extra = (["--beat", "--schedule", str(Path(self.log_path).with_suffix(".schedule"))] if self.beat else [])
        extra += self.args
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", self.queue,
             "--concurrency", str(self.concurrency), "--loglevel", "INFO", "--without-gossip",
             "--without-mingle", "--hostname", f"test-{os.getpid()}-{time.monotonic_ns()}@%h", *extra],
            cwd=REPO, env=self.env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        return self

    def stop(self, sig=15):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
                self.proc.wait()
        self.log.close()

    def output(self):
        return Path(self.log_path).read_text(errors="replace")


PASSWORDS = {"alice": "pw-alice-123", "bob": "pw-bob-123", "admin": "pw-admin-123"}


@pytest.fixture
def alice(db):
    """The user who owns the submissions under test."""
    return get_user_model().objects.create_user("alice", "alice@example.org", PASSWORDS["alice"])


@pytest.fixture
def alice_api(alice):
    """An API client signed in as alice with her token."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    api.user = alice
    return api


@pytest.fixture
def bob(db):
    """Another signed-up user, who must not see alice's private work."""
    return get_user_model().objects.create_user("bob", "bob@example.org", PASSWORDS["bob"])


@pytest.fixture
def admin_user(db):
    return get_user_model().objects.create_user("admin", "admin@example.org", PASSWORDS["admin"],
                                                is_staff=True, is_superuser=True)


@pytest.fixture
def sample_catalog_committed(transactional_db):
    """The sample benchmark (6 tasks), imported as a real catalog; committed, so a worker sees it."""
    from django.core.management import call_command

    call_command("import_bench", str(SAMPLE_BENCH), verbosity=0)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rate-limit counters live in the cache: every test starts with none."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="session", autouse=True)
def media_root(tmp_path_factory):
    """Files written by tests (and by the test worker) go to a folder of this session."""
    settings.MEDIA_ROOT = tmp_path_factory.mktemp("media")
    return settings.MEDIA_ROOT


@pytest.fixture(scope="session")
def worker_env(django_db_setup, media_root, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("worker")
    env = {**os.environ, "DATABASE_URL": database_url(connection.settings_dict),
           "MEDIA_ROOT": str(settings.MEDIA_ROOT), "PYTHONUNBUFFERED": "1", **_isolate_broker(tmp)}
    if not PRODUCTION:
        # The embedded worker must not believe it is in production because DATABASE_URL is set.
        env["SECRET_KEY"] = settings.SECRET_KEY
    return env


@pytest.fixture(scope="session")
def celery_worker(worker_env, tmp_path_factory):
    """One real worker for the whole session, consuming queue `judge`."""
    worker = Worker(worker_env, tmp_path_factory.mktemp("worker-log") / "worker.log").start()
    yield worker
    worker.stop()


@contextmanager
def logged_in_page(user, base_url):
    """A real Chromium page on base_url, logged in as `user` by its session cookie.

    Keep ORM calls outside the block: Playwright's sync API runs an event loop in this thread,
    and Django refuses database access while one runs.
    """
    from django.test import Client
    from playwright.sync_api import sync_playwright

    from judging.engine.browser import launch

    client = Client()
    client.force_login(user)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        context = browser.new_context()
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}])
        yield context.new_page()
        browser.close()
