"""The battle app writes the spells the campaign records for each character into his entry of the round file
(docs/round-format.md, `spells`): the engine refuses a spell he does not know, and the file exports and imports
with the battle as it is."""

import pytest

from campaigns.models import StartingInfo
from combat import battle_conversion, battle_exchange, rounds
from combat.models import Round
from systems.magic_realm.engine.round_format import read_round
from tests.combat.test_services import resolve_first_round


def entry(round_file: dict, name: str) -> dict:
    return next(c for c in round_file["state"]["characters"] if c["id"] == name)


def first_round_file(battle, drafts=None) -> dict:
    return rounds.build_input(battle, battle.rounds.get(number=1), drafts or {})


@pytest.mark.django_db
def test_a_round_file_built_by_the_app_carries_the_campaigns_recorded_spells_by_their_catalogue_names(battle, characters):
    StartingInfo.objects.create(character=characters["Amazon"], answers={"recorded_spells": "fiery blast\nPeace\nFiery Blast"})
    round_file = first_round_file(battle)
    assert entry(round_file, "Amazon")["spells"] == ["Fiery Blast", "Peace"]
    assert "spells" not in entry(round_file, "Black Knight")  # no starting information
    assert read_round(round_file).round_input.state.character("Amazon").spells == ("Fiery Blast", "Peace")


@pytest.mark.django_db
def test_without_recorded_spells_no_entry_has_spells(battle, characters):
    StartingInfo.objects.create(character=characters["Amazon"], answers={"recorded_spells": ""})
    assert all("spells" not in c for c in first_round_file(battle)["state"]["characters"])


@pytest.mark.django_db
def test_the_campaigns_record_replaces_the_spells_the_battles_state_carried(battle, characters):
    entry(battle.state, "Amazon")["spells"] = ["Lightning Bolt"]
    entry(battle.state, "Black Knight")["spells"] = ["Peace"]
    battle.save()
    StartingInfo.objects.create(character=characters["Amazon"], answers={"recorded_spells": "Fiery Blast"})
    round_file = first_round_file(battle)
    assert entry(round_file, "Amazon")["spells"] == ["Fiery Blast"]
    assert "spells" not in entry(round_file, "Black Knight")


@pytest.mark.django_db
def test_an_attack_with_a_spell_the_campaign_does_not_record_for_him_is_refused(battle, characters):
    entry(battle.state, "Amazon")["chits"].append({"id": "MAGIC IV4", "label": "MAGIC IV4", "state": "fresh"})
    battle.save()
    StartingInfo.objects.create(character=characters["Amazon"], answers={"recorded_spells": "Lightning Bolt"})
    plays = {"target": "Wolf", "attack": {"chit": "MAGIC IV4", "box": 1, "spell": "Fiery Blast"}}
    errors = rounds.validate(first_round_file(battle, {characters["Amazon"].pk: plays}), "Amazon")
    assert "Amazon does not know Fiery Blast (his spells: Lightning Bolt)" in errors.values()
    plays["attack"]["spell"] = "Lightning Bolt"
    assert not [message for message in rounds.validate(first_round_file(battle, {characters["Amazon"].pk: plays}),
                                                       "Amazon").values() if "does not know" in message]


@pytest.mark.django_db
def test_a_campaign_with_recorded_spells_exports_and_imports_with_its_round_files_as_they_were(
        gm, battle, characters, valid_plays, first_round):
    from campaigns import exchange

    StartingInfo.objects.create(character=characters["Amazon"], answers={"recorded_spells": "Fiery Blast\nPeace", "vp_fame": 5})
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    assert entry(Round.objects.get(pk=first_round.pk).input, "Amazon")["spells"] == ["Fiery Blast", "Peace"]
    battle_conversion.convert_battle(battle)  # a file's battle begun before is carried over when imported
    exported = exchange.export_campaign(battle.campaign)
    exported["slug"], exported["name"] = "copy", "Copy"
    copy = exchange.import_campaign(exported)
    copied = copy.battles.get()
    assert entry(copied.rounds.get(number=1).input, "Amazon")["spells"] == ["Fiery Blast", "Peace"]
    assert battle_exchange.export_battles(copy)[0]["rounds"] == exported["battles"][0]["rounds"]
    assert entry(copied.rounds.get(number=2).input, "Amazon")["spells"] == ["Fiery Blast", "Peace"]
