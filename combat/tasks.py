"""The resolve task: thin, by id, idempotent. Delivered twice, the second run finds the round resolved and
stops; a worker dying halfway leaves the round `resolving`, so the redelivered task (late ack) or the
GM's Resolve button (after a while) resolves it again from the same seed."""

from celery import shared_task

from combat import services


@shared_task(name="combat.resolve_round_task", acks_late=True, reject_on_worker_lost=True)
def resolve_round_task(round_id: int) -> str:
    round_ = services.resolve_round(round_id)
    return round_.status if round_ is not None else "missing"
