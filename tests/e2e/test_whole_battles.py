"""Battles played from the first blow to the last in Chromium, as a GM plays them (issue #14, "Done when"):
every round resolves or asks the GM something they can answer, the characters' cards show the outcome,
and the GM never types a character's state by hand.

The GM types each side's plays into the forms (one legal attack and maneuver, found through the engine
as a player would choose them), locks, resolves, records the wounds each character chose, and goes on to
the next round. The dice are the round's own seed; each battle picks, before it starts, the seed of its
first round for which the engine kills the character the scenario needs dead (found by resolving the
same round file in the test: the engine is deterministic), so the test does not depend on luck."""

import re

import pytest
from playwright.sync_api import expect

from combat import rounds
from combat.models import Round
from tests.combat.encounter_battles import start

pytestmark = pytest.mark.e2e

CAMPAIGN = "/campaigns/demo-realm"


@pytest.fixture
def characters(gm_user):
    from campaigns import services as campaign_services

    found = {}
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm_user, gm_user.campaign, {"name": name, "email": email, "time_zone": "UTC"})
        found[character] = campaign_services.add_character(gm_user, gm_user.campaign, {"player": player.pk, "catalogue_name": character})
    return found


def plays_for(battle, round_, character) -> dict:
    """A legal attack on the first target offered and a maneuver, with no asterisk where the character has
    such chits (so that no fatigue is owed), as the form offers them."""
    from combat import services

    options = rounds.side_options(battle.state, rounds.character_id(character))
    chits = sorted((chit for chit, _ in options.fight_chits if not chit.startswith("MAGIC")), key=lambda c: c.count("*"))
    moves = sorted((chit for chit, _ in options.move_chits), key=lambda c: c.count("*"))
    weapons = [name for name, _ in options.weapons] or [""]
    for target, _ in options.targets:
        if target in {c.catalogue_name for c in battle.characters.all()}:
            continue
        for chit in chits:
            for move in moves:
                plays = {"target": target, "attack": {"chit": chit, "box": 1, "weapon": weapons[0]},
                         "maneuver": {"chit": move, "box": 2}}
                if not services.check_plays(round_, character.pk, plays):
                    return plays
    return {}


def seed_killing(battle, number, wanted_dead: set[str] | None = None) -> int:
    """The first seed with which round `number`, played as `plays_for` plays it, kills exactly the
    characters in `wanted_dead`, or (None) at least one living character."""
    battle.refresh_from_db()
    round_ = battle.rounds.get(number=number)
    living = [c for c in battle.characters.all() if rounds.character_id(c) in rounds.living_character_ids(battle.state)]
    drafts = {c.pk: plays_for(battle, round_, c) for c in living}
    round_file = rounds.build_input(battle, round_, drafts)
    for seed in range(1, 3000):
        try:
            outcome = rounds.resolve(round_file, seed=seed)
        except rounds.ChoicePending:
            continue
        killed = {kill["victim"] for kill in outcome.result.get("kills", [])} & {rounds.character_id(c) for c in living}
        if killed == wanted_dead if wanted_dead is not None else killed:
            return seed
    raise AssertionError(f"no seed kills {wanted_dead or 'anyone'}")


def enter_and_lock(page, battle, number):
    round_ = battle.rounds.get(number=number)
    for side in round_.sides.select_related("character"):
        card = page.locator(f"#side-{side.character_id}")
        if side.locked:
            continue
        plays = plays_for(battle, round_, side.character)
        field = lambda name: page.locator(f"#id_side{side.character_id}-{name}")  # noqa: E731
        if plays:  # typed one after another, no pause, as a GM on a keyboard
            field("target").select_option(plays["target"])
            field("attack_chit").select_option(plays["attack"]["chit"])
            if plays["attack"]["weapon"]:
                field("attack_weapon").select_option(plays["attack"]["weapon"])
            field("attack_box").select_option("1")
            field("maneuver").select_option(plays["maneuver"]["chit"])
            field("maneuver_box").select_option("2")
        card.get_by_role("button", name="Save and lock").click()
        if not plays:  # a side that plays nothing: the GM is asked first and confirms
            card.get_by_role("button", name=re.compile("does nothing this round")).click()
        expect(card.get_by_role("button", name=re.compile("^Unlock"))).to_be_visible()


def resolve(page, number):
    page.get_by_role("button", name=f"Resolve round {number}").click()
    expect(page.get_by_role("heading", name="What happened")).to_be_visible(timeout=30_000)


def record_wounds(page, battle, number):
    """Each living character who owes wounds ticks that many fresh chits and records them."""
    round_ = battle.rounds.get(number=number)
    for side in round_.sides.select_related("character"):
        name = rounds.character_id(side.character)
        owed = rounds.owed_for(round_.result, name)
        if name not in rounds.living_character_ids(Round.objects.get(pk=round_.pk).battle.state):
            continue
        if not (owed["wounds"] or owed["fatigue"]):
            continue
        assert not owed["fatigue"], "the plays carry no asterisk: no fatigue is owed"
        form = page.locator("form").filter(has=page.get_by_role("button", name=f"Record {name}'s chits"))
        boxes = form.locator("input[type=checkbox]:not([disabled])")
        for index in range(owed["wounds"]):
            boxes.nth(index).check()
        form.get_by_role("button", name=f"Record {name}'s chits").click()
        expect(page.get_by_text("Recorded.")).to_be_visible()


def card_of(page, character):
    page.goto(f"{CAMPAIGN}/characters/")
    return page.locator(f"#character-{character.pk}")


def test_the_black_knight_dies_in_round_one_and_the_amazon_fights_on_to_the_end(signed_in_page, gm_user, characters, screenshot):
    page = signed_in_page
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = start(gm_user.campaign, [knight, amazon], monsters=["Giant", "Wolf", "Wolf"],
                   attacks=[("Giant", "Black Knight"), ("Wolf", "Black Knight"), ("Wolf #2", "Amazon")],
                   name="Giant at the ford")
    Round.objects.filter(battle=battle, number=1).update(seed=seed_killing(battle, 1, {"Black Knight"}))

    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/1/")
    enter_and_lock(page, battle, 1)
    resolve(page, 1)
    expect(page.locator(".round-log")).to_contain_text("Black Knight")
    record_wounds(page, battle, 1)
    expect(card_of(page, knight)).to_contain_text("killed")
    screenshot(page, "whole-battle-knight-killed-card")

    number = 1
    while True:  # the Amazon fights on: every round resolves, until combat ends or she alone remains
        battle.refresh_from_db()
        if battle.status != battle.Status.ACTIVE or number >= 4:
            break
        number += 1
        page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{number}/")
        expect(page.locator(f"#side-{knight.pk} form")).to_have_count(0)  # the dead play nothing
        enter_and_lock(page, battle, number)
        resolve(page, number)
        assert Round.objects.get(battle=battle, number=number).status == Round.Status.RESOLVED
        record_wounds(page, battle, number)
    battle.refresh_from_db()
    if battle.status == battle.Status.ACTIVE:  # still fighting after four rounds: the GM ends it here
        page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{number + 1}/")
        page.get_by_role("link", name=re.compile("End the battle here")).click()
        page.get_by_role("button", name=re.compile("End")).click()
    battle.refresh_from_db()
    assert battle.status == battle.Status.ENDED
    assert not Round.objects.filter(battle=battle, status=Round.Status.FAILED).exists()
    amazon_killed = any(kill["victim"] == "Amazon" for r in battle.rounds.filter(status=Round.Status.RESOLVED)
                        for kill in (r.result or {}).get("kills", []))
    amazon_card = card_of(page, amazon)
    if amazon_killed:  # the Giant turns to her once the knight is dead: her card says so, with the round
        expect(amazon_card).to_contain_text(re.compile(r"round \d+: Killed by"))
    else:
        expect(amazon_card).not_to_contain_text("killed")
    expect(card_of(page, knight)).to_contain_text(re.compile(r"Giant at the ford, round 1: Killed by"))
    screenshot(page, "whole-battle-cards")


def test_a_battle_in_which_every_character_dies_ends_and_says_so_on_every_card(signed_in_page, gm_user, characters, screenshot):
    page = signed_in_page
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = start(gm_user.campaign, [knight, amazon], monsters=["Giant", "T Troll", "Wolf", "Wolf"],
                   attacks=[("Giant", "Black Knight"), ("Wolf", "Black Knight"), ("T Troll", "Amazon"), ("Wolf #2", "Amazon")],
                   name="Last stand")
    number = 0
    while battle.status == battle.Status.ACTIVE and number < 6:  # each round's dice kill someone
        number += 1
        Round.objects.filter(battle=battle, number=number).update(seed=seed_killing(battle, number))
        page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{number}/")
        enter_and_lock(page, battle, number)
        resolve(page, number)
        record_wounds(page, battle, number)
        battle.refresh_from_db()
    assert battle.status == battle.Status.ENDED, "combat ends when no character is left"
    assert not rounds.living_character_ids(battle.state)
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{number}/")
    expect(page.get_by_role("link", name=re.compile(f"Round {number + 1}"))).to_have_count(0)
    screenshot(page, "whole-battle-everyone-dead")
    for character in (knight, amazon):
        expect(card_of(page, character)).to_contain_text(re.compile(r"Last stand, round \d+: Killed by"))
