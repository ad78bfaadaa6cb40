"""The combat systems are libraries: no module under systems/ imports Django or Herald's apps, so the rules
run (and are tested) without a web framework, and each system plugs in from its own package, as
docs/architecture.md requires."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE_MODULES = sorted((ROOT / "systems").rglob("*.py"))
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


@pytest.mark.parametrize("path", PURE_MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_rules_module_imports_django_or_an_app(path):
    assert not [name for name in imported_modules(path) if name.split(".")[0] in NOT_FOR_SYSTEMS]


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
    completed = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "[]"


def test_the_engine_may_be_loaded_before_the_plugin():
    """A caller may read the engine's modules first (as the battle app's own round file did), whose package loads
    Magic Realm's plug-in first: the plug-in must not need them back (a fresh interpreter, so this import order is
    the one tried)."""
    program = "import systems.magic_realm.battle_state, systems.magic_realm.engine.round_format"
    completed = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert completed.returncode == 0, completed.stderr
