"""The odds of what a Magic Realm side plans (systems/interface.py `planned_odds`): the character's own attack
and each of his hirelings' attacks, as `odds` queries (../shared/spec/odds.md) built from the round input.

What the plays say (docs/round-format.md): the attack's chit gives the strength and time; beside it a weapon
(alerted when the character's entry says so, or when he alerts it in the encounter step: an `alert` among the
encounter section's `actions`), else the dagger, or with a MAGIC chit an attack spell (time 0 when the chit is
played `alerted`). A hireling attacks its deployment's target (`encounter.deployments`), else the target its
entry carries. The target is a denizen that may change tactics before the attack (its side, as the state has
it), or a character with his armor (a shield guards one box only, and so is left out, as is destroyed armor).
Neither the direction (repositioning and change tactics come after the plays) nor the target's maneuver is
known: the query leaves `intercept` unknown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from systems.interface import PlannedOdds, ask_planned
from systems.magic_realm.engine.model import BattleState, CharacterState, DenizenState
from systems.magic_realm.engine.round_format import state_from_json
from systems.magic_realm.odds import odds

DAGGER = "dagger"  # a FIGHT chit played without a weapon (docs/round-format.md, `attack`)


@dataclass(frozen=True)
class PlannedQuery:
    """One planned attack: who makes it, on whom, and the `odds` query that asks its chances."""

    attacker: str
    target: str
    query: dict[str, Any]
    assumed: str = ""  # what the query takes that the plays do not know, beyond what the answer says


def planned_odds(round_input: dict[str, Any], side: str) -> tuple[PlannedOdds, ...]:
    """Each planned attack's chances, from Magic Realm's own `odds` (what `manage.py combat_odds` answers)."""
    return tuple(answered(planned, odds) for planned in planned_queries(round_input, side))


def answered(planned: PlannedQuery, ask) -> PlannedOdds:
    """The planned attack with `ask`'s answer to its query (its outcomes, and its explanation, which says what
    is unknown), or the reason it has none."""
    return ask_planned(planned.attacker, planned.target, planned.query, ask, planned.assumed)


def planned_queries(round_input: dict[str, Any], side: str) -> tuple[PlannedQuery, ...]:
    """The side's own attack (when it names a chit and a target) and then its hirelings' (each still in the
    battle, with a target), in the state's order. A plan still being typed is no error: what cannot be asked
    yet is left out."""
    state = state_from_json(round_input.get("state") or {})
    me = next((c for c in state.characters if c.id == side), None)
    if me is None or me.dead or me.fled:
        return ()
    rules = round_input.get("rules", "standard")
    encounter = round_input.get("encounter") if isinstance(round_input.get("encounter"), dict) else {}
    plays = (round_input.get("plays") or {}).get(side)
    planned = []
    own = _own_query(state, me, plays if isinstance(plays, dict) else {}, encounter, rules)
    if own is not None:
        planned.append(own)
    deployed = {entry.get("hireling"): entry.get("target") for entry in encounter.get("deployments") or []
                if isinstance(entry, dict)}
    for hireling in state.denizens:
        if hireling.hired_by != side or not hireling.active:
            continue
        target_id = deployed.get(hireling.id) or hireling.target
        target = _target(state, target_id)
        if target is not None:
            attack = {"denizen": hireling.counter, "side": hireling.side}
            planned.append(PlannedQuery(hireling.id, target_id, _query(rules, attack, target),
                                        _assumed(target_id, target)))
    return tuple(planned)


def _own_query(state: BattleState, me: CharacterState, plays: dict[str, Any], encounter: dict[str, Any],
               rules: Any) -> PlannedQuery | None:
    attack = plays.get("attack") if isinstance(plays.get("attack"), dict) else {}
    chit = me.chit(attack["chit"]) if isinstance(attack.get("chit"), str) else None
    target = _target(state, plays.get("target"))
    if chit is None or chit.time is None or target is None:
        return None
    if attack.get("spell"):
        attack_query: dict[str, Any] = {"spell": attack["spell"], "time": 0 if attack.get("alerted") else chit.time}
    else:
        weapon = attack.get("weapon") or DAGGER
        held = next((w for w in me.weapons if w.name == weapon), None)
        alerts = {action.get("alert") for action in encounter.get("actions") or []
                  if isinstance(action, dict) and action.get("character") == me.id}
        attack_query = {"weapon": weapon, "alerted": bool(held and held.alerted) or weapon in alerts,
                        "fight": {"strength": chit.strength, "time": chit.time}}
    return PlannedQuery(me.id, plays["target"], _query(rules, attack_query, target),
                        _assumed(plays["target"], target))


def _target(state: BattleState, target_id: Any) -> dict[str, Any] | None:
    """A combatant of the state as an odds query's target, or None when there is no such combatant left."""
    denizen: DenizenState | None = next((d for d in state.denizens if d.id == target_id), None)
    if denizen is not None:
        if not denizen.active:
            return None
        return {"denizen": denizen.counter, "side": denizen.side, "may_change_tactics": True}
    other = next((c for c in state.characters if c.id == target_id), None)
    if other is None or other.dead or other.fled:
        return None
    return {"character": other.character,
            "armor": [{"name": a.name, "state": a.state} for a in other.armor
                      if a.state != "destroyed" and "shield" not in a.name.lower()]}


def _assumed(target_id: str, target: dict[str, Any]) -> str:
    """A character's maneuver is his own sealed play, and the query takes none (the answer says so)."""
    if "character" not in target:
        return ""
    return (f"{target_id}'s maneuver is sealed: these are the chances against one who played none, always "
            "intercepted (rule 5.4/4).")


def _query(rules: Any, attack: dict[str, Any], target: dict[str, Any]) -> dict[str, Any]:
    return {"rules": rules, "attack": attack, "target": target, "intercept": None}
