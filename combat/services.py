"""Every write about battles, one function per intent, each in a transaction and checking the GM's access
and the round's state. Views and the resolve task stay thin and call these.

A round's life (docs/battles.md): `drafting` (each side saves drafts, then locks) → `resolving` (one
conditional UPDATE, so a double click does nothing) → `resolved` (the task writes the result, the battle's
new state and one outbox email per recipient in ONE transaction) or `failed` → `resolving` again.
"""

from __future__ import annotations

import logging
import secrets
import structlog
from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone

from combat import messages, system_battles, system_dues, system_waiting
from combat.models import Battle, Round, SidePlays
from config import enqueue

logger = logging.getLogger(__name__)
events = structlog.get_logger("combat.rounds")

# A round left in `resolving` longer than this belongs to a worker that died and may be enqueued again.
STUCK_RESOLVING_SECONDS = 180


class BattleError(Exception):
    """A request the battle's state does not allow; `errors` maps each field to the reason."""

    def __init__(self, message: str, errors: dict[str, str] | None = None):
        super().__init__(message)
        self.errors = errors or {}


def campaign_for(user, slug: str):
    """The campaign if `user` is one of its GMs, else Http404 (campaigns.services.get_campaign_for_gm)."""
    from campaigns.services import get_campaign_for_gm

    return get_campaign_for_gm(user, slug)


_gm_campaign = campaign_for


def battles_for(user, slug: str):
    campaign = _gm_campaign(user, slug)
    battles = (
        Battle.objects.filter(campaign=campaign)
        .annotate(round_count=Count("rounds"), failed_count=Count("rounds", filter=Q(rounds__status=Round.Status.FAILED)))
        .prefetch_related("characters")
    )
    return campaign, battles


def get_battle(user, slug: str, battle_id: int) -> Battle:
    campaign = _gm_campaign(user, slug)
    return get_object_or_404(Battle.objects.select_related("campaign"), pk=battle_id, campaign=campaign)


def get_round(user, slug: str, battle_id: int, number: int) -> Round:
    """The round with its battle and campaign (and the campaign's current rule set) in one query, if
    `user` is a GM of the campaign; Http404 for anyone else, as `get_battle`."""
    from campaigns.services import current_rules_row, keep_current_rules

    if user is None or not user.is_authenticated:
        raise Http404("No such campaign")
    round_ = (Round.objects.select_related("battle__campaign")
              .filter(battle__campaign__slug=slug, battle__campaign__gms=user, battle_id=battle_id, number=number)
              .annotate(current_rules_row=current_rules_row("battle__campaign_id")).first())
    if round_ is None:
        raise Http404("No such round")
    keep_current_rules(round_.battle.campaign, round_.current_rules_row)
    return round_


# --- plays ---------------------------------------------------------------------------------------------


def unlock_open_side(round_: Round, side: SidePlays, user) -> SidePlays:
    """Unlock a side (its round back to drafting if it failed), in the caller's transaction."""
    if round_.status not in (Round.Status.DRAFTING, Round.Status.FAILED):
        raise BattleError("The round is being resolved or resolved: its plays can no longer change.")
    if round_.status == Round.Status.FAILED:
        Round.objects.filter(pk=round_.pk, status=Round.Status.FAILED).update(status=Round.Status.DRAFTING)
    side.locked = False
    side.updated_by = user
    side.save(update_fields=["locked", "updated_by", "updated_at"])
    return side


# --- resolving ---------------------------------------------------------------------------------------


def request_resolve(user, slug: str, battle_id: int, number: int) -> bool:
    """Move the round to `resolving` and enqueue the task on commit. False when nothing was done
    (a second click, a side not locked, or the round already resolved)."""
    with transaction.atomic():
        round_ = get_round(user, slug, battle_id, number)
        if round_.sides.filter(locked=False).exists():
            raise BattleError("Every side must be locked before the round is resolved.")
        unanswered = system_waiting.unanswered(round_)
        if unanswered:  # resolving now would stop at the same place and drop the answers given so far
            raise BattleError(f"Round {round_.number} waits for {system_waiting.in_words(unanswered)}: it goes on "
                              "by itself once every answer is in (you may answer for a player).")
        owing = system_dues.unsettled(round_)
        if owing:
            raise BattleError(f"Settle what round {round_.number - 1} left owing first: {', '.join(owing)} "
                              f"{'has' if len(owing) == 1 else 'have'} not settled yet.")
        return _request_resolve(round_)


def resolve_when_ready(round_: Round) -> bool:
    """Resolve a round whose sides are all locked, for a caller that is not the GM's request (the
    players app at a deadline or when the last side is submitted): the same conditional claim."""
    return _request_resolve(round_)


def _request_resolve(round_: Round) -> bool:
    """The request to resolve is the round itself, `resolving` with an empty task_id until the broker
    takes the task: it is committed first, published after, and swept when the broker was down."""
    now = timezone.now()
    stuck = now - timezone.timedelta(seconds=STUCK_RESOLVING_SECONDS)
    seed = round_.seed if round_.seed is not None else secrets.randbits(48)
    claimable = Q(status__in=[Round.Status.DRAFTING, Round.Status.FAILED]) | Q(
        status=Round.Status.RESOLVING, resolve_requested_at__lt=stuck
    )
    changed = (
        Round.objects.filter(claimable, pk=round_.pk)
        .exclude(sides__locked=False)
        .update(status=Round.Status.RESOLVING, seed=seed, error="", resolve_requested_at=now, task_id="")
    )
    if changed:
        transaction.on_commit(lambda: _enqueue(round_.pk))
    return bool(changed)


def _enqueue(round_id: int) -> None:
    """Publish the resolve task and record its id. With the broker down nothing is raised: the round stays
    `resolving` with no task_id (queued), and the sweep publishes it when the broker is back."""
    from combat.tasks import resolve_round_task

    task_id = enqueue.send(resolve_round_task, round_id)
    if task_id:
        Round.objects.filter(pk=round_id).update(task_id=task_id)


def is_queued(round_: Round) -> bool:
    """A round `resolving` whose task the broker has not taken yet (it was down): the sweep will send it."""
    return round_.status == Round.Status.RESOLVING and not round_.task_id


def sweep_waiting_rounds() -> list[int]:
    """Beat: enqueue every round that waits to be resolved, once more. A round is waiting when the broker
    never took its task (task_id empty) or when its task was enqueued longer ago than
    HERALD_RESOLVE_STALE_SECONDS without the round being resolved (the worker died, or the broker lost
    it). resolve_round is idempotent, so enqueuing a round a live worker is busy with changes nothing."""
    from combat.tasks import resolve_round_task

    now = timezone.now()
    stale = now - timezone.timedelta(seconds=settings.HERALD_RESOLVE_STALE_SECONDS)
    waiting = list(
        Round.objects.filter(status=Round.Status.RESOLVING)
        .filter(Q(task_id="") | Q(resolve_requested_at__lt=stale) | Q(resolve_requested_at__isnull=True))
        .values_list("pk", flat=True)
    )
    for round_id in waiting:
        task_id = enqueue.send(resolve_round_task, round_id)
        if not task_id:
            break  # the broker is still down: the next sweep tries again
        Round.objects.filter(pk=round_id, status=Round.Status.RESOLVING).update(
            task_id=task_id, resolve_requested_at=timezone.now()
        )
        events.info("round_resolve_swept", round_id=round_id, task_id=task_id)
    return waiting


def resolve_round(round_id: int) -> Round | None:
    """Resolve a round that is `resolving`: idempotent (a resolved round is left alone), all or nothing. A round
    that stops half-way waits for the forms `system_waiting` keeps."""
    try:
        with transaction.atomic():
            round_ = (
                Round.objects.select_for_update()
                .select_related("battle__campaign")
                .filter(pk=round_id)
                .first()
            )
            if round_ is None or round_.status != Round.Status.RESOLVING:
                return round_
            events.info("round_resolve_started", round_id=round_.pk, attempt=round_.attempts + 1)
            if system_battles.resolve_locked(round_):
                events.info("round_resolved", round_id=round_.pk, events=len(round_.log))
            else:  # stopped half-way: it waits for a side's choice or the GM's ruling (system_waiting)
                events.info("round_waits", round_id=round_.pk, waits_for="forms")
            return round_
    except Exception as error:
        logger.exception("round %s failed to resolve", round_id)
        Round.objects.filter(pk=round_id, status=Round.Status.RESOLVING).update(
            status=Round.Status.FAILED, error=messages.failure(error, _system_of(round_id))  # in the game's words
        )
        raise


def _system_of(round_id: int):
    """The combat system of the round's campaign, for its failure's words; None when it cannot be read (the
    database is why the round failed), and the default words serve."""
    try:
        return Round.objects.select_related("battle__campaign").get(pk=round_id).battle.campaign.combat_system
    except Exception:  # noqa: BLE001 - a failure's words must not fail in turn
        return None


def end_battle(user, slug: str, battle_id: int) -> Battle:
    """End a battle by the GM's decision (everyone withdrew): a round still open for plays is dropped; a failed
    round stays, failed, among the battle's rounds (issue #14.7), and resolved rounds stay."""
    with transaction.atomic():
        battle = get_battle(user, slug, battle_id)
        if battle.status == Battle.Status.ENDED:
            return battle  # a second click: nothing to do, no second email
        open_round = battle.rounds.filter(status=Round.Status.DRAFTING).first()
        Battle.objects.filter(pk=battle.pk).update(status=Battle.Status.ENDED)
        battle.rounds.filter(status=Round.Status.DRAFTING).delete()
        battle.refresh_from_db()
        from combat import emails

        emails.queue_battle_ended_emails(battle, open_round.number if open_round else None)
    return battle


# --- the dashboard ----------------------------------------------------------------


def dashboard_battles(user):
    """Battles in the user's campaigns that wait for the GM: rounds drafting, resolving or failed."""
    return (
        Round.objects.filter(battle__campaign__gms=user, battle__status=Battle.Status.ACTIVE)
        .exclude(status=Round.Status.RESOLVED)
        .select_related("battle__campaign")
        .annotate(side_count=Count("sides"), locked_count=Count("sides", filter=Q(sides__locked=True)))
        .order_by("-battle__updated_at")[:20]
    )
