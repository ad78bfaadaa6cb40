"""A round of a battle fought through the systems interface that stopped half-way (systems/interface.py
`waiting_forms`): a side's choice in the middle of the round, or the GM's ruling where the rules give none.

Nothing of a result is written: the round is `failed` with what it waits for as its error
line, its sides stay locked, and its GM entries (`Round.encounter["waiting"]`) keep what the forms are drawn
from: the round input that waited (every side's plays in it, and the answers of an earlier wait) and the
system's `output`. Each answer is checked as a side's plays are (combat/system_rounds.py), kept, and written
with `fill` into the input the round resolves from next (`filled`); the last one requests the resolve again,
with the round's committed seed, so the same dice replay the round up to where it stopped and on. It may
stop again further on: a new wait, with new forms. Every answer kept is noted in the round's history, in its
transaction (combat/system_waiting_history.py), which is also what tells a player, once the round has resolved,
what was answered for their sides.

A wait's forms are keyed "<wait>-<index>", `wait` counting the round's waits (`Round.encounter["waits"]`, never
reset), so an answer posted to a form of an earlier wait is refused, never taken for the new one's.
Nothing here names a system.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from django.db import transaction
from django.http import Http404

from combat import system_emails, system_rounds, system_waiting_history
from combat.models import Round
from systems.interface import GM, PlaysForm, Resolution, answers_that_apply, fill

WAITING = "waiting"  # what the round waits for, in its GM entries
WAITS = "waits"  # how many times the round has stopped half-way


@dataclass(frozen=True)
class WaitingForm:
    """One form a waiting round asks: `answers` are those given (None while it is unanswered)."""

    key: str
    index: int
    form: PlaysForm
    answers: dict[str, Any] | None

    @property
    def side(self) -> str:
        return self.form.side

    @property
    def for_gm(self) -> bool:
        return self.form.side == GM


def entry_of(round_: Round) -> dict[str, Any] | None:
    return (round_.encounter or {}).get(WAITING) or None


def is_waiting(round_: Round) -> bool:
    return round_.status == Round.Status.FAILED and entry_of(round_) is not None


def forms_of(round_: Round) -> list[WaitingForm]:
    """The forms the round waits on, each with the answers given so far (none when it does not wait)."""
    entry = entry_of(round_)
    return _forms(round_.battle.campaign.combat_system, entry) if entry else []


def _forms(system, entry: Mapping[str, Any]) -> list[WaitingForm]:
    given = entry.get("answers") or {}
    return [WaitingForm(f"{entry['number']}-{index}", index, form, given.get(str(index)))
            for index, form in enumerate(system.waiting_forms(entry["input"], entry["output"]))]


def input_to_resolve(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The input that waited with every answer given written in."""
    return entry.get("filled") or entry["input"]


def without_wait(encounter: Mapping[str, Any] | None) -> dict[str, Any]:
    """The GM entries once the round no longer waits (resolved, or a side unlocked to change its plays)."""
    return {key: value for key, value in (encounter or {}).items() if key != WAITING}


# --- the round stops -------------------------------------------------------------------------------------


def keep_waiting(round_: Round, round_input: dict[str, Any], resolution: Resolution) -> bool:
    """Keep a claimed round waiting (its row locked by the caller's transaction): what it waits for, the
    input and output its forms are drawn from, its error line in words, and an email to each player whose
    side must answer. False, with nothing written, when the system has no form for what it waits for (the
    caller fails the round, as a wait the page cannot ask about)."""
    system = round_.battle.campaign.combat_system
    number = int((round_.encounter or {}).get(WAITS) or 0) + 1
    entry = {"number": number, "input": round_input, "output": resolution.output,
             "waiting_for": [error.message for error in resolution.waiting_for],
             "waits_for_gm": resolution.waits_for_gm, "answers": {}}
    forms = _forms(system, entry)
    if not forms:
        return False
    round_.encounter = {**(round_.encounter or {}), WAITING: entry, WAITS: number}
    round_.status = Round.Status.FAILED
    round_.error = f"The round waits for {in_words(asked_of(round_, forms))}: {'; '.join(entry['waiting_for'])}"
    round_.save(update_fields=["encounter", "status", "error"])
    asked_of_players = [waiting.form for waiting in forms if not waiting.for_gm]
    system_emails.queue_waiting_emails(round_, number, asked_of_players)
    return True


def players_by_side(round_: Round) -> dict[str, str]:
    """The name of the player of each side a campaign character plays."""
    return {side.side: side.character.player.name
            for side in round_.sides.select_related("character__player").exclude(character=None)}


def asked_of(round_: Round, forms: list[WaitingForm], players: Mapping[str, str] | None = None) -> list[str]:
    """Who must answer what, in words: "Aldric's choice (Alice)", "the Goblin's choice (the GM plays it)",
    "the GM's ruling"; once each."""
    players = players_by_side(round_) if players is None else players
    said = []
    for waiting in forms:
        if waiting.for_gm:
            words = "the GM's ruling"
        elif waiting.side in players:
            words = f"{waiting.side}'s choice ({players[waiting.side]})"
        else:
            words = f"{waiting.side}'s choice (the GM plays {waiting.side})"
        if words not in said:
            said.append(words)
    return said


def unanswered(round_: Round) -> list[str]:
    """Who must still answer a waiting round, in words (`asked_of`); none when it does not wait."""
    if not is_waiting(round_):
        return []
    return asked_of(round_, [waiting for waiting in forms_of(round_) if waiting.answers is None])


def in_words(parts: list[str]) -> str:
    return " and ".join(parts) if len(parts) < 3 else f"{', '.join(parts[:-1])} and {parts[-1]}"


# --- an answer ----------------------------------------------------------------------------------------


def form_at(round_: Round, key: str, sides: set[str] | None = None) -> WaitingForm:
    """The form `key` of the round's wait. `sides`: the sides of the player asking (None: the GM, who may answer
    any form, a player's too): another side's form, or one there is not, is a 404. BattleError when the round
    waits no more, or no longer for that wait."""
    from combat.services import BattleError

    if not is_waiting(round_):
        raise BattleError(f"Round {round_.number} waits for no answer now.")
    wait, _, _ = key.partition("-")
    if wait != str(entry_of(round_)["number"]):
        raise BattleError("That question is no longer asked: the round has gone on since.")
    waiting = next((w for w in forms_of(round_) if w.key == key), None)
    if waiting is None or (sides is not None and waiting.side not in sides):
        raise Http404("No such question")
    return waiting


def answer(round_: Round, key: str, answers: Mapping[str, Any], *, unreadable: Mapping[str, str] | None = None,
           sides: set[str] | None = None, by=None, player=None) -> bool:
    """Check and keep the answers to the waiting form `key` (`unreadable`: those posted that are not a number
    or not one of the choices), the round's row locked and its status read under the lock; write them with
    `fill` into the input the round resolves from next, and note them in the round's history
    (system_waiting_history.py: `player` answered through their link, else the GM, the user `by`). Refused
    (BattleError naming each field, nothing saved) when any is wrong or a required one is missing. True when
    this was the last answer the round waited for: the resolve is then requested (once: a second answer finds
    the round resolving)."""
    from combat.services import BattleError, resolve_when_ready

    with transaction.atomic():
        locked = Round.objects.select_for_update().select_related("battle__campaign").get(pk=round_.pk)
        waiting = form_at(locked, key, sides)
        entry = dict(entry_of(locked))
        system = locked.battle.campaign.combat_system
        errors = {**system_rounds.check_form(system, entry["input"], waiting.form, answers),
                  **system_rounds.missing_answers(waiting.form, answers), **(unreadable or {})}
        if errors:
            raise BattleError("Fix the answers marked below: nothing was saved.", errors)
        kept = answers_that_apply(waiting.form, answers)
        entry["answers"] = {**(entry.get("answers") or {}), str(waiting.index): kept}
        forms = _forms(system, entry)
        filled = entry["input"]
        for each in forms:
            if each.answers is not None:
                filled = fill(filled, each.form, each.answers)
        entry["filled"] = filled
        locked.encounter = {**locked.encounter, WAITING: entry}
        locked.save(update_fields=["encounter"])
        system_waiting_history.note_answer(locked, waiting, kept, by=by, player=player)
        complete = all(each.answers is not None for each in forms)
        if complete:
            resolve_when_ready(locked)
    return complete
