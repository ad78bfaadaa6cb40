"""A side settles what it owes after a round of a battle fought through the systems interface
(combat/system_dues.py says who owes what): by the GM on the round page, or by its player through their link.
Nothing here names a system.

Each settlement is one transaction with the next round's row and the battle's row locked, in that order (as a
hand adjustment locks them, `adjusting.adjust`): the system's `settle` is applied to the battle's current state
(hand adjustments and other sides' settlements already in it), the state saved, the next round's input rebuilt
from it as after an adjustment, and the settlement kept as a note in the next round's history with its
answers. A side settles once; anything refused saves nothing. The last settlement may resolve the next round
when every side is in and the campaign resolves by itself, as the last submission does.

After the last round of a battle over (the system's `finished`, or the GM ended it) there is no next round: the
settlement is written the same way onto the battle's state and the character's record, and kept as a note in
that last round's own history (a void of that round drops it: combat/void.py), blocking nothing.
"""

from __future__ import annotations

from typing import Any, Mapping

from django.db import transaction
from django.http import Http404

from combat import services as combat_services
from combat import history, system_dues
from combat.models import Battle, Round, SidePlays
from players import adjusting, answers, services
from players.models import PlayerLink, RoundNote
from systems.errors import PlaysInvalid
from systems.interface import answers_that_apply

BattleError = combat_services.BattleError


def settle_by_gm(user, slug: str, battle_id: int, number: int, side_id: int, given: Mapping[str, Any]) -> RoundNote:
    """The GM settles a side's dues after round `number` (any side of the battle: the GM's own and the
    players'); 404 for anyone not a GM of the campaign, or a side not in that round."""
    with transaction.atomic():
        round_ = combat_services.get_round(user, slug, battle_id, number)
        side = round_.sides.select_related("character__player").exclude(side="").filter(pk=side_id).first()
        if side is None:
            raise Http404("No such side in this round")
        return _settle(round_, side, given, by=user, who="the GM")


def settle_by_player(link: PlayerLink, number: int, character_id: int, given: Mapping[str, Any]) -> RoundNote:
    """The player settles the dues of one of their own sides after round `number`; 404 for a side that is
    not theirs (a link never reaches another player's side)."""
    with transaction.atomic():
        round_ = link.battle.rounds.filter(number=number).first()
        if round_ is None:
            raise Http404("No such round")
        side = services.side_of(link, round_, character_id)
        return _settle(round_, side, given, by=None, who=link.player.name)


def _settle(round_: Round, side: SidePlays, given: Mapping[str, Any], *, by, who: str) -> RoundNote:
    number, name = round_.number, side.side
    following = Round.objects.select_for_update().filter(battle_id=round_.battle_id, number=number + 1).first()
    battle = Battle.objects.select_for_update().select_related("campaign").get(pk=round_.battle_id)
    round_.refresh_from_db(fields=["status"])  # read under the battle's lock, which a void holds
    round_.battle = battle
    if following is None and battle.status != Battle.Status.ENDED:
        message = f"Round {number} is not followed by another: there is no round left to settle before."
        raise BattleError(message, {"__all__": message})
    due = next(iter(system_dues.dues_of(round_, [side])), None)
    if due is None:
        message = f"{name} owes nothing after round {number}: there is nothing to settle."
        raise BattleError(message, {"__all__": message})
    if due.settlement is not None:
        message = f"{name} has already settled round {number}'s dues: they are settled once."
        raise BattleError(message, {"__all__": message})
    if following is not None and following.status != Round.Status.DRAFTING:
        message = f"Round {following.number} has begun resolving: what round {number} left owing can no longer change."
        raise BattleError(message, {"__all__": message})
    errors = system_dues.answer_errors(due.form, given)
    if errors:
        raise BattleError(f"Fix the answers marked below before settling {name}'s dues.", errors)
    chosen = answers_that_apply(due.form, given)
    system = battle.campaign.combat_system
    try:
        state = system.settle(battle.state, system_dues.output_of(round_), name, chosen)
    except PlaysInvalid as refused:
        raise BattleError(f"These answers do not settle what {name} owes.", system_dues.refusal_errors(refused)) from None
    follows = []
    try:
        if following is not None:  # the battle over: no round left to follow the settled state
            follows = adjusting.keep_round_in_step(
                system, following, state, cause=f"{name}'s settlement of round {number}'s dues",
                settled_by=name if by is None else None)
    except BattleError as error:
        message = f"These answers leave a state the rules refuse: {error.errors.get('change', error)}"
        raise BattleError(message, {"__all__": message}) from None
    if side.character_id:  # what the settlement did to the character's record (Magic Realm: chits wounded)
        history.record_chits(round_, side.character, battle.state, state)
    battle.state = state
    battle.save(update_fields=["state", "updated_at"])
    told = "; ".join(f"{line['label']}: {line['answer']}" for line in answers.answer_lines(due.form, chosen))
    note = services.note(following or round_, RoundNote.Kind.SUBMITTED,
                         f"{name} settled round {number}'s dues ({who}): {told or 'nothing to choose'}.",
                         character=side.character, by=by, data={"dues": {"round": number, "side": name, "answers": chosen}})
    for text in follows:  # what the settled state did to the open round's sides, after the settlement itself
        services.note(following, RoundNote.Kind.ADJUSTMENT, f"{text}.", by=by)
    if following is not None:
        services.resolve_if_all_in(following)
    return note
