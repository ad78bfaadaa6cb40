"""Battles played from the first blow to the last in Chromium, as a GM plays them (issue #14, "Done when"):
every round resolves or asks the GM something they can answer, the characters' cards show the outcome,
and the GM never types a character's state by hand.

The GM types each side's plays into the forms: in the encounter step a lure of an unassigned monster when
there is one, then one legal attack and maneuver with two asterisks between them where the character has
such chits (so fatigue is owed), found through the engine as a player would choose them. He locks, resolves,
ticks on the page the chits each character chose for the wounds and fatigue owed, and goes on to the next
round until combat ends by the rules (the last monster or the last character dies, or two quiet rounds): he
never ends the battle by hand. The dice are the round's own seed; before each round the test picks the first
seed for which the engine does what the scenario needs (found by resolving the same round file: the engine
is deterministic), so the test does not depend on luck."""

import re

import pytest
from playwright.sync_api import expect

from combat import rounds, services
from combat.models import Battle, Round
from tests.combat.encounter_battles import start
from tests.combat.form_plays import asterisks, maneuvers, on_a_sheet, payable_fatigue

pytestmark = pytest.mark.e2e

CAMPAIGN = "/campaigns/demo-realm"
MAX_ROUNDS = 10


@pytest.fixture
def characters(gm_user):
    from campaigns import services as campaign_services

    found = {}
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon"),
                                   ("Carol", "carol@example.com", "White Knight")):
        player = campaign_services.add_player(gm_user, gm_user.campaign, {"name": name, "email": email, "time_zone": "UTC"})
        found[character] = campaign_services.add_character(gm_user, gm_user.campaign, {"player": player.pk, "catalogue_name": character})
    return found


def plays_for(battle, round_, character, drafts=None) -> dict:
    """The side's plays as the GM types them: a lure of the first unassigned monster no other side lures,
    then an attack on a monster on a sheet (or the one lured) and a maneuver, two asterisks between them
    where the character has such chits, else as few as he has; the first the engine accepts."""
    name = rounds.character_id(character)
    options = rounds.side_options(battle.state, name)
    lured = {d for plays in (drafts or {}).values() for d in (plays.get("encounter") or {}).get("lures", [])}
    lurable = [d for d in rounds.encounter_options(battle.state, name).lurable if d not in lured]
    encounter = {"lures": lurable[:1]} if lurable else {}
    reachable = on_a_sheet(battle.state) | set(lurable[:1])
    characters = {c.catalogue_name for c in battle.characters.all()}
    targets = sorted((t for t, _ in options.targets if t in reachable and t not in characters), key=lambda t: t not in lurable)
    fights = [chit for chit, _ in options.fight_chits if not chit.startswith("MAGIC")]
    moves = [move["chit"] for move in maneuvers(options) if move.get("chit")]
    pairs = sorted(((f, m) for f in fights for m in moves), key=lambda pair: abs(2 - asterisks(pair[0]) - asterisks(pair[1])))
    others = {pk: plays for pk, plays in (drafts or {}).items() if pk != character.pk}
    for target in targets:
        for chit, move in pairs:
            plays = {"target": target, "attack": {"chit": chit, "box": 1, "weapon": options.default_weapon},
                     "maneuver": {"chit": move, "box": 2}, **({"encounter": encounter} if encounter else {})}
            if not services.check_plays(round_, character.pk, plays, sides=_sides_with(round_, others)):
                return plays
    return {"encounter": encounter} if encounter else {}


def _sides_with(round_, drafts):
    sides = list(round_.sides.select_related("character"))
    for side in sides:
        side.plays = drafts.get(side.character_id, {})
    return sides


def round_drafts(battle, number) -> dict:
    battle.refresh_from_db()
    round_ = battle.rounds.get(number=number)
    drafts = {}
    for side in round_.sides.select_related("character").order_by("character__pk"):
        if rounds.character_id(side.character) in rounds.living_character_ids(battle.state):
            drafts[side.character_id] = plays_for(battle, round_, side.character, drafts)
    return drafts


def pick_seed(battle, number, drafts, wanted) -> int:
    """The first seed with which round `number`, played with `drafts`, gives an outcome `wanted` accepts."""
    round_ = battle.rounds.get(number=number)
    round_file = rounds.build_input(battle, round_, drafts)
    for seed in range(1, 3000):
        try:
            outcome = rounds.resolve(round_file, seed=seed)
        except rounds.ChoicePending:
            continue
        if wanted(outcome):
            return seed
    raise AssertionError(f"no seed for round {number} gives what the scenario needs")


def killed(outcome) -> set[str]:
    return {kill["victim"] for kill in outcome.result.get("kills", [])}


def owes(outcome, kind) -> bool:
    return any(s.get(kind) and not s.get("killed") for s in outcome.result.get("summaries", []))


def enter_and_lock(page, battle, number, drafts):
    round_ = battle.rounds.get(number=number)
    for side in round_.sides.select_related("character").order_by("character__pk"):
        if side.locked:
            continue
        card = page.locator(f"#side-{side.character_id}")
        plays = drafts.get(side.character_id, {})
        field = lambda name: page.locator(f"#id_side{side.character_id}-{name}")  # noqa: E731
        for denizen in (plays.get("encounter") or {}).get("lures", []):  # the encounter step first
            page.locator(f"#id_enc{side.character_id}-lures").get_by_label(denizen, exact=True).check()
        if plays.get("attack"):  # typed one after another, no pause, as a GM on a keyboard
            field("target").select_option(plays["target"])
            field("attack_chit").select_option(plays["attack"]["chit"])
            if plays["attack"]["weapon"]:
                field("attack_weapon").select_option(plays["attack"]["weapon"])
            field("attack_box").select_option("1")
            field("maneuver").select_option(plays["maneuver"]["chit"])
            field("maneuver_box").select_option("2")
        card.get_by_role("button", name="Save and lock").click()
        if not plays.get("attack"):  # a side that attacks no one: the GM is asked first and confirms
            card.get_by_role("button", name=re.compile("does nothing this round")).click()
        expect(card.get_by_role("button", name=re.compile("^Unlock"))).to_be_visible(timeout=20_000)


def resolve(page, number):
    page.get_by_role("button", name=f"Resolve round {number}").click()
    expect(page.get_by_role("heading", name="What happened")).to_be_visible(timeout=30_000)


def record_chits(page, battle, number) -> int:
    """Each living character who owes wounds or fatigue has the chits he chose ticked on the page and
    recorded: wounds on the first unwounded chits, fatigue on fresh chits whose asterisks pay it. Returns
    how many asterisks of fatigue were recorded."""
    round_ = battle.rounds.get(number=number)
    battle.refresh_from_db()
    paid = 0
    for side in round_.sides.select_related("character"):
        name = rounds.character_id(side.character)
        owed = rounds.owed_for(round_.result, name)
        if name not in rounds.living_character_ids(battle.state) or not (owed["wounds"] or owed["fatigue"]):
            continue
        entry = rounds.character_entry(battle.state, name)
        wounded = [chit["id"] for chit in entry["chits"] if chit["state"] != "wounded"][:owed["wounds"]]
        fatigued = payable_fatigue(entry, wounded, owed["fatigue"])
        assert fatigued is not None, f"{name}'s fatigue can be paid"
        form = page.locator(f"#chits-{side.character_id}")
        for box, chosen in (("wounded", wounded), ("fatigued", fatigued)):
            for chit in chosen:
                form.locator(f"input[name$='-{box}'][value='{chit}']").check()
        form.get_by_role("button", name=f"Record {name}'s chits").click()
        expect(form.get_by_text("Recorded.")).to_be_visible(timeout=20_000)
        paid += owed["fatigue"]
    return paid


def play_round(page, battle, number, wanted) -> int:
    drafts = round_drafts(battle, number)
    Round.objects.filter(battle=battle, number=number).update(seed=pick_seed(battle, number, drafts, wanted))
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{number}/")
    enter_and_lock(page, battle, number, drafts)
    resolve(page, number)
    assert Round.objects.get(battle=battle, number=number).status == Round.Status.RESOLVED
    return record_chits(page, battle, number)


def to_the_end(outcome) -> bool:
    """A round that brings the end nearer: combat ends, or a monster dies, or (failing both) anything."""
    return outcome.combat_over or bool(killed(outcome) - {"Black Knight", "Amazon", "White Knight"})


def play_to_the_end(page, battle, first, wanted=to_the_end) -> tuple[int, int]:
    """Rounds `first`... until combat ends by the rules; (the last round's number, asterisks of fatigue paid)."""
    number, paid = first - 1, 0
    while True:
        battle.refresh_from_db()
        if battle.status != Battle.Status.ACTIVE:
            return number, paid
        number += 1
        assert number <= MAX_ROUNDS, "combat ends within ten rounds"
        try:
            paid += play_round(page, battle, number, wanted)
        except AssertionError as error:
            if "no seed" not in str(error):
                raise
            paid += play_round(page, battle, number, lambda outcome: True)


def card_of(page, character):
    page.goto(f"{CAMPAIGN}/characters/")
    return page.locator(f"#character-{character.pk}")


def expect_card_shows_state(page, character):
    """The card shows what the battle wrote onto the character: killed or alive, the wounded and fatigued
    chits, armor and weapons by state; nothing of it was typed by the GM."""
    character.refresh_from_db()
    state = character.state
    card = card_of(page, character)
    expect(card.locator(".character-status")).to_have_text("Killed" if state.get("killed") else "Alive")
    for chit, chit_state in (state.get("chits") or {}).items():
        if chit_state in ("wounded", "fatigued"):
            expect(card).to_contain_text(chit)
    for kind in ("armor", "weapons"):
        for name, item_state in (state.get(kind) or {}).items():
            expect(card).to_contain_text(f"{name} ({item_state})")
    return card


def test_the_black_knight_dies_in_round_one_and_the_amazon_fights_on_to_the_end(signed_in_page, gm_user, characters, screenshot):
    """The issue's battle: the Black Knight and the Amazon against a Giant and two Wolves, and a third Wolf not
    yet attacking, which the Black Knight lures in the encounter step before he dies."""
    page = signed_in_page
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = start(gm_user.campaign, [knight, amazon], monsters=["Giant", "Wolf", "Wolf", "Wolf"],
                   attacks=[("Giant", "Black Knight"), ("Wolf", "Black Knight"), ("Wolf #2", "Amazon")],
                   name="Giant at the ford")
    paid = play_round(page, battle, 1, lambda outcome: killed(outcome) & {"Black Knight", "Amazon"} == {"Black Knight"}
                      and owes(outcome, "fatigue_owed"))
    expect(page.locator(".round-log").last).to_contain_text("Black Knight")
    expect(page.locator(".encounter-result")).to_contain_text("Luring")
    assert paid, "the Amazon played two asterisks: the GM recorded her fatigue on the page"
    expect(card_of(page, knight)).to_contain_text("killed")
    screenshot(page, "whole-battle-knight-killed-card")

    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/2/")
    expect(page.locator(f"#side-{knight.pk} form")).to_have_count(0)  # the dead play nothing
    last, paid_later = play_to_the_end(page, battle, 2)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED, "combat ended by the rules, not by the GM"
    assert not Round.objects.filter(battle=battle, status=Round.Status.FAILED).exists()
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{last}/")
    expect(page.get_by_role("link", name=re.compile(f"Round {last + 1}"))).to_have_count(0)
    screenshot(page, "whole-battle-last-round")
    expect(card_of(page, knight)).to_contain_text(re.compile(r"Giant at the ford, round 1: Killed by"))
    expect_card_shows_state(page, knight)
    amazon_card = expect_card_shows_state(page, amazon)
    expect(amazon_card).to_contain_text("(wounds and fatigue chosen)")
    screenshot(page, "whole-battle-cards")


def test_both_knights_die_and_their_cards_show_wounds_fatigue_armor_and_weapons(signed_in_page, gm_user, characters, screenshot):
    """The Black Knight and the White Knight against a Giant, a T Troll and an Ogre that the Black Knight lures:
    round 1 wounds or tires them (the GM records the chits), later rounds kill them both."""
    page = signed_in_page
    black, white = characters["Black Knight"], characters["White Knight"]
    battle = start(gm_user.campaign, [black, white], monsters=["Giant", "T Troll", "Ogre"],
                   attacks=[("Giant", "Black Knight"), ("T Troll", "White Knight")], name="Both knights")
    knights = {"Black Knight", "White Knight"}
    paid = play_round(page, battle, 1, lambda outcome: not killed(outcome) & knights and owes(outcome, "wounds_owed")
                      and owes(outcome, "fatigue_owed"))
    expect(page.locator(".encounter-result")).to_contain_text("Ogre")
    assert paid
    play_to_the_end(page, battle, 2, wanted=lambda outcome: bool(killed(outcome) & knights))
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED and not rounds.living_character_ids(battle.state)
    for knight in (black, white):
        card = expect_card_shows_state(page, knight)
        expect(card).to_contain_text(re.compile(r"Both knights, round \d+: Killed by"))
    white.refresh_from_db()
    assert any(state != "fresh" for state in white.state.get("chits", {}).values()), "round 1's chits are on the card"
    screenshot(page, "whole-battle-both-knights-cards")


def test_a_battle_in_which_every_character_dies_ends_and_says_so_on_every_card(signed_in_page, gm_user, characters, screenshot):
    page = signed_in_page
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = start(gm_user.campaign, [knight, amazon], monsters=["Giant", "T Troll", "Wolf", "Wolf"],
                   attacks=[("Giant", "Black Knight"), ("Wolf", "Black Knight"), ("T Troll", "Amazon"), ("Wolf #2", "Amazon")],
                   name="Last stand")
    heroes = {"Black Knight", "Amazon"}
    last, _ = play_to_the_end(page, battle, 1, wanted=lambda outcome: bool(killed(outcome) & heroes))
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED, "combat ends when no character is left"
    assert not rounds.living_character_ids(battle.state)
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{last}/")
    expect(page.get_by_role("link", name=re.compile(f"Round {last + 1}"))).to_have_count(0)
    screenshot(page, "whole-battle-everyone-dead")
    for character in (knight, amazon):
        expect(expect_card_shows_state(page, character)).to_contain_text(re.compile(r"Last stand, round \d+: Killed by"))
