"""The odds panel on a side's plays page: the `combat_odds` query (shared/spec/odds.md) for the side's
planned attack and its hirelings' attacks, answered by the campaign's system's `odds` through the interface
(the same function as `manage.py combat_odds`), and the outcomes' shares as whole percentages.

Building the query reads the side's plays in Magic Realm's own form (a chit's label gives the attack's
strength and time: `parse_chit`), as the rest of Magic Realm's round page does (docs/systems.md, "What is
still to do for issue #11")."""

from __future__ import annotations

from typing import Any

from combat.round_file import character_entry, rules_dict
from systems import get_system
from systems.interface import percent_shares  # noqa: F401 (re-exported: the panel's shares)
from systems.magic_realm.engine.model import ChitLabelError, parse_chit


def odds_query(battle_state: dict[str, Any], plays: dict[str, Any], character: str, rules: dict[str, Any]) -> dict[str, Any] | None:
    """The `combat_odds` query (shared/spec/odds.md) for a side's planned attack, or None without one.

    The target's direction is left unknown: repositioning and change tactics happen after the plays."""

    attack = plays.get("attack") or {}
    target_id = plays.get("target")
    if not attack.get("chit") or not target_id:
        return None
    try:
        chit = parse_chit(attack["chit"].split(" #")[0])
    except ChitLabelError:
        return None
    state = battle_state.get("state", {})
    if attack.get("spell"):
        attack_query: dict[str, Any] = {"spell": attack["spell"], "time": chit.time}
    elif attack.get("weapon"):
        entry = character_entry(battle_state, character) or {}
        weapon = next((w for w in entry.get("weapons", []) if w["name"] == attack["weapon"]), {"alerted": False})
        alerting = ((plays.get("encounter") or {}).get("alert") or {}).get("weapon")
        attack_query = {"weapon": attack["weapon"], "alerted": bool(weapon.get("alerted")) or alerting == attack["weapon"],
                        "fight": {"strength": chit.strength, "time": chit.time}}
    else:
        attack_query = {"harm": chit.strength or "L", "sharpness": 0, "time": chit.time, "missile": False}
    denizen = next((d for d in state.get("denizens", []) if d["id"] == target_id), None)
    if denizen is not None:
        target_query: dict[str, Any] = {"denizen": denizen["counter"], "side": denizen.get("side", "light"),
                                        "may_change_tactics": True}
    else:
        other = character_entry(battle_state, target_id)
        if other is None:
            return None
        target_query = {"character": other["character"],
                        "armor": [{"name": a["name"], "state": a["state"]} for a in other.get("armor", [])
                                  if a.get("state") != "destroyed" and "shield" not in a["name"].lower()]}
    return {"rules": rules, "attack": attack_query, "target": target_query, "intercept": None}


def odds_for_plays(battle, plays: dict[str, Any], character: str) -> list[dict[str, Any]]:
    """The odds panel: for the side's planned attack and each of its hirelings' attacks, the chance to
    kill or wound the target under the campaign's rules, from the campaign's system's `odds`, as `combat_odds`."""
    rules = rules_dict(battle.campaign)
    queries: list[tuple[str, str | None, dict[str, Any] | None]] = []
    try:
        queries.append((character, (plays or {}).get("target"), odds_query(battle.state, plays or {}, character, rules)))
    except Exception:  # a half-typed draft is no reason to break the page
        pass
    state = battle.state.get("state", {})
    retargeted = (plays or {}).get("hirelings") or {}
    for denizen in state.get("denizens", []):
        if denizen.get("hired_by") != character or denizen.get("dead") or denizen.get("fled"):
            continue
        target = retargeted.get(denizen["id"]) or denizen.get("target")
        queries.append((denizen["id"], target, _denizen_odds_query(state, denizen, target, rules)))
    system = get_system(battle.campaign.system)
    panel = []
    for attacker, target, query in queries:
        if query is None:
            continue
        try:
            answer = system.odds(query)
        except Exception as error:  # the odds cannot answer a draft the engine would reject anyway
            panel.append({"attacker": attacker, "target": target, "error": str(error)})
            continue
        outcomes = answer.get("outcomes", {})
        panel.append({
            "attacker": attacker,
            "target": target,
            "p_kill": answer.get("p_kill", 0.0),
            "p_wound": outcomes.get("wounded", 0.0),
            "p_miss": outcomes.get("miss", 0.0),
            "outcomes": outcomes,
            "shares": percent_shares(outcomes),
            "explanation": answer.get("explanation", ""),
        })
    return panel


def _denizen_odds_query(state: dict[str, Any], denizen: dict[str, Any], target_id: str | None, rules) -> dict[str, Any] | None:
    target = next((d for d in state.get("denizens", []) if d["id"] == target_id), None)
    if target is None:
        return None
    return {
        "rules": rules,
        "attack": {"denizen": denizen["counter"], "side": denizen.get("side", "light")},
        "target": {"denizen": target["counter"], "side": target.get("side", "light"), "may_change_tactics": True},
        "intercept": None,
    }
