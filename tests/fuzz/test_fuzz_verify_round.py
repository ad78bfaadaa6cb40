"""Fuzz of the round file given to `verify_round` and the verify page (issue #12): a mutated file is
verified or refused with a reason that names its field; never a traceback. Only an unchanged seed, salt,
commitment and replay can verify."""

import json
from collections import Counter
from pathlib import Path

from hypothesis import given

from combat import fairness, system_rounds
from combat.models import SYSTEM_KEY
from systems import get_system
from systems.commitment import RoundIdentity, commitment
from tests.fuzz.mutate import FUZZ_SETTINGS, mutated

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "black-knight-vs-wolf.json"
REASON_FIELDS = ("commitment", "seed", "salt", "result", "log", "replay", "the file")


def committed_round_file() -> dict:
    """The example as Herald would publish a round of a battle fought through the interface (its input names its
    system): dice from a committed seed, the stored result and log (combat/system_battles.py `resolve_locked`)."""
    data = {**json.loads(EXAMPLE.read_text()), SYSTEM_KEY: "magic-realm"}
    data.pop("dice")
    seed, salt, identity = 424242, "ab" * 16, RoundIdentity("fuzz", 1, 1)
    system = get_system(data[SYSTEM_KEY])
    resolution = system.resolve(data, seed=seed)
    return {**data, "seed": seed, "salt": salt, "commitment": {"sha256": commitment(seed, salt, identity),
            **identity.as_json()}, "result": system_rounds.stored_result(system, data, resolution),
            "log": system_rounds.event_rows(resolution)}


def test_the_committed_example_verifies():
    verdict = fairness.verify_round_file(json.loads(json.dumps(committed_round_file())))
    assert verdict.ok, verdict.reason
    assert "the commitment is for round 1 of battle 1 of campaign fuzz" in verdict.checks  # replayed by its system


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
