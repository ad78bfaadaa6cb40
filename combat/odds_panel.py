"""The odds panel on a side's plays page: the chances of the side's planned attack and its hirelings' attacks,
answered by the campaign's system's `odds` through the interface (the same function as `manage.py
combat_odds`), and the outcomes' shares as whole percentages.

What is planned, and the `combat_odds` query (shared/spec/odds.md) of each, is Magic Realm's to say
(`systems.magic_realm.planned_odds`, the system's `planned_odds`): the panel only writes the battle's state and
the side's plays, as the app keeps them, into a round input (docs/round-format.md), as the round file would
have them."""

from __future__ import annotations

from typing import Any

from combat.round_file import encounter_section, engine_play, rules_dict
from systems import get_system
from systems.interface import PlannedOdds, percent_shares
from systems.magic_realm.planned_odds import answered, planned_queries


def planned_round_input(battle_state: dict[str, Any], plays: dict[str, Any], character: str,
                        rules: Any) -> dict[str, Any]:
    """The round input of the side's plays alone: the battle's state and sheets, the plays as the round file
    writes them, and the encounter section of the side's encounter choices (an alert, its hirelings'
    deployments), where the hirelings the side sends against new targets for the melee (`plays["hirelings"]`)
    are deployed too, as the engine treats them."""
    section, _ = encounter_section({character: plays}, {})
    deployed = {entry["hireling"] for entry in section.get("deployments", [])}
    for hireling, target in (plays.get("hirelings") or {}).items():
        if target and hireling not in deployed:
            section.setdefault("deployments", []).append({"hireling": hireling, "target": target})
    round_input = {"rules": rules, "state": battle_state.get("state", {}), "sheets": battle_state.get("sheets", []),
                   "plays": {character: engine_play(plays)}}
    if section:
        round_input["encounter"] = section
    return round_input


def odds_query(battle_state: dict[str, Any], plays: dict[str, Any], character: str, rules: Any) -> dict[str, Any] | None:
    """The `combat_odds` query (shared/spec/odds.md) for a side's planned attack, or None without one.

    The target's direction is left unknown: repositioning and change tactics happen after the plays."""
    round_input = planned_round_input(battle_state, plays, character, rules)
    return next((planned.query for planned in planned_queries(round_input, character)
                 if planned.attacker == character), None)


def odds_for_plays(battle, plays: dict[str, Any], character: str) -> list[dict[str, Any]]:
    """The odds panel: for the side's planned attack and each of its hirelings' attacks, the chance to
    kill or wound the target under the campaign's rules, from the campaign's system's `odds`, as `combat_odds`."""
    round_input = planned_round_input(battle.state, plays or {}, character, rules_dict(battle.campaign))
    system = get_system(battle.campaign.system)
    return [_entry(answered(planned, system.odds)) for planned in planned_queries(round_input, character)]


def _entry(planned: PlannedOdds) -> dict[str, Any]:
    if planned.error:
        return {"attacker": planned.attacker, "target": planned.target, "error": planned.error}
    outcomes = dict(planned.outcomes)
    return {
        "attacker": planned.attacker,
        "target": planned.target,
        "p_kill": outcomes.get("killed", 0.0),
        "p_wound": outcomes.get("wounded", 0.0),
        "p_miss": outcomes.get("miss", 0.0),
        "outcomes": outcomes,
        "shares": percent_shares(outcomes),
        "explanation": planned.explanation,
    }
