"""An answer to a form a round waited on (combat/system_waiting.py), kept in the round's history
(`players.models.RoundNote`, its `data["waiting"]`): who answered (the player through their link, or the GM,
for a side or as its own ruling), for which side, and the answers in the form's words. Written by
`system_waiting.answer` in the transaction that keeps the answer, so no answer goes unnoted.

A GM's answer is noted as "entered by GM", never as a GM ruling: a player's page shows the rulings, and the
GM's ruling asked by a waiting form is the GM's alone.
Nothing here names a system.
"""

from __future__ import annotations

from typing import Any, Mapping

from combat.models import Round

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
                       "by_gm": player is None, "answers": dict(kept), "lines": lines}}
    kind = RoundNote.Kind.SUBMITTED if player is not None else RoundNote.Kind.ENTERED_BY_GM
    return note(round_, kind, f"{who}: {waiting.form.title} ({told}).", character=side.character if side else None,
                by=by, data=data)

