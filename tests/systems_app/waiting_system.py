"""A small combat system for the tests only, whose round stops half-way twice: first for a side's choice in the
middle of the round (which way Aldric dodges, and how far), then for the GM's ruling (is the omen good or bad?).
Registered by the tests that use it (`register`, monkeypatching `systems.SYSTEMS`), never by the app.

Its round input: {"system", "kind": "round", "combatants": [...], "plays": {side: {"strike": 1..3}},
"choices": {"Aldric": {"dodge", "steps"}}, "gm_rulings": {"omen"}}; its one die comes from the seed, so a test
can tell the round was resolved again with the same seed."""

from __future__ import annotations

import random
from typing import Any, Mapping

from systems.errors import FieldError
from systems.interface import (ALL, GM, Adjustment, AdjustmentRefused, Choice, Field, Options, PlaysForm,
                               Resolution, ResolvedEvent, SideSummary, asks_from_form, no_dues_form, no_gm_entries,
                               no_side_picture, nothing_to_settle)
from systems.options import fingerprint as options_fingerprint  # noqa: F401 (the interface's, every system's)
from systems.records import (any_record as check_record, bare_record as new_record,  # noqa: F401
                             no_record_changes as record_changes, no_record_form as record_form,
                             records_ignored as with_records)  # its combatants keep no record
from systems.setup import cannot_set_up as set_up, no_setup_form as setup_form  # noqa: F401 (from its starting state)
from systems.campaign_defaults import *  # noqa: F401,F403 (7-day weeks, free names, no starting information)

NAME = "waiting-test"
TITLE = "A test system whose rounds wait"
KINDS = ("round",)
dues_form = no_dues_form  # nothing is owed after a round
settle = nothing_to_settle

STARTING_STATE = {"system": NAME, "kind": "round", "combatants": ["Aldric", "Bryn", "Goblin"]}
STRIKES = (1, 2, 3)
DODGES = ("left", "right")
OMENS = ("good", "bad")


def register(monkeypatch) -> None:
    import systems

    monkeypatch.setitem(systems.SYSTEMS, NAME, __name__)


def options() -> Options:
    return Options()


def check_options(values: Mapping[str, Any]) -> list[FieldError]:
    return options().check(values)


def with_options(round_input: dict[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    return dict(round_input)


def input_schema(kind: str | None = None) -> dict[str, Any]:
    return {"type": "object"}


def sides(round_input: dict[str, Any]) -> tuple[str, ...]:
    return tuple(round_input.get("combatants", ()))


sides_in_battle = sides  # no one leaves its battles: a side with nothing to choose is opened, locked


def plays_form(round_input: dict[str, Any], side: str) -> PlaysForm:
    if side == GM:  # the rules of this system leave the GM nothing to enter
        return no_gm_entries(round_input)
    return PlaysForm(side, f"{side} strikes", (
        Field("strike", "choice", "How hard", f"plays.{side}.strike",
              choices=tuple(Choice(n, f"Strike {n}") for n in STRIKES)),))


asks_anything = asks_from_form(plays_form)  # whether its form has a field, from the form


def validate(round_input: Any) -> list[FieldError]:
    if not isinstance(round_input, dict):
        return [FieldError("", "must be an object")]
    errors = []
    for side, plays in (round_input.get("plays") or {}).items():
        if (plays or {}).get("strike") not in STRIKES:
            errors.append(FieldError(f"plays.{side}.strike", "must be 1, 2 or 3"))
    choice = (round_input.get("choices") or {}).get("Aldric") or {}
    if "dodge" in choice and choice["dodge"] not in DODGES:
        errors.append(FieldError("choices.Aldric.dodge", "must be left or right"))
    if choice.get("dodge") == "left" and choice.get("steps") == 3:
        errors.append(FieldError("choices.Aldric.steps", "a wall stands on the left: at most 2 steps that way"))
    omen = (round_input.get("gm_rulings") or {}).get("omen")
    if omen is not None and omen not in OMENS:
        errors.append(FieldError("gm_rulings.omen", "must be good or bad"))
    return errors


def resolve(round_input: dict[str, Any], *, seed: int | None = None, dice: Any = None) -> Resolution:
    choice = (round_input.get("choices") or {}).get("Aldric") or {}
    omen = (round_input.get("gm_rulings") or {}).get("omen")
    state = {key: value for key, value in round_input.items() if key not in ("plays", "choices", "gm_rulings")}
    if not choice.get("dodge"):
        return _waiting(state, "choice", FieldError("choices.Aldric.dodge",
                                                    "Aldric must choose which way to dodge the Goblin's blow"))
    if omen is None:
        return _waiting(state, "ruling", FieldError("gm_rulings.omen", "the rules give no table for the omen: the GM rules"),
                        gm=True)
    die = random.Random(seed).randint(1, 6)
    text = f"Aldric dodges {choice['dodge']} {choice['steps']} step(s); the omen is {omen}; the die shows {die}."
    event = ResolvedEvent("dodge", text, "T.1", "Dodging", f"{text} (rule T.1)", ("Aldric",), ALL)
    return Resolution(events=(event,), state={**state, "round": state.get("round", 1) + 1}, owes={}, must_choose={},
                      output={"seed": seed, "die": die, "omen": omen, "dodge": choice["dodge"]})


def _waiting(state, what: str, error: FieldError, gm: bool = False) -> Resolution:
    return Resolution(events=(), state=state, owes={}, must_choose={},
                      output={"waiting": what, "message": error.message}, waiting_for=(error,), waits_for_gm=gm)


def waiting_forms(round_input: dict[str, Any], output: dict[str, Any]) -> tuple[PlaysForm, ...]:
    if output.get("waiting") == "choice":
        return (PlaysForm("Aldric", "Aldric dodges the Goblin's blow", (
            Field("dodge", "choice", "Which way", "choices.Aldric.dodge",
                  choices=tuple(Choice(d, d.title()) for d in DODGES)),
            Field("steps", "number", "How many steps", "choices.Aldric.steps", minimum=1, maximum=3),
        ), notes=("The Goblin swings first.",)),)
    if output.get("waiting") == "ruling":
        return (PlaysForm(GM, "The omen", (
            Field("omen", "choice", "The omen is", "gm_rulings.omen",
                  choices=tuple(Choice(o, o.title()) for o in OMENS)),
        )),)
    return ()


def summaries(round_input: dict[str, Any], resolution: Resolution) -> tuple[SideSummary, ...]:
    return tuple(SideSummary(side, tuple(event.text for event in resolution.events_for(side)))
                 for side in sides(round_input))


def picture(round_input: dict[str, Any], resolution: Resolution | None = None) -> str | None:
    return None


picture_for = no_side_picture  # a side sees no picture of the table


def odds(query: dict) -> dict:
    return {}


def adjustments(state: dict[str, Any]) -> tuple[Adjustment, ...]:
    return ()


def adjust(state: dict[str, Any], change: str) -> tuple[dict[str, Any], str]:
    raise AdjustmentRefused("nothing to adjust in this system")


def rename(round_input, names):
    from systems.renaming import renamer

    return renamer(sides)(round_input, names)


def standing(round_input, side):
    return ()  # nothing to say of a test side beyond its form
