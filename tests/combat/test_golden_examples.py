"""Every round file in docs/examples has one golden file beside it, `NAME.result.json`: the exact output of
`manage.py resolve_round NAME.json`. A deliberate change regenerates it with that command (and the diff is read)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
ROUND_FILES = sorted(path for path in EXAMPLES.glob("*.json") if not path.name.endswith(".result.json"))


def test_every_golden_file_is_named_result_json():
    names = {path.name for path in EXAMPLES.glob("*.json")}
    assert not [name for name in names if name.count(".") > 2 or name.endswith(".expected.json")]
    assert {path.name.removesuffix(".json") + ".result.json" for path in ROUND_FILES} <= names


@pytest.mark.parametrize("path", ROUND_FILES, ids=lambda path: path.stem)
def test_resolve_round_prints_the_golden_result_of_every_example(path):
    completed = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "resolve_round", str(path)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    golden = json.loads(path.with_name(path.stem + ".result.json").read_text())
    assert json.loads(completed.stdout) == golden
