"""Personal links: the token, its hash, and finding a live link from a token.

A token is 256 bits: HMAC-SHA256 of the link's random nonce (`secrets.token_urlsafe(32)`) under the
server's SECRET_KEY, base64url. Only the nonce and the token's SHA-256 are stored, so every email of a
battle (plays due, reminders, results) can carry the same link, while the database alone opens nothing.
A link is live while it is not revoked and its battle is open to its players: in progress, or, when
combat ended in a resolved round, for `FINAL_RESULTS_DAYS` after that last round, so that players can read
its results and choose the chits that take the wounds and fatigue they owe from it. A battle the GM ended
closes at once. Anything else is a 404.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from django.conf import settings
from django.db import transaction
from django.http import Http404
from django.urls import reverse
from datetime import datetime, timedelta

from django.utils import timezone

from config.absolute_url import absolute_url
from players.models import PlayerLink

# How long after combat ends (the last round resolved) the players' links keep opening their page.
FINAL_RESULTS_DAYS = 14

_PURPOSE = b"herald.players.link:"


def token_for(link: PlayerLink) -> str:
    digest = hmac.new(settings.SECRET_KEY.encode(), _PURPOSE + link.nonce.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def url_for(link: PlayerLink) -> str:
    """The link's absolute address, for emails (HERALD_BASE_URL, else the path alone)."""
    path = reverse("players:page", kwargs={"token": token_for(link)})
    return absolute_url(path)


def issue(battle, player) -> PlayerLink:
    """The player's live link to the battle, made the first time it is asked for."""
    with transaction.atomic():
        link = PlayerLink.objects.filter(battle=battle, player=player, revoked_at__isnull=True).first()
        if link is not None:
            return link
        link = PlayerLink(battle=battle, player=player, nonce=secrets.token_urlsafe(32))
        link.token_hash = token_hash(token_for(link))
        link.save()
        return link


def revoke(link: PlayerLink, user=None) -> None:
    PlayerLink.objects.filter(pk=link.pk, revoked_at__isnull=True).update(revoked_at=timezone.now(), revoked_by=user)


def final_round(battle):
    """The round in which combat ended (resolved, its result says so), else None: a battle the GM ended
    has none, nor one still in progress."""
    if battle.status == battle.Status.ACTIVE:
        return None
    last = battle.rounds.order_by("-number").first()
    result = (last.result or {}) if last is not None else {}
    # "combat_ends": the app's own engine says so; "finished": a system through the interface does.
    if last is None or last.status != last.Status.RESOLVED or not (result.get("combat_ends") or result.get("finished")):
        return None
    return last


def open_until(battle) -> datetime | None:
    """Until when a battle whose combat ended stays open to its players' links (None if it is not)."""
    last = final_round(battle)
    return last.resolved_at + timedelta(days=FINAL_RESULTS_DAYS) if last is not None and last.resolved_at else None


def is_open(battle, now: datetime | None = None) -> bool:
    """The battle's links open: it is in progress, or combat ended less than FINAL_RESULTS_DAYS ago."""
    if battle.status == battle.Status.ACTIVE:
        return True
    until = open_until(battle)
    return until is not None and (now or timezone.now()) < until


def live_link(token: str) -> PlayerLink:
    """The live link the token opens, else Http404 (wrong, revoked, or the battle closed: `is_open`)."""
    if not token or len(token) > 100:
        raise Http404("No such link")
    link = (
        PlayerLink.objects.select_related("battle__campaign", "player")
        .filter(token_hash=token_hash(token), revoked_at__isnull=True)
        .first()
    )
    if link is None or not is_open(link.battle):
        raise Http404("No such link")
    return link
