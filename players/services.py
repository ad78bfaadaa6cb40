"""Every write of the players' loop, one function per intent, each in a transaction.

Players reach a battle through their link (players/links.py), never through an account: every
function that acts for a player takes the live `PlayerLink` and only touches that player's sides.
The GM's functions fetch through `combat.services` (404 for anyone who is not a GM of the campaign).
Deadlines live in the database (`RoundDeadline`) and are swept (`sweep`), so nothing counts down in a
worker: each reminder and each deadline is claimed once, by a unique row or a conditional UPDATE.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta
from typing import Any

import structlog
from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils import timezone

from combat import system_battles, system_dues
from combat import services as combat_services
from combat.models import Battle, Round, SidePlays
from players import answers, emails, links
from players.models import PlayerLink, PlaySettings, Reminder, RoundDeadline, RoundNote, Submission

log = structlog.get_logger("players")
BattleError = combat_services.BattleError
DEFAULT_REMINDER_HOURS = [24, 2]


def play_settings(campaign) -> PlaySettings:
    """The campaign's loop settings, or the defaults (72 h, reminders 24 h and 2 h before, wait for the GM)."""
    found = PlaySettings.objects.filter(campaign=campaign).first()
    return found or PlaySettings(campaign=campaign, reminder_hours=list(DEFAULT_REMINDER_HOURS))


def receipt_for(round_: Round, character_name: str, plays: dict[str, Any], at: datetime) -> str:
    """SHA-256 of the canonical plays (sorted keys, no spaces) with the round, side and time."""
    canonical = json.dumps(
        {"battle": round_.battle_id, "round": round_.number, "character": character_name, "plays": plays,
         "at": at.isoformat()},
        sort_keys=True, separators=(",", ":"), ensure_ascii=False,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def note(round_: Round, kind: str, text: str, *, character=None, by=None, data=None) -> RoundNote:
    return RoundNote.objects.create(round=round_, kind=kind, text=text, character=character,
                                    by=by if getattr(by, "pk", None) else None, data=data or {})


# --- a round opens -----------------------------------------------------------------------------------


def round_opened(round_: Round, user=None) -> None:
    """Called (through combat's `round_opened` signal) inside the transaction that opens the round:
    its deadline, each player's link, and one plays-due email per player with a character in it."""
    campaign = round_.battle.campaign
    now = timezone.now()
    RoundDeadline.objects.get_or_create(
        round=round_, defaults={"opened_at": now, "due_at": now + timedelta(hours=play_settings(campaign).deadline_hours)}
    )
    for player, sides in players_of(round_).items():
        emails.queue_plays_due(round_, player, sides, links.issue(round_.battle, player))


def round_reopened(round_: Round, user=None) -> None:
    """Called (through combat's `round_reopened` signal) inside the transaction that voids the round's
    result: a fresh deadline counted from now (its reminders may go again), and each player's plays-due
    email once more (once per void: the key carries the void's number)."""
    now = timezone.now()
    due = now + timedelta(hours=play_settings(round_.battle.campaign).deadline_hours)
    RoundDeadline.objects.update_or_create(round=round_, defaults={"opened_at": now, "due_at": due, "passed_at": None})
    Reminder.objects.filter(round=round_).delete()
    note(round_, RoundNote.Kind.DEADLINE, f"The GM voided the round's result: it is open again, due "
         f"{due:%Y-%m-%d %H:%M} UTC.", by=user)
    for player, sides in players_of(round_).items():
        emails.queue_plays_due(round_, player, sides, links.issue(round_.battle, player))


def players_of(round_: Round) -> dict[Any, list[SidePlays]]:
    """The round's sides grouped by player (a player may have several characters in a battle)."""
    grouped: dict[Any, list[SidePlays]] = {}
    for side in round_.sides.select_related("character__player").exclude(character=None):  # not the GM's sides
        grouped.setdefault(side.character.player, []).append(side)
    return grouped


# --- what the player's page shows ---------------------------------------------------------------------


def current_round(battle: Battle) -> Round | None:
    return battle.rounds.order_by("-number").first()


def sides_of(link: PlayerLink, round_: Round | None) -> list[SidePlays]:
    if round_ is None:
        return []
    return list(round_.sides.select_related("character__player").filter(character__player=link.player))


def side_of(link: PlayerLink, round_: Round, character_id: int, *, for_update: bool = False) -> SidePlays:
    """The player's own side, else 404: a link never reaches another player's side."""
    queryset = SidePlays.objects.select_related("character__player", "round__battle__campaign")
    if for_update:
        queryset = queryset.select_for_update(of=("self", "round", "round__battle", "round__battle__campaign"))
    side = queryset.filter(round=round_, character_id=character_id, character__player=link.player).first()
    if side is None:
        raise Http404("No such side")
    return side


def deadline_of(round_: Round) -> RoundDeadline | None:
    return RoundDeadline.objects.filter(round=round_).first()


def is_past_deadline(round_: Round, now: datetime | None = None) -> bool:
    deadline = deadline_of(round_)
    return bool(deadline and (deadline.passed_at or (now or timezone.now()) >= deadline.due_at))


def check_own_plays(round_: Round, character_id: int, plays: dict[str, Any]) -> dict[str, str]:
    """The engine's errors in a player's plays, checked as if every other side played nothing: what a
    player sees can never depend on (and so reveal) another side's sealed plays, e.g. "Giant Bat is lured
    twice" when another character lures it too. Conflicts between sides are the GM's to settle: a round whose
    sides' plays are not legal together fails when it resolves, naming them, and waits for the GM. The plays are
    the side's answers to its system's plays form (players/answers.py)."""
    return answers.sealing_errors(round_.sides.get(character_id=character_id), plays)


def last_submission(round_: Round, character_id: int, source: str | None = None) -> Submission | None:
    rows = Submission.objects.filter(round=round_, character_id=character_id)
    if source:
        rows = rows.filter(source=source)
    return rows.order_by("-submitted_at", "-id").first()


# --- the player submits -------------------------------------------------------------------------------


def submit(link: PlayerLink, character_id: int, plays: dict[str, Any], *, plays_nothing: bool = False) -> Submission:
    """Seal a player's plays: valid by the engine, before the deadline, the side not locked. The last
    submission counts; each is kept with its receipt, and the receipt is emailed. Answers that play nothing
    are sealed only once the player confirms it (`plays_nothing`; else `system_battles.ask_if_nothing` asks)."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=current_round(link.battle).pk)
        side = side_of(link, round_, character_id, for_update=True)
        if round_.status != Round.Status.DRAFTING:
            raise BattleError("This round is no longer open for plays.")
        if side.locked:
            raise BattleError("Your GM has locked this side: ask them to unlock it to change your plays.")
        if is_past_deadline(round_):
            due = emails.local_time(deadline_of(round_).due_at, link.player)
            raise BattleError(f"The deadline for round {round_.number} passed on {due}: your plays can no longer "
                              "change. Your GM decides what happens to this round.")
        errors = check_own_plays(round_, character_id, plays)
        if errors:
            raise BattleError("Fix the plays marked below before submitting.", errors)
        system_battles.ask_if_nothing(side, plays, "Seal", plays_nothing)
        plays = answers.sealed(side, plays)
        now = timezone.now()
        name = side.name
        SidePlays.objects.filter(pk=side.pk).update(plays=plays, updated_by=None, updated_at=now)
        submission = Submission.objects.create(
            round=round_, character=side.character, plays=plays, source=Submission.Source.PLAYER,
            receipt=receipt_for(round_, name, plays, now), submitted_at=now,
        )
        note(round_, RoundNote.Kind.SUBMITTED, f"{name}'s plays submitted by {link.player.name} (receipt {submission.receipt[:12]}).",
             character=side.character, data={"receipt": submission.receipt})
        emails.queue_receipt(submission, link)
        resolve_if_all_in(round_)
    log.info("plays_submitted", round_id=round_.pk, character_id=character_id)
    return submission


def resolve_if_all_in(round_: Round) -> bool:
    """With the campaign's auto-resolve, a round resolves once every side is in (`is_in`: locked, or submitted,
    entered by the GM or defaulted, and still standing): the sides are locked and the round claimed."""
    if not getattr(round_.battle.campaign, "auto_resolve", False):
        return False
    sides = list(round_.sides.select_related("character").select_for_update(of=("self",)))
    latest = latest_submissions(round_)
    if not all(is_in(side, latest.get(side.character_id)) for side in sides):
        return False
    owing = system_dues.unsettled(round_)
    if owing:  # the last settlement calls this again (players/dues.py)
        note(round_, RoundNote.Kind.DEADLINE, f"Every side is in, but {', '.join(owing)} "
             f"{'has' if len(owing) == 1 else 'have'} not settled what round {round_.number - 1} left owing: "
             "the round waits for that, or for the GM.")
        return False
    SidePlays.objects.filter(round=round_, locked=False).update(locked=True)
    return combat_services.resolve_when_ready(round_)


def latest_submissions(round_: Round) -> dict[int, Submission]:
    """Each character's last submission of the round (the one that counts), by character id."""
    latest: dict[int, Submission] = {}
    for submission in Submission.objects.filter(round=round_).order_by("submitted_at", "id"):
        latest[submission.character_id] = submission
    return latest


def is_in(side: SidePlays, submission: Submission | None) -> bool:
    """Whether a side's plays are in: locked by the GM, or sealed (by its player, entered by the GM, or played by the
    deadline's default: `submission`, its last) as the side holds them now and still standing. A change to the
    battle since may have refused them or set them aside (players/adjusting.py): then they are not in, and the side
    is reminded, defaulted at the deadline and waited for as one that sent nothing."""
    if side.locked:
        return True
    return (submission is not None and submission.plays == (side.plays or {})
            and not answers.sealing_errors(side, side.plays or {}))


def _plays_errors(round_: Round, side: SidePlays) -> dict[str, str]:
    """What is wrong with a side's plays now: its answers checked alone (a clash between sides fails the round,
    which then waits for the GM)."""
    return answers.sealing_errors(side, side.plays)


# --- the GM's side -----------------------------------------------------------------------------------


def side_statuses(round_: Round, sides=None) -> list[dict[str, Any]]:
    """Each side's status for the GM: waiting, submitted (when), entered by GM, defaulted, locked, and whether a
    submission no longer stands (`stale`: a change to the battle refused it since). `sides`:
    the round's sides with their characters and players, when the caller has them already."""
    latest = latest_submissions(round_)
    statuses = []
    for side in sides if sides is not None else round_.sides.select_related("character__player"):
        submission = latest.get(side.character_id)
        statuses.append({
            "side": side,
            "name": side.name,
            "player": side.character.player if side.character else None,  # None: the GM's own side
            "submission": submission,
            "status": submission.get_source_display() if submission else "waiting",
            "locked": side.locked,
            # a submission a change to the battle has since refused or set aside (players/adjusting.py)
            "stale": submission is not None and side.character_id is not None and not is_in(side, submission),
        })
    return statuses


def gm_entered(side: SidePlays) -> None:
    """A GM saved a side's plays on the round page: kept as a submission 'entered by GM' (history),
    unless they are the plays already sealed (the GM saving a player's plays to lock them)."""
    if side.character is None:
        return  # a side no character plays is the GM's own: nobody else's plays to keep apart from
    now = timezone.now()
    round_ = side.round
    sealed = last_submission(round_, side.character_id)
    if sealed is not None and sealed.plays == side.plays:
        return
    name = side.name
    submission = Submission.objects.create(
        round=round_, character=side.character, plays=side.plays, source=Submission.Source.GM,
        receipt=receipt_for(round_, name, side.plays, now), submitted_at=now, submitted_by=side.updated_by,
    )
    note(round_, RoundNote.Kind.ENTERED_BY_GM, f"{name}'s plays entered by GM (receipt {submission.receipt[:12]}).",
         character=side.character, by=side.updated_by)


def gm_locked(side: SidePlays) -> None:
    """A GM locked or unlocked a side on the round page: in the history, with who and when."""
    what = side.name if side.is_gm_entries else f"{side.name}'s side"
    note(side.round, RoundNote.Kind.LOCK, f"{what} {'locked' if side.locked else 'unlocked'} by the GM.",
         character=side.character, by=side.updated_by)


def resend_link(user, slug: str, battle_id: int, player_id: int) -> PlayerLink:
    """Revoke the player's link to the battle and email a fresh one."""
    with transaction.atomic():
        battle = combat_services.get_battle(user, slug, battle_id)
        player = battle.campaign.players.filter(pk=player_id).first()
        if player is None or not battle.characters.filter(player=player).exists():
            raise Http404("No such player in this battle")
        if not links.is_open(battle):
            raise BattleError("This battle is over: its players' links no longer open.")
        old = PlayerLink.objects.filter(battle=battle, player=player, revoked_at__isnull=True).first()
        if old is not None:
            links.revoke(old, user)
        link = links.issue(battle, player)
        round_ = current_round(battle)
        if round_ is not None:
            note(round_, RoundNote.Kind.LINK, f"A fresh link was sent to {player.name}; the old one no longer opens.", by=user)
            if round_.status == Round.Status.DRAFTING:
                emails.queue_plays_due(round_, player, [s for s in sides_of(link, round_)], link, fresh=True)
            else:  # no plays are due (combat is over, or the round waits for the GM): the link alone
                emails.queue_fresh_link(round_, player, link)
    return link


def revoke_link(user, slug: str, battle_id: int, player_id: int) -> None:
    with transaction.atomic():
        battle = combat_services.get_battle(user, slug, battle_id)
        link = PlayerLink.objects.filter(battle=battle, player_id=player_id, revoked_at__isnull=True).first()
        if link is None:
            raise Http404("No live link for this player")
        links.revoke(link, user)
        round_ = current_round(battle)
        if round_ is not None:
            note(round_, RoundNote.Kind.LINK, f"{link.player.name}'s link was revoked.", by=user)


def set_deadline(user, slug: str, battle_id: int, number: int, due_at: datetime) -> RoundDeadline:
    """The GM moves a round's deadline (the per-round override); reminders follow the new time."""
    with transaction.atomic():
        round_ = combat_services.get_round(user, slug, battle_id, number)
        if round_.status != Round.Status.DRAFTING:
            raise BattleError("The round is no longer open for plays.", {"due_at": "the round is no longer open"})
        deadline, _ = RoundDeadline.objects.select_for_update().get_or_create(
            round=round_, defaults={"opened_at": timezone.now(), "due_at": due_at})
        deadline.due_at = due_at
        deadline.passed_at = None if due_at > timezone.now() else deadline.passed_at
        deadline.save(update_fields=["due_at", "passed_at"])
        note(round_, RoundNote.Kind.DEADLINE, f"The GM set the deadline to {due_at:%Y-%m-%d %H:%M} UTC.", by=user)
    return deadline


def save_play_settings(user, slug: str, deadline_hours: int, reminder_hours: list[int], missed_turn: str) -> PlaySettings:
    with transaction.atomic():
        campaign = combat_services.campaign_for(user, slug)
        found, _ = PlaySettings.objects.update_or_create(
            campaign=campaign,
            defaults={"deadline_hours": deadline_hours, "reminder_hours": sorted(set(reminder_hours), reverse=True),
                      "missed_turn": missed_turn},
        )
    return found


# --- the sweep: reminders and deadlines --------------------------------------------------------------


def sweep(now: datetime | None = None) -> dict[str, int]:
    """Beat's job (players.sweep_deadlines): send the reminders that are due and apply the deadlines
    that have passed. Safe to run any number of times, by any number of workers, at any time."""
    now = now or timezone.now()
    done = {"reminders": 0, "deadlines": 0}
    open_rounds = RoundDeadline.objects.filter(round__status=Round.Status.DRAFTING, passed_at__isnull=True,
                                               round__battle__status=Battle.Status.ACTIVE)
    for deadline in open_rounds.filter(due_at__lte=now).values_list("pk", flat=True):
        done["deadlines"] += pass_deadline(deadline, now)
    for deadline in open_rounds.filter(due_at__gt=now).select_related("round__battle__campaign"):
        done["reminders"] += send_reminders(deadline, now)
    return done


def send_reminders(deadline: RoundDeadline, now: datetime) -> int:
    """Each reminder whose time has come (and came after the round opened), once per character, only to
    players who have not submitted."""
    sent = 0
    round_ = deadline.round
    latest = None  # each character's last submission, read once, when a reminder is due
    for hours in play_settings(round_.battle.campaign).reminder_hours or []:
        at = deadline.due_at - timedelta(hours=int(hours))
        if not (deadline.opened_at <= at <= now):
            continue
        latest = latest_submissions(round_) if latest is None else latest
        for player, sides in players_of(round_).items():
            for side in sides:
                if is_in(side, latest.get(side.character_id)):
                    continue  # the plays are in: sealed by the player or entered by the GM, and still standing
                try:
                    with transaction.atomic():
                        Reminder.objects.create(round=round_, character=side.character, hours_before=int(hours))
                        emails.queue_reminder(round_, player, side, links.issue(round_.battle, player), deadline, int(hours))
                        note(round_, RoundNote.Kind.REMINDER, f"Reminder ({hours} h before the deadline) sent to "
                             f"{player.name} for {side.name}.", character=side.character)
                    sent += 1
                except IntegrityError:
                    continue  # already sent, by this sweep's predecessor or a parallel one
    return sent


def pass_deadline(deadline_id: int, now: datetime) -> int:
    """Apply one round's deadline once: the claim is a conditional UPDATE of `passed_at`, in the same
    transaction as its effects, so a crash keeps nothing and a second sweep finds it done."""
    with transaction.atomic():
        claimed = RoundDeadline.objects.filter(pk=deadline_id, passed_at__isnull=True, due_at__lte=now).update(passed_at=now)
        if not claimed:
            return 0
        deadline = RoundDeadline.objects.select_related("round__battle__campaign").get(pk=deadline_id)
        round_ = Round.objects.select_for_update().get(pk=deadline.round_id)
        if round_.status != Round.Status.DRAFTING:
            return 0
        policy = play_settings(round_.battle.campaign).missed_turn
        latest = latest_submissions(round_)
        # The players' sides only: a side no character plays is the GM's, never defaulted for them.
        missing = [side for side in round_.sides.select_related("character").select_for_update(of=("self",))
                   if side.character_id is not None and not is_in(side, latest.get(side.character_id))]
        if missing and policy == PlaySettings.MissedTurn.WAIT:
            note(round_, RoundNote.Kind.DEADLINE, "The deadline passed without plays from "
                 f"{', '.join(s.name for s in missing)}: the round waits for the GM.")
            return 1
        defaulted = [side for side in missing if _default_side(round_, side, policy, now)]
        waiting = [side.name for side in missing if side not in defaulted]
        note(round_, RoundNote.Kind.DEADLINE, "The deadline passed"
             + (f"; defaulted: {', '.join(s.name for s in defaulted)}." if defaulted else "")
             + (f"; waiting for the GM: {', '.join(waiting)}." if waiting else "")
             + ("" if missing else "; every side was in."))
        _resolve_at_deadline(round_)
    return 1


def _default_side(round_: Round, side: SidePlays, policy: str, now: datetime) -> bool:
    """Play the campaign's missed-turn policy for a side without plays; False when the side must wait for
    the GM instead (playing nothing is not an answer every system takes)."""
    name = side.name
    plays, why = answers.missed_turn_answers(round_, side, repeat=policy == PlaySettings.MissedTurn.REPEAT)
    why = f"{why} (the campaign's missed-turn policy)"
    if plays is None:
        note(round_, RoundNote.Kind.DEFAULTED, f"{name} missed the deadline: {why}.", character=side.character,
             data={"policy": policy})
        return False
    side.plays, side.updated_by = plays, None  # no GM wrote these: a GM's card drawn before is stale now
    side.save(update_fields=["plays", "updated_by", "updated_at"])
    Submission.objects.create(round=round_, character=side.character, plays=plays, source=Submission.Source.DEFAULT,
                              receipt=receipt_for(round_, name, plays, now), submitted_at=now)
    note(round_, RoundNote.Kind.DEFAULTED, f"{name} missed the deadline: {why}.", character=side.character,
         data={"policy": policy})
    return True


def _resolve_at_deadline(round_: Round) -> None:
    """At the deadline every side is in (submitted or defaulted); valid sides are locked, and with
    auto-resolve the round is resolved. A side still without valid plays (a player's the GM must settle, or
    the GM's own) leaves the round to the GM. The GM's entries for the round are never the players' deadline's:
    they are said apart, and only the GM locks them."""
    invalid, gm_entries_open = [], False
    for side in round_.sides.select_related("character"):
        if side.locked:
            continue
        if side.is_gm_entries:
            gm_entries_open = True
        elif side.character_id is None and not side.plays:  # the GM's own side, never entered: never defaulted
            invalid.append(side.name)
        elif _plays_errors(round_, side):
            invalid.append(side.name)
        else:
            SidePlays.objects.filter(pk=side.pk).update(locked=True)
    if invalid or gm_entries_open:
        note(round_, RoundNote.Kind.DEADLINE, _deadline_left_to_gm(round_, invalid, gm_entries_open))
        return
    resolve_if_all_in(round_)


def _deadline_left_to_gm(round_: Round, invalid: list[str], gm_entries_open: bool) -> str:
    said = []
    if invalid:
        said.append(f"{', '.join(invalid)} {'has' if len(invalid) == 1 else 'have'} no complete, legal plays yet")
    if gm_entries_open:
        said.append("the GM's entries for the round are still to be entered and locked")
    text = "; ".join(said)
    return f"{text[0].upper()}{text[1:]}: the GM decides." if invalid else f"{text[0].upper()}{text[1:]}."


# --- rulings and adjustments -------------------------------------------------------------------------


def add_ruling(user, slug: str, battle_id: int, number: int, text: str) -> RoundNote:
    """A GM ruling on a round: in the round's history and in the round's emails, cited as "GM ruling".
    A round not yet resolved carries it in its result emails; on a round already resolved, each player
    of the round gets it in an email of its own, once. The round is locked first, so a ruling added while
    the round resolves is in the result emails or in its own, never in neither."""
    with transaction.atomic():
        round_ = combat_services.get_round(user, slug, battle_id, number)
        round_ = Round.objects.select_for_update().select_related("battle__campaign").get(pk=round_.pk)
        ruling = note(round_, RoundNote.Kind.RULING, text.strip(), by=user)
        if round_.status == Round.Status.RESOLVED:
            for player in players_of(round_):
                link = links.issue(round_.battle, player) if links.is_open(round_.battle) else None
                emails.queue_ruling(ruling, round_, player, link)
        return ruling


def rulings(round_: Round) -> list[RoundNote]:
    return list(RoundNote.objects.filter(round=round_, kind=RoundNote.Kind.RULING).select_related("by"))
