"""Battles played from the first blow to the last in Chromium, as a GM plays them on the interface's pages
(issue #14, "Done when"): every round resolves, the characters' cards show the outcome, and the GM never types a
character's state by hand.

The GM chooses each side's plays on the round page: in the encounter step a lure of an unassigned monster when
there is one, then one legal attack and maneuver with two asterisks between them where the character has such
chits (so fatigue is owed), the first the system accepts. He locks, resolves, ticks on the page the chits each
character settles his wounds and fatigue on, and goes on to the next round until combat ends by the rules (the
last monster or the last character dies, or two quiet rounds): he never ends the battle by hand. The dice are
the round's own seed; before each round the test picks the first seed for which the system does what the
scenario needs (found by resolving the same round input: the system is deterministic) and commits it as the
round's, so the test does not depend on luck."""

import re
from itertools import combinations

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services
from combat import system_battles, system_dues
from combat.fairness import identity_of
from combat.models import Battle, Round
from combat.system_rounds import round_input_with
from systems.commitment import commitment
from systems.errors import PlaysInvalid
from systems.interface import GM
from tests.e2e.conftest import set_up_battle

pytestmark = pytest.mark.e2e

CAMPAIGN = "/campaigns/demo-realm"
MAX_ROUNDS = 10
HEROES = {"Black Knight", "Amazon", "White Knight"}


@pytest.fixture
def characters(gm_user):
    found = {}
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon"),
                                   ("Carol", "carol@example.com", "White Knight")):
        player = campaign_services.add_player(gm_user, gm_user.campaign, {"name": name, "email": email, "time_zone": "UTC"})
        found[character] = campaign_services.add_character(gm_user, gm_user.campaign, {"player": player.pk, "catalogue_name": character})
    return found


def asterisks(chit: str) -> int:
    return chit.split(" #")[0].count("*")


def choice(form, name, value):
    return next(c for c in form.field(name).choices if c.value == value)


def plays_for(side, lured: set[str]) -> dict:
    """The side's answers as the GM chooses them: a lure of the first unassigned monster no other side lures,
    no charge and no encounter action, then an attack on a denizen and a maneuver, two asterisks between them
    where the character has such chits, else as few as he has; the first the system accepts alone."""
    form = system_battles.form_of(side)
    names = {f.name for f in form.fields}
    answers = {}
    for field in form.fields:
        if field.name.startswith("lure_") and not lured & {field.label.removeprefix("Lure ")} and not any(
                n.startswith("lure_") for n in answers):
            answers[field.name] = field.choices[0].value
            lured.add(field.label.removeprefix("Lure "))
        elif field.name == "encounter_choice":
            answers[field.name] = field.choices[0].value
    if "encounter_play" in names:
        answers["encounter_play"] = "none"
    if "attack_chit" not in names or "maneuver_chit" not in names:
        return answers
    fights = [c.value for c in form.field("attack_chit").choices if not c.value.startswith("MAGIC")]
    moves = [c.value for c in form.field("maneuver_chit").choices]
    pairs = sorted(((f, m) for f in fights for m in moves), key=lambda pair: abs(2 - asterisks(pair[0]) - asterisks(pair[1])))
    targets = [c.value for c in form.field("target").choices if c.value not in HEROES]
    for target in targets:
        for chit, move in pairs:
            plays = {**answers, "attack_chit": chit, "target": target, "attack_box": 1, "maneuver_chit": move,
                     "maneuver_box": 2}
            if "weapon" in names:
                plays["weapon"] = form.field("weapon").choices[0].value
            if not system_battles.check_answers(side, plays):
                return plays
    return answers


def round_answers(round_) -> dict:
    """Each side's answers, the characters' in the order they joined the campaign (the first lures), the GM's
    entries empty."""
    lured: set[str] = set()
    answers = {}
    for side in sorted(round_.sides.all(), key=lambda side: (side.character_id is None, side.character_id or 0)):
        form = system_battles.form_of(side)
        if side.side == GM or not form.fields:
            answers[side.side] = {}
        else:
            answers[side.side] = plays_for(side, lured)
    return answers


def killed(resolution) -> set[str]:
    return {kill["victim"] for kill in resolution.output.get("kills", [])}


def owes(system, resolution, box) -> bool:
    """Some living character owes `box` ("wounded", "fatigued") after the round."""
    for side in HEROES - killed(resolution):
        form = system.dues_form(resolution.state, resolution.output, side)
        if form is not None and any(f.name == box for f in form.fields):
            return True
    return False


def pick_seed(battle, round_, answers, wanted) -> int:
    """The first seed with which the round, played with `answers`, does what `wanted` accepts."""
    system = battle.campaign.combat_system
    round_input = round_input_with(system, round_.input, {side: plays for side, plays in answers.items() if plays})
    for seed in range(1, 3000):
        resolution = system.resolve(round_input, seed=seed)
        if not resolution.waiting_for and wanted(system, resolution):
            return seed
    raise AssertionError(f"no seed for round {round_.number} gives what the scenario needs")


def enter_and_lock(page, round_, answers):
    for side in round_.sides.order_by("pk"):
        if side.locked:
            continue
        card = page.locator(f"#side-{side.pk}")
        form = system_battles.form_of(side)
        for name, value in answers[side.side].items():  # chosen one after another, no pause
            card.locator(f"#side{side.pk}-{name}").select_option(label=choice(form, name, value).label)
        if form.fields:
            card.get_by_role("button", name="Save and lock").click()
            expect(card.locator("h2 .badge")).to_have_text("locked", timeout=20_000)


def settle_dues(page, battle, round_) -> int:
    """On the next round's page, each character who owes wounds or fatigue has chits ticked and settled: wounds
    on the first chits offered, fatigue on fresh chits whose asterisks pay it (the first such the system takes).
    Returns how many characters settled fatigue."""
    system = battle.campaign.combat_system
    dues = system_dues.dues_of(Round.objects.get(pk=round_.pk))
    if not dues:
        return 0
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{round_.number + 1}/")
    state, output = system_dues.end_state(round_), system_dues.output_of(round_)
    fatigued_sides = 0
    for due in dues:
        fields = {f.name: f for f in due.form.fields}
        wounds = int(re.search(r"\((\d+) wound", fields["wounded"].label).group(1)) if "wounded" in fields else 0
        wounded = [c.value for c in fields["wounded"].choices[:wounds]] if wounds else []
        payers = [c.value for c in fields["fatigued"].choices if c.value not in wounded] if "fatigued" in fields else []
        answers = next(a for a in ({"wounded": wounded, "fatigued": list(chosen)}
                                   for size in range(len(payers) + 1) for chosen in combinations(payers, size))
                       if _settles(system, state, output, due.name, a))
        card = page.locator(f"#dues-side-{due.side.pk}")
        for box, chosen in answers.items():
            for chit in chosen:
                label = next(c.label for c in fields[box].choices if c.value == chit)
                card.locator(f".field[data-field={box}]").get_by_label(label, exact=True).check()
        card.get_by_role("button", name=f"Settle {due.name}'s dues").click()
        expect(card.locator(".badge")).to_have_text("settled", timeout=20_000)
        fatigued_sides += bool(answers["fatigued"])
    return fatigued_sides


def _settles(system, state, output, side, answers) -> bool:
    try:
        system.settle(state, output, side, answers)
    except PlaysInvalid:
        return False
    return True


def play_round(page, battle, number, wanted) -> int:
    """Round `number` played on the page with the seed `wanted` asks for, resolved, its dues settled; how many
    characters settled fatigue."""
    round_ = battle.rounds.get(number=number)
    answers = round_answers(round_)
    seed = pick_seed(battle, round_, answers, wanted)
    Round.objects.filter(pk=round_.pk).update(seed=seed, commitment=commitment(seed, round_.salt, identity_of(round_)))
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{number}/")
    enter_and_lock(page, round_, answers)
    page.get_by_role("button", name=f"Resolve round {number}").click()
    expect(page.get_by_role("heading", name=f"Round {number}'s result")).to_be_visible(timeout=30_000)
    resolved = Round.objects.get(pk=round_.pk)
    assert resolved.status == Round.Status.RESOLVED
    return settle_dues(page, battle, resolved)


def to_the_end(system, resolution) -> bool:
    """A round that brings the end nearer: combat ends, or a monster dies, or (failing both) anything."""
    return resolution.finished or bool(killed(resolution) - HEROES)


def play_to_the_end(page, battle, first, wanted=to_the_end) -> tuple[int, int]:
    """Rounds `first`... until combat ends by the rules; (the last round's number, fatigue settled)."""
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
            paid += play_round(page, battle, number, lambda system, resolution: True)


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
    battle = set_up_battle(gm_user.campaign, "Giant at the ford", "Cave 4", {
        "characters": ["Black Knight", "Amazon"], "monsters": "Giant\nWolf\nWolf\nWolf",
        "attacks": "Giant -> Black Knight\nWolf -> Black Knight\nWolf #2 -> Amazon"})
    paid = play_round(page, battle, 1, lambda system, resolution: killed(resolution) & HEROES == {"Black Knight"}
                      and owes(system, resolution, "fatigued"))
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/1/")
    expect(page.locator(".round-log")).to_contain_text("Black Knight lures Wolf #3")
    assert paid, "the Amazon played two asterisks: the GM settled her fatigue on the page"
    expect(card_of(page, knight).locator(".character-status")).to_have_text("Killed")
    screenshot(page, "whole-battle-knight-killed-card")

    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/2/")
    dead = battle.rounds.get(number=2).sides.filter(side="Black Knight").first()
    if dead is not None:
        expect(page.locator(f"#side-{dead.pk} form.plays-form")).to_have_count(0)  # the dead play nothing
    last, _ = play_to_the_end(page, battle, 2)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED, "combat ended by the rules, not by the GM"
    assert not Round.objects.filter(battle=battle, status=Round.Status.FAILED).exists()
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{last}/")
    expect(page.get_by_text("The battle is over.")).to_be_visible()
    expect(page.get_by_role("link", name=f"Go to round {last + 1}")).to_have_count(0)
    screenshot(page, "whole-battle-last-round")
    expect(expect_card_shows_state(page, knight)).to_contain_text(re.compile(r"Giant at the ford, round 1: .*Killed by"))
    amazon_card = expect_card_shows_state(page, amazon)
    expect(amazon_card).to_contain_text("Dues settled")
    screenshot(page, "whole-battle-cards")


def test_both_knights_die_and_their_cards_show_wounds_fatigue_armor_and_weapons(signed_in_page, gm_user, characters, screenshot):
    """The Black Knight and the White Knight against a Giant, a T Troll and an Ogre that the Black Knight lures:
    round 1 wounds and tires them (the GM settles the chits), later rounds kill them both."""
    page = signed_in_page
    black, white = characters["Black Knight"], characters["White Knight"]
    battle = set_up_battle(gm_user.campaign, "Both knights", "Cave 4", {
        "characters": ["Black Knight", "White Knight"], "monsters": "Giant\nT Troll\nOgre",
        "attacks": "Giant -> Black Knight\nT Troll -> White Knight"})
    knights = {"Black Knight", "White Knight"}
    paid = play_round(page, battle, 1, lambda system, resolution: not killed(resolution) & knights
                      and owes(system, resolution, "wounded") and owes(system, resolution, "fatigued"))
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/1/")
    expect(page.locator(".round-log")).to_contain_text("lures Ogre")
    assert paid
    play_to_the_end(page, battle, 2, wanted=lambda system, resolution: bool(killed(resolution) & knights))
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED
    for knight in (black, white):
        card = expect_card_shows_state(page, knight)
        expect(card.locator(".character-status")).to_have_text("Killed")
        expect(card).to_contain_text(re.compile(r"Both knights, round \d+: .*Killed by"))
    white.refresh_from_db()
    assert any(state != "fresh" for state in white.state.get("chits", {}).values()), "round 1's chits are on the card"
    screenshot(page, "whole-battle-both-knights-cards")


def test_a_battle_in_which_every_character_dies_ends_and_says_so_on_every_card(signed_in_page, gm_user, characters, screenshot):
    page = signed_in_page
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = set_up_battle(gm_user.campaign, "Last stand", "Cave 4", {
        "characters": ["Black Knight", "Amazon"], "monsters": "Giant\nT Troll\nWolf\nWolf",
        "attacks": "Giant -> Black Knight\nWolf -> Black Knight\nT Troll -> Amazon\nWolf #2 -> Amazon"})
    heroes = {"Black Knight", "Amazon"}
    last, _ = play_to_the_end(page, battle, 1, wanted=lambda system, resolution: bool(killed(resolution) & heroes))
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED, "combat ends when no character is left"
    page.goto(f"{CAMPAIGN}/battles/{battle.pk}/rounds/{last}/")
    expect(page.get_by_text("The battle is over.")).to_be_visible()
    expect(page.get_by_role("link", name=f"Go to round {last + 1}")).to_have_count(0)
    screenshot(page, "whole-battle-everyone-dead")
    for character in (knight, amazon):
        card = expect_card_shows_state(page, character)
        expect(card.locator(".character-status")).to_have_text("Killed")
        expect(card).to_contain_text(re.compile(r"Last stand, round \d+: .*Killed by"))
