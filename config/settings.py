"""Settings for the IWR-Bench leaderboard, all read from environment variables.

With no variables set the site runs in the embedded mode: a SQLite file, kombu's filesystem
broker and media under var/. Production sets DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL
(Redis or RabbitMQ).
"""
import ipaddress
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import plotly
from django.core.exceptions import ImproperlyConfigured

from config.env import env, envbool, envint, envlist, envsecret

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env("IWR_VAR_DIR") or BASE_DIR / "var")

DEBUG = envbool("DEBUG", False)
_database_url = env("DATABASE_URL")
EMBEDDED = not _database_url
# The embedded mode keeps one generated key, so that sessions survive restarts. Importing settings
# writes nothing: the first process to start writes it (config.apps); until then SECRET_KEY is empty.
GENERATED_SECRET_KEY_FILE = VAR_DIR / "secret_key"


def _secret_key():
    key = envsecret("SECRET_KEY")
    if key:
        return key
    if not (EMBEDDED or DEBUG):
        raise ImproperlyConfigured(
            "SECRET_KEY is not set: with DATABASE_URL set and DEBUG off, set SECRET_KEY or SECRET_KEY_FILE"
        )
    return GENERATED_SECRET_KEY_FILE.read_text().strip() if GENERATED_SECRET_KEY_FILE.is_file() else ""


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "config",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "tasks_catalog",
    "judging",
    "leaderboard",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.upload_limits.UploadLimitMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.security.csp_nonce",
            ],
        },
    },
]


def _database():
    url = _database_url or f"sqlite:///{VAR_DIR / 'db.sqlite3'}"
    try:
        db = dj_database_url.parse(url, conn_max_age=envint("DATABASE_CONN_MAX_AGE", 60))
    except Exception as exc:
        raise ImproperlyConfigured(f"DATABASE_URL={url!r} is not a database URL: {exc}") from None
    if not db.get("ENGINE") or not db.get("NAME"):
        raise ImproperlyConfigured(f"DATABASE_URL={url!r} names no database")
    if db["ENGINE"] == "django.db.backends.sqlite3":
        # The web process and the worker write the same file: WAL lets readers go on during a
        # write, and a generous timeout makes a writer wait instead of failing.
        db["CONN_MAX_AGE"] = 0
        db["OPTIONS"] = {"timeout": 30, "init_command": "PRAGMA journal_mode=WAL;", "transaction_mode": "IMMEDIATE"}
        db["TEST"] = {"NAME": str(VAR_DIR / "test_db.sqlite3")}
    return db


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env("STATIC_ROOT") or VAR_DIR / "static")
# plotly.js comes from the installed plotly package, so page charts and the Python library agree.
STATICFILES_DIRS = [BASE_DIR / "static", ("plotly", Path(plotly.__file__).parent / "package_data")]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env("MEDIA_ROOT") or VAR_DIR / "media")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# Shared storage for many machines: with S3_BUCKET set, media (task files, unpacked sites, screenshots)
# live in S3-compatible object storage and each machine keeps only local working copies
# (media_sync.py). Unset, MEDIA_ROOT on local disk is the storage itself.
S3_BUCKET = env("S3_BUCKET")
if S3_BUCKET:
    _s3 = {"bucket_name": S3_BUCKET, "endpoint_url": env("S3_ENDPOINT_URL") or None,
           "region_name": env("S3_REGION") or None, "file_overwrite": True}
    # Without keys boto3 looks in its usual places (instance role, ~/.aws); with keys, they win.
    _access_key = envsecret("AWS_ACCESS_KEY_ID")
    if _access_key:
        _s3.update(access_key=_access_key, secret_key=envsecret("AWS_SECRET_ACCESS_KEY"))
    STORAGES["default"] = {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": _s3}
# Where a judge worker keeps task files fetched from shared storage, one folder per content hash.
TASK_CACHE_DIR = Path(env("TASK_CACHE_DIR") or VAR_DIR / "task-cache")

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 200,
    # Every error answers with a stable code and what to do (leaderboard.api_errors).
    "EXCEPTION_HANDLER": "leaderboard.api_errors.handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "IWR-Bench Leaderboard API",
    "DESCRIPTION": "Tasks, submissions, judged results and the leaderboard of IWR-Bench.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The API docs page loads Redoc from our own static files, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # A curl line for every endpoint in the reference (leaderboard.api_docs).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "leaderboard.api_docs.curl_samples"],
}

# Celery: the embedded default is kombu's filesystem transport, which needs no server.
_KNOWN_BROKERS = {"filesystem", "redis", "rediss", "amqp", "amqps", "pyamqp", "memory", "sqs"}
CELERY_BROKER_URL = env("CELERY_BROKER_URL") or "filesystem://"
if urlsplit(CELERY_BROKER_URL).scheme not in _KNOWN_BROKERS:
    raise ImproperlyConfigured(
        f"CELERY_BROKER_URL={CELERY_BROKER_URL!r} is not a broker URL (schemes: {', '.join(sorted(_KNOWN_BROKERS))})"
    )
CELERY_FILESYSTEM_DIR = Path(env("CELERY_FILESYSTEM_DIR") or VAR_DIR / "broker")
if CELERY_BROKER_URL.startswith("filesystem"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_FILESYSTEM_DIR / "queue"),
        "data_folder_out": str(CELERY_FILESYSTEM_DIR / "queue"),
        "processed_folder": str(CELERY_FILESYSTEM_DIR / "processed"),
        "control_folder": str(CELERY_FILESYSTEM_DIR / "control"),
        "store_processed": False,
    }
else:
    # Unacknowledged jobs come back after this many seconds when their worker dies.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": envint("CELERY_VISIBILITY_TIMEOUT", 1800)}
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND") or (
    f"file://{VAR_DIR / 'celery-results'}" if CELERY_BROKER_URL.startswith("filesystem") else CELERY_BROKER_URL
)
# The folders the site writes in, made when a process starts (config.apps), not when settings are read.
LOCAL_FOLDERS = [
    VAR_DIR,
    *(Path(CELERY_BROKER_TRANSPORT_OPTIONS[name]) for name in ("data_folder_in", "processed_folder", "control_folder")
      if name in CELERY_BROKER_TRANSPORT_OPTIONS),
    *([Path(CELERY_RESULT_BACKEND.removeprefix("file://"))] if CELERY_RESULT_BACKEND.startswith("file://") else []),
]
JUDGE_QUEUE = "judge"
CELERY_TASK_DEFAULT_QUEUE = JUDGE_QUEUE
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_EXPIRES = 3600

# A local DINOv2 folder (config, weights, preprocessor) for the paper's image similarity; unset,
# the judge uses its default similarity. Read by workers only: results rank apart by similarity.
JUDGE_DINO_PATH = env("JUDGE_DINO_PATH") or None

# Submissions (leaderboard): upload limits, per-user quotas, and judging fault tolerance.
# Uploaded zips always stream to a temporary file, never into memory, whatever their size, within
# the limits of config.upload_limits (its middleware sets the handler on every request).
FILE_UPLOAD_HANDLERS = ["config.upload_limits.LimitedUploadHandler"]
FILE_UPLOAD_TEMP_DIR = env("FILE_UPLOAD_TEMP_DIR") or None
_MB = 1024 * 1024
SUBMISSION_MAX_UPLOAD_BYTES = envint("SUBMISSION_MAX_UPLOAD_BYTES", 300 * _MB)  # the zip itself
SUBMISSION_MAX_UNPACKED_BYTES = envint("SUBMISSION_MAX_UNPACKED_BYTES", 1024 * _MB)
SUBMISSION_MAX_FILE_BYTES = envint("SUBMISSION_MAX_FILE_BYTES", 100 * _MB)
SUBMISSION_MAX_FILES = envint("SUBMISSION_MAX_FILES", 20000)
# Every entry of the zip, folders and archivers' junk included, read from its end record first.
SUBMISSION_MAX_ENTRIES = envint("SUBMISSION_MAX_ENTRIES", 2 * SUBMISSION_MAX_FILES)
SUBMISSION_MAX_COMPRESSION_RATIO = envint("SUBMISSION_MAX_COMPRESSION_RATIO", 100)
SUBMISSION_QUOTA_PER_DAY = envint("SUBMISSION_QUOTA_PER_DAY", 5)  # per user, in any 24 hours
SUBMISSION_QUOTA_TOTAL = envint("SUBMISSION_QUOTA_TOTAL", 100)  # per user, ever; staff are exempt
# A running judge job writes a heartbeat this often; the reaper re-queues a run whose heartbeat is
# older than JUDGE_STALE_SECONDS, and fails it after JUDGE_MAX_ATTEMPTS claims.
JUDGE_HEARTBEAT_SECONDS = envint("JUDGE_HEARTBEAT_SECONDS", 10)
JUDGE_STALE_SECONDS = envint("JUDGE_STALE_SECONDS", 120)
JUDGE_MAX_ATTEMPTS = envint("JUDGE_MAX_ATTEMPTS", 3)
JUDGE_RETRY_BACKOFF_SECONDS = envint("JUDGE_RETRY_BACKOFF_SECONDS", 10)  # doubled on each further retry
# A queued run whose message was lost (the filesystem broker drops a message its worker took)
# is sent again after this long; a second message is harmless because claiming is conditional.
JUDGE_RESEND_QUEUED_SECONDS = envint("JUDGE_RESEND_QUEUED_SECONDS", 3600)
JUDGE_TASK_TIME_LIMIT = envint("JUDGE_TASK_TIME_LIMIT", 900)  # one task, hard limit in seconds
# A judged page's renderer whose own memory passes this is killed by the judge (site:memory): with
# about 0.95 GB for a worker process and its browser, and up to 0.35 GB more while it reads a task's
# recording and runs OCR, that keeps each within its planned 2 GB.
JUDGE_PAGE_MEMORY_MB = envint("JUDGE_PAGE_MEMORY_MB", 512)
JUDGE_REAPER_INTERVAL = envint("JUDGE_REAPER_INTERVAL", 60)
# A worker asked to stop waits this long for the jobs in hand, then cancels them (judging.runner).
JUDGE_STOP_SECONDS = envint("JUDGE_STOP_SECONDS", 20)
# The reaper has a queue of its own, consumed by its own small worker (which also runs the beat
# schedule): a judge worker stuck on a job, or all of them busy, must never hold up the process that
# notices and re-queues stuck jobs.
REAPER_QUEUE = "reaper"
CELERY_TASK_ROUTES = {"judging.reap": {"queue": REAPER_QUEUE}}
CELERY_BEAT_SCHEDULE = {
    "reap-stalled-runs": {"task": "judging.reap", "schedule": float(JUDGE_REAPER_INTERVAL),
                          "options": {"queue": REAPER_QUEUE, "expires": float(JUDGE_REAPER_INTERVAL)}},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "INFO")},
}

# Accounts and security. PRODUCTION means a shared database (DATABASE_URL) and DEBUG off.
PRODUCTION = not EMBEDDED and not DEBUG
_email_host = env("EMAIL_HOST")
EMAIL_BACKEND = env("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if _email_host else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = _email_host or "localhost"
EMAIL_PORT = envint("EMAIL_PORT", 587)
EMAIL_HOST_USER = env("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = envsecret("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "IWR-Bench <noreply@localhost>")

_CACHE_URL = env("CACHE_URL") or (CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else "")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": _CACHE_URL}
        if _CACHE_URL
        else {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache", "LOCATION": str(VAR_DIR / "cache")}
    )
}
# Attempts allowed per client (user, or address when anonymous) in each window.
LOGIN_RATE_LIMIT = envint("LOGIN_RATE_LIMIT", 10)  # per 5 minutes
LOGIN_ACCOUNT_RATE_LIMIT = envint("LOGIN_ACCOUNT_RATE_LIMIT", 10)  # failed logins per account, per 5 minutes


def _networks(name):
    try:
        return [ipaddress.ip_network(item, strict=False) for item in envlist(name, [])]
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}: {exc} (use addresses or networks, e.g. 10.0.0.1,10.1.0.0/16)") from None


# The proxies in front of the web processes (addresses or networks): behind them the client's address
# is read from X-Forwarded-For, so that rate limits count clients, not the proxy.
TRUSTED_PROXIES = _networks("TRUSTED_PROXIES")
SIGNUP_RATE_LIMIT = envint("SIGNUP_RATE_LIMIT", 5)  # per hour
UPLOAD_RATE_LIMIT = envint("UPLOAD_RATE_LIMIT", 20)  # per hour

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", PRODUCTION)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", PRODUCTION)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000 if PRODUCTION else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", PRODUCTION)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", PRODUCTION)
# TLS usually ends at a proxy in front of gunicorn; turn the redirect on where it does not.
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", False)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
if envbool("SECURE_PROXY_SSL", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Inline scripts need the per-request nonce; uploaded sites get their own, stricter policy. No page
# may be framed (as X_FRAME_OPTIONS says for older browsers) except the sandboxed preview, which
# sets its own policy so the gallery can embed it.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; "
    "worker-src 'self' blob:; frame-src 'self'; frame-ancestors 'none'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'"
)
