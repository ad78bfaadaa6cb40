"""The new battle form's dwelling: stored in the battle's state, written into each round file's
`state.dwelling` (the community setting fiery_blast_no_dwelling_natives reads it)."""

import pytest

from combat import rounds
from combat.models import Battle
from systems.magic_realm.engine.round_format import read_round


def start(gm_client, characters, **extra):
    return gm_client.post("/campaigns/test/battles/new/", {
        "clearing": "Valley 4", "characters": [characters["Amazon"].pk], "natives": "Rogue 5", **extra,
    })


@pytest.mark.django_db
def test_a_dwelling_chosen_on_the_new_battle_form_reaches_the_round_file(gm_client, campaign, characters):
    assert start(gm_client, characters, dwelling="Inn").status_code == 302
    battle = Battle.objects.get()
    assert battle.state["state"]["dwelling"] == "Inn"
    round_file = rounds.build_input(battle, battle.rounds.get(), {})
    assert read_round(round_file).round_input.state.dwelling == "Inn"


@pytest.mark.django_db
def test_without_a_dwelling_the_round_file_has_none(gm_client, campaign, characters):
    assert start(gm_client, characters).status_code == 302
    battle = Battle.objects.get()
    assert "dwelling" not in battle.state["state"]
    assert read_round(rounds.build_input(battle, battle.rounds.get(), {})).round_input.state.dwelling is None


@pytest.mark.django_db
def test_an_unknown_dwelling_is_named_next_to_its_field_and_nothing_is_saved(gm_client, campaign, characters):
    response = start(gm_client, characters, dwelling="Castle")
    assert response.status_code == 200
    assert "id_dwelling_error" in response.content.decode()
    assert not Battle.objects.exists()
