"""Fuzz of the round file (`manage.py resolve_round` on the examples of docs/examples, issue #12): a
mutated file resolves, or exits 2 with errors that each name a field; never a traceback."""

import io
import json
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import call_command
from hypothesis import given

from tests.fuzz.mutate import FUZZ_SETTINGS, mutated

EXAMPLES = sorted(path for path in (Path(__file__).parents[2] / "docs" / "examples").glob("*.json")
                  if not path.name.endswith(".result.json"))


def resolve(data, tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data))
    out = io.StringIO()
    try:
        call_command("resolve_round", str(path), stdout=out)
    except SystemExit as exited:
        return exited.code, json.loads(out.getvalue())
    return 0, json.loads(out.getvalue())


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: path.stem)
def test_mutated_round_files_resolve_or_are_refused_naming_the_field(tmp_path_factory, example):
    base = json.loads(example.read_text())
    tmp_path = tmp_path_factory.mktemp("round")
    tally = Counter()

    @FUZZ_SETTINGS
    @given(data=mutated(base))
    def check(data):
        code, output = resolve(data, tmp_path)
        tally[{0: "resolved", 2: "refused"}.get(code, code)] += 1
        assert code in (0, 2)
        if code == 2:
            assert output["errors"] and all(error["path"] and error["message"] for error in output["errors"]), output

    check()
    print(f"\nfuzz round file {example.stem}: {dict(tally)}")  # the figures of docs/reliability.md (pytest -s)
