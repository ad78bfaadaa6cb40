"""Herald's one settings module, read from the environment.

With nothing set, Herald runs on the embedded default: SQLite in var/, Celery over kombu's
filesystem transport in var/broker/ (no broker service), and email kept in the database for the
Mail page. DATABASE_URL, REDIS_URL and EMAIL_HOST switch to PostgreSQL, Redis and real SMTP.
A bad value stops start-up with ImproperlyConfigured naming the variable. The README lists every
variable; tests/foundation/test_compose.py checks docker-compose.yml uses the same names.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import structlog
from django.core.exceptions import ImproperlyConfigured

from systems import django_apps as system_django_apps

BASE_DIR = Path(__file__).resolve().parent.parent

# Every environment variable this module reads; the README and the compose test use this list.
ENVIRONMENT_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL",
    "REDIS_URL",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "EMAIL_USE_SSL",
    "EMAIL_TIMEOUT",
    "DEFAULT_FROM_EMAIL",
    "HERALD_VAR_DIR",
    "HERALD_MAIL_MAX_ATTEMPTS",
    "CELERY_TASK_ALWAYS_EAGER",
    "CELERY_VISIBILITY_TIMEOUT",
    "HERALD_CELERY_QUEUE",
    "HERALD_CELERY_KEY_PREFIX",
    "HERALD_SWEEP_SECONDS",
    "HERALD_RESOLVE_STALE_SECONDS",
    "HERALD_BASE_URL",
    "HERALD_DEADLINE_SWEEP_SECONDS",
    "HERALD_TRUSTED_PROXY_COUNT",
    "AXES_FAILURE_LIMIT",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "LOG_LEVEL",
    "LOG_FORMAT",
)


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, "").strip() or default


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    value = raw.lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false (1/0, yes/no, on/off), not {raw!r}")


def env_int(name: str, default: int, *, minimum: int = 0, maximum: int | None = None) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None
    if value < minimum or (maximum is not None and value > maximum):
        upper = f" and at most {maximum}" if maximum is not None else ""
        raise ImproperlyConfigured(f"{name} must be at least {minimum}{upper}, not {value}")
    return value


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env_str(name, default).split(",") if item.strip()]


def env_choice(name: str, default: str, choices: set[str]) -> str:
    value = env_str(name, default).lower()
    if value not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(sorted(choices))}, not {value!r}")
    return value


VAR_DIR = Path(env_str("HERALD_VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DEBUG", default="SECRET_KEY" not in os.environ)
SECRET_KEY = env_str("SECRET_KEY") or ("django-insecure-embedded-default-only" if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must name at least one host")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
for origin in CSRF_TRUSTED_ORIGINS:
    if urlsplit(origin).scheme not in {"http", "https"}:
        raise ImproperlyConfigured(f"CSRF_TRUSTED_ORIGINS entries must start with https:// or http://: {origin!r}")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "django_structlog",
    "config",
    # The combat systems' own Django parts (systems/<name>/django_app/), found by the registry, named nowhere.
    *system_django_apps(),
    "campaigns",
    "campaigns.mail",
    "combat",
    "players",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django_structlog.middlewares.RequestMiddleware",
    "axes.middleware.AxesMiddleware",
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
                "config.context_processors.system_pages",
            ],
        },
    },
]

# Database: PostgreSQL (psycopg 3) or SQLite, from one URL.
DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'herald.sqlite3'}")
_database_scheme = urlsplit(DATABASE_URL).scheme
if _database_scheme not in {"postgres", "postgresql", "pgsql", "sqlite"}:
    raise ImproperlyConfigured(
        f"DATABASE_URL must start with postgres:// or sqlite:///, not {DATABASE_URL.split(':', 1)[0]!r}"
    )
try:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
except Exception as error:  # dj_database_url raises several types for a bad URL
    raise ImproperlyConfigured(f"DATABASE_URL is not a database URL: {error}") from error
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    if not DATABASES["default"]["NAME"]:
        raise ImproperlyConfigured("DATABASE_URL names no SQLite file (use sqlite:////absolute/path.sqlite3)")
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # WAL lets the web process read while the worker writes on the embedded default.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {"NAME": None}
elif not DATABASES["default"].get("NAME"):
    raise ImproperlyConfigured("DATABASE_URL names no database (postgres://user@host:5432/NAME)")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: the Celery broker and the cache.
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL and urlsplit(REDIS_URL).scheme not in {"redis", "rediss", "unix"}:
    raise ImproperlyConfigured(f"REDIS_URL must start with redis://, rediss:// or unix://, not {REDIS_URL!r}")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }
# Rendered page fragments keyed by a fingerprint of their inputs (config/fragments.py): in each process's
# memory, so that they die with the code that drew them and cost no round trip (docs/performance.md).
CACHES["fragments"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "herald-fragments",
    "TIMEOUT": 3600,
    "OPTIONS": {"MAX_ENTRIES": 500},
}
# Whole pages keyed by PostgreSQL's snapshot (config/page_cache.py): per process, like the fragments.
CACHES["pages"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "herald-pages",
    "TIMEOUT": 600,
    "OPTIONS": {"MAX_ENTRIES": 300},
}
# Sessions read from the default cache (Redis, or the file cache a host without Redis shares between its
# web processes) and written through to the database; the cache being down is not an error (config/sessions.py).
SESSION_ENGINE = "config.sessions"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "campaigns:dashboard"
LOGOUT_REDIRECT_URL = "login"
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"  # built into the image, not kept in a volume
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # WhiteNoise warns on every request without it
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Email through Django 6.1's MAILERS. Without EMAIL_HOST the embedded backend keeps every message in
# the database for the Mail page; config.checks refuses that under `check --deploy`.
EMAIL_HOST = env_str("EMAIL_HOST")
EMBEDDED_MAIL_BACKEND = "campaigns.mail.backends.EmbeddedMailBackend"
_email_use_tls = env_bool("EMAIL_USE_TLS", default=False)
_email_use_ssl = env_bool("EMAIL_USE_SSL", default=False)
if _email_use_tls and _email_use_ssl:
    raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL exclude each other: set at most one")
_email_port = env_int("EMAIL_PORT", 465 if _email_use_ssl else 587 if _email_use_tls else 25, minimum=1, maximum=65535)
_email_timeout = env_int("EMAIL_TIMEOUT", 20, minimum=1)
if EMAIL_HOST:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": EMAIL_HOST,
                "port": _email_port,
                "username": env_str("EMAIL_HOST_USER"),
                "password": env_str("EMAIL_HOST_PASSWORD"),
                "use_tls": _email_use_tls,
                "use_ssl": _email_use_ssl,
                "timeout": _email_timeout,
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": EMBEDDED_MAIL_BACKEND}}
del EMAIL_HOST  # a deprecated setting name: Django refuses it beside MAILERS
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Herald <herald@localhost>")
if "@" not in DEFAULT_FROM_EMAIL:
    raise ImproperlyConfigured(f"DEFAULT_FROM_EMAIL must be an email address, not {DEFAULT_FROM_EMAIL!r}")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
HERALD_MAIL_DOMAIN = DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].strip(" >") or "localhost"
HERALD_MAIL_MAX_ATTEMPTS = env_int("HERALD_MAIL_MAX_ATTEMPTS", 6, minimum=1)
# Where players' links point (their emails carry absolute addresses), and how often beat sweeps the
# rounds' deadlines and reminders (players.sweep_deadlines, scheduled in config/celery.py).
HERALD_BASE_URL = env_str("HERALD_BASE_URL", "http://localhost:8000").rstrip("/")
HERALD_DEADLINE_SWEEP_SECONDS = env_int("HERALD_DEADLINE_SWEEP_SECONDS", 60, minimum=1)
# How many reverse proxies in front of Herald append to X-Forwarded-For: the players' links are rate-limited
# by the client's address (players/throttle.py), which is then the header's entry that many from the right.
# 0 (the default) trusts no header and uses REMOTE_ADDR.
HERALD_TRUSTED_PROXY_COUNT = env_int("HERALD_TRUSTED_PROXY_COUNT", 0, minimum=0, maximum=10)
HERALD_MAIL_RETRY_BASE_SECONDS = 30
# A row claimed longer ago than this is taken to belong to a dead attempt and may be claimed again.
HERALD_MAIL_CLAIM_TIMEOUT_SECONDS = 300

# Celery. With REDIS_URL unset the broker is kombu's filesystem transport: no broker service needed.
CELERY_BROKER_URL = REDIS_URL or "filesystem://localhost/"
if REDIS_URL:
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600, minimum=1),
        # An unreachable Redis (packets dropped, not refused) must not hold a web request for the OS's
        # connect timeout: after 5 s the publish fails and the request waits in the database (enqueue.py).
        "socket_connect_timeout": 5,
    }
    if env_str("HERALD_CELERY_KEY_PREFIX"):
        # Every key kombu writes (queues, bindings, and the unacknowledged messages, whose index is
        # otherwise shared by every instance on the Redis database) starts with it.
        CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = env_str("HERALD_CELERY_KEY_PREFIX")
else:
    _broker_dir = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "control_folder": str(_broker_dir / "control"),
        "processed_folder": str(_broker_dir / "processed"),
        "store_processed": False,
    }
    for _folder in ("queue", "control", "processed"):
        (_broker_dir / _folder).mkdir(parents=True, exist_ok=True)
CELERY_TASK_DEFAULT_QUEUE = env_str("HERALD_CELERY_QUEUE", "celery")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", default=False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 120
CELERY_TASK_SOFT_TIME_LIMIT = 100
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Beat's sweeps: every task request is kept in the database and these enqueue what the broker did not
# take (it was down) or what a dead worker left (config/enqueue.py, docs/reliability.md).
HERALD_SWEEP_SECONDS = env_int("HERALD_SWEEP_SECONDS", 30, minimum=1)
# A round `resolving` whose task has not finished this long after it was enqueued is enqueued again.
HERALD_RESOLVE_STALE_SECONDS = env_int("HERALD_RESOLVE_STALE_SECONDS", 60, minimum=1)
CELERY_BEAT_SCHEDULE = {
    "send-due-mail": {"task": "mail.send_due_messages", "schedule": float(HERALD_SWEEP_SECONDS)},
    "resolve-waiting-rounds": {"task": "combat.sweep_waiting_rounds", "schedule": float(HERALD_SWEEP_SECONDS)},
}

# Structured logs: JSON in production, readable console lines in development. django-structlog
# binds a request_id per request and carries it into the Celery tasks the request enqueues.
LOG_LEVEL = env_choice("LOG_LEVEL", "INFO", {"debug", "info", "warning", "error", "critical"}).upper()
LOG_FORMAT = env_choice("LOG_FORMAT", "console" if DEBUG else "json", {"json", "console"})
DJANGO_STRUCTLOG_CELERY_ENABLED = True
_shared_processors = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_logger_name,
    structlog.stdlib.add_log_level,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "structured": {
            "()": structlog.stdlib.ProcessorFormatter,
            "processors": [
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                structlog.processors.JSONRenderer()
                if LOG_FORMAT == "json"
                else structlog.dev.ConsoleRenderer(colors=False),
            ],
            "foreign_pre_chain": _shared_processors,
        },
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "structured"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        "django.server": {"level": "WARNING"},
        "axes": {"level": "WARNING"},  # one line per sign-in is noise; lock-outs are warnings
    },
}
structlog.configure(
    processors=[
        structlog.stdlib.filter_by_level,
        *_shared_processors,
        structlog.stdlib.PositionalArgumentsFormatter(),
        structlog.processors.StackInfoRenderer(),
        structlog.processors.UnicodeDecoder(),
        structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
    ],
    logger_factory=structlog.stdlib.LoggerFactory(),
    wrapper_class=structlog.stdlib.BoundLogger,
    cache_logger_on_first_use=True,
)

SECURE_CONTENT_TYPE_NOSNIFF = True
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    # /healthz is probed over plain HTTP inside the compose network.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
