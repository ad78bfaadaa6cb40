"""The odds panel beside a side's plays form in a battle fought through the systems interface: the chances of
what the side has planned so far, from its system's `planned_odds` (its own `odds`, the answers `manage.py
combat_odds` gives), each as whole percentages that add up to 100. The GM's round page and the player's page
draw the same rows (`combat/_system_odds.html`), and redraw them out of band as the answers are typed."""

from __future__ import annotations

import logging
from typing import Any, Mapping

from systems.interface import GM, PlannedOdds, PlaysForm, fill, percent_shares

logger = logging.getLogger(__name__)


def odds_rows(system, round_input: Mapping[str, Any], form: PlaysForm, answers: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each planned attack of the side as the panel draws it: who against whom, the outcomes' shares, what
    the chances assume, or, when the plan cannot be asked yet, a sentence naming the plan and saying why
    (`no_odds_yet`). None planned: no rows."""
    if not form.fields or form.side == GM:  # the GM's own entries plan no attack
        return []
    try:
        planned = system.planned_odds(fill(round_input, form, answers), form.side)
    except Exception:  # a half-typed plan is no reason to break the page the player or the GM is typing in
        logger.warning("planned_odds_failed", exc_info=True, extra={"side": form.side})
        return []
    return [{"attacker": odds.attacker, "target": odds.target or "", "shares": percent_shares(odds.outcomes),
             "explanation": odds.explanation, "error": no_odds_yet(odds) if odds.error else ""} for odds in planned]


def no_odds_yet(odds: PlannedOdds) -> str:
    """Why a plan has no odds, naming the plan: "No odds yet for Aldric against Goblin 1: <the odds' words>",
    or "... for Aldric's attack: ..." before it names a target; never the odds' words alone."""
    plan = f"{odds.attacker} against {odds.target}" if odds.target else f"{odds.attacker}'s attack"
    return f"No odds yet for {plan}: {odds.error}"
