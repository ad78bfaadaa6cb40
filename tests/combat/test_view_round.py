import pytest

from combat import services
from systems.events import citation
from tests.combat.conftest import round_url
from tests.combat.test_services import resolve_first_round


@pytest.mark.django_db
def test_the_battle_page_redirects_to_its_current_round(gm_client, battle):
    response = gm_client.get(f"/campaigns/test/battles/{battle.pk}/")
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/")


@pytest.mark.django_db
def test_the_round_page_shows_a_form_per_side_offering_only_that_characters_chits(gm_client, battle, characters):
    page = gm_client.get(round_url(battle)).content.decode()
    assert 'id="side-%d"' % characters["Amazon"].pk in page and 'id="side-%d"' % characters["Black Knight"].pk in page
    knight_form = page.split('id="side-%d"' % characters["Black Knight"].pk)[1].split("</article>")[0]
    assert "FIGHT H6" in knight_form and "Mace" in knight_form and "Short Sword" not in knight_form
    assert 'hx-post="' in knight_form and 'hx-trigger="change"' in knight_form


@pytest.mark.django_db
def test_the_round_page_shows_which_sides_are_locked(gm_client, gm, battle, characters, valid_plays):
    services.save_plays(gm, "test", battle.pk, 1, characters["Amazon"].pk, valid_plays["Amazon"])
    services.lock_side(gm, "test", battle.pk, 1, characters["Amazon"].pk)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "Amazon (Bob): <span class=\"badge status-sent\">locked" in page
    assert "Black Knight (Alice): <span class=\"badge status-pending side-status\">waiting" in page


@pytest.mark.django_db
def test_the_plays_are_a_404_for_a_gm_of_another_campaign(outsider_client, battle):
    assert outsider_client.get(round_url(battle)).status_code == 404


@pytest.mark.django_db
def test_the_results_show_sheets_attacks_with_their_rules_and_what_is_owed(gm_client, gm, battle, characters,
                                                                          valid_plays, first_round):
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    page = gm_client.get(round_url(battle)).content.decode()
    assert page.count("<svg") == 2 and "Melee sheet of Black Knight" in page
    for event in round_.log:
        assert citation(event["rule"], event["rule_name"]) in page.replace("&#x27;", "'")
    assert "rule basic" not in page and "rulebook section Harm: letter and sharpness stars" in page
    assert "Record wounds and fatigue" in page and "Record Black Knight's chits" in page
    assert "Round 2: enter plays" in page


@pytest.mark.django_db
def test_the_results_show_a_kills_fame_and_notoriety_as_numbers_not_floats(gm_client, gm, battle, characters,
                                                                           valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "<td>0 / 1</td>" in page and "1.0" not in page


def _wear(battle, character: str, armor: dict[str, str]) -> None:
    """The character's armor in the battle state, {name: state}."""
    entry = next(c for c in battle.state["state"]["characters"] if c["id"] == character)
    entry["armor"] = [{"name": name, "state": state} for name, state in armor.items()]
    battle.save()


def _field_html(page, character, field):
    return page.split(f'id="id_side{character.pk}-{field}"')[1].split("</div>")[0]


@pytest.mark.django_db
def test_a_reload_shows_the_saved_draft_and_its_errors_beside_the_fields(gm_client, gm, battle, characters):
    knight = characters["Black Knight"]
    draft = {"target": "H Troll", "target_part": "horse", "attack": {"chit": "FIGHT H6", "box": None, "weapon": "Mace"}}
    services.save_plays(gm, "test", battle.pk, 1, knight.pk, draft)
    page = gm_client.get(round_url(battle)).content.decode()
    assert '<option value="H Troll" selected>' in _field_html(page, knight, "target")
    assert '<option value="FIGHT H6" selected>' in _field_html(page, knight, "attack_chit")
    assert "Choose an attack box" in _field_html(page, knight, "attack_box")


@pytest.mark.django_db
def test_a_reload_shows_the_effort_limit_a_saved_draft_breaks(gm_client, gm, battle, characters):
    amazon = characters["Amazon"]
    draft = {"target": "Wolf", "attack": {"chit": "FIGHT H4**", "box": 1, "weapon": "Short Sword"},
             "maneuver": {"chit": "MOVE M3*", "box": 3}}
    services.save_plays(gm, "test", battle.pk, 1, amazon.pk, draft)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "3 asterisks played (FIGHT H4** + MOVE M3*)" in _field_html(page, amazon, "maneuver")


@pytest.mark.django_db
def test_the_weapon_starts_from_the_one_the_character_owns_not_the_dagger(gm_client, battle, characters):
    page = gm_client.get(round_url(battle)).content.decode()
    assert '<option value="Mace" selected>Mace (unalerted)</option>' in _field_html(page, characters["Black Knight"], "attack_weapon")
    assert '<option value="Short Sword" selected>' in _field_html(page, characters["Amazon"], "attack_weapon")


@pytest.mark.django_db
def test_the_weapon_starts_from_last_rounds_pick(gm_client, gm, battle, characters, valid_plays, first_round):
    knight = characters["Black Knight"]
    entry = next(c for c in battle.state["state"]["characters"] if c["id"] == "Black Knight")
    entry["weapons"] = [{"name": "Axe", "alerted": False}, {"name": "Mace", "alerted": False}]  # the Axe first
    battle.save()
    resolve_first_round(gm, battle, characters, valid_plays, first_round)  # the Black Knight swings his Mace
    page = gm_client.get(round_url(battle, 2)).content.decode()
    assert '<option value="Mace" selected>' in _field_html(page, knight, "attack_weapon")


@pytest.mark.django_db
def test_a_destroyed_shield_is_not_offered(gm_client, battle, characters):
    _wear(battle, "Black Knight", {"Suit of Armor": "intact", "Shield": "destroyed"})
    page = gm_client.get(round_url(battle)).content.decode()
    assert f'id="id_side{characters["Black Knight"].pk}-shield_box"' not in page
    assert f'id="id_side{characters["Amazon"].pk}-shield_box"' in page


@pytest.mark.django_db
def test_aim_at_starts_from_the_rider_not_the_horse(gm_client, campaign, characters):
    from tests.combat.encounter_battles import start

    amazon = characters["Amazon"]
    battle = start(campaign, [amazon], natives=[("Lancer 1", None)], attacks=[("Lancer 1", "Amazon")])
    page = gm_client.get(round_url(battle)).content.decode()
    aim = page.split(f'id="id_side{amazon.pk}-target_part"')[1].split("</select>")[0]
    assert '<option value="rider" selected>The rider</option>' in aim and "horse\" selected" not in aim


@pytest.mark.django_db
def test_aim_at_is_not_offered_when_the_rules_do_not_attack_riders_apart(gm, gm_client, characters):
    from campaigns import services as campaign_services
    from tests.combat.encounter_battles import start

    standard = campaign_services.create_campaign(gm, "Standard rules", "standard", "standard")
    player = campaign_services.add_player(gm, standard, {"name": "Dora", "email": "dora@example.com", "time_zone": "UTC"})
    amazon = campaign_services.add_character(gm, standard, {"player": player.pk, "catalogue_name": "Amazon"})
    battle = start(standard, [amazon], natives=[("Lancer 1", None)], attacks=[("Lancer 1", "Amazon")])
    page = gm_client.get(round_url(battle)).content.decode()
    assert f'id="id_side{amazon.pk}-target_part"' not in page


def _option(page, character, field, value):
    return "<option" + _field_html(page, character, field).split(f'<option value="{value}"')[1].split("</option>")[0]


@pytest.mark.django_db
def test_a_move_chit_too_weak_for_the_armor_is_listed_disabled_with_the_reason(gm_client, battle, characters):
    """The engine refuses a maneuver with a MOVE chit weaker than the heaviest item carried: the form says
    so and does not let the GM pick it (the Black Knight's Armor weighs H; his MOVE M5 cannot carry it)."""
    page = gm_client.get(round_url(battle)).content.decode()
    knight = characters["Black Knight"]
    assert _option(page, knight, "maneuver", "MOVE M5") == "<option disabled>MOVE M5: too weak to carry Armor (weight H)"
    assert _option(page, knight, "maneuver", "MOVE M4*").startswith("<option disabled>")
    assert _option(page, knight, "maneuver", "MOVE H6") == "<option>MOVE H6"
    assert _option(page, characters["Amazon"], "maneuver", "MOVE M4") == "<option>MOVE M4"  # her heaviest weighs M


@pytest.mark.django_db
def test_a_move_chit_is_offered_again_once_the_heavy_armor_is_destroyed(gm_client, battle, characters):
    _wear(battle, "Black Knight", {"Armor": "destroyed", "Shield": "intact"})
    page = gm_client.get(round_url(battle)).content.decode()
    assert _option(page, characters["Black Knight"], "maneuver", "MOVE M5") == "<option>MOVE M5"


@pytest.mark.django_db
def test_a_saved_draft_with_a_move_chit_too_weak_keeps_it_chosen_with_the_engines_error(gm_client, gm, battle, characters):
    knight = characters["Black Knight"]
    services.save_plays(gm, "test", battle.pk, 1, knight.pk, {"maneuver": {"chit": "MOVE M5", "box": 1}})
    page = gm_client.get(round_url(battle)).content.decode()
    assert _option(page, knight, "maneuver", "MOVE M5").startswith("<option selected>MOVE M5: too weak")
    assert "as strong as the heaviest item carried" in _field_html(page, knight, "maneuver")
