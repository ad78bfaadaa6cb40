"""Anyone can check a resolved round of a battle fought through the systems interface with its round file:
the committed dice, then the system's replay with the seed (combat/fairness.py)."""

import pytest

from combat.fairness import round_file, verify_round_file
from tests.systems_app.conftest import gm_plays, resolve, start

pytestmark = pytest.mark.django_db


def _resolved_round(gm, make_campaign):
    campaign = make_campaign("enchanted-realms")
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    first = battle.rounds.get(number=1)
    gm_plays(gm, first, "Goblin 1", {"action": "attack", "target": "Aldric", "method": "melee", "dice": 2})
    for name in ("Aldric", "Bryn", "Goblin 2"):
        gm_plays(gm, first, name, {"action": "none"})
    return resolve(gm, first)


def test_it_verifies_the_round_file_of_a_resolved_round(gm, make_campaign):
    verdict = verify_round_file(round_file(_resolved_round(gm, make_campaign)))
    assert verdict.ok, verdict.reason
    assert any("replaying the round with the seed gives the stored result and log" in check for check in verdict.checks)


def test_it_refuses_a_round_file_whose_log_was_changed(gm, make_campaign):
    data = round_file(_resolved_round(gm, make_campaign))
    data["log"][0]["text"] = "Goblin 1 misses"
    verdict = verify_round_file(data)
    assert not verdict.ok and verdict.reason.startswith("log[0].text")


def test_it_refuses_a_round_file_whose_seed_was_changed(gm, make_campaign):
    data = round_file(_resolved_round(gm, make_campaign))
    data["seed"] += 1
    assert verify_round_file(data).reason.startswith("commitment:")


def test_it_does_not_claim_a_log_the_file_does_not_carry(gm, make_campaign):
    data = round_file(_resolved_round(gm, make_campaign))
    del data["log"]
    verdict = verify_round_file(data)
    assert verdict.ok and any("the file carries no log" in check for check in verdict.checks)
