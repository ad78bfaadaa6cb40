import pytest

from combat import services
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
    assert "Black Knight (Alice): <span class=\"badge status-pending\">entering plays" in page


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
        assert f"rule {event['rule']} {event['rule_name']}" in page.replace("&#x27;", "'")
    assert "Record wounds and fatigue" in page and "Record Black Knight's chits" in page
    assert "Round 2: enter plays" in page


@pytest.mark.django_db
def test_the_results_show_a_kills_fame_and_notoriety_as_numbers_not_floats(gm_client, gm, battle, characters,
                                                                           valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "<td>0 / 1</td>" in page and "1.0" not in page
