"""Wounds after a melee round: the wounds a character owes, to be put on chits of the player's choice, and
death by wounds (wounds on every chit that can take one kill him; ruling `fatigued_chits_take_wounds`)."""

from __future__ import annotations

from systems.magic_realm.engine import rulings
from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.model import CharacterState
from systems.magic_realm.engine.round_state import RoundState


def owe_wounds(run: RoundState, character: CharacterState, summary: dict) -> bool:
    """The wounds a character owes, in his summary; whether he is killed (this round or before)."""
    work = run.work
    rules = run.rules
    wounds = work.wounds.get(character.id, 0)
    summary["wounds_owed"] = wounds
    killed = character.id in work.killed_in_block or character.dead
    if wounds and not killed:
        unwounded, which = rulings.woundable_chits(character, rules)
        run.events.append(rule_event(
            "wounds", "wound", f"{character.id} owes {wounds} wound(s), to be put on chits of the player's choice", [character.id],
            wounds=wounds,
        ))
        if wounds >= unwounded:
            killed = True
            work.killed_in_block.setdefault(character.id, len(run.events))
            run.events.append(wound_death(character.id, wounds, unwounded, which, rules))
    summary["killed"] = killed
    return killed


def wound_death(character_id: str, wounds: int, woundable: int, which: str, rules) -> Event:
    text = f"{character_id} owes {wounds} wound(s) and has {woundable} {which} chit(s): he is killed"
    if rules.fatigued_chits_take_wounds:
        return rule_event("wound_death", "kill", text, [character_id])
    return rulings.ruling_event(
        "fatigued_chits_take_wounds", "kill", f"{text} ({rulings.setting_text(rules, 'fatigued_chits_take_wounds')})",
        [character_id],
    )
