"""The emails of a round fought through the systems interface: each player learns what their sides may
see (the events the system marked visible to them, `visible_to`), starting with their sides' summaries and
ending with what to do next (first, settling what a side owes after the round: combat/system_dues.py); each GM
gets the whole log. Each gives the rules the round was resolved under (their version and fingerprint) as Magic
Realm's emails do. Queued through the outbox inside the resolve transaction with the same idempotency and thread keys as the app's other round emails (combat/emails.py)."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from combat import emails, fairness, system_dues, system_rounds
from systems.options import fingerprint


def queue_round_emails(round_) -> list:
    from campaigns.mail.services import queue_email

    battle = round_.battle
    campaign = battle.campaign
    result = round_.result or {}
    base = {
        "round": round_, "battle": battle, "campaign": campaign, "system": campaign.combat_system.TITLE,
        "seed": round_.seed, "dice": fairness.dice_facts(round_), "calendar": emails.calendar_line(campaign),
        # The rules it was resolved under, in the words of Magic Realm's emails, as recorded when it opened
        # (`open_round`, `Campaign.round_rules_facts`): the campaign's version of its options then, and its system's
        # fingerprint, which anyone can recompute from its rules. A round opened before every campaign's options had
        # versions has none and reads "-"; one opened before rounds recorded their fingerprint gets the options' digest.
        "rules_version": round_.rules_version_number,
        "fingerprint": round_.rules_fingerprint or fingerprint(round_.rules or {}),
    }
    standing = _standing_after(round_)
    players: dict[int, dict[str, Any]] = {}
    for side in round_.sides.select_related("character__player"):
        if side.character is None:
            continue  # the GM's side: the GM's email has everything
        entry = players.setdefault(side.character.player_id, {"player": side.character.player, "sides": []})
        entry["sides"].append(side.side)
    owing = {due.name: due for due in system_dues.dues_of(round_)}
    queued = []
    for entry in players.values():
        player, names = entry["player"], entry["sides"]
        sides = [{"name": name, "summary": {}, **system_rounds.side_report(result, name),
                  "dues": owing[name].form.title if name in owing else "", "standing": standing(name)}
                 for name in names]
        events = system_rounds.events_seen_by(round_.log, names)
        following = emails.next_steps(round_, player, names)
        dues = [name for name in names if name in owing]
        context = {**base, "player": player, "sides": sides, "events": events, "next": following,
                   "dues": dues, "dues_url": _dues_url(battle, player, following) if dues else ""}
        queued.append(queue_email(
            to=player.email, subject=emails.subject(round_),
            text=render_to_string("combat/email/system_round_player.txt", context),
            html=render_to_string("combat/email/system_round_player.html", context),
            campaign=campaign, idempotency_key=emails.player_key(round_, player), thread_key=emails.thread_key(battle),
        ))
    gm_context = {**base, "events": round_.log, "summaries": result.get("summaries", {}),
                  "dues": [(due.name, due.side.character.player.name if due.side.character else "")
                           for due in owing.values()],
                  "finished": result.get("finished", False), "next": {"rulings": emails.rulings_of(round_),
                                                                       "gm_step": emails.gm_next_step(round_)}}
    for gm in campaign.gms.exclude(email=""):
        queued.append(queue_email(
            to=gm.email, subject=f"{emails.subject(round_)} (GM log)",
            text=render_to_string("combat/email/system_round_gm.txt", gm_context),
            html=render_to_string("combat/email/system_round_gm.html", gm_context),
            campaign=campaign, idempotency_key=emails.gm_key(round_, gm), thread_key=emails.thread_key(battle),
        ))
    return queued


def queue_waiting_emails(round_, wait: int, forms) -> list:
    """One email to each player of a side whose `forms` (a waiting round's, the GM's own left out) must be
    answered before the round goes on: it starts with what they must choose and ends with their link. Once per
    wait of the round (`wait`: its number), in the caller's transaction."""
    from campaigns.mail.services import queue_email
    from players import links

    battle = round_.battle
    by_player: dict[int, dict[str, Any]] = {}
    for side in round_.sides.select_related("character__player").exclude(character=None):
        own = [form for form in forms if form.side == side.side]
        if own:
            entry = by_player.setdefault(side.character.player_id, {"player": side.character.player, "forms": []})
            entry["forms"] += own
    queued = []
    for entry in by_player.values():
        player = entry["player"]
        context = {"round": round_, "battle": battle, "campaign": battle.campaign, "player": player,
                   "forms": [{"title": form.title, "side": form.side, "notes": form.notes,
                              "questions": [f.label for f in form.fields]} for form in entry["forms"]],
                   "url": links.url_for(links.issue(battle, player))}
        queued.append(queue_email(
            to=player.email, subject=f"{emails.subject(round_)}: your choice is needed",
            text=render_to_string("combat/email/system_waiting_player.txt", context),
            html=render_to_string("combat/email/system_waiting_player.html", context), campaign=battle.campaign,
            idempotency_key=f"{emails.player_key(round_, player)}/waiting-{wait}",
            thread_key=emails.thread_key(battle),
        ))
    return queued


def _dues_url(battle, player, following) -> str:
    """The player's page, where their sides settle what they owe: the link the email already carries, else
    the player's live link."""
    from players import links

    if following["url"] or not links.is_open(battle):
        return following["url"]
    return links.url_for(links.issue(battle, player))


def _standing_after(round_):
    """Where each side stands once the round is over (the system's `standing` of the next round's input, opened
    in the same transaction): for Magic Realm, the character's chits and who stands on his sheet; nothing
    when the battle is over (the summary says how it ended)."""
    following = round_.battle.rounds.filter(number=round_.number + 1).only("input").first()
    if following is None or not following.input:
        return lambda side: []
    system = round_.battle.campaign.combat_system
    sides = set(system.sides(following.input))
    return lambda side: list(system.standing(following.input, side)) if side in sides else []
