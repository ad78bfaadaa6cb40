"""Setting up a new battle beyond the system's examples: part of the systems interface (systems/interface.py),
pure Python.

The GM's page starts a battle from one of the system's examples (`systems/examples.py`), its JSON editable, with
the campaign's characters cast in it (`rename`). A system whose battles are better set up by a few questions
(Magic Realm: which characters are present, which monsters and natives, who attacks whom, the clearing's
dwelling) answers two more functions:

setup_form(characters) -> PlaysForm | None
    The questions of a new battle, given the names of the campaign's living characters (the ones a battle may
    take): fields with no `path` (`set_up` reads them). None when the system's battles start from its
    examples, and the page works as it does without it (`no_setup_form`, every system's default).

set_up(answers, characters) -> dict
    The battle's starting round input from those answers (round 1's input, of the shape the system's examples
    have, which `validate` accepts with only the sides' plays missing, `systems.states.state_errors`). The
    campaign's records and options are not the answers': the app lays them over afterwards (`with_records`,
    `with_options`). Raises `PlaysInvalid` whose errors' paths are the form's field names, each message naming
    what is wrong (the line it is on). A system without a setup form refuses (`cannot_set_up`).

The helpers below read the answers every such form shares: a list typed one item a line (or comma
separated; `lines`: one a line only), and a pair written 'attacker -> target'.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from systems.errors import FieldError, PlaysInvalid
from systems.interface import PlaysForm

ARROW = re.compile(r"\s*(?:->|→|attacks)\s*", re.IGNORECASE)  # 'Wolf -> Amazon', 'Wolf attacks Amazon'


def no_setup_form(characters: tuple[str, ...]) -> PlaysForm | None:
    """`setup_form` of a system whose battles start from its examples: no questions."""
    return None


def cannot_set_up(answers: Mapping[str, Any], characters: tuple[str, ...]) -> dict[str, Any]:
    """`set_up` of a system without a setup form: always refused, in words."""
    raise PlaysInvalid([FieldError("__all__", "this system's battles start from one of its examples: "
                                              "it has no set-up form to answer")])


def listed(answer: Any) -> list[str]:
    """The items of a text answer, one a line or separated by commas (blank ones left out); a list answer's
    items as they are, stripped."""
    if isinstance(answer, (list, tuple)):
        return lines(answer)
    return [item.strip() for line in lines(answer) for item in line.split(",") if item.strip()]


def lines(answer: Any) -> list[str]:
    """The lines of a text answer, stripped (blank ones left out); a list answer's items as they are, stripped."""
    if answer is None:
        return []
    items = answer if isinstance(answer, (list, tuple)) else str(answer).splitlines()
    return [str(item).strip() for item in items if str(item).strip()]


def pair(line: str) -> tuple[str, str] | None:
    """A line 'attacker -> target' (or 'attacker → target', 'attacker attacks target') as (attacker, target);
    None when it is not one."""
    parts = ARROW.split(line)
    if len(parts) != 2 or not all(part.strip() for part in parts):
        return None
    return parts[0].strip(), parts[1].strip()


def refused(errors: Mapping[str, list[str]]) -> PlaysInvalid:
    """One error per field, its messages joined: a page shows one line beside each field."""
    return PlaysInvalid([FieldError(name, "; ".join(messages)) for name, messages in errors.items() if messages])
