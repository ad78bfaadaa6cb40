"""What a side owes after a resolved round of a battle fought through the systems interface, and whether it has
settled it (systems/interface.py `dues_form` and `settle`; in Magic Realm, the chits a character's wounds and
fatigue fall on). Nothing here names a system.

A side owes after round N when the system's `dues_form` for it, read from round N's end state and output, is
not None. It settles once, by the GM on the round page or by its player on their page (players/dues.py), while
round N+1 is open for plays; round N+1 is not resolved while a side still owes (`unsettled`). When the battle
ended with round N (the system's `finished`, or the GM ended it), round N is its last and what it left owing is
settled after the end, blocking nothing. A settlement is kept as the note it leaves in the history of the round
that follows round N, else (the battle over) of round N itself (`players.models.RoundNote`, its `data["dues"]`:
the side, the round and its answers), so that voiding round N, which drops round N+1, drops its settlements with
it (and drops those kept on round N itself, `drop_settlements`).

The end state is not stored: a round keeps its input and seed, and the same dice give the same round, so it
is worked out again by replaying the round, once per process (`end_state`, combat/system_replay.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from combat.models import Round, SidePlays
from combat.system_replay import replayed
from combat.system_rounds import missing_answers
from systems.answers import closed_choices, out_of_range
from systems.errors import PlaysInvalid
from systems.interface import PlaysForm


@dataclass(frozen=True)
class Due:
    """What one side owes after `round`: its dues form, the note of its settlement (None while it owes),
    whether it may be settled now (the next round open for plays, or the battle over), and whether `round` is
    the last of a battle over (`last`)."""

    round: Round
    side: SidePlays
    form: PlaysForm
    settlement: Any  # players.models.RoundNote | None
    open: bool
    last: bool = False

    @property
    def name(self) -> str:
        return self.side.side

    @property
    def answers(self) -> dict[str, Any]:
        return dict(self.settlement.data["dues"]["answers"]) if self.settlement else {}


def end_state(round_: Round) -> dict[str, Any]:
    """The state a resolved round ended in (`Resolution.state`), from the round replayed (system_replay.py)."""
    return replayed(round_).state


def output_of(round_: Round) -> dict[str, Any]:
    return (round_.result or {}).get("output") or {}


def next_round_of(round_: Round) -> Round | None:
    return Round.objects.filter(battle_id=round_.battle_id, number=round_.number + 1).first()


def _settlement_notes(round_: Round, kept_in: Round):
    from players.models import RoundNote

    return RoundNote.objects.filter(round=kept_in, data__has_key="dues", data__dues__round=round_.number)


def settlements(round_: Round, following: Round | None) -> dict[str, Any]:
    """The notes of the settlements of what `round_` left owing, by side: kept in the history of the round
    `following` it, else (the battle over with `round_`) in its own."""
    notes = _settlement_notes(round_, following or round_).select_related("by")
    return {note.data["dues"]["side"]: note for note in notes}


def drop_settlements(round_: Round) -> int:
    """Drop the settlements kept in `round_`'s own history of what it left owing (the battle over with it),
    as `round_` is voided: those kept in the round after it go with that round."""
    return _settlement_notes(round_, round_).delete()[0]


def dues_of(round_: Round, sides=None) -> list[Due]:
    """What each side owes after `round_`, in the round's order of sides: none unless it is a resolved round
    with a round after it, or the last round of a battle over."""
    if round_.status != Round.Status.RESOLVED:
        return []
    following = next_round_of(round_)
    last = following is None
    if last and round_.battle.status != round_.battle.Status.ENDED:
        return []
    system = round_.battle.campaign.combat_system
    state, output = end_state(round_), output_of(round_)
    settled = settlements(round_, following)
    open_now = last or following.status == Round.Status.DRAFTING
    dues = []
    for side in sides if sides is not None else round_.sides.select_related("character__player").order_by("pk"):
        if not side.side:
            continue
        form = system.dues_form(state, output, side.side)
        if form is not None:
            dues.append(Due(round_, side, form, settled.get(side.side), open_now, last))
    return dues


def unsettled(round_: Round) -> list[str]:
    """The sides that still owe what the round before `round_` left them: `round_` is not resolved until
    they have settled (the GM's request, the last submission, the deadline)."""
    if round_.number <= 1:
        return []
    previous = Round.objects.filter(battle_id=round_.battle_id, number=round_.number - 1).first()
    if previous is None:
        return []
    previous.battle = round_.battle  # the same battle and campaign, already read
    return [due.name for due in dues_of(previous) if due.settlement is None]


def answer_errors(form: PlaysForm, answers: Mapping[str, Any]) -> dict[str, str]:
    """What the form itself refuses in the answers, by field name, before the system is asked: a required
    question not answered, a choice not offered, a number out of bounds (the plays forms' own checks)."""
    return {**closed_choices(form, answers), **out_of_range(form, answers), **missing_answers(form, answers)}


def refusal_errors(refused: PlaysInvalid) -> dict[str, str]:
    """The system's refusal by the form's field name ("__all__": the form as a whole), several under one
    name joined."""
    errors: dict[str, str] = {}
    for error in refused.errors:
        errors[error.path] = f"{errors[error.path]}; {error.message}" if error.path in errors else error.message
    return errors
