"""`manage.py prepare_systems` runs each combat system's own set-up commands, those its Django part's AppConfig
lists in `setup_commands`, so `make run` and the README name no system's command."""

from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command, get_commands

from config.system_parts import declared
from systems import DJANGO_PART, SYSTEMS, django_apps

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def _systems_commands() -> set[str]:
    """The management commands every system's Django part has, found by their files."""
    return {path.stem for package in SYSTEMS.values()
            for path in ROOT.joinpath(*package.split("."), DJANGO_PART, "management", "commands").glob("*.py")
            if not path.stem.startswith("_")}


def test_it_gathers_the_setup_commands_of_the_systems_django_parts_only():
    parts = [config for config in apps.get_app_configs() if config.name in django_apps()]
    assert declared("setup_commands") == tuple(
        name for config in parts for name in getattr(config, "setup_commands", ()))
    assert declared("setup_commands"), "a registered system's part sets itself up (Magic Realm's catalogue)"
    assert set(declared("setup_commands")) <= _systems_commands() & set(get_commands())


def test_it_runs_each_setup_command_and_so_mirrors_the_catalogue_again():
    original = apps.get_model("catalogue", "OriginalCounter")
    expected = original.objects.count()
    original.objects.all().delete()
    out = StringIO()
    call_command("prepare_systems", stdout=out)
    assert original.objects.count() == expected > 0
    for name in declared("setup_commands"):
        assert f"{name}:" in out.getvalue()


def _rows_of_the_systems_parts() -> dict[str, list]:
    """Every row of every model of the systems' Django parts, by model, in primary-key order."""
    parts = [config for config in apps.get_app_configs() if config.name in django_apps()]
    return {model._meta.label: list(model.objects.order_by("pk").values())
            for config in parts for model in config.get_models()}


def test_running_it_again_changes_nothing():
    call_command("prepare_systems", stdout=StringIO())
    before = _rows_of_the_systems_parts()
    assert before["catalogue.OriginalCounter"]
    call_command("prepare_systems", stdout=StringIO())
    after = _rows_of_the_systems_parts()
    assert {label: len(rows) for label, rows in after.items()} == {label: len(rows) for label, rows in before.items()}
    assert after == before  # no row created, deleted or updated: the same keys, versions and data


def test_the_makefile_and_the_readme_name_no_systems_command():
    commands = _systems_commands()
    assert commands
    for name in ("Makefile", "README.md"):
        text = ROOT.joinpath(name).read_text()
        assert not [command for command in commands if command in text], name
    assert "manage.py prepare_systems" in ROOT.joinpath("Makefile").read_text()
