"""Random battles played round after round through the path the app takes (issue #14.1): a hypothesis test
never reaches an error the GM cannot act on.

Each example picks one of four battles (the issue's Black Knight and Amazon against a Giant and two Wolves;
natives with hirelings and a rider on his Warhorse; riders on both sides; several monsters, some unassigned)
and plays it for up to six rounds. Every round each living character's plays are drawn from what the forms
offer (`tests/combat/form_plays.py`, the encounter form's `rounds.encounter_options`): a lure, a run or an
alert in the encounter step, then a target, a FIGHT chit, a maneuver and their boxes. A draft the engine
refuses is what the GM sees as errors beside the fields: he picks again (counted; after three refusals the
side rests). The round is built and resolved as the task does; a question of the encounter step is answered
with one of its options and the round resolved again; the wounds and fatigue each character owes are chosen
and recorded as the GM records them. Whatever happens, the next round can be played: no exception but the
question, which always has answers, and no debt of chits that no choice can pay.
"""

from __future__ import annotations

import copy
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from campaigns import services as campaign_services
from combat import chits, rounds
from combat.services import _carried_encounter

from .encounter_battles import set_denizen, start
from .form_plays import asterisks, maneuvers, on_a_sheet, payable_fatigue, plays_from
from .outcome_battles import skirmish

pytestmark = pytest.mark.django_db

ROUNDS = 6
REDRAWS = 3


@pytest.fixture
def scenarios(gm, campaign, characters):
    """The four battles, each with its state before round 1 (every example starts from it again)."""
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battles = {
        "Giant and two Wolves": start(
            campaign, [knight, amazon], monsters=["Giant", "Wolf", "Wolf"],
            attacks=[("Giant", "Black Knight"), ("Wolf", "Black Knight"), ("Wolf #2", "Amazon")]),
        "several monsters": start(
            campaign, [knight, amazon], monsters=["T Troll", "Giant Bat", "Viper", "Sword Goblin", "Ogre"],
            attacks=[("T Troll", "Black Knight"), ("Viper", "Amazon")]),
    }
    set_denizen(battles["several monsters"], "T Troll", side="dark")
    battles["natives with hirelings"] = skirmish(gm, campaign, characters)  # the Knight now rides a Warhorse
    campaign_services.change_character_state(knight.pk, lambda state: {**state, "hirelings": []})
    battles["riders"] = start(campaign, [knight, amazon], monsters=[], natives=[("Lancer 1", None), ("Lancer 2", None)],
                              attacks=[("Lancer 1", "Black Knight")])
    return {name: (battle, copy.deepcopy(battle.state)) for name, battle in battles.items()}


def draw_encounter(data, battle, character: str, lured: set[str]) -> dict:
    """Lures (of denizens no other side lures) and at most one encounter action (run, or alert a weapon), as
    the encounter form offers them."""
    options = rounds.encounter_options(battle.state, character)
    choices: dict = {}
    lurable = [denizen for denizen in options.lurable if denizen not in lured]
    if lurable and data.draw(st.booleans(), label=f"{character} lures"):
        choices["lures"] = data.draw(st.lists(st.sampled_from(lurable), min_size=1, max_size=2, unique=True),
                                     label="lured")
    # A rider runs on his horse (5.2), on either side.
    movers = [{"horse": "walking"}, {"horse": "galloping"}] if options.horse else [{"chit": chit} for chit in options.move_chits]
    action = data.draw(st.sampled_from(["none", "none", "none", "run", "alert"]), label=f"{character}'s encounter action")
    if action == "run" and movers:
        choices["run"] = data.draw(st.sampled_from(movers), label="runs with")
    elif action == "alert" and options.weapons_to_alert:
        choices["alert"] = {"weapon": data.draw(st.sampled_from(options.weapons_to_alert), label="alerts"),
                            "chit": data.draw(st.sampled_from(["", *options.fight_chits]), label="alert chit")}
    return choices


def draw_plays(data, battle, character: str, encounter: dict) -> dict:
    """A target, FIGHT chit, maneuver and boxes from the plays form's choices (or resting, now and then), as a
    GM who knows the rules picks them: a target on a melee sheet or lured this round, no chit played twice and
    at most two asterisks with the encounter step's chit (the effort limit)."""
    options = rounds.side_options(battle.state, character)
    reachable = on_a_sheet(battle.state) | set(encounter.get("lures", []))
    targets = [target for target, _ in options.targets if target in reachable]
    used = {(encounter.get("run") or {}).get("chit"), (encounter.get("alert") or {}).get("chit")} - {None, ""}
    spent = sum(asterisks(chit) for chit in used)
    fight = [chit for chit, _ in options.fight_chits if chit not in used and spent + asterisks(chit) <= 2]
    if not targets or not fight or data.draw(st.integers(0, 9), label=f"{character} rests") == 0:
        return {}
    chit = data.draw(st.sampled_from(fight), label="attack chit")
    moves = [move for move in maneuvers(options) if move.get("chit") not in used
             and spent + asterisks(chit) + asterisks(move.get("chit", "")) <= 2]
    if not moves:
        return {}
    return plays_from(
        options,
        data.draw(st.sampled_from(targets), label=f"{character}'s target"),
        chit,
        data.draw(st.sampled_from(moves), label="maneuver"),
        attack_box=data.draw(st.integers(1, 3), label="attack box"),
        maneuver_box=data.draw(st.integers(1, 3), label="maneuver box"),
        aim=data.draw(st.sampled_from(["rider", "horse"]), label="aim at"),
    )


def side_errors(battle, round_, drafts: dict, character: str) -> dict:
    """The errors the GM sees beside a side's plays and encounter fields."""
    round_file = rounds.build_input(battle, round_, drafts)
    errors = rounds.validate(round_file, character)
    _, owners = rounds.encounter_section(drafts, round_.encounter or {})
    return {**errors, **rounds.encounter_errors(round_file, owners).get(character, {})}


def enter_plays(data, battle, round_, living: list[str], tally: dict) -> dict:
    drafts: dict = {}
    for character in living:
        for _ in range(REDRAWS):
            lured = {denizen for plays in drafts.values() for denizen in plays.get("encounter", {}).get("lures", [])}
            encounter = draw_encounter(data, battle, character, lured)
            plays = draw_plays(data, battle, character, encounter)
            if encounter:
                plays["encounter"] = encounter
            tally["drafts"] += 1
            if not side_errors(battle, round_, {**drafts, character: plays}, character):
                drafts[character] = plays
                break
            tally["refused"] += 1
            event("a draft refused: the GM picks again")
        else:
            drafts[character] = {}
            event("a side rests after three refused drafts")
    return drafts


def resolve_answering(data, battle, round_, drafts: dict) -> rounds.Outcome:
    """Resolve the round; each question of the encounter step is answered with one of its options."""
    for _ in range(10):
        round_file = rounds.build_input(battle, round_, drafts)
        for character in drafts:
            assert not rounds.validate(round_file, character), "plays accepted alone are accepted together"
        try:
            return rounds.resolve(round_file, seed=round_.seed)
        except rounds.ChoicePending as pending:
            assert pending.choice["options"], "a question the GM can answer"
            event("the GM answers a question of the encounter step")
            answer = data.draw(st.sampled_from(pending.choice["options"]), label="answer")
            round_.encounter = answered(round_.encounter or {}, pending.choice, answer)
    raise AssertionError("the questions never end")


def answered(entries: dict, choice: dict, answer: str) -> dict:
    """The round's encounter entries with the GM's answer, as the round encounter form stores it."""
    assert not choice["path"].startswith("meetings["), "these battles have no Meeting table typed"
    return {**entries, "choices": {**entries.get("choices", {}), choice["denizen"]: answer}}


def record_chits(data, battle, outcome: rounds.Outcome) -> None:
    """Each living character chooses chits for the wounds and fatigue he owes, as the record form takes them."""
    for character in sorted(rounds.living_character_ids(battle.state)):
        owed = rounds.owed_for(outcome.result, character)
        if not owed["wounds"] and not owed["fatigue"]:
            continue
        entry = rounds.character_entry(battle.state, character)
        unwounded = [chit["id"] for chit in entry["chits"] if chit["state"] != "wounded"]
        assert len(unwounded) >= owed["wounds"], f"{character} owes more wounds than he has chits, yet lives"
        wounded = data.draw(st.permutations(unwounded), label="wounded")[:owed["wounds"]]
        fatigued = payable_fatigue(entry, wounded, owed["fatigue"])
        assert fatigued is not None, (f"no choice of {character}'s chits pays {owed['fatigue']} asterisks of fatigue "
                                      f"beside {owed['wounds']} wounds: {[(c['id'], c['state']) for c in entry['chits']]}")
        assert chits.choice_errors(battle.state, character, owed, wounded, fatigued) == {}
        battle.state = rounds.apply_chit_choice(battle.state, character, wounded, fatigued)
        event("wounds or fatigue recorded")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_battles_never_reach_an_error_the_gm_cannot_act_on(scenarios, data):
    name = data.draw(st.sampled_from(sorted(scenarios)), label="battle")
    battle, before = scenarios[name]
    battle.state = copy.deepcopy(before)
    encounter: dict = {}
    tally = {"drafts": 0, "refused": 0}
    played = 0
    for number in range(1, ROUNDS + 1):
        living = sorted(rounds.living_character_ids(battle.state))
        round_ = SimpleNamespace(number=number, encounter=encounter, seed=data.draw(st.integers(0, 2**31), label="seed"))
        drafts = enter_plays(data, battle, round_, living, tally)
        outcome = resolve_answering(data, battle, round_, drafts)
        played += 1
        battle.state = outcome.state
        record_chits(data, battle, outcome)
        if outcome.combat_over or not rounds.living_character_ids(battle.state):
            break
        encounter = _carried_encounter(outcome, round_.encounter)
    event(f"{name}: {played} rounds")
    assert tally["refused"] <= tally["drafts"] // 2 + 1, f"the forms offer mostly legal plays ({tally})"
