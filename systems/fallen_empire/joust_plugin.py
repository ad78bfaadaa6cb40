"""The Joust (a Fallen Empire battle of `"kind": "joust"`) behind the systems interface: one pass a round.

Who sees what (docs/systems/fallen-empire.md): each jouster chooses his dice in secret, but the pass reveals
both choices and every die, so after resolution every event is seen by all."""

from __future__ import annotations

from typing import Any

from systems.adapting import checked_input, head, public, resolve_checked, schema_of
from systems.errors import FieldError
from systems.fallen_empire.joust import dice_open_to, validate_choices
from systems.fallen_empire.joust_file import SCHEMA_PATH, read_state, resolve_file
from systems.interface import GM, Choice, Field, PlaysForm, Resolution, SideSummary, no_gm_entries

HEAD = ("format", "system", "kind", "title")


def input_schema() -> dict[str, Any]:
    return schema_of(SCHEMA_PATH)


def validate(round_input: Any) -> list[FieldError]:
    return checked_input(round_input, SCHEMA_PATH, read_state,
                         lambda state: validate_choices(state, round_input.get("choices", {})))


def sides(round_input: dict[str, Any]) -> tuple[str, ...]:
    return tuple(jouster["name"] for jouster in round_input["jousters"])


sides_in_battle = sides  # a jouster out of the lists ends the joust: no pass follows without him


def resolve(round_input: dict[str, Any], *, seed: int | None = None, dice: Any = None) -> Resolution:
    output = resolve_checked(validate, resolve_file, round_input, seed, dice)
    after = output["state"]
    state = {**head(round_input, HEAD), "jousters": after["jousters"], "passes": after["passes"]}
    if after["max_passes"] is not None:
        state["max_passes"] = after["max_passes"]
    if after["outcome"] is not None:
        state["outcome"] = after["outcome"]
    names = sides(round_input)
    outcome = after["outcome"] or {}
    owes = {name: tuple(
        ([f"{outcome['damage'][name]} damage from the lance (FE J.8)"] if name in outcome.get("damage", {}) else [])
        + (["leave the tournament, ejected and dishonoured (FE J.8)"] if name in outcome.get("ejected", ()) else []))
        for name in names}
    next_pass = after["passes"] + 1
    must_choose = {name: () if after["over"] else
                   (f"how many dice to throw in pass {next_pass}: {_dice_text(state, name)}",) for name in names}
    return Resolution(tuple(public(output["events"])), state, owes, must_choose, output, after["over"])


def _dice_text(state: dict[str, Any], name: str) -> str:
    allowed = dice_open_to(read_state(state), name)
    return f"1 to {allowed.stop - 1}" if len(allowed) > 1 else "1"


def plays_form(round_input: dict[str, Any], side: str) -> PlaysForm:
    """One to three dice, never more than the pool (FE J.2)."""
    if side == GM:  # the rules leave the GM nothing to enter before a round
        return no_gm_entries(round_input)
    state = read_state(round_input)
    title = f"{side}, pass {state.passes + 1}"
    if state.over:
        return PlaysForm(side, title, notes=("the joust is over",))
    opponent = state.opponent(side)
    return PlaysForm(side, title, (
        Field("dice", "choice", "Dice to throw this pass", f"choices.{side}",
              f"your pool: {state.jouster(side).pool}; {opponent.name}'s: {opponent.pool} (FE J.2)",
              tuple(Choice(count, f"{count} {'die' if count == 1 else 'dice'}")
                    for count in dice_open_to(state, side))),
    ))


def summaries(round_input: dict[str, Any], resolution: Resolution) -> tuple[SideSummary, ...]:
    before = {j["name"]: j["pool"] for j in round_input["jousters"]}
    after = {j["name"]: j["pool"] for j in resolution.state["jousters"]}
    throws = resolution.output["throws"]
    outcome = resolution.output["state"]["outcome"]
    result = []
    for name in sides(round_input):
        lines = [f"{name} threw {', '.join(map(str, throws[name]))}; pool {before[name]} → {after[name]}"]
        if outcome:
            lines.append(f"the joust is over ({outcome['how']}): " + (f"{outcome['winner']} wins" if outcome["winner"]
                                                                       else "a draw"))
        lines += list(resolution.owes[name]) + list(resolution.must_choose[name])
        result.append(SideSummary(name, tuple(lines)))
    return tuple(result)


def picture(round_input: dict[str, Any], resolution: Resolution | None = None) -> str:
    """Each jouster's pool as a row of dice, after the pass when there is a resolution."""
    jousters = (resolution.state if resolution else round_input)["jousters"]
    size, gap = 18, 4
    width = 160 + max(1, max(j["pool"] for j in jousters)) * (size + gap)
    rows = []
    for index, jouster in enumerate(jousters):
        y = 10 + index * (size + 14)
        rows.append(f'<text x="4" y="{y + 13}" font-size="12">{_escape(jouster["name"])} ({jouster["pool"]})</text>')
        rows += [f'<rect x="{160 + die * (size + gap)}" y="{y}" width="{size}" height="{size}" rx="3" '
                 'fill="#f4efe2" stroke="#333"/>' for die in range(jouster["pool"])]
    height = 10 + len(jousters) * (size + 14)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
            f'aria-label="the jousters\' pools">' + "".join(rows) + "</svg>")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
