"""Fixtures shared by the whole suite.

- Tests run on the settings' embedded default (SQLite in memory) unless DATABASE_URL is set.
- Celery: without REDIS_URL the broker is kombu's in-memory transport (set in pytest_configure), so
  tests never write into var/broker where a development worker would pick the messages up.
  Tasks are NOT eager by default; `delay_on_commit` only enqueues after the test's transaction
  commits, so in plain `django_db` tests nothing is sent. Use the `celery_eager` fixture to run tasks
  in-process (and `django_capture_on_commit_callbacks(execute=True)` to fire on-commit enqueues).
- PostgreSQL runs use a test database named test_<name>_<pid>, and Redis runs a Celery queue named
  herald-test-<pid> (`celery_app.conf.task_default_queue`), so concurrent runs do not collide.
- Mail: Django's test runner swaps every MAILERS entry for the locmem backend, so `mailoutbox`
  (pytest-django) collects what is sent. Use `embedded_mailer` to send through Herald's
  EmbeddedMailBackend instead.
- Markers: tests under tests/fullstack/ get `fullstack` and tests under tests/e2e/ get `e2e`
  automatically. With HERALD_REQUIRE_SERVICES=1 (CI) such a test that skips counts as failed.
  `make test` runs `-m "not fullstack"` on SQLite, then `-m fullstack` on PostgreSQL.
- `make_user(username, **fields)` creates a user with password "pw-for-tests"; `staff_user`
  is an administrator (staff and superuser), `other_user` a plain signed-up user who is GM of nothing.
"""

import os

import pytest
from django.test import override_settings
from hypothesis import settings as hypothesis_settings

# Hypothesis: random examples by default (a developer's run explores), the same examples on every run
# under CI (`.ci/run` sets HERALD_HYPOTHESIS_PROFILE=ci): a test whose outcome changes from run to run
# would block a landing at random. `explore` runs ten times as many random examples, to hunt.
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
hypothesis_settings.register_profile("explore", max_examples=1000, print_blob=True)
hypothesis_settings.load_profile(os.environ.get("HERALD_HYPOTHESIS_PROFILE", "default"))

TEST_PASSWORD = "pw-for-tests"


def pytest_collection_modifyitems(config, items):
    """Everything under tests/fullstack/ is `fullstack`, everything under tests/e2e/ is `e2e`."""
    for item in items:
        parts = item.path.parts
        if "fullstack" in parts:
            item.add_marker(pytest.mark.fullstack)
        if "e2e" in parts:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under HERALD_REQUIRE_SERVICES=1 (CI) a skipped `fullstack` or `e2e` test is a failure."""
    outcome = yield
    report = outcome.get_result()
    if (
        os.environ.get("HERALD_REQUIRE_SERVICES") == "1"
        and report.skipped
        and not hasattr(report, "wasxfail")
        and (item.get_closest_marker("fullstack") or item.get_closest_marker("e2e"))
    ):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped, but HERALD_REQUIRE_SERVICES=1 forbids skipping full-stack and e2e tests: {reason}"


def pytest_configure(config):
    from django.conf import settings

    from config.celery import app

    # The tests create thousands of users and sign them in: a password hash slow by design (PBKDF2, about
    # 0.7 s here) would cost minutes, so they use a fast one, as Django's testing docs advise.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

    if not os.environ.get("REDIS_URL"):
        app.conf.broker_url = "memory://"
        app.conf.broker_transport_options = {}
    else:
        # A queue of this run's own, so test runs sharing one Redis never take each other's tasks;
        # the environment carries it to the worker processes the full-stack fixtures start.
        os.environ["HERALD_CELERY_QUEUE"] = f"herald-test-{os.getpid()}"
        app.conf.task_default_queue = os.environ["HERALD_CELERY_QUEUE"]
        # And every Redis key of its own: kombu keeps one index of unacknowledged messages per Redis
        # database, and a worker of another run restored a message a test had killed a worker over.
        os.environ["HERALD_CELERY_KEY_PREFIX"] = f"herald-test-{os.getpid()}:"
        app.conf.broker_transport_options = {**(app.conf.broker_transport_options or {}),
                                             "global_keyprefix": os.environ["HERALD_CELERY_KEY_PREFIX"]}


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """On PostgreSQL, a test database of this run's own (test_herald_<pid>): runs sharing a server
    must not drop each other's database."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.postgresql":
        database.setdefault("TEST", {})["NAME"] = f"test_{database['NAME']}_{os.getpid()}"


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and at the end of the run, on PostgreSQL, the sessions a live
    server's threads left open on it ended, so that it is dropped instead of left on the server."""
    yield
    from django.db import connection

    if connection.vendor == "postgresql":
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                           [connection.settings_dict["NAME"]])


@pytest.fixture(autouse=True)
def _default_cache_cleared():
    """Each test starts with an empty default cache, except against Redis (the full-stack tests, whose
    workers share it): on the embedded default it is a file cache in var/ that outlives a test and a run,
    and a counter one test left there (the players' links' wrong-token limit, per address and minute)
    turned another test's 404 into a 429 when both fell in the same minute."""
    from django.conf import settings
    from django.core.cache import cache

    if "redis" not in settings.CACHES["default"]["BACKEND"].lower():
        cache.clear()


@pytest.fixture
def make_user(db, django_user_model):
    def make(username, **fields):
        fields.setdefault("email", f"{username}@example.com")
        return django_user_model.objects.create_user(username=username, password=TEST_PASSWORD, **fields)

    return make


@pytest.fixture
def staff_user(make_user):
    return make_user("staffer", is_staff=True, is_superuser=True)


@pytest.fixture
def other_user(make_user):
    return make_user("outsider")


@pytest.fixture
def celery_eager(settings):
    from config.celery import app

    app.conf.task_always_eager = True
    settings.CELERY_TASK_ALWAYS_EAGER = True
    yield app
    app.conf.task_always_eager = False


@pytest.fixture
def embedded_mailer():
    with override_settings(MAILERS={"default": {"BACKEND": "campaigns.mail.backends.EmbeddedMailBackend"}}):
        yield
