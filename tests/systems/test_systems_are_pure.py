"""The combat systems are libraries: no module under systems/ or systems/magic_realm/engine/ imports Django, so the rules
run (and are tested) without a web framework, as docs/architecture.md requires."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE_MODULES = sorted([*(ROOT / "systems").rglob("*.py"), *(ROOT / "combat" / "engine").rglob("*.py")])


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", PURE_MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_rules_module_imports_django(path):
    assert not [name for name in imported_modules(path) if name.split(".")[0] == "django"]


def test_every_registered_system_answers_odds():
    from systems import SYSTEMS, get_system

    for name in SYSTEMS:
        system = get_system(name)
        assert system.NAME == name and system.TITLE and callable(system.odds)


def test_loading_every_system_loads_no_django_on_the_way():
    """Magic Realm's plug-in reads `systems.magic_realm.side_options` and `combat.round_file` beside the engine: they, and
    everything they import, stay free of Django too (a fresh interpreter, so nothing else loaded it first)."""
    program = ("import sys, systems\n"
               "for name in systems.SYSTEMS: systems.get_system(name)\n"
               "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))")
    completed = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "[]"
