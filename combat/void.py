"""Voiding a round: the GM takes back the last resolved round of a battle (issue #14), in one transaction.

The battle goes back to the state it had just before the round was resolved (`Round.state_before`), the
characters' outcome of the round (and the wounds and fatigue chosen after it) is undone, the round that
had opened after it is dropped (and with it the settlements of what the round left owing; those made after the
battle ended with it, kept in its own history, are dropped too), and the voided round is open again with its sides' plays as they were
(still locked, so Resolve replays it; unlock a side to change its plays), with a fresh deadline and the
players' plays-due emails sent again (the players app, through `round_reopened`). Its committed dice stay: a round
is resolved from the dice committed when it opened (docs/fair-dice.md). Each player in the battle is
emailed that the result no longer stands.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from combat import history, system_dues
from combat.models import Battle, CharacterChange, Round
from combat.services import BattleError, get_round
from combat.signals import round_reopened


def voidable(round_: Round) -> str:
    """Why `round_` cannot be voided, or "" when it can."""
    if round_.status != Round.Status.RESOLVED:
        return "Only a resolved round can be voided."
    if round_.state_before is None:
        return "This round was resolved before Herald kept the battle's state before each round: it cannot be voided."
    later = round_.battle.rounds.filter(number__gt=round_.number)
    if later.filter(status=Round.Status.RESOLVED).exists():
        return "Only the last resolved round can be voided: void the rounds after it first."
    if later.filter(status=Round.Status.RESOLVING).exists():
        return f"Round {round_.number + 1} is being resolved: wait until it is done."
    return ""


def void_round(user, slug: str, battle_id: int, number: int) -> Round:
    """Take back the result of round `number`, the battle's last resolved round, and everything it did."""
    from combat import emails

    with transaction.atomic():
        round_ = get_round(user, slug, battle_id, number)
        battle = Battle.objects.select_for_update().get(pk=round_.battle_id)
        round_ = Round.objects.select_for_update().select_related("battle__campaign").get(pk=round_.pk)
        problem = voidable(round_)
        if problem:
            raise BattleError(problem)
        dropped = list(battle.rounds.filter(number__gt=number).values_list("number", flat=True))
        # What this round did to the characters, and what was done after it (the chits chosen, the GM's
        # adjustments while the next round was open): the characters are as they were before it.
        history.undo(CharacterChange.objects.filter(battle=battle, round__number__gte=number))
        battle.rounds.filter(number__gt=number).delete()
        system_dues.drop_settlements(round_)  # what it left owing, settled after the battle ended with it
        round_.chit_records.all().delete()
        battle.state = round_.state_before
        battle.status = Battle.Status.ACTIVE
        battle.save(update_fields=["state", "status", "updated_at"])
        round_.status = Round.Status.DRAFTING
        round_.result = None
        round_.log = []
        # The round opens again from the state before it, the sides' plays written in when it resolves, as
        # when it first opened (combat/system_battles.py `open_round`).
        round_.input = battle.campaign.combat_system.with_options(dict(round_.state_before), round_.rules or {})
        round_.resolved_at = None
        round_.error = ""
        round_.task_id = ""
        round_.state_before = None
        round_.voided_count += 1
        round_.voided_at = timezone.now()
        round_.save()
        emails.queue_round_voided_emails(round_, dropped)
        round_reopened.send(sender=Round, round=round_, user=user)  # a fresh deadline, plays due again
    return round_
