"""An answer to a form a round waited on (combat/system_waiting.py), kept in the round's history
(`players.models.RoundNote`, its `data["waiting"]`): who answered (the player through their link, or the GM,
for a side or as its own ruling), for which side, and the answers in the form's words. Written by
`system_waiting.answer` in the transaction that keeps the answer, so no answer goes unnoted.

Once the round has gone on and resolved, the notes are what tells a player what they answered: the round's
waiting forms are drawn from what it waited with, which the resolve drops. `answered` reads them back for the
sides asked about, the last answer to each form only, and only when the input the round resolved from holds
it (a round voided, or unlocked half-way, and played again leaves the answers of the run it dropped).
A GM's answer is noted as "entered by GM", never as a GM ruling: a player's page shows the rulings, and the
GM's ruling asked by a waiting form is the GM's alone.
Nothing here names a system.
"""

from __future__ import annotations

from typing import Any, Mapping

from combat.models import Round
from systems.interface import fill

NOTE_KEY = "waiting"


def note_answer(round_: Round, waiting, kept: Mapping[str, Any], *, by=None, player=None) -> Any:
    """Note the answers `kept` to the waiting form `waiting` (a system_waiting.WaitingForm). `player`: the
    player who answered through their link; None: the GM (`by`, the user) answered."""
    from combat.system_waiting import players_by_side
    from players.answers import answer_lines
    from players.models import RoundNote
    from players.services import note

    lines = answer_lines(waiting.form, kept)
    told = "; ".join(f"{line['label']}: {line['answer']}" for line in lines) or "nothing to choose"
    side = round_.sides.select_related("character").filter(side=waiting.side).first()
    asked = players_by_side(round_).get(waiting.side)
    if player is not None:
        who = f"{player.name} answered for {waiting.side}"
    elif waiting.for_gm:
        who = "The GM ruled"
    else:
        who = f"The GM answered for {waiting.side}" + (f" on {asked}'s behalf" if asked else "")
    data = {NOTE_KEY: {"key": waiting.key, "side": waiting.side, "title": waiting.form.title,
                       "by_gm": player is None, "answers": dict(kept), "lines": lines,
                       "written": fill({}, waiting.form, kept)}}
    kind = RoundNote.Kind.SUBMITTED if player is not None else RoundNote.Kind.ENTERED_BY_GM
    return note(round_, kind, f"{who}: {waiting.form.title} ({told}).", character=side.character if side else None,
                by=by, data=data)


def answered(round_: Round, sides: set[str]) -> list[dict[str, Any]]:
    """What was answered, while the round waited, for the sides `sides` (never another side's, nor the GM's
    ruling, whose side is no combatant's): per form, the last answer given and kept in the input the round
    resolved from, in the order given; an answer given again alike in a later run of the round once."""
    from players.models import RoundNote

    if round_.status != Round.Status.RESOLVED or not sides:
        return []
    last: dict[str, dict[str, Any]] = {}
    for note in RoundNote.objects.filter(round=round_, data__has_key=NOTE_KEY).order_by("at", "id"):
        entry = note.data[NOTE_KEY]
        if entry["side"] in sides:
            last.pop(entry["key"], None)
            last[entry["key"]] = entry
    shown: dict[tuple, dict[str, Any]] = {}
    for entry in last.values():
        if holds(round_.input or {}, entry["written"]):
            told = (entry["side"], entry["title"], repr(entry["lines"]))
            shown.pop(told, None)
            shown[told] = {"side": entry["side"], "title": entry["title"], "lines": entry["lines"],
                           "by_gm": entry["by_gm"]}
    return list(shown.values())


def holds(data: Any, written: Any) -> bool:
    """Whether `data` holds what an answer wrote (`written`, `fill` into an empty input): each key of an object
    with what it wrote there, each object a list of objects holds in some entry of its list (sides that share a
    list each write their own entry), any other value (a list of choices too) as it is."""
    if isinstance(written, dict):
        return isinstance(data, dict) and all(key in data and holds(data[key], value) for key, value in written.items())
    if isinstance(written, list) and isinstance(data, list) and all(isinstance(value, dict) for value in written):
        return all(any(holds(entry, value) for entry in data) for value in written)
    return data == written
