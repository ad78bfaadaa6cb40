"""The outbox's service layer: every write to the outbox goes through here.

Others call `queue_email` (inside their own transaction) and show `failed_messages_for` on the dashboard.
Sending is at-least-once towards SMTP and exactly-once in our records: a row is claimed with a
conditional UPDATE before sending, so two workers never send it together, and a sent row is never
sent again. The stable Message-ID lets mail clients drop the copy a crash between "SMTP accepted" and
"marked sent" could cause.

Every row queued in one transaction (a round's eleven emails, say) leaves in one task over one SMTP
connection (`send_outbox_batch`); each row is still claimed, sent, recorded and retried on its own, so a
message the server refuses changes nothing for the others.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable
from datetime import timedelta

import structlog
from django.conf import settings
from django.core.mail import EmailMultiAlternatives, mailers
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils import timezone
from django.utils.html import format_html

from campaigns.mail.models import OutboxMessage
from campaigns.names import is_one_line, one_line

logger = structlog.get_logger(__name__)
Status = OutboxMessage.Status


def make_message_id(seed: str) -> str:
    """A stable RFC 5322 Message-ID derived from `seed`: the same seed always gives the same id."""
    digest = hashlib.sha256(seed.encode()).hexdigest()[:40]
    return f"<{digest}@{settings.HERALD_MAIL_DOMAIN}>"


def thread_root_id(thread_key: str) -> str:
    """The Message-ID every message of a thread answers (In-Reply-To, References), so they group."""
    return make_message_id(f"thread:{thread_key}")


def queue_email(
    *,
    to: str,
    subject: str,
    text: str,
    html: str | None = None,
    campaign=None,
    idempotency_key: str,
    thread_key: str | None = None,
) -> OutboxMessage:
    """Write one outbox row in the caller's transaction and send it once that transaction commits.

    Idempotent: a second call with the same key returns the first row and enqueues nothing.
    """
    if not idempotency_key:
        raise ValueError("idempotency_key must not be empty")
    if not to or "@" not in to or not is_one_line(to):
        raise ValueError(f"to must be an email address, not {to!r}")
    existing = OutboxMessage.objects.filter(idempotency_key=idempotency_key).first()
    if existing is not None:
        return existing
    row = OutboxMessage(
        campaign=campaign,
        recipient=to,
        subject=one_line(subject),  # a header: never a line break, whatever the caller's names hold
        text=text,
        html=html or "",
        idempotency_key=idempotency_key,
        message_id=make_message_id(f"message:{idempotency_key}"),
        thread_key=thread_key or "",
        in_reply_to=thread_root_id(thread_key) if thread_key else "",
    )
    try:
        with transaction.atomic():  # a savepoint: a lost race must not spoil the caller's transaction
            row.save()
    except IntegrityError:
        return OutboxMessage.objects.get(idempotency_key=idempotency_key)
    _send_with_this_transaction(row.pk)
    logger.info("mail_queued", outbox_id=row.pk, campaign_id=row.campaign_id, subject=subject)
    return row


class _SendOnCommit:
    """The one on-commit callback of a transaction that queues mail: the rows queued in it, sent by one
    task once it commits (config.enqueue: never a failed request when the broker is down; the sweep
    sends them then). Discarded with the transaction when it rolls back, as Django does for every
    on-commit callback."""

    def __init__(self, outbox_id: int):
        self.outbox_ids = [outbox_id]

    def __call__(self):
        from campaigns.mail.tasks import send_outbox_batch
        from config.enqueue import send

        send(send_outbox_batch, self.outbox_ids)


def _send_with_this_transaction(outbox_id: int) -> None:
    connection = transaction.get_connection()
    # Django keeps the callbacks waiting for the commit in `run_on_commit` as (savepoints, callback,
    # robust); a row joins the batch already waiting there, else it starts one.
    waiting = next((callback for _, callback, _ in getattr(connection, "run_on_commit", []) if isinstance(callback, _SendOnCommit)), None)
    if waiting is not None and connection.in_atomic_block:
        waiting.outbox_ids.append(outbox_id)
        return
    transaction.on_commit(_SendOnCommit(outbox_id))


def backoff_delay(attempts: int) -> timedelta:
    """Exponential backoff after the `attempts`-th failure: 30 s, 1 min, 2 min, ... capped at 1 hour."""
    seconds = settings.HERALD_MAIL_RETRY_BASE_SECONDS * 2 ** max(attempts - 1, 0)
    return timedelta(seconds=min(seconds, 3600))


def _claimable(now) -> Q:
    stale = now - timedelta(seconds=settings.HERALD_MAIL_CLAIM_TIMEOUT_SECONDS)
    return Q(status=Status.PENDING, next_attempt_at__lte=now) | Q(status=Status.SENDING, claimed_at__lt=stale)


def claim(outbox_id: int) -> uuid.UUID | None:
    """Take the row for one attempt, or None when it is sent, failed, not due, or held by a live attempt."""
    token, claimed = claim_many([outbox_id])
    return token if claimed else None


def claim_many(outbox_ids: list[int]) -> tuple[uuid.UUID, dict[int, OutboxMessage]]:
    """Take every row of `outbox_ids` that is claimable, in one UPDATE (one commit): the token and the
    rows taken, by id. Rows sent, failed, not due or held by a live attempt are left out."""
    now = timezone.now()
    token = uuid.uuid4()
    OutboxMessage.objects.filter(_claimable(now), pk__in=outbox_ids).update(
        status=Status.SENDING, claimed_at=now, claim_token=token, attempts=F("attempts") + 1
    )
    return token, {row.pk: row for row in OutboxMessage.objects.filter(pk__in=outbox_ids, claim_token=token)}


def build_email(row: OutboxMessage) -> EmailMultiAlternatives:
    headers = {"Message-ID": row.message_id}
    if row.in_reply_to:
        headers["In-Reply-To"] = row.in_reply_to
        headers["References"] = row.in_reply_to
    # Headers are built from one-line text only: a row written before names were checked still sends.
    email = EmailMultiAlternatives(
        subject=one_line(row.subject), body=row.text, from_email=settings.DEFAULT_FROM_EMAIL, to=[row.recipient],
        headers=headers,
    )
    if row.html:
        email.attach_alternative(row.html, "text/html")
    return email


def _record_failure(row: OutboxMessage, token: uuid.UUID, error: Exception) -> str:
    failed_for_good = row.attempts >= settings.HERALD_MAIL_MAX_ATTEMPTS
    OutboxMessage.objects.filter(pk=row.pk, claim_token=token).update(
        status=Status.FAILED if failed_for_good else Status.PENDING,
        last_error=f"{type(error).__name__}: {error}"[:2000],
        next_attempt_at=timezone.now() + backoff_delay(row.attempts),
        claim_token=None,
    )
    logger.warning("mail_failed", outbox_id=row.pk, attempt=row.attempts, message_id=row.message_id,
                   error=str(error), gave_up=failed_for_good)
    return "failed" if failed_for_good else "retrying"


def _record_sent(row: OutboxMessage, token: uuid.UUID) -> str:
    with transaction.atomic():
        connection = transaction.get_connection()
        if connection.vendor == "postgresql":
            # The mark is visible at once and survives the worker's death; only a crash of PostgreSQL
            # itself in the next fraction of a second could lose it, and then the message is sent again
            # with the same Message-ID (which mail clients drop). Waiting for the disk on every row
            # made a round's mail eleven times slower than its result.
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
        OutboxMessage.objects.filter(pk=row.pk, claim_token=token).update(
            status=Status.SENT, sent_at=timezone.now(), last_error="", claim_token=None
        )
    logger.info("mail_sent", outbox_id=row.pk, attempt=row.attempts, message_id=row.message_id, recipient=row.recipient)
    return "sent"


def send_outbox_batch(outbox_ids: Iterable[int]) -> list[str]:
    """Claim, send and record each row, over one connection to the mail server. Returns what happened to
    each row, in order: "sent", "skipped" (sent already, not due, or held by a live attempt), "retrying"
    or "failed" (given up after HERALD_MAIL_MAX_ATTEMPTS)."""
    outbox_ids = list(outbox_ids)
    token, claimed = claim_many(outbox_ids)
    outcomes = []
    mailer = None
    try:
        for outbox_id in outbox_ids:
            row = claimed.pop(outbox_id, None)
            if row is None:
                outcomes.append("skipped")
                continue
            try:
                if mailer is None:
                    mailer = mailers.default
                    mailer.open()
                mailer.send_messages([build_email(row)])
            except Exception as error:  # any failure of the mailer is recorded and retried, row by row
                outcomes.append(_record_failure(row, token, error))
                if mailer is not None:  # a fresh connection for the next row, whatever state this one is in
                    mailer.close()
                    mailer = None
            else:
                outcomes.append(_record_sent(row, token))
    finally:
        if mailer is not None:
            mailer.close()
    return outcomes


def send_outbox_message(outbox_id: int) -> str:
    """Claim, send and record one outbox row. Returns what happened, for the task's log."""
    return send_outbox_batch([outbox_id])[0]


def due_message_ids(limit: int = 500) -> list[int]:
    """Rows whose time has come, and rows claimed by an attempt that died."""
    return list(
        OutboxMessage.objects.filter(_claimable(timezone.now()))
        .order_by("next_attempt_at")
        .values_list("pk", flat=True)[:limit]
    )


def messages_for(user) -> QuerySet[OutboxMessage]:
    """The outbox rows `user` may read: staff all, a GM those of the campaigns they run."""
    rows = OutboxMessage.objects.all()
    if user.is_staff:
        return rows
    if not user.is_authenticated:
        return rows.none()
    return rows.filter(campaign__gms=user)


def mail_page(user, number, per_page: int = 50):
    """One page of the Mail page, newest first. A host's outbox holds hundreds of thousands of rows
    (docs/performance.md, issue #13): the page's ids come from a narrow query (a GM's: through the
    `campaign_id` index), then its rows are read with their campaign. A GM's ids are ordered
    by an expression, not by the `created_at` column: with a small LIMIT (a GM with few messages) the
    planner walked the whole `created_at` index backwards, filtering by campaign, rather than reading the
    GM's few rows and sorting them (2.2 s instead of under a millisecond on the filled database)."""
    ids = messages_for(user).values_list("pk", flat=True)
    newest = F("created_at") if user.is_staff else Coalesce("created_at", "created_at")
    page = Paginator(ids.order_by(newest.desc(), "-id"), per_page).get_page(number)
    rows = OutboxMessage.objects.filter(pk__in=list(page.object_list)).select_related("campaign").in_bulk()
    page.object_list = [rows[pk] for pk in page.object_list]
    return page


def message_for(user, outbox_id: int) -> OutboxMessage:
    try:
        return messages_for(user).get(pk=outbox_id)
    except OutboxMessage.DoesNotExist:
        raise Http404("No such message") from None


def failed_messages_for(user, campaign=None) -> QuerySet[OutboxMessage]:
    """Failed mail the dashboard shows with a Retry button; optionally of one campaign only."""
    rows = messages_for(user).filter(status=Status.FAILED)
    if campaign is not None:
        rows = rows.filter(campaign=campaign)
    return rows


@transaction.atomic
def retry_message(user, message_id: int) -> OutboxMessage:
    """The Retry button: a failed (or waiting) row goes back to pending with a fresh set of attempts."""
    row = message_for(user, message_id)
    updated = OutboxMessage.objects.filter(pk=row.pk, status__in=[Status.FAILED, Status.PENDING]).update(
        status=Status.PENDING, attempts=0, next_attempt_at=timezone.now(), claim_token=None
    )
    row.refresh_from_db()
    if updated:
        from campaigns.mail.tasks import send_outbox_message as send_task

        send_task.delay_on_commit(row.pk)
        logger.info("mail_retry_requested", outbox_id=row.pk, user_id=user.pk)
    return row


def queue_test_email(user, to: str) -> OutboxMessage:
    """Staff check that mail leaves Herald: one message to `to`, sent by the worker like any other."""
    if not user.is_staff:
        raise Http404("No such page")
    with transaction.atomic():
        return queue_email(
            to=to,
            subject="Herald test email",
            text=f"This is a test email sent from Herald by {user.get_username()}.\n",
            html=format_html("<p>This is a <strong>test email</strong> sent from Herald by {}.</p>", user.get_username()),
            idempotency_key=f"test-email:{uuid.uuid4()}",
        )
