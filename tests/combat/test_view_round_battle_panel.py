"""The picture of the battle beside the plays forms (issue #14.5b): every sheet, who attacks whom, and each
character's wounds, fatigue, armor, weapons and horse; the plays saved so far drawn on the sheets."""

import pytest

from combat import services
from tests.combat.conftest import round_url
from tests.combat.test_services import resolve_first_round


def panel_of(page):
    return page.split('class="card battle-panel"')[1].split("</aside>")[0]


@pytest.mark.django_db
def test_the_plays_page_shows_every_sheet_and_who_attacks_whom(gm_client, battle):
    panel = panel_of(gm_client.get(round_url(battle)).content.decode())
    assert 'aria-label="Melee sheet of Amazon"' in panel and 'aria-label="Melee sheet of Black Knight"' in panel
    assert "Wolf → Amazon" in panel and "H Troll → Black Knight" in panel


@pytest.mark.django_db
def test_the_plays_page_shows_each_characters_armor_weapons_wounds_and_fatigue(gm_client, battle):
    panel = panel_of(gm_client.get(round_url(battle)).content.decode())
    knight = panel.split('aria-label="Black Knight"')[1].split("</section>")[0]
    assert "Mace (unalerted)" in knight and "Armor (intact)" in knight and "Shield (intact)" in knight
    assert "<dt>Wounded</dt><dd>none</dd>" in knight and "<dt>Fatigued</dt><dd>none</dd>" in knight


@pytest.mark.django_db
def test_a_saved_draft_is_drawn_on_the_sheet_with_its_target(gm_client, gm, battle, characters, valid_plays):
    services.save_plays(gm, "test", battle.pk, 1, characters["Black Knight"].pk, valid_plays["Black Knight"])
    panel = panel_of(gm_client.get(round_url(battle)).content.decode())
    assert "Attack: FIGHT H6 Mace → H Troll" in panel
    assert "Black Knight → H Troll" in panel and "(plays so far)" in panel


@pytest.mark.django_db
def test_after_a_round_the_panel_shows_the_wounds_the_character_took(gm_client, gm, battle, characters, valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    battle.refresh_from_db()
    state = battle.state["state"]
    knight = next(c for c in state["characters"] if c["id"] == "Black Knight")
    knight["chits"][0]["state"] = "wounded"  # as recorded after the round
    battle.save(update_fields=["state"])
    page = gm_client.get(round_url(battle, 2)).content.decode()
    section = panel_of(page).split('aria-label="Black Knight"')[1].split("</section>")[0]
    assert f"<dt>Wounded</dt><dd>{knight['chits'][0]['id']}</dd>" in section


@pytest.mark.django_db
def test_an_htmx_save_redraws_the_panel_and_the_players_card_out_of_band(gm_client, battle, characters, valid_plays):
    from tests.combat.conftest import form_data, side_url

    knight = characters["Black Knight"]
    data = {**form_data(knight, valid_plays["Black Knight"]), "lock": "1"}
    answer = gm_client.post(side_url(battle, knight), data, HTTP_HX_REQUEST="true").content.decode()
    panel = answer.split('id="battle-panel"')[1].split("</aside>")[0]
    assert 'hx-swap-oob="true"' in panel and "Attack: FIGHT H6 Mace → H Troll" in panel
    players_card = answer.split('id="players-loop"')[1].split("</section>")[0]
    assert 'hx-swap-oob="true"' in players_card and "locked" in players_card
