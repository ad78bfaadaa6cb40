"""A player's part in a round that stopped half-way (combat/system_waiting.py): on their page, the forms the
round waits on whose side is one of theirs (never another side's, nor the GM's ruling), drawn as their plays
form is; their answer, taken through their link (the link is the access: another side's form is a 404),
noted in the round's history for the GM; and, once the round has gone on and resolved, what was answered for
their sides, beside the round's result (combat/system_waiting_history.py)."""

from __future__ import annotations

from typing import Any, Mapping

from combat import system_waiting, system_waiting_history
from players import answers, answers_page, services
from systems.interface import answers_that_apply


def own_sides(link, round_) -> set[str]:
    return {side.side for side in services.sides_of(link, round_)}


def form_of(link, round_, key: str):
    """The waiting form `key` when its side is one of the player's (else 404; BattleError when the round no
    longer waits for it)."""
    return system_waiting.form_at(round_, key, own_sides(link, round_))


class WaitingViews(list):
    """The player's open waiting forms (a list of views), and, as `answered`, what was answered for their
    sides while the round whose result their page shows waited (`answered_views`)."""

    def __init__(self, views, answered=()):
        super().__init__(views)
        self.answered = list(answered)


def page_forms(link, round_, bound=None) -> WaitingViews:
    """The player's own waiting forms for their page, with what was answered for their sides in the last
    round resolved (`answered`). `bound`: (key, answers, errors, problem) of a form just sent and refused,
    drawn as sent with each error beside its question."""
    return WaitingViews(open_forms(link, round_, bound), answered_views(link, round_))


def answered_views(link, round_) -> list[dict[str, Any]]:
    """What was answered, while it waited, for the player's own sides in the round whose result their page
    shows (players/page.py `results_round`): never another side's answer, nor the GM's ruling."""
    from players.page import results_round

    if round_ is None:
        return []
    shown = results_round(link.battle, round_)
    if shown is None:
        return []
    return system_waiting_history.answered(shown, own_sides(link, shown))


def open_forms(link, round_, bound=None) -> list[dict[str, Any]]:
    """The forms the current round waits on for the player's own sides, drawn as `page_forms` says."""
    if round_ is None or not system_waiting.is_waiting(round_):
        return []
    sides = own_sides(link, round_)
    views = []
    for waiting in system_waiting.forms_of(round_):
        if waiting.for_gm or waiting.side not in sides:
            continue
        sent = bound is not None and bound[0] == waiting.key
        given, errors, problem = bound[1:] if sent else (waiting.answers or {}, {}, "")
        kept = answers_that_apply(waiting.form, given)
        names = answers.form_fields(waiting.form)
        views.append({
            "key": waiting.key, "cid": f"wait{waiting.key}", "title": waiting.form.title, "side": waiting.side,
            "notes": list(waiting.form.notes), "answered": waiting.answers is not None, "error": problem,
            "sealed": answers.answer_lines(waiting.form, waiting.answers) if waiting.answers is not None else [],
            "fields": [answers_page.field_view(waiting.form, f, given, kept, errors) for f in waiting.form.fields],
            "general_errors": [message for name, message in errors.items() if name not in names],
        })
    return views


def answer(link, round_, key: str, given: Mapping[str, Any], unreadable: Mapping[str, str]) -> bool:
    """The player answers their waiting form `key` (system_waiting.answer checks and keeps it, notes it in the
    round's history as theirs, and the last answer sends the round on); True when it was the last the round
    waited for."""
    sides = own_sides(link, round_)
    return system_waiting.answer(round_, key, given, unreadable=unreadable, sides=sides, player=link.player)
