"""A side that has saved nothing this round starts its form from last round's answers to the questions that carry
(systems/interface.py `Field.carries`; combat/system_battles.py `suggested_answers`): Magic Realm's weapon and
target, on the GM's round page and the player's page alike, marked "as last round", while the form still takes
them, never over the side's saved answers, and nothing saved until the side saves. The battle: `resolved_ambush`
(tests/systems_app/test_owed_told_once.py), round 1 played by the GM (the Knight's Mace at the H Troll), round 2
open; and an Enchanted Realms battle, whose attack method, pool and target carry, not its action."""

import re

import pytest

from combat import system_battles
from combat.models import Round
from combat.system_rounds import choice_index
from players.models import Submission
from tests.systems_app.battles import answer_first_choices
from tests.systems_app.conftest import resolve, round_url, side_url, start, token_of
from tests.systems_app.test_owed_told_once import resolved_ambush

pytestmark = pytest.mark.django_db

MARK = "as last round"


@pytest.fixture
def ambush(gm):
    return resolved_ambush(gm)


def knight(battle, number: int = 2):
    return Round.objects.get(battle=battle, number=number).sides.get(side="Black Knight")


def gm_card(client, battle):
    response = client.get(round_url(battle, 2))
    assert response.status_code == 200
    return next(card for card in response.context["sides"] if card["name"] == "Black Knight")


def rows(card):
    return {row["name"]: row for row in card["fields"]}


def picked(row):
    return [choice["label"] for choice in row["choices"] if choice["selected"]]


def players_select(page: str, side, name: str) -> str:
    """The player's page's select of the question `name` for the side, from its label to its end."""
    match = re.search(rf'<label for="id_side{side.character_id}-{name}">.*?</select>', page, re.S)
    assert match, name
    return match.group(0)


def test_the_gm_page_starts_a_side_that_saved_nothing_from_last_rounds_weapon_and_target_marked(gm_client, ambush):
    fields = rows(gm_card(gm_client, ambush))
    assert picked(fields["weapon"]) == ["Mace (alerted)"]
    assert picked(fields["target"]) == ["H Troll"]
    assert fields["weapon"]["suggested"] and fields["target"]["suggested"]
    assert not any(row["suggested"] for name, row in fields.items() if name not in ("weapon", "target"))
    assert picked(fields["attack_chit"]) == []  # the chits are chosen afresh
    assert MARK in gm_client.get(round_url(ambush, 2)).content.decode()
    assert knight(ambush).plays == {}  # nothing saved by drawing it


def test_the_players_page_starts_from_the_same_suggestion(client, ambush):
    page = client.get(f"/play/{token_of(ambush, 'Alice')}/").content.decode()
    side = knight(ambush)
    weapon, target = players_select(page, side, "weapon"), players_select(page, side, "target")
    assert re.search(r"<option [^>]*selected[^>]*>Mace", weapon) and MARK in weapon
    assert re.search(r"<option [^>]*selected[^>]*>H Troll", target) and MARK in target
    assert MARK not in players_select(page, side, "attack_chit")
    assert knight(ambush).plays == {}


def test_the_players_page_reads_last_rounds_plays_of_her_own_sides_only(client, ambush):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        client.get(f"/play/{token_of(ambush, 'Alice')}/")
    last_round = [q["sql"] for q in captured.captured_queries
                  if 'FROM "combat_sideplays"' in q["sql"] and '"combat_round"."number" = 1' in q["sql"]]
    assert len(last_round) == 1 and "'Black Knight'" in last_round[0] and "Amazon" not in last_round[0]


def test_a_target_no_longer_there_is_not_suggested_but_the_weapon_still_held_is(gm_client, ambush):
    round_2 = Round.objects.get(battle=ambush, number=2)
    state = round_2.input["state"]
    troll = next(d for d in state["denizens"] if d["id"] == "H Troll")
    troll["dead"] = True
    round_2.input["sheets"] = [sheet for sheet in round_2.input["sheets"] if sheet["owner"] != "H Troll"]
    for sheet in round_2.input["sheets"]:
        sheet["attackers"] = [a for a in sheet["attackers"] if (a if isinstance(a, str) else a["combatant"]) != "H Troll"]
    round_2.save(update_fields=["input"])
    fields = rows(gm_card(gm_client, ambush))
    assert "H Troll" not in [choice["label"] for choice in fields["target"]["choices"]]
    assert picked(fields["target"]) == [] and not fields["target"]["suggested"]
    assert picked(fields["weapon"]) == ["Mace (alerted)"] and fields["weapon"]["suggested"]


def test_a_weapon_no_longer_held_is_not_suggested(gm_client, ambush):
    round_1 = knight(ambush, 1)
    round_1.plays = {**round_1.plays, "weapon": "Broadsword"}
    round_1.save(update_fields=["plays"])
    fields = rows(gm_card(gm_client, ambush))
    assert picked(fields["weapon"]) == [] and not fields["weapon"]["suggested"]
    assert picked(fields["target"]) == ["H Troll"]


def test_a_side_that_saved_plays_shows_its_own_answers_not_the_suggestion(gm, gm_client, client, ambush):
    side = knight(ambush)
    system_battles.save_answers(gm, ambush.campaign.slug, ambush.pk, 2, side.pk, {"shield_box": 1})
    fields = rows(gm_card(gm_client, ambush))
    assert picked(fields["weapon"]) == [] and picked(fields["target"]) == []
    assert not any(row["suggested"] for row in fields.values())
    assert MARK not in client.get(f"/play/{token_of(ambush, 'Alice')}/").content.decode()


def test_a_side_whose_player_sealed_nothing_is_not_suggested_anything(client, ambush):
    assert MARK in client.get(f"/play/{token_of(ambush, 'Alice')}/").content.decode()
    client.post(side_url(ambush, "Alice", "Black Knight", "submit"), {"plays_nothing": "1"})
    assert Submission.objects.filter(round__battle=ambush, round__number=2, plays={}).exists()
    page = client.get(f"/play/{token_of(ambush, 'Alice')}/").content.decode()
    assert MARK not in page


def test_locking_the_suggestion_alone_still_asks_whether_the_side_plays_nothing(gm_client, ambush):
    side = knight(ambush)
    form = system_battles.form_of(side)
    drawn = {"weapon": choice_index(form.field("weapon"), "Mace"),
             "target": choice_index(form.field("target"), "H Troll")}  # behind an attack chit not chosen
    response = gm_client.post(round_url(ambush, 2, f"answers/{side.pk}/"), {**drawn, "lock": "1"},
                              HTTP_HX_REQUEST="true")
    assert "Black Knight plays nothing this round. Lock anyway?" in response.content.decode()
    assert not knight(ambush).locked


def test_sealing_the_suggested_form_with_a_chit_chosen_seals_last_rounds_weapon_and_target(client, ambush):
    side = knight(ambush)
    form = system_battles.form_of(side)
    chit = form.field("attack_chit").choices[0].value
    data = {"attack_chit": choice_index(form.field("attack_chit"), chit),
            "weapon": choice_index(form.field("weapon"), "Mace"),
            "target": choice_index(form.field("target"), "H Troll"),
            "attack_box": choice_index(form.field("attack_box"), 1)}
    response = client.post(side_url(ambush, "Alice", "Black Knight", "submit"), data)
    assert response.status_code == 302, response.content.decode()[:2000]  # sealed: back to the player's page
    assert response["Location"] == f"/play/{token_of(ambush, 'Alice')}/"
    sealed = knight(ambush).plays
    assert sealed["weapon"] == "Mace" and sealed["target"] == "H Troll" and sealed["attack_chit"] == chit


def test_another_systems_side_starts_from_its_carried_answers_and_not_its_action(gm, gm_client, make_campaign):
    campaign = make_campaign("enchanted-realms")
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    first = battle.rounds.get(number=1)
    answer_first_choices(gm, first)
    before = first.sides.get(side="Aldric").plays
    assert before["action"] == "attack"
    resolve(gm, first)
    response = gm_client.get(round_url(battle, 2))
    fields = rows(next(card for card in response.context["sides"] if card["name"] == "Aldric"))
    assert {name for name, row in fields.items() if row["suggested"]} == {"method", "dice", "target"}
    assert fields["dice"]["value"] == before["dice"]
    assert picked(fields["target"]) == [choice["label"] for choice in fields["target"]["choices"]
                                        if choice["value"] == f'"{before["target"]}"']
    assert picked(fields["action"]) == []  # the round's action is chosen afresh


def test_a_gm_played_side_cleared_and_saved_shows_no_suggestion_after_reload(gm, gm_client, make_campaign):
    campaign = make_campaign("enchanted-realms")
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    answer_first_choices(gm, battle.rounds.get(number=1))
    resolve(gm, battle.rounds.get(number=1))

    def goblin_card():
        response = gm_client.get(round_url(battle, 2))
        return next(card for card in response.context["sides"] if card["name"] == "Goblin 1")

    card = goblin_card()
    assert any(row["suggested"] for row in card["fields"])  # no character, so no Submission: only the save tells
    side = card["side"]
    response = gm_client.post(round_url(battle, 2, f"answers/{side.pk}/"), {"version": card["version"]},
                              HTTP_HX_REQUEST="true")  # every carried answer cleared, saved
    assert response.status_code == 200
    side.refresh_from_db()
    assert side.plays == {} and side.saved_at is not None
    card = goblin_card()
    assert not any(row["suggested"] or row["answer"] for row in card["fields"])
