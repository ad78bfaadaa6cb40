"""Invariants of the encounter step over random clearings (hypothesis), and its speed (benchmark)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from systems.magic_realm.engine.dice import SeededDice
from systems.magic_realm.engine.encounter import (
    CharacterInClearing,
    Denizen,
    Deploy,
    EncounterInput,
    Lure,
    MeleeTarget,
    Minion,
    RunAway,
    encounter_summary,
    resolve_encounter,
    validate_encounter,
)
from systems.magic_realm.engine.ruleset import rules_from

CHARACTERS = ("Amazon", "Berserker", "Captain")
GROUPS = ("Soldiers", "Rogues")


@st.composite
def clearings(draw):
    rules = rules_from(draw(st.sampled_from(["bimr4", "standard", "optional-2e"])))
    characters = []
    for index, name in enumerate(CHARACTERS[: draw(st.integers(1, 3))]):
        minions = tuple(
            Minion(
                f"{name}'s {group} {n}",
                draw(st.integers(2, 6)),
                group=group,
                notoriety=draw(st.integers(1, 6)),
                hidden=draw(st.booleans()),
            )
            for n, group in enumerate(draw(st.lists(st.sampled_from(GROUPS), max_size=2)))
        )
        characters.append(
            CharacterInClearing(
                name,
                present=draw(st.booleans()) if index else True,
                hidden=draw(st.booleans()),
                minions=minions,
                die_modifier=draw(st.integers(-1, 1)),
            )
        )
    denizens = []
    for n in range(draw(st.integers(0, 6))):
        if draw(st.booleans()):
            denizens.append(Denizen(f"Monster {n}", "monster", draw(st.integers(2, 6))))
        else:
            group = draw(st.sampled_from(GROUPS))
            denizens.append(
                Denizen(f"{group} {n}", "native", draw(st.integers(2, 6)), group=group, notoriety=3)
            )
    present = [c.name for c in characters if c.present]
    minion_names = [m.name for c in characters for m in c.minions]
    battling = frozenset(
        (group, name) for group in GROUPS for name in CHARACTERS[: len(characters)] if draw(st.booleans())
    )
    lures = []
    lured = set()
    for denizen in denizens:
        if draw(st.integers(0, 3)) == 0:
            lurer = draw(st.sampled_from(present + minion_names))
            if lurer in minion_names and any(lure.lurer == lurer for lure in lures):
                continue
            lures.append(Lure(lurer, denizen.name))
            lured.add(denizen.name)
    everyone = [d.name for d in denizens] + minion_names + present
    deployments = [
        Deploy(minion, draw(st.sampled_from([d.name for d in denizens])))
        for minion in minion_names
        if denizens and minion not in {lure.lurer for lure in lures} and draw(st.integers(0, 2)) == 0
    ]
    actions = [RunAway(name, draw(st.integers(1, 6))) for name in present if draw(st.integers(0, 3)) == 0]
    targets = [
        MeleeTarget(name, draw(st.sampled_from([n for n in everyone if n != name])), draw(st.booleans()))
        for name in present
        if len(everyone) > 1 and draw(st.booleans())
    ]
    return EncounterInput(
        rules=rules,
        characters=tuple(characters),
        denizens=tuple(denizens),
        battling=battling,
        lures=tuple(lures),
        deployments=tuple(deployments),
        actions=tuple(actions),
        targets=tuple(targets),
    )


@settings(max_examples=200, deadline=None)
@given(clearings(), st.integers(0, 10_000))
def test_every_valid_encounter_resolves_consistently_and_the_same_way_twice(encounter, seed):
    if validate_encounter(encounter):
        return
    result = resolve_encounter(encounter, SeededDice(seed))
    assert encounter_summary(result) == encounter_summary(resolve_encounter(encounter, SeededDice(seed)))
    if result.choice_needed is not None:
        assert result.choice_needed.options
        return
    names = {c.name for c in encounter.characters} | {d.name for d in encounter.denizens}
    names |= {m.name for c in encounter.characters for m in c.minions}
    for attacker, target in result.targets.items():
        assert target in names and target not in result.ran_away, (attacker, target)
    unhired_natives = {d.name for d in encounter.denizens if d.kind == "native"} | {
        r.name for r in result.rebels
    }
    assert result.watchful <= unhired_natives
    assert not result.watchful & set(result.targets)
    if not encounter.rules.watchful_natives:
        assert result.watchful == frozenset()
    for rebel in result.rebels:
        assert rebel.name not in result.owners
    for character in {c.name for c in encounter.characters}:
        lost = sum(r.notoriety for r in result.rebels if r.character == character)
        assert result.fame_lost.get(character, 0) == lost
    assert all(event.rule and event.rule_name for event in result.events)


def crowded_clearing():
    soldiers = tuple(Denizen(f"Soldier {n}", "native", 4, group="Soldiers", notoriety=3) for n in range(10))
    monsters = tuple(Denizen(f"Wolf {n}", "monster", 3) for n in range(10))
    characters = tuple(
        CharacterInClearing(name, minions=(Minion(f"{name}'s Rogue", 4, group="Rogues"),))
        for name in ("Amazon", "Berserker", "Captain", "Swordsman", "Dwarf")
    )
    return EncounterInput(
        rules=rules_from("bimr4"),
        characters=characters,
        denizens=soldiers + monsters,
        battling=frozenset(("Soldiers", c.name) for c in characters),
        lures=(Lure("Amazon", "Soldier 0"), Lure("Berserker", "Wolf 0")),
        actions=(RunAway("Amazon", 2),),
        targets=(MeleeTarget("Captain", "Soldier 5"),),
    )


@pytest.mark.benchmark
def test_bench_an_encounter_of_thirty_combatants(benchmark):
    encounter = crowded_clearing()
    result = benchmark(lambda: resolve_encounter(encounter, SeededDice(1)))
    assert len(result.targets) >= 18
