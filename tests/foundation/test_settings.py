"""Settings come from the environment; a bad or missing one stops start-up naming it."""

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parents[2]
SETTINGS_FILE = ROOT / "config" / "settings.py"
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-secret-that-is-long-and-random-enough-0123456789-abcdefghij",
    "ALLOWED_HOSTS": "herald.example",
    "DATABASE_URL": "postgres://herald:pw@db.example:5432/herald",
    "REDIS_URL": "redis://redis.example:6379/0",
    "EMAIL_HOST": "smtp.example",
    "EMAIL_PORT": "587",
    "EMAIL_USE_TLS": "1",
    "DEFAULT_FROM_EMAIL": "Herald <herald@herald.example>",
}


def load_settings(monkeypatch, tmp_path, **env):
    for name in ("DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL", "EMAIL_HOST", "EMAIL_PORT", "LOG_FORMAT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HERALD_VAR_DIR", str(tmp_path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS_FILE))


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("DATABASE_URL", "mysql://db/herald"),
        ("DATABASE_URL", "postgres://db.example:5432/"),
        ("REDIS_URL", "http://redis.example:6379"),
        ("EMAIL_PORT", "twenty-five"),
        ("EMAIL_PORT", "70000"),
        ("EMAIL_USE_TLS", "perhaps"),
        ("DEBUG", "maybe"),
        ("AXES_FAILURE_LIMIT", "0"),
        ("HERALD_MAIL_MAX_ATTEMPTS", "many"),
        ("LOG_FORMAT", "xml"),
        ("DEFAULT_FROM_EMAIL", "herald"),
        ("CSRF_TRUSTED_ORIGINS", "herald.example"),
    ],
)
def test_a_bad_setting_stops_start_up_naming_the_variable(monkeypatch, tmp_path, variable, value):
    with pytest.raises(ImproperlyConfigured, match=variable):
        load_settings(monkeypatch, tmp_path, **{variable: value})


def test_a_missing_secret_key_stops_start_up_when_debug_is_off(monkeypatch, tmp_path):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        load_settings(monkeypatch, tmp_path, DEBUG="0")


def test_tls_and_ssl_together_are_refused_naming_both(monkeypatch, tmp_path):
    with pytest.raises(ImproperlyConfigured, match="EMAIL_USE_TLS and EMAIL_USE_SSL"):
        load_settings(monkeypatch, tmp_path, EMAIL_USE_TLS="1", EMAIL_USE_SSL="1")


def test_with_nothing_set_herald_runs_embedded(monkeypatch, tmp_path):
    settings = load_settings(monkeypatch, tmp_path)
    assert settings["DEBUG"] is True
    assert settings["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert settings["DATABASES"]["default"]["NAME"] == str(tmp_path / "herald.sqlite3")
    assert settings["CELERY_BROKER_URL"].startswith("filesystem://")
    assert settings["CELERY_BROKER_TRANSPORT_OPTIONS"]["data_folder_in"] == str(tmp_path / "broker" / "queue")
    assert (tmp_path / "broker" / "control").is_dir()
    assert settings["MAILERS"] == {"default": {"BACKEND": "campaigns.mail.backends.EmbeddedMailBackend"}}
    assert "EMAIL_HOST" not in settings, "deprecated EMAIL_* settings must not sit beside MAILERS"


def test_production_variables_select_postgres_redis_and_smtp(monkeypatch, tmp_path):
    settings = load_settings(monkeypatch, tmp_path, **PRODUCTION)
    assert settings["DEBUG"] is False
    assert settings["DATABASES"]["default"]["ENGINE"] == "django.db.backends.postgresql"
    assert settings["DATABASES"]["default"]["NAME"] == "herald"
    assert settings["CELERY_BROKER_URL"] == "redis://redis.example:6379/0"
    assert settings["CACHES"]["default"]["LOCATION"] == "redis://redis.example:6379/0"
    mailer = settings["MAILERS"]["default"]
    assert mailer["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert mailer["OPTIONS"]["host"] == "smtp.example" and mailer["OPTIONS"]["port"] == 587
    assert mailer["OPTIONS"]["use_tls"] is True
    assert settings["HERALD_MAIL_DOMAIN"] == "herald.example"
    assert settings["LOG_FORMAT"] == "json"


def test_celery_is_configured_for_safe_background_work(settings):
    assert settings.CELERY_ACCEPT_CONTENT == ["json"]
    assert settings.CELERY_TASK_ACKS_LATE is True
    assert settings.CELERY_TASK_TIME_LIMIT > settings.CELERY_TASK_SOFT_TIME_LIMIT
    assert settings.HERALD_MAIL_CLAIM_TIMEOUT_SECONDS > settings.CELERY_TASK_TIME_LIMIT
    assert settings.CELERY_BEAT_SCHEDULE["send-due-mail"]["task"] == "mail.send_due_messages"


def run_manage(env, *args):
    # DJANGO_ALLOW_ASYNC_UNSAFE is set by the e2e fixtures and is itself a deploy-check error.
    clean = {
        key: value for key, value in os.environ.items() if key not in PRODUCTION and key != "DJANGO_ALLOW_ASYNC_UNSAFE"
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True,
        timeout=120,
    )


def test_check_deploy_passes_for_a_production_configuration(tmp_path):
    result = run_manage({**PRODUCTION, "HERALD_VAR_DIR": str(tmp_path)}, "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_check_deploy_refuses_the_embedded_mail_backend_in_production(tmp_path):
    env = {key: value for key, value in PRODUCTION.items() if not key.startswith("EMAIL_")}
    result = run_manage({**env, "HERALD_VAR_DIR": str(tmp_path)}, "check", "--deploy")
    assert result.returncode != 0
    assert "herald.E001" in result.stderr
    assert "EMAIL_HOST" in result.stderr


def test_a_bad_setting_stops_manage_py_with_a_message_naming_it(tmp_path):
    result = run_manage({"EMAIL_PORT": "abc", "HERALD_VAR_DIR": str(tmp_path)}, "check")
    assert result.returncode != 0
    assert "EMAIL_PORT must be a whole number" in result.stderr
