"""A GM's hand adjustments to a Fallen Empire battle between rounds (systems/interface.py `adjustments`,
`adjust`): the changes of its kind, a melee round's (melee_adjustments.py) or a joust's
(joust_adjustments.py)."""

from __future__ import annotations

from systems.adjusting import adjusted, offered
from systems.fallen_empire import joust_adjustments, melee_adjustments
from systems.interface import Adjustment, AdjustmentRefused

GROUPS = {"melee": melee_adjustments.GROUPS, "joust": joust_adjustments.GROUPS}


def _groups(state: dict):
    kind = state.get("kind") if isinstance(state, dict) else None
    if not isinstance(kind, str) or kind not in GROUPS:
        raise AdjustmentRefused(f"a Fallen Empire state is a melee round or a joust (its kind), not {kind!r}")
    return GROUPS[kind]


def adjustments(state: dict) -> tuple[Adjustment, ...]:
    return offered(state, _groups(state))


def adjust(state: dict, change: str) -> tuple[dict, str]:
    return adjusted(state, change, _groups(state))
