"""The combat systems are libraries: no module under systems/ imports Django or Herald's apps, so the rules
run (and are tested) without a web framework, and each system plugs in from its own package, as
docs/architecture.md requires. The one exception is a system's Django part (systems/<name>/django_app/,
docs/systems.md), and only that folder of a registered system."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from systems import DJANGO_PART, SYSTEMS, django_apps

ROOT = Path(__file__).resolve().parents[2]
# A registered system's Django part is the only folder under systems/ that may import Django.
DJANGO_FOLDERS = {ROOT.joinpath(*package.split("."), DJANGO_PART) for package in SYSTEMS.values()}
PURE_MODULES = sorted(path for path in (ROOT / "systems").rglob("*.py")
                      if not DJANGO_FOLDERS.intersection(path.parents))
# The web framework and the apps built on it: a system reads none of them.
NOT_FOR_SYSTEMS = {"django", "config", "campaigns", "combat", "players"}


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def printed_by_a_fresh_interpreter(program: str) -> str:
    """What `program` prints run in a new Python, so nothing this test process loaded is loaded there."""
    completed = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert completed.returncode == 0, completed.stderr
    return completed.stdout.strip()


@pytest.mark.parametrize("path", PURE_MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_rules_module_imports_django_or_an_app(path):
    assert not [name for name in imported_modules(path) if name.split(".")[0] in NOT_FOR_SYSTEMS]


def test_only_a_systems_django_part_is_left_out_of_the_pure_modules():
    left_out = {path.relative_to(ROOT) for path in (ROOT / "systems").rglob("*.py")} - {
        path.relative_to(ROOT) for path in PURE_MODULES}
    assert left_out and {path.parts[:3] for path in left_out} == {
        tuple(app.split(".")) for app in django_apps()}


def test_the_registry_finds_the_django_parts_without_importing_a_system():
    """The settings read `django_apps()` before any app loads (a fresh interpreter)."""
    program = ("import sys, systems\n"
               "print(systems.django_apps(), systems.django_urlconfs())\n"
               "print(sorted(m for m in sys.modules if m.startswith('systems.') and m != 'systems.errors'))")
    assert printed_by_a_fresh_interpreter(program).split("\n") == [
        "['systems.magic_realm.django_app'] ['systems.magic_realm.django_app.urls']", "[]"]


def test_every_registered_system_answers_odds():
    from systems import SYSTEMS, get_system

    for name in SYSTEMS:
        system = get_system(name)
        assert system.NAME == name and system.TITLE and callable(system.odds)


def test_loading_every_system_loads_no_django_or_app_on_the_way():
    """Not even indirectly (a fresh interpreter, so nothing else loaded them first)."""
    program = ("import sys, systems\n"
               "for name in systems.SYSTEMS: systems.get_system(name)\n"
               f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(NOT_FOR_SYSTEMS)!r}))")
    assert printed_by_a_fresh_interpreter(program) == "[]"


def test_the_engine_may_be_loaded_before_the_plugin():
    """The catalogue pages read the engine, whose package loads Magic Realm's plug-in first: the plug-in must not
    need `combat` back (a fresh interpreter, so this import order is the one tried)."""
    program = "import sys, systems.magic_realm.engine.catalogue; print('combat' in sys.modules)"
    assert printed_by_a_fresh_interpreter(program) == "False"
