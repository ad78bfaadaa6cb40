"""docker-compose.yml parses, describes the whole stack, and speaks the settings' variable names."""

import re
from pathlib import Path

import pytest
import yaml
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
HERALD_SERVICES = ("web", "worker", "beat")


@pytest.fixture(scope="module")
def compose():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def variables_read_by_settings() -> set[str]:
    source = (ROOT / "config" / "settings.py").read_text()
    return set(re.findall(r'env_(?:str|bool|int|list|choice)\(\s*"([A-Z_]+)"', source)) | set(
        re.findall(r'os\.environ(?:\.get)?[\(\[]\s*"([A-Z_]+)"', source)
    ) | {name for name in re.findall(r'"([A-Z_]+)" not in os\.environ', source)}


def test_the_settings_declare_every_variable_they_read():
    assert variables_read_by_settings() == set(settings.ENVIRONMENT_VARIABLES)


def test_the_stack_has_web_worker_beat_postgres_redis_and_mailpit_with_health_checks(compose):
    services = compose["services"]
    assert set(services) == {"web", "worker", "beat", "postgres", "redis", "mailpit"}
    for name, service in services.items():
        assert service["healthcheck"]["test"], f"{name} has no health check"
    assert "gunicorn" in services["web"]["command"]
    assert services["worker"]["command"].startswith("celery -A config worker")
    assert services["beat"]["command"].startswith("celery -A config beat")
    assert "/healthz" in " ".join(services["web"]["healthcheck"]["test"])


def test_every_volume_is_named_and_declared(compose):
    declared = set(compose["volumes"])
    used = set()
    for service in compose["services"].values():
        for volume in service.get("volumes", []):
            source = volume.split(":", 1)[0]
            assert not source.startswith((".", "/")), f"{volume} is a bind mount, not a named volume"
            used.add(source)
    assert used == declared


def test_herald_services_use_only_variable_names_the_settings_read(compose):
    known = set(settings.ENVIRONMENT_VARIABLES)
    for name in HERALD_SERVICES:
        environment = compose["services"][name]["environment"]
        unknown = set(environment) - known
        assert not unknown, f"{name} sets variables the settings never read: {unknown}"
        for required in ("SECRET_KEY", "DATABASE_URL", "REDIS_URL", "EMAIL_HOST", "EMAIL_PORT", "ALLOWED_HOSTS"):
            assert required in environment, f"{name} does not set {required}"
        assert environment["DEBUG"] == "0"
        assert environment["DATABASE_URL"].startswith("postgres://") and "@postgres:5432/" in environment["DATABASE_URL"]
        assert environment["REDIS_URL"] == "redis://redis:6379/0"
        assert set(compose["services"][name]["depends_on"]) == {"postgres", "redis"}


def test_the_readme_documents_every_variable():
    readme = (ROOT / "README.md").read_text()
    missing = [name for name in settings.ENVIRONMENT_VARIABLES if f"`{name}`" not in readme]
    assert not missing, f"README.md does not document {missing}"
