"""A play the player has begun but not finished (an attack chit, a target and a weapon, no box yet) is told beside
the question still to answer, never above the form in the rules file's words ("'box' is a required property"):
the Magic Realm engine names a missing property by its own path (systems/magic_realm/engine/round_format.py),
which is the path the box's question writes."""

import pytest

from combat import system_battles
from tests.systems_app.conftest import start_ambush

pytestmark = pytest.mark.django_db

BEGUN = {"attack_chit": "FIGHT H6", "target": "H Troll", "weapon": "Mace"}


def test_an_attack_without_its_box_is_named_beside_the_box_and_nowhere_else(gm):
    battle = start_ambush(gm)
    knight = battle.rounds.get(number=1).sides.get(side="Black Knight")
    _, errors = system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, knight.pk, BEGUN)
    assert set(errors) == {"attack_box"}
    assert "required property" not in " ".join(errors.values())
