"""A battle's state between rounds, whatever its system: a round input without plays or dice (a battle's
starting state, `Resolution.state`, a state after a GM's hand adjustment), checked the same way for all."""

from __future__ import annotations

from typing import Any

from systems.errors import FieldError
from systems.interface import side_errors


def state_errors(system, round_input: Any) -> list[FieldError]:
    """What is wrong with a battle's starting state, leaving out the plays no side has made yet."""
    if not isinstance(round_input, dict):
        return [FieldError("state", "must be a JSON object (a round file of the system without its plays)")]
    if round_input.get("system") not in (None, system.NAME):
        return [FieldError("system", f"this campaign fights by {system.TITLE} ({system.NAME}), not "
                                     f"{round_input.get('system')!r}")]
    errors = system.validate(round_input)
    if not errors:
        return []
    try:
        owned = {error for side in system.sides(round_input)
                 for error in side_errors(errors, system.plays_form(round_input, side))}
    except (KeyError, TypeError, ValueError, StopIteration):
        return errors  # the state is too broken to draw a form from: its errors say why
    return [error for error in errors if error not in owned]
