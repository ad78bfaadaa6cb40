"""From the encounter step's result to the melee round: the melee sheets (who attacks whom, charges,
own sheets), the RoundInput with the step applied (runners gone, rebels unhired, alerted weapons), the
and the step's summary.
"""

from __future__ import annotations

from dataclasses import replace

from systems.magic_realm.engine.encounter_model import EncounterError, EncounterInvalid, EncounterResult


def melee_sheets(
    result: EncounterResult, characters: tuple[str, ...]
) -> list[tuple[str, list[str], str | None]]:
    """The melee sheets the encounter leaves, as (owner, attackers, owner's own target), characters'
    sheets first. Every denizen or hireling attacking a character stands on his sheet; a denizen or
    hireling attacked by a denizen or hireling owns a sheet with its attackers on it (a pair attacking
    each other shares one sheet); a denizen only a character attacks is alone on its own sheet."""
    targets = result.targets
    sheets: dict[str, list[str]] = {}
    placed: set[str] = set()
    gone = set(result.ran_away)
    for character in characters:
        if character in gone:
            continue
        attackers = [a for a, t in targets.items() if t == character and a not in characters]
        sheets[character] = attackers
        placed.update(attackers)
    for attacker, target in targets.items():
        if attacker in characters or attacker in placed or target in characters:
            continue
        if target in sheets:
            sheets[target].append(attacker)
        elif targets.get(target) == attacker and target not in placed:
            sheets[target] = [attacker]
            placed.add(target)
        else:
            sheets[target] = [attacker]
        placed.add(attacker)
    for name in sorted(result.own_sheets):
        if name not in sheets and name not in placed:
            sheets[name] = []
    # A character's attack lands on its target's counter: a target on no sheet (a watchful native left
    # unassigned by an Ambush, a free hireling) stands alone on its own sheet for the melee round.
    for attacker, target in targets.items():
        if (
            attacker in characters
            and target not in characters
            and target not in sheets
            and target not in placed
        ):
            sheets[target] = []
    return [
        (owner, attackers, None if owner in characters else targets.get(owner))
        for owner, attackers in sheets.items()
    ]


def apply_encounter(round_input, result: EncounterResult):
    """The melee step's RoundInput (systems.magic_realm.engine.model) after the encounter: targets, sheets, who is
    hidden, who ran away, rebels unhired, weapons alerted, characters' targets in their plays. Boxes
    given in the round's own sheets are kept for combatants that stay on the same sheet."""
    from systems.magic_realm.engine.model import Position, Sheet

    if result.choice_needed is not None:
        raise EncounterInvalid([EncounterError(result.choice_needed.path, result.choice_needed.message)])
    state = round_input.state
    alerted: dict[str, set[str]] = {}
    for character, weapon in result.alerted:
        alerted.setdefault(character, set()).add(weapon.lower())
    rebels = {rebel.name for rebel in result.rebels}
    characters = tuple(
        replace(
            c,
            hidden=c.hidden if c.dead or c.fled else c.id in result.hidden,
            fled=c.fled or c.id in result.ran_away,
            weapons=tuple(
                replace(w, alerted=True) if w.name.lower() in alerted.get(c.id, set()) else w
                for w in c.weapons
            ),
        )
        for c in state.characters
    )
    denizens = tuple(
        d
        if not d.active
        else replace(d, target=result.targets.get(d.id), hired_by=None if d.id in rebels else d.hired_by)
        for d in state.denizens
    )
    given = {(s.owner, p.combatant): p for s in round_input.sheets for p in s.attackers}
    given_owner = {s.owner: s.owner_position for s in round_input.sheets}
    sheets = tuple(
        Sheet(
            owner=owner,
            attackers=tuple(given.get((owner, a), Position(a)) for a in attackers),
            owner_position=given_owner.get(owner),
            owner_target=owner_target,
        )
        # Only characters still in the fight own a sheet: a dead or fled character's sheet is gone (issue #14.1).
        for owner, attackers, owner_target in melee_sheets(result, tuple(c.id for c in state.characters if not c.dead and not c.fled))
    )
    plays = tuple(
        _melee_play(replace(p, target=p.target or result.targets.get(p.character)), result.ran_away)
        for p in round_input.plays
        if p.character not in result.ran_away
    )
    return replace(
        round_input,
        state=replace(state, characters=characters, denizens=denizens),
        sheets=sheets,
        plays=plays,
    )


def _melee_play(play, ran_away):
    """A play against a character who ran away in the encounter step loses its target and its attack, as if
    it had not been played: in the game the melee plays are chosen after the encounter step, so no one
    attacks a runner. The round used to be refused ("plays.Captain.target: Amazon is gone", issue #14.1)."""
    if play.target in ran_away:
        return replace(play, target=None, attack=None)
    return play


def encounter_summary(result: EncounterResult, melee_input=None) -> dict:
    """What an encounter decided, as plain JSON (the golden files of docs/examples compare this)."""
    summary = {
        "events": [str(event) for event in result.events],
        "targets": dict(result.targets),
        "watchful": sorted(result.watchful),
        "battling": sorted([group, character] for group, character in result.battling),
        "hidden": sorted(result.hidden),
        "ran_away": list(result.ran_away),
        "rebels": [[rebel.name, rebel.group, rebel.character, rebel.notoriety] for rebel in result.rebels],
        "fame_lost": dict(result.fame_lost),
        "dice": [list(roll.dice) for roll in result.dice],
        "chits_played": {name: list(chits) for name, chits in result.chits_played.items()},
        "choice_needed": result.choice_needed.path if result.choice_needed else None,
    }
    if melee_input is not None:
        summary["sheets"] = [
            {
                "owner": s.owner,
                "attackers": [p.combatant for p in s.attackers],
                "owner_target": s.owner_target,
            }
            for s in melee_input.sheets
        ]
    return summary
