"""The resolve task and its sweep: thin, by id, idempotent. Delivered twice, the second run finds the round
resolved and stops. A request the broker never took (it was down) or a worker dying halfway leaves the
round `resolving`; beat's sweep enqueues such rounds again, and the round resolves from the same seed."""

from celery import shared_task

from combat import services


@shared_task(name="combat.resolve_round_task", acks_late=True, reject_on_worker_lost=True)
def resolve_round_task(round_id: int) -> str:
    round_ = services.resolve_round(round_id)
    return round_.status if round_ is not None else "missing"


@shared_task(name="combat.sweep_waiting_rounds")
def sweep_waiting_rounds() -> int:
    """Beat (HERALD_SWEEP_SECONDS): enqueue the rounds waiting to be resolved (services.sweep_waiting_rounds)."""
    return len(services.sweep_waiting_rounds())
