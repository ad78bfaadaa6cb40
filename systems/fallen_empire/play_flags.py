"""The optional flags of a Fallen Empire melee play as fields of the plays form (docs/systems/fallen-empire.md,
FE 2): passing enemies (FE 6.4), cover and a bodyguard (FE 7.2, ruling R17), a rear attack (FE 8.4, ruling R20),
the flat of the blade (FE 8.7), covering an ally's retreat (FE 6.5, ruling R16) and declining free attacks
(FE 6.4, ruling R31). Each is offered only beside the actions the round's validation accepts it with, and only
where the state gives it something to do."""

from __future__ import annotations

from typing import Any

from systems.fallen_empire.model import Combatant, RoundInput
from systems.interface import Choice, Field

YES_NO = (False, True)


def flag_fields(parsed: RoundInput, me: Combatant, actions: list[str], targets: dict[str, list[str]],
                plays: dict[str, Any], path: str) -> list[Field]:
    """The flag fields for `me`, given the actions offered and each targeted action's targets (by action);
    `plays` are the plays already in the round input (an ally's full retreat, for FE 6.5)."""
    fields = passing_fields(parsed, me, actions, path)
    fields += missile_fields(parsed, targets.get("missile", []), path)
    fields += rear_fields(parsed, me, targets.get("melee", []), path)
    if {"melee", "charge"} & set(actions):
        fields.append(flag("subdue", f"{path}.subdue", "Flat of the blade",
                           "FE 8.7: -2 to hit; the damage is subdual damage, and a foe brought to 0 by it is "
                           "unconscious, not dead (FE 12.6)",
                           ("Strike to kill", "Flat of the blade (subdue)"),
                           ("action", tuple(a for a in ("melee", "charge") if a in actions))))
    fields += covering_fields(parsed, me, targets, plays, path)
    if me.fighting and me.melee is not None:
        fields.append(Field("opportunity", "choice", "Free attacks", f"{path}.opportunity",
                            "FE 6.4, ruling R31: one free attack a round on an engaged enemy making a full retreat, "
                            "or on a mover passing right by; taken unless declined",
                            (Choice(True, "Take them"), Choice(False, "Decline them")), required=False))
    return fields


def flag(name: str, path: str, label: str, help_text: str, labels: tuple[str, str],
         shown_when: tuple[str, tuple[Any, ...]]) -> Field:
    """A yes-or-no flag (no first: the play's default), written as false or true."""
    return Field(name, "choice", label, path, help_text,
                 tuple(Choice(value, text) for value, text in zip(YES_NO, labels)), required=False,
                 shown_when=shown_when)


def passing_fields(parsed: RoundInput, me: Combatant, actions: list[str], path: str) -> list[Field]:
    """FE 6.4: a move or a charge names the enemies it passes right by; only one who can strike a free blow
    (in the fight, with a melee weapon) is worth naming."""
    movers = tuple(action for action in ("move", "charge") if action in actions)
    passed = [c.name for c in parsed.combatants
              if c.side != me.side and c.fighting and c.melee is not None]
    if not movers or not passed:
        return []
    return [Field("passing", "multi-choice", "Passing right by", f"{path}.passing",
                  "FE 6.4: each enemy named may take one free attack; one that deals damage stops the move (a "
                  "stopped charge makes no attack)", tuple(Choice(name, name) for name in passed), required=False,
                  shown_when=("action", movers))]


def missile_fields(parsed: RoundInput, targets: list[str], path: str) -> list[Field]:
    """FE 7.2, ruling R17: the target behind cover, or covered by another's body: a fighting ally of the target."""
    if not targets:
        return []
    fields = [flag("cover", f"{path}.cover", "Target behind cover",
                   "FE 7.2: once the target is hit, 1d6: 1 to 3 hits the cover instead",
                   ("In the open", "Behind cover"), ("action", ("missile",)))]
    guards = []
    for guard in parsed.combatants:
        guarded = tuple(target for target in targets if target != guard.name
                        and parsed.combatant(target).side == guard.side)
        if guard.fighting and guarded:
            guards.append(Choice(guard.name, f"{guard.name} covers the target with his body",
                                 shown_when=("missile_target", guarded)))
    if guards:
        fields.append(Field("covered_by", "choice", "Covered by", f"{path}.covered_by",
                            "FE 7.2, ruling R17: once the target is hit, 1d6: 1 to 3 hits the bodyguard instead",
                            tuple(guards), required=False, shown_when=("action", ("missile",))))
    return fields


def rear_fields(parsed: RoundInput, me: Combatant, targets: list[str], path: str) -> list[Field]:
    """FE 8.4, ruling R20: from the rear only at a target that faces someone else (engaged with another at the
    start of the round) or may be surprised (a first round that throws for surprise, FE 3.1)."""
    surprise_possible = parsed.round == 1 and parsed.options.surprise
    behind = tuple(target for target in targets
                   if surprise_possible or set(parsed.combatant(target).engaged_with) - {me.name})
    if not behind:
        return []
    return [flag("rear", f"{path}.rear", "From the rear",
                 "FE 8.4: +2 to hit and the target's shield does not count; dishonourable. Only at a target that "
                 "faces someone else or is surprised, else the attack is made from the front (ruling R20)",
                 ("From the front", "From the rear"), ("melee_target", behind))]


def covering_fields(parsed: RoundInput, me: Combatant, targets: dict[str, list[str]], plays: dict[str, Any],
                    path: str) -> list[Field]:
    """FE 6.5, ruling R16: a melee attack or charge on an enemy engaged with an ally whose full retreat is
    already in the round covers that ally from that enemy."""
    retreaters = [c for c in parsed.combatants if c.side == me.side and c.name != me.name
                  and c.engaged_with and plays.get(c.name, {}).get("action") == "retreat"]
    fields = []
    for action in ("melee", "charge"):
        choices = []
        for ally in retreaters:
            foes = tuple(foe for foe in ally.engaged_with if foe in targets.get(action, []))
            if foes:
                choices.append(Choice(ally.name, f"Cover {ally.name}'s full retreat",
                                      shown_when=(f"{action}_target", foes)))
        if choices:
            on = tuple(sorted({foe for choice in choices for foe in choice.shown_when[1]}))
            fields.append(Field(f"{action}_covers", "choice", "Covering a retreat", f"{path}.covers",
                                "FE 6.5, ruling R16: once you have closed in on the foe, he has no free attack on "
                                "the ally's retreat", tuple(choices), required=False,
                                shown_when=(f"{action}_target", on)))
    return fields
