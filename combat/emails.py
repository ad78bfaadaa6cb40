"""What every battle email shares (their keys, subject, calendar line and next steps), and the emails of a battle
ended or a round voided; a round's result emails are its system's (combat/system_emails.py).

Written through the outbox inside the resolve transaction, so a result and its emails are kept or lost
together; the idempotency key (round and recipient) means a second run can never queue a second copy,
and the thread key (campaign and battle) keeps a battle's rounds in one thread.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse

from combat import fairness
from config.absolute_url import absolute_url


def thread_key(battle) -> str:
    return f"campaign-{battle.campaign_id}/battle-{battle.pk}"


def _round_key(round_) -> str:
    """A voided round resolved again is a new result: its emails are new messages (`/v1/`, `/v2/`...)."""
    voided = getattr(round_, "voided_count", 0)
    return f"combat/round-{round_.pk}" + (f"/v{voided}" if voided else "")


def player_key(round_, player) -> str:
    return f"{_round_key(round_)}/player-{player.pk}"


def gm_key(round_, user) -> str:
    return f"{_round_key(round_)}/gm-{user.pk}"


def subject(round_) -> str:
    battle = round_.battle
    return f"[{battle.campaign.name}] {battle.name}: round {round_.number}"


def calendar_line(campaign) -> str:
    """The date, and what the campaign's system says of the calendar in one line (Magic Realm: the season and
    the weather); from campaigns.services.calendar_summary, which never carries what only the GM may see."""
    from campaigns.services import calendar_summary

    summary = calendar_summary(campaign)
    date = f"month {summary['month']}, week {summary['week']}, day {summary['day']}"
    return f"{date}, {summary['line']}" if summary["line"] else date


def next_steps(round_, player, names):
    """The player's summary and what comes next (link and deadline, or "combat is over"), and the
    round's GM rulings: the players app's part of the email (issue #10)."""
    from players.emails import next_steps

    return next_steps(round_, player, names)


def gm_next_step(round_) -> dict[str, str]:
    """The GM's email's last line: the next round's page, open for plays, or the battle's page once the
    battle is over (an absolute address from HERALD_BASE_URL, else the path alone)."""
    battle = round_.battle
    following = battle.rounds.filter(number=round_.number + 1).first()
    if following is not None:
        text = f"round {following.number} is open for plays; lock each side, or wait for the players, then resolve it"
        path = reverse("combat:round", args=[battle.campaign.slug, battle.pk, following.number])
    else:
        text, path = "the battle is over; its page keeps every round", reverse("combat:battle", args=[battle.campaign.slug, battle.pk])
    return {"text": text, "url": absolute_url(path)}


def rulings_of(round_):
    from players.services import rulings

    return rulings(round_)


def _to_each_player(battle, *, subject_text: str, template: str, key: str, context: dict[str, Any]) -> list:
    """One email to each player with a character in the battle (`key` + `/player-<id>`, so once)."""
    from campaigns.mail.services import queue_email

    by_player: dict[int, dict[str, Any]] = {}
    for character in battle.characters.select_related("player"):
        entry = by_player.setdefault(character.player_id, {"player": character.player, "characters": []})
        entry["characters"].append(character)
    queued = []
    for entry in by_player.values():
        player = entry["player"]
        if not player.email:
            continue
        personal = {**context, "battle": battle, "player": player, "characters": entry["characters"]}
        queued.append(queue_email(
            to=player.email,
            subject=f"[{battle.campaign.name}] {battle.name}: {subject_text}",
            text=render_to_string(f"combat/email/{template}.txt", personal),
            html=render_to_string(f"combat/email/{template}.html", personal),
            campaign=battle.campaign,
            idempotency_key=f"{key}/player-{player.pk}",
            thread_key=thread_key(battle),
        ))
    return queued


def queue_battle_ended_emails(battle, dropped_round: int | None) -> list:
    """Each player with a character in the battle learns that the GM ended it (issue #14.7), once."""
    return _to_each_player(battle, subject_text="the battle is over", template="battle_ended",
                           key=f"combat/battle-{battle.pk}/ended", context={"dropped": dropped_round})


def queue_round_voided_emails(round_, dropped_rounds: list[int]) -> list:
    """Each player in the battle learns that the GM voided a round's result (issue #14), once per void."""
    return _to_each_player(round_.battle, subject_text=f"round {round_.number} voided", template="round_voided",
                           key=f"combat/round-{round_.pk}/voided-{round_.voided_count}",
                           context={"round": round_, "dropped": [n for n in dropped_rounds if n != round_.number],
                                    "dice": fairness.dice_facts(round_)})
