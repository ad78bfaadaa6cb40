"""Fallen Empire behind the systems interface (systems/interface.py): a round input is a melee round
(`"kind": "melee"`, melee_plugin.py) or a pass of the Joust (`"kind": "joust"`, joust_plugin.py); the kind
is part of the input and picks the rules. The campaign's options hold for both kinds."""

from __future__ import annotations

from typing import Any

from systems.errors import FieldError, PlaysInvalid
from systems.fallen_empire import joust_plugin, melee_plugin
from systems.interface import Option, Options, Preset, PlaysForm, Resolution, SideSummary

KINDS = ("melee", "joust")
PLUGINS = {"melee": melee_plugin, "joust": joust_plugin}
OPTIONS = Options(
    options=(
        Option("magic_before_melee", "Magic before melee", "bool", False,
               "ruling R5: the author's earlier phase order (melee before magic is his later one)"),
        Option("surprise", "Surprise in the first round", "bool", True,
               "FE 3.1: false when the GM rules nobody can be surprised"),
        Option("joust_max_passes", "Rides in a joust", "number", None,
               "ruling R1: stop a joust after this many passes (none: until a pool runs out)", minimum=1, maximum=20,
               nullable=True),
    ),
    presets=(
        Preset("as-written", "As written (melee before magic; a joust runs until a pool is empty)"),
        Preset("earlier-order", "The author's earlier order: magic before melee", {"magic_before_melee": True}),
        Preset("three-rides", "Tournament: a joust is three rides at most", {"joust_max_passes": 3}),
    ),
)


def options() -> Options:
    return OPTIONS


def check_options(values: dict[str, Any]) -> list[FieldError]:
    return OPTIONS.check(values)


def with_options(round_input: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """The campaign's options written where each kind reads them: a melee round's `options`, a joust's
    `max_passes` (ruling R1)."""
    chosen = OPTIONS.values(values)
    if round_input.get("kind") == "joust":
        rest = {key: value for key, value in round_input.items() if key != "max_passes"}
        return rest if chosen["joust_max_passes"] is None else {**rest, "max_passes": chosen["joust_max_passes"]}
    return {**round_input, "options": {"magic_before_melee": chosen["magic_before_melee"], "surprise": chosen["surprise"]}}


def _kind_error(round_input: Any) -> FieldError | None:
    if not isinstance(round_input, dict):
        return FieldError("(file)", "a round input is a JSON object")
    kind = round_input.get("kind")
    if not isinstance(kind, str) or kind not in PLUGINS:  # a list or an object is no kind (and not hashable)
        return FieldError("kind", f"must be one of {', '.join(sorted(KINDS))} (a melee round or a joust pass), "
                                  f"not {round_input.get('kind')!r}")
    return None


def _plugin(round_input: Any):
    error = _kind_error(round_input)
    if error:
        raise PlaysInvalid([error])
    return PLUGINS[round_input["kind"]]


def input_schema(kind: str | None = None) -> dict[str, Any]:
    return PLUGINS[kind or KINDS[0]].input_schema()


def validate(round_input: Any) -> list[FieldError]:
    error = _kind_error(round_input)
    return [error] if error else PLUGINS[round_input["kind"]].validate(round_input)


def resolve(round_input: dict[str, Any], *, seed: int | None = None, dice: Any = None) -> Resolution:
    return _plugin(round_input).resolve(round_input, seed=seed, dice=dice)


def sides(round_input: dict[str, Any]) -> tuple[str, ...]:
    return _plugin(round_input).sides(round_input)


def sides_in_battle(round_input: dict[str, Any]) -> tuple[str, ...]:
    return _plugin(round_input).sides_in_battle(round_input)


def plays_form(round_input: dict[str, Any], side: str) -> PlaysForm:
    return _plugin(round_input).plays_form(round_input, side)


def summaries(round_input: dict[str, Any], resolution: Resolution) -> tuple[SideSummary, ...]:
    return _plugin(round_input).summaries(round_input, resolution)


def picture(round_input: dict[str, Any], resolution: Resolution | None = None) -> str | None:
    return joust_plugin.picture(round_input, resolution) if round_input.get("kind") == "joust" else None


def picture_for(round_input: dict[str, Any], side: str) -> str | None:
    """A jouster sees both pools (the dice each throws are seen in the lists, FE J.3-J.5: the pools are no secret);
    a melee shows no picture."""
    return picture(round_input)
