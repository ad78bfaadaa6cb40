"""A Magic Realm character's edit page: the one page every system's records are edited on (campaigns/record_form.py),
asking what Magic Realm's `record_form` asks: each kind of field saved, and a bad value refused beside the field it
names with nothing saved."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

COUNTS = {"wounds": "0", "fatigue": "0", "gold": "10", "fame": "0", "notoriety": "0"}


def edit(gm_client, black_knight, **answers):
    url = reverse("campaigns:character_edit", args=["bimr4", black_knight.pk])
    return gm_client.post(url, {**COUNTS, **answers})


def saved(black_knight):
    black_knight.refresh_from_db()
    return black_knight.state


def test_the_page_asks_the_characters_chits_armor_weapons_and_the_hirelings_from_the_catalogue(gm_client, black_knight):
    black_knight.state = {**black_knight.state, "chits": {"FIGHT M4* #2": "wounded"}, "gold": 12.5}
    black_knight.save(update_fields=["state"])
    page = gm_client.get(reverse("campaigns:character_edit", args=["bimr4", black_knight.pk])).content.decode()
    assert ">Chit FIGHT M4* #2:</label>" in page and '<option value="wounded" selected>wounded</option>' in page
    assert ">Armor: Shield:</label>" in page and ">Weapon: Mace:</label>" in page
    assert '<option value="{&quot;Helmet&quot;: &quot;damaged&quot;}">Helmet, damaged</option>' in page
    assert 'type="checkbox" name="hirelings" value="Company 1"' in page
    assert 'name="gold" value="12.5" min="0" step="0.01" inputmode="decimal"' in page


def test_it_saves_the_counts_and_a_share_of_gold_fame_and_notoriety(gm_client, black_knight):
    response = edit(gm_client, black_knight, wounds="3", fatigue="1", gold="12.505", fame="2.5", notoriety="-1.0")
    assert response.status_code == 302
    state = saved(black_knight)
    assert (state["wounds"], state["fatigue"], state["gold"], state["fame"], state["notoriety"]) == (3, 1, 12.51, 2.5, -1)
    assert isinstance(state["notoriety"], int)


def test_it_saves_each_chits_state_and_a_chit_left_fresh_is_dropped(gm_client, black_knight):
    black_knight.state = {**black_knight.state, "chits": {"MOVE M5": "fatigued"}}
    black_knight.save(update_fields=["state"])
    assert edit(gm_client, black_knight, chit_3="wounded", chit_8="fatigued", chit_1="").status_code == 302
    assert saved(black_knight)["chits"] == {"FIGHT H5*": "wounded", "FIGHT M4* #2": "fatigued"}


def test_it_saves_the_armor_and_weapons_by_name_and_a_piece_gained(gm_client, black_knight):
    response = edit(gm_client, black_knight, armor_2="damaged", weapons_1="alerted",
                    armor_gained='{"Helmet": "intact"}', weapons_gained='{"Great Sword": "unalerted"}')
    assert response.status_code == 302
    state = saved(black_knight)
    assert state["armor"] == {"Shield": "damaged", "Helmet": "intact"}
    assert state["weapons"] == {"Mace": "alerted", "Great Sword": "unalerted"}
    # the piece gained is now the character's own: asked by name, and emptied it is no longer carried
    page = gm_client.get(reverse("campaigns:character_edit", args=["bimr4", black_knight.pk])).content.decode()
    assert ">Armor: Helmet:</label>" in page
    assert edit(gm_client, black_knight, armor_2="damaged", armor_3="").status_code == 302
    assert saved(black_knight)["armor"] == {"Shield": "damaged"}


def test_it_saves_the_hirelings_picked_and_none_picked_leaves_an_empty_list(gm_client, black_knight):
    assert edit(gm_client, black_knight, hirelings=["Company 1", "Company HQ"]).status_code == 302
    assert saved(black_knight)["hirelings"] == ["Company 1", "Company HQ"]
    assert edit(gm_client, black_knight, hirelings="").status_code == 302  # an empty value posted: none picked
    assert saved(black_knight)["hirelings"] == []
    edit(gm_client, black_knight, hirelings=["Company 1"])
    assert edit(gm_client, black_knight).status_code == 302  # no box ticked
    assert saved(black_knight)["hirelings"] == []


def test_it_saves_the_horse_typed_and_the_character_killed(gm_client, black_knight):
    assert edit(gm_client, black_knight, horse="Warhorse", killed="on").status_code == 302
    state = saved(black_knight)
    assert state["horse"] == "Warhorse" and state["killed"] is True


@pytest.mark.parametrize("answers, field, message", [
    ({"gold": "-1"}, "gold", "greater than or equal to 0"),
    ({"wounds": ""}, "wounds", "This field is required."),
    ({"fatigue": "1.5"}, "fatigue", "Enter a whole number."),
    ({"fame": "lots"}, "fame", "Enter a number."),
    ({"gold": "inf"}, "gold", "Enter a number."),
    ({"notoriety": "nan"}, "notoriety", "Enter a number."),
    ({"fame": "1e400"}, "fame", "Enter a number."),
    ({"chit_3": "tired"}, "chit_3", "not one of the available choices"),
    ({"armor_gained": '{"Helmet": "destroyed"}'}, "armor_gained", "not one of the available choices"),
    ({"hirelings": ["Nobody"]}, "hirelings", "Nobody is not one of the available choices"),
])
def test_a_bad_value_is_refused_beside_its_field_and_nothing_is_saved(gm_client, black_knight, answers, field, message):
    before = saved(black_knight)
    response = edit(gm_client, black_knight, chit_1="wounded", horse="Pony", **answers)
    assert response.status_code == 200
    assert message in response.context["form"].errors[field][0]
    assert saved(black_knight) == before


def test_a_state_the_record_kept_that_its_system_refuses_is_named_beside_its_item_and_nothing_is_saved(
        gm_client, black_knight):
    black_knight.state = {**black_knight.state, "armor": {"Helmet": "bent"}}
    black_knight.save(update_fields=["state"])
    before = saved(black_knight)
    response = edit(gm_client, black_knight, armor_3="bent", wounds="2")
    assert response.status_code == 200
    assert response.context["form"].errors["armor_3"] == ["must be intact, damaged or destroyed, not 'bent'"]
    assert saved(black_knight) == before
