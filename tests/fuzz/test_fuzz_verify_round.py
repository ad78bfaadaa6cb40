"""Fuzz of the round file given to `verify_round` and the verify page (issue #12): a mutated file is
verified or refused with a reason that names its field; never a traceback. Only an unchanged seed, salt,
commitment and replay can verify."""

import json
from collections import Counter
from pathlib import Path

from hypothesis import given

from combat import fairness, rounds
from systems.commitment import RoundIdentity, commitment
from tests.fuzz.mutate import FUZZ_SETTINGS, mutated

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "black-knight-vs-wolf.json"
REASON_FIELDS = ("commitment", "seed", "salt", "result", "log", "replay", "the file")


def committed_round_file() -> dict:
    """The example as Herald would publish it: dice from a committed seed, the stored result and log."""
    data = json.loads(EXAMPLE.read_text())
    data.pop("dice")
    seed, salt, identity = 424242, "ab" * 16, RoundIdentity("fuzz", 1, data["state"]["round"])
    outcome = rounds.resolve(data, seed)
    return {**data, "seed": seed, "salt": salt, "commitment": {"sha256": commitment(seed, salt, identity),
            **identity.as_json()}, "result": outcome.result, "log": outcome.events}


def test_the_committed_example_verifies():
    assert fairness.verify_round_file(json.loads(json.dumps(committed_round_file()))).ok


def test_mutated_round_files_are_verified_or_refused_with_a_reason():
    base = json.loads(json.dumps(committed_round_file()))
    tally = Counter()

    @FUZZ_SETTINGS
    @given(data=mutated(base))
    def check(data):
        verdict = fairness.verify_round_file(data)
        tally["verified" if verdict.ok else "refused"] += 1
        if verdict.ok:
            assert (data["seed"], data["salt"], data["commitment"]) == (base["seed"], base["salt"], base["commitment"])
        else:
            assert verdict.reason.startswith(REASON_FIELDS), verdict.reason

    check()
    print(f"\nfuzz verify_round: {dict(tally)}")  # the figures of docs/reliability.md (pytest -s)
