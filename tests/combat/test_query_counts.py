"""The round page asks the database a fixed number of questions, however many sides the round has and
however many rounds the battle fought before (issue #13: no query per side or per round)."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns import services as campaign_services
from combat import system_battles
from combat.models import Battle
from tests.queries import queries_for

pytestmark = pytest.mark.django_db

PARTY = ["Black Knight", "Amazon", "Swordsman", "White Knight", "Berserker", "Dwarf"]
MONSTERS = ["Wolf", "Giant Bat", "H Troll", "Ogre", "Spear Goblin", "Axe Goblin"]


def battle_of(gm, slug: str, size: int):
    """A battle of `size` characters, a monster on each, set up by Magic Realm's set-up form, every side holding
    saved, unlocked answers (so the page checks and shows each side's plays form with its errors and odds)."""
    campaign = campaign_services.create_campaign(gm, f"Campaign {slug}", slug, "bimr4")
    for seat in range(size):
        player = campaign_services.add_player(gm, campaign, {"name": f"P{seat}", "email": f"p{seat}@example.com", "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": PARTY[seat]})
    party, monsters = PARTY[:size], MONSTERS[:size]
    answers = {"characters": party, "monsters": "\n".join(monsters),
               "attacks": "\n".join(f"{monster} -> {name}" for monster, name in zip(monsters, party))}
    round_input = campaign.combat_system.set_up(answers, tuple(sorted(party)))
    battle = system_battles.start_battle(gm, slug, "Brawl", "Cave 1", round_input)
    round_ = battle.rounds.get(number=1)
    for name, monster in zip(party, monsters):
        system_battles.save_answers(gm, slug, battle.pk, 1, round_.sides.get(side=name).pk,
                                    {"encounter_play": "none", "target": monster})
    return battle


def round_url(battle, number=1):
    return reverse("combat:round", args=[battle.campaign.slug, battle.pk, number])


def test_the_round_page_asks_as_many_queries_for_six_sides_as_for_two(gm_client, gm, django_assert_num_queries):
    two = battle_of(gm, "two", 2)
    six = battle_of(gm, "six", 6)
    with_two = queries_for(gm_client, round_url(two))
    with django_assert_num_queries(with_two):
        response = gm_client.get(round_url(six))
    assert response.content.decode().count('<article class="card side"') == 6


def test_a_resolved_round_page_asks_as_many_queries_after_four_rounds_as_after_none(client, django_assert_num_queries):
    call_command("fill_host", scale=0.002, prefix="qc")
    client.force_login(get_user_model().objects.get(username="qc-gm-0"))
    alone = Battle.objects.get(campaign__slug="qc-0000")  # one resolved round
    # Five resolved rounds, and like the template's a round open after them (what a side owes is read from it).
    later = Battle.objects.get(campaign__slug="qc-0001", status=Battle.Status.ACTIVE)
    first, fifth = round_url(alone, 1), round_url(later, 5)
    counted = queries_for(client, first)
    with django_assert_num_queries(counted):
        response = client.get(fifth)
    assert "round 5" in response.content.decode().lower()


def test_the_round_page_reads_the_sides_submissions_once_for_both_cards(gm_client, gm):
    battle = battle_of(gm, "once", 2)
    with CaptureQueriesContext(connection) as captured:
        response = gm_client.get(round_url(battle))
    assert response.status_code == 200
    submission_reads = [q["sql"] for q in captured.captured_queries if 'FROM "players_submission"' in q["sql"]]
    assert len(submission_reads) == 1, submission_reads


# Round 1's dice, drawn when the battle opens: with them the monsters stand after round 1 (a test that counts
# the cards starting from a target needs them there).
ROUND_1_SEED = 3


@pytest.fixture
def known_dice(monkeypatch):
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: ROUND_1_SEED)


def battle_in_round_2(gm, slug: str, size: int):
    """`battle_of`'s battle with round 1 locked and resolved (each character's target carries), round 2 open and
    no side of it saved: every card starts from last round's answers (combat/system_battles.py `suggestions`).
    The caller asks for `known_dice`, so round 1 is resolved the same way every run."""
    from combat import services

    battle = battle_of(gm, slug, size)
    round_1 = battle.rounds.get(number=1)
    for side in round_1.sides.filter(locked=False):
        system_battles.lock(gm, slug, battle.pk, 1, side.pk)
    services.request_resolve(gm, slug, battle.pk, 1)
    services.resolve_round(round_1.pk)
    assert battle.rounds.filter(number=2).exists(), battle.rounds.get(number=1).error
    return battle


def test_a_round_2_page_of_unsaved_sides_asks_as_many_queries_for_six_sides_as_for_two(gm_client, gm, known_dice,
                                                                                      django_assert_num_queries):
    two = battle_in_round_2(gm, "two", 2)
    six = battle_in_round_2(gm, "six", 6)
    with_two = queries_for(gm_client, round_url(two, 2))
    with django_assert_num_queries(with_two):
        response = gm_client.get(round_url(six, 2))
    suggested = [card["name"] for card in response.context["sides"] if any(row["suggested"] for row in card["fields"])]
    assert len(suggested) >= 4, suggested  # the characters whose monster is still there start from its target


def test_a_round_2_page_reads_last_rounds_plays_and_the_submissions_once_for_every_card(gm_client, gm, known_dice):
    battle = battle_in_round_2(gm, "once", 3)
    with CaptureQueriesContext(connection) as captured:
        response = gm_client.get(round_url(battle, 2))
    assert response.status_code == 200
    sql = [q["sql"] for q in captured.captured_queries]
    last_round = [q for q in sql if 'FROM "combat_sideplays"' in q and '"combat_round"."number" = 1' in q]
    assert len(last_round) == 1, last_round
    assert len([q for q in sql if 'FROM "players_submission"' in q]) <= 2  # the players' card's, the suggestions'
