"""The players' emails, all through the outbox (`campaigns.mail.services.queue_email`) in the caller's
transaction, each with an idempotency key so that no run sends one twice:

- a fresh link the GM sent when no plays are due (`players/link-<id>`),
- plays due (`players/round-<id>/plays-due/player-<id>`, or `.../link-<id>` for a fresh link; a round
  opened again after a void has `/v<n>` after its id, in its reminders' keys too), and for a side the GM's
  adjustment brings back into the open round `.../back-side-<id>/adjustment-<n>` (the player may have had
  the round's email already, for his other characters),
- the receipt of a submission (`players/submission-<id>`),
- a reminder (`players/round-<id>/reminder-<hours>/character-<id>`),
- a GM ruling added after its round resolved (`players/ruling-<note id>/player-<id>`),
- and, for the round's result email (combat/emails.py), `next_steps`: the player's summary first, then
  what comes next (the link and the deadline of the next round, or "combat is over", for everyone or for
  this player), then the log.
"""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

from django.template.loader import render_to_string


def thread_key(battle) -> str:
    return f"campaign-{battle.campaign_id}/battle-{battle.pk}"  # the battle's thread (combat/emails.py)


def local_time(moment, player) -> str:
    """The deadline in the player's time zone, with UTC beside it."""
    try:
        zone = ZoneInfo(player.time_zone or "UTC")
    except (KeyError, ValueError):
        zone = ZoneInfo("UTC")
    local = moment.astimezone(zone)
    utc = moment.astimezone(ZoneInfo("UTC"))
    if local.utcoffset() == utc.utcoffset():
        return f"{utc:%a %d %b %Y, %H:%M} UTC"
    return f"{local:%a %d %b %Y, %H:%M} {player.time_zone} ({utc:%H:%M} UTC)"


def seed_commitment(round_) -> str:
    """The round's seed commitment (docs/fair-dice.md), in the plays-due email so a player can check the
    dice afterwards: committed when the round opened, before any plays are in."""
    from combat import fairness

    return fairness.commitment_text(round_)


def _queue(*, to, subject, template, context, campaign, key, battle):
    from campaigns.mail.services import queue_email

    return queue_email(
        to=to, subject=subject,
        text=render_to_string(f"players/email/{template}.txt", context),
        html=render_to_string(f"players/email/{template}.html", context),
        campaign=campaign, idempotency_key=key, thread_key=thread_key(battle),
    )


def _round_context(round_, player, sides, link, *, standing: bool = False) -> dict[str, Any]:
    """What the plays-due and reminder emails say of each side: what it must choose (`choosing`), and with
    `standing` (the plays-due email) what the player knows of his combatant before the plays, as his page
    shows it."""
    from combat import system_battles
    from players import answers, links, services

    battle = round_.battle
    deadline = services.deadline_of(round_)
    previous = battle.rounds.filter(number=round_.number - 1).only("result").first()
    choosing = [{**answers.to_choose(side, previous.result if previous else None),
                 "standing": system_battles.standing_of(side) if standing else []} for side in sides]
    return {
        "round": round_, "battle": battle, "campaign": battle.campaign, "player": player, "choosing": choosing,
        "names": [side.name for side in sides],
        "deadline": local_time(deadline.due_at, player) if deadline else "",
        "url": links.url_for(link),
        "commitment": seed_commitment(round_),
    }


def _opening(round_) -> str:
    """A round opened again after its result was voided is a new opening: `/v1`, `/v2`... in its keys."""
    return f"/v{round_.voided_count}" if round_.voided_count else ""


def queue_plays_due(round_, player, sides, link, *, fresh: bool = False):
    battle = round_.battle
    key = (f"players/round-{round_.pk}{_opening(round_)}/plays-due/player-{player.pk}"
           + (f"/link-{link.pk}" if fresh else ""))
    context = {**_round_context(round_, player, sides, link, standing=True), "fresh": fresh,
               "reopened": bool(round_.voided_count),
               "locked": [side.name for side in sides if side.locked]}
    return _queue(to=player.email, subject=f"[{battle.campaign.name}] {battle.name}: round {round_.number}, plays due",
                  template="plays_due", context=context, campaign=battle.campaign, key=key, battle=battle)


def queue_side_back(round_, player, side, link, change: int):
    """A side the GM's change brings back into the open round (a side made for a combatant brought back into the
    battle, or one locked for having nothing to choose that has something again): its player's plays-due email for
    that side alone, under a key of its own, once per change (`change`, a number each change to the round's state,
    an adjustment or a settlement, has its own of). Past the round's deadline it says that the plays can no longer
    change: the GM decides."""
    return _queue_change(round_, player, side, link, f"back-side-{side.pk}/adjustment-{change}", {"back": True})


def queue_plays_no_longer_stand(round_, player, side, link, change: int, problems: list[str], cause: str):
    """A side whose plays were in (sealed, or entered or locked by the GM) and that a change to the battle (`cause`,
    in words: the GM's change, a settlement of dues) refuses now: its player's email saying what no longer stands
    (`problems`, the checks' own words) and until when to change it, once per change (`change`, as
    `queue_side_back`). Past the round's deadline: the GM decides."""
    return _queue_change(round_, player, side, link, f"changed-side-{side.pk}/change-{change}",
                         {"no_longer_stand": problems, "cause": cause})


def _queue_change(round_, player, side, link, what: str, said: dict):
    """A plays-due email for one side after a change to the open round's state, under the key `what` names."""
    from players import services

    battle = round_.battle
    past = services.is_past_deadline(round_)
    key = f"players/round-{round_.pk}{_opening(round_)}/plays-due/player-{player.pk}/{what}"
    context = {**_round_context(round_, player, [side], link, standing=True), "fresh": False, "reopened": False,
               "locked": [], "back": False, "no_longer_stand": [], "past_deadline": past, **said}
    subject = f"round {round_.number}, " + ("deadline passed" if past else "plays due")
    return _queue(to=player.email, subject=f"[{battle.campaign.name}] {battle.name}: {subject}",
                  template="plays_due", context=context, campaign=battle.campaign, key=key, battle=battle)


def queue_fresh_link(round_, player, link):
    """A fresh link when no plays are due (combat is over, or the round waits for the GM)."""
    from players import links

    battle = round_.battle
    context = {"round": round_, "battle": battle, "campaign": battle.campaign, "player": player,
               "url": links.url_for(link), "open_until": local_time(links.open_until(battle), player)
               if links.final_round(battle) else ""}
    return _queue(to=player.email, subject=f"[{battle.campaign.name}] {battle.name}: your fresh link",
                  template="fresh_link", context=context, campaign=battle.campaign,
                  key=f"players/link-{link.pk}", battle=battle)


def queue_reminder(round_, player, side, link, deadline, hours: int):
    battle = round_.battle
    context = {**_round_context(round_, player, [side], link), "hours": hours}
    return _queue(to=player.email,
                  subject=f"[{battle.campaign.name}] {battle.name}: round {round_.number}, plays due in {hours} h",
                  template="reminder", context=context, campaign=battle.campaign,
                  key=f"players/round-{round_.pk}{_opening(round_)}/reminder-{hours}/character-{side.character_id}",
                  battle=battle)


def queue_receipt(submission, link):
    from players import links

    round_ = submission.round
    battle = round_.battle
    context = {"submission": submission, "round": round_, "battle": battle, "player": link.player,
               "name": submission.character.catalogue_name, "url": links.url_for(link),
               "when": local_time(submission.submitted_at, link.player)}
    return _queue(to=link.player.email,
                  subject=f"[{battle.campaign.name}] {battle.name}: round {round_.number}, plays received",
                  template="receipt", context=context, campaign=battle.campaign,
                  key=f"players/submission-{submission.pk}", battle=battle)


def queue_ruling(ruling, round_, player, link):
    """A GM ruling added to a round already resolved, to one player of the round (once per ruling)."""
    from players import links

    battle = round_.battle
    context = {"ruling": ruling, "round": round_, "battle": battle, "campaign": battle.campaign, "player": player,
               "url": links.url_for(link) if link else ""}
    return _queue(to=player.email,
                  subject=f"[{battle.campaign.name}] {battle.name}: round {round_.number}, GM ruling",
                  template="ruling", context=context, campaign=battle.campaign,
                  key=f"players/ruling-{ruling.pk}/player-{player.pk}", battle=battle)


def next_steps(round_, player, names: list[str]) -> dict[str, Any]:
    """For the round's result email and the player's page: what comes next for this player, whose sides are
    `names`: the next round's link and deadline when they have a side in it; else combat is over (for them, or for
    everyone), with their link while the battle's page still serves them (the final results). What a side owes
    is said with the side, with its own link (combat/system_emails.py)."""
    from players import links, services

    battle = round_.battle
    following = battle.rounds.filter(number=round_.number + 1).first()
    # A side with nothing to choose (its character killed or gone) is locked as the round opens: no plays due.
    plays_due = following is not None and following.sides.filter(character__player=player, locked=False).exists()
    combat_over = following is None
    until = links.open_until(battle) if combat_over else None
    # Plays due, or combat over with the page still open: the link serves.
    serves = plays_due or (combat_over and until is not None)
    link = links.issue(battle, player) if serves and links.is_open(battle) else None
    deadline = services.deadline_of(following) if plays_due else None
    return {
        "over": combat_over,
        "over_for_you": not combat_over and not plays_due,
        "out": list(names),
        "plays_due": plays_due,
        "next_round": following.number if following is not None else None,
        "url": links.url_for(link) if link else "",
        "open_until": local_time(until, player) if until and link else "",
        "deadline": local_time(deadline.due_at, player) if deadline else "",
        "rulings": services.rulings(round_),
    }
