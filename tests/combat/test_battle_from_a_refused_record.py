"""A battle starts only from records their system accepts (combat/system_battles.py `unreadable_records`): a record
kept from before a check, a Magic Realm MAGIC chit "enchanted" that no battle state has (docs/rulings.md, "An
enchanted MAGIC chit between battles"), refuses the battle naming the character and the chit, and nothing is
created, rather than the battle reading the chit fresh."""

import pytest

from campaigns import services as campaign_services
from combat import services
from combat.models import Battle

from .outcome_battles import start

pytestmark = pytest.mark.django_db


@pytest.fixture
def wizard(gm, campaign, characters):
    carol = campaign.players.get(name="Carol")
    return campaign_services.add_character(gm, campaign, {"player": carol.pk, "catalogue_name": "Wizard"})


def test_an_enchanted_chit_kept_on_a_record_refuses_the_battle_naming_it_and_nothing_is_created(gm, campaign, wizard):
    wizard.state = {**wizard.state, "chits": {"MAGIC II4*": "enchanted"}}
    wizard.save(update_fields=["state"])
    with pytest.raises(services.BattleError) as refused:
        start(gm, campaign, {"characters": ["Wizard"], "monsters": "Wolf"})
    assert refused.value.errors["state"] == (
        "Wizard's record: chits.MAGIC II4*: must be fresh, fatigued or wounded, not 'enchanted': a battle has no "
        "enchanted chit (docs/rulings.md): record the state it should start in. Correct it on the character's "
        "record page.")
    assert not Battle.objects.exists()


def test_a_magic_chit_recorded_wounded_starts_the_battle_wounded(gm, campaign, wizard):
    campaign_services.change_character_state(wizard.pk, lambda state: {**state, "chits": {"MAGIC II4*": "wounded"}})
    battle = start(gm, campaign, {"characters": ["Wizard"], "monsters": "Wolf"})
    entry = next(c for c in battle.state["state"]["characters"] if c["id"] == "Wizard")
    assert {chit["id"]: chit["state"] for chit in entry["chits"]}["MAGIC II4*"] == "wounded"
