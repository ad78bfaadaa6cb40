"""Invariants of the melee round over generated rounds (hypothesis): the same seed gives the same round; no
one is killed twice; wounds and fatigue are never negative; a dead combatant does not attack in a later block."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from systems.magic_realm.engine.dice import SeededDice
from systems.magic_realm.engine.melee import blocking_errors, resolve_round, validate_round
from systems.magic_realm.engine.round_format import read_round, result_to_json

CHARACTERS = {
    "Black Knight": {"weapons": ["Mace"], "armor": ["Shield"], "moves": ["MOVE H5*", "MOVE H6", "MOVE M4*"], "fights": ["FIGHT H6", "FIGHT M4*", "FIGHT H5*", "FIGHT M3**"]},
    "Amazon": {"weapons": ["Short Sword"], "armor": ["Helmet", "Breastplate"], "moves": ["MOVE M4", "MOVE M3*"], "fights": ["FIGHT L4", "FIGHT M5", "FIGHT H4**"]},
    "Swordsman": {"weapons": ["Thrusting Sword"], "armor": [], "moves": ["MOVE L4", "MOVE L3*", "MOVE M4*"], "fights": ["FIGHT L3*", "FIGHT M4*", "FIGHT L4"]},
    "White Knight": {"weapons": ["Great Sword"], "armor": ["Armor"], "moves": ["MOVE H6", "MOVE H5*", "MOVE T6*"], "fights": ["FIGHT H6", "FIGHT T5*", "FIGHT H4**"]},
}
DENIZENS = ["Wolf", "Giant Bat", "H Troll", "T Troll", "Ogre", "Viper", "Axe Goblin", "Sword Goblin", "Spear Goblin",
            "Lancer 1", "Patrol 1", "Rogue 1", "Soldier 1", "Giant", "Woodsfolk 1", "Order 1"]
PRESETS = ["standard", "optional-2e", "optional-3e", "bimr4"]


@st.composite
def rounds(draw):
    names = draw(st.lists(st.sampled_from(sorted(CHARACTERS)), min_size=1, max_size=4, unique=True))
    counters = draw(st.lists(st.sampled_from(DENIZENS), min_size=1, max_size=8))
    denizens = []
    for index, counter in enumerate(counters):
        denizens.append({"id": f"{counter} #{index}", "counter": counter, "side": draw(st.sampled_from(["light", "dark"]))})
    owners = {d["id"]: draw(st.sampled_from(names)) for d in denizens}
    sheets = [{"owner": name, "attackers": [d for d, owner in owners.items() if owner == name]} for name in names]
    plays = {}
    for name in names:
        kit = CHARACTERS[name]
        play = {}
        if draw(st.booleans()):
            play["target"] = draw(st.sampled_from([d["id"] for d in denizens]))
            play["attack"] = {"chit": draw(st.sampled_from(kit["fights"])), "weapon": kit["weapons"][0], "box": draw(st.integers(1, 3))}
        if draw(st.booleans()):
            play["maneuver"] = {"chit": draw(st.sampled_from(kit["moves"])), "box": draw(st.integers(1, 3))}
        plays[name] = play
    data = {
        "rules": draw(st.sampled_from(PRESETS)),
        "state": {
            "round": draw(st.integers(1, 3)),
            "characters": [{"id": name, "weapons": CHARACTERS[name]["weapons"], "armor": CHARACTERS[name]["armor"]} for name in names],
            "denizens": denizens,
        },
        "sheets": sheets,
        "plays": plays,
    }
    round_input = read_round(data).round_input
    if blocking_errors(validate_round(round_input)):
        plays = {name: {} for name in names}  # an illegal draw (three asterisks, a chit too weak): no plays
        round_input = read_round({**data, "plays": plays}).round_input
    return round_input


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(round_input=rounds(), seed=st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_round(round_input, seed):
    first = resolve_round(round_input, SeededDice(seed))
    second = resolve_round(round_input, SeededDice(seed))
    assert result_to_json(first) == result_to_json(second)


@SETTINGS
@given(round_input=rounds(), seed=st.integers(0, 2**32))
def test_no_one_is_killed_twice(round_input, seed):
    result = resolve_round(round_input, SeededDice(seed))
    victims = [kill.victim for kill in result.kills]
    assert len(victims) == len(set(victims))
    already_dead = {c.id for c in round_input.state.characters if c.dead} | {d.id for d in round_input.state.denizens if d.dead}
    assert not already_dead & set(victims)


@SETTINGS
@given(round_input=rounds(), seed=st.integers(0, 2**32))
def test_wounds_and_fatigue_are_never_negative(round_input, seed):
    result = resolve_round(round_input, SeededDice(seed))
    for summary in result.summaries:
        assert summary.wounds_owed >= 0 and summary.fatigue_owed >= 0
        assert summary.fatigue_owed <= 1  # at most two asterisks, one of them free


@SETTINGS
@given(round_input=rounds(), seed=st.integers(0, 2**32))
def test_a_dead_combatant_does_not_attack_in_a_later_block(round_input, seed):
    result = resolve_round(round_input, SeededDice(seed))
    killed_in = {kill.victim: kill.block for kill in result.kills}
    for event in result.events:
        if event.kind == "hit" and event.actors and event.actors[0] in killed_in:
            assert event.data["block"] <= killed_in[event.actors[0]]


@SETTINGS
@given(round_input=rounds(), seed=st.integers(0, 2**32))
def test_the_dead_in_the_new_state_are_the_dead_before_and_the_killed(round_input, seed):
    result = resolve_round(round_input, SeededDice(seed))
    killed = {kill.victim for kill in result.kills if kill.horse_of is None}
    for denizen in result.state.denizens:
        assert denizen.dead == (denizen.id in killed or round_input.state.denizen(denizen.id).dead)
    for character in result.state.characters:
        if character.id in killed:
            assert character.dead


CHITS = ["FIGHT H6", "FIGHT M4*", "FIGHT H4**", "MOVE H5*", "MOVE H6", "MOVE M4*", "MAGIC IV4*", "FIGHT T1", "MOVE L9"]
WEAPONS = ["Mace", "Great Sword", "Light Bow", "Spear", None]
HORSES = [None, "horse/pony-2", "horse/warhorse-3", "Horse"]


@st.composite
def wild_rounds(draw):
    """Plays drawn without regard to the rules: validation must catch every illegal one, and a round it
    accepts must resolve."""
    names = draw(st.lists(st.sampled_from(["Black Knight", "Amazon", "Wizard", "White Knight"]), min_size=1, max_size=3, unique=True))
    denizens = [{"id": f"D{i}", "counter": c, "side": draw(st.sampled_from(["light", "dark"]))}
                for i, c in enumerate(draw(st.lists(st.sampled_from(DENIZENS), max_size=5)))]
    combatants = names + [d["id"] for d in denizens]
    characters = []
    for name in names:
        horse = draw(st.sampled_from(HORSES))
        character = {"id": name, "weapons": [w for w in {draw(st.sampled_from(WEAPONS))} if w], "armor": draw(st.sampled_from([[], ["Shield"], ["Armor"], ["Helmet", "Breastplate"]]))}
        character["chits"] = draw(st.lists(st.sampled_from(CHITS), min_size=1, max_size=6, unique=True))
        if horse:
            character["horse"] = horse
        characters.append(character)
    sheets = []
    for name in names:
        mine = [d["id"] for d in denizens if draw(st.booleans())]
        if mine:
            sheets.append({"owner": name, "attackers": [{"combatant": d, "box": draw(st.one_of(st.none(), st.integers(1, 3)))} for d in mine]})
    plays = {}
    for name in names:
        maneuver = draw(st.one_of(
            st.none(),
            st.builds(lambda c, b: {"chit": c, "box": b}, st.sampled_from(CHITS), st.integers(1, 3)),
            st.builds(lambda h, b: {"horse": h, "box": b}, st.sampled_from(["walking", "galloping"]), st.integers(1, 3)),
        ))
        play = {"maneuver": maneuver, "target": draw(st.one_of(st.none(), st.sampled_from(combatants))),
                "target_part": draw(st.sampled_from(["horse", "rider"]))}
        if draw(st.booleans()):
            play["attack"] = {"chit": draw(st.sampled_from(CHITS)), "box": draw(st.integers(1, 3))}
            if draw(st.booleans()):
                play["attack"]["spell"] = "Fiery Blast"
            elif characters[names.index(name)]["weapons"]:
                play["attack"]["weapon"] = characters[names.index(name)]["weapons"][0]
        if draw(st.booleans()):
            play["rider_maneuver"] = {"chit": draw(st.sampled_from(CHITS)), "box": draw(st.integers(1, 3))}
        if draw(st.booleans()):
            play["shield_box"] = draw(st.integers(1, 3))
        plays[name] = play
    return read_round({
        "rules": draw(st.sampled_from(PRESETS)),
        "state": {"round": draw(st.integers(1, 3)), "characters": characters, "denizens": denizens},
        "sheets": sheets,
        "plays": plays,
    }).round_input


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(round_input=wild_rounds(), seed=st.integers(0, 2**32))
def test_a_round_that_validates_always_resolves(round_input, seed):
    assume(not blocking_errors(validate_round(round_input)))
    result = resolve_round(round_input, SeededDice(seed))
    assert result.state.round_number == round_input.state.round_number + 1
