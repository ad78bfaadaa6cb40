"""Every write about battles, one function per intent, each in a transaction and checking the GM's access
and the round's state. Views and the resolve task stay thin and call these.

A round's life (docs/battles.md): `drafting` (each side saves drafts, then locks) → `resolving` (one
conditional UPDATE, so a double click does nothing) → `resolved` (the task writes the result, the battle's
new state and one outbox email per recipient in ONE transaction) or `failed` → `resolving` again.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

import structlog
from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone

from campaigns.names import ONE_LINE_MESSAGE, is_one_line
from combat import chits, drafts, fairness, history, messages, rounds, system_battles, system_dues, system_waiting
from combat.models import Battle, ChitRecord, Round, SidePlays
from combat.signals import round_opened
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


# --- starting a battle -------------------------------------------------------------------------------


@dataclass
class NativeChoice:
    name: str
    hired_by: int | None = None  # a Character id


@dataclass
class BattleSetup:
    name: str
    clearing: str
    character_ids: list[int]
    monsters: list[str] = field(default_factory=list)
    natives: list[NativeChoice] = field(default_factory=list)
    attacks: list[tuple[str, str]] = field(default_factory=list)  # (attacker, target) by name or id
    dwelling: str = ""  # the clearing's dwelling ("Inn"), written as the round file's state.dwelling


def start_battle(user, slug: str, setup: BattleSetup) -> Battle:
    """Start a battle in a clearing with round 1 open for plays (rule 1.2: set-up)."""
    campaign = _gm_campaign(user, slug)
    return create_battle(campaign, setup, user=user)


def create_battle(campaign, setup: BattleSetup, *, user=None, demo_key: str = "") -> Battle:
    """The battle itself, for a campaign already checked (start_battle) or the demo loader."""
    for field_name, value in (("name", setup.name), ("clearing", setup.clearing)):
        if not is_one_line(value or ""):  # a battle's name goes into every email's Subject
            raise BattleError(f"{field_name}: {ONE_LINE_MESSAGE}", {field_name: ONE_LINE_MESSAGE})
    with transaction.atomic():
        characters = list(campaign.characters.filter(pk__in=setup.character_ids).select_related("player"))
        if not characters:
            raise BattleError("Pick at least one character present.", {"characters": "Pick at least one character."})
        killed = [character.catalogue_name for character in characters if (character.state or {}).get("killed")]
        if killed:
            message = f"{', '.join(killed)} {'was' if len(killed) == 1 else 'were'} killed in an earlier battle."
            raise BattleError(message, {"characters": message})
        state = rounds.initial_state(
            campaign=campaign,
            clearing=setup.clearing,
            characters=characters,
            monsters=setup.monsters,
            natives=[(native.name, native.hired_by) for native in setup.natives],
            attacks=setup.attacks,
        )
        if setup.dwelling:
            state["state"]["dwelling"] = setup.dwelling
        battle = Battle.objects.create(
            campaign=campaign,
            name=setup.name or f"Battle in {setup.clearing}",
            clearing=setup.clearing,
            state=state,
            demo_key=demo_key,
            created_by=user if getattr(user, "pk", None) else None,
        )
        battle.characters.set(characters)
        _open_round(battle, 1, user)
    return battle


def _open_round(battle: Battle, number: int, user=None, carried: dict[str, Any] | None = None) -> Round:
    # The dice are drawn and committed now, before any play is entered (docs/fair-dice.md).
    dice = fairness.new_dice(battle.campaign.slug, battle.pk, number)
    round_ = Round.objects.create(battle=battle, number=number, encounter=carried or {}, **dice)
    living = rounds.living_character_ids(battle.state)
    for character in battle.characters.all():
        if rounds.character_id(character) in living:
            SidePlays.objects.create(round=round_, character=character, updated_by=user if getattr(user, "pk", None) else None)
    round_opened.send(sender=Round, round=round_, user=user)
    return round_


# --- plays -------------------------------------------------------------------------------------------


def _open_side(user, slug: str, battle_id: int, number: int, character_id: int, *, for_update: bool = True):
    round_ = get_round(user, slug, battle_id, number)
    queryset = SidePlays.objects.select_related("character", "round__battle__campaign")
    if for_update:
        # Not the character's row: a side no character plays joins it as NULL, which PostgreSQL cannot lock.
        queryset = queryset.select_for_update(of=("self", "round", "round__battle", "round__battle__campaign"))
    try:
        side = queryset.get(round=round_, character_id=character_id)
    except SidePlays.DoesNotExist:
        raise Http404("No such side in this round") from None
    return round_, side


def check_plays(round_: Round, character_id: int, plays: dict[str, Any], sides=None) -> dict[str, str]:
    """The errors in one side's plays, keyed by form field (docs/round-format.md): what the draft still
    misses, in the game's words (`drafts.missing`), then the engine's errors on the draft made whole, so
    that an unfinished play hides no other error (issue #14.2c). `sides` are the round's sides with their
    characters, when the caller has them already."""
    sides = list(sides) if sides is not None else list(round_.sides.select_related("character"))
    drafts_by_pk = {side.character_id: side.plays for side in sides}
    drafts_by_pk[character_id] = plays
    return _check_drafts(round_, sides, drafts_by_pk, [character_id])[character_id]


def check_saved_plays(round_: Round, sides, character_ids) -> dict[int, dict[str, str]]:
    """`check_plays` of each of `character_ids`' saved drafts, by character pk: the round file is the same
    for all of them (every side's saved plays), so it is built and checked once for the page."""
    return _check_drafts(round_, list(sides), {side.character_id: side.plays for side in sides}, character_ids)


def _check_drafts(round_: Round, sides, drafts_by_pk: dict[int, Any], character_ids) -> dict[int, dict[str, str]]:
    round_input = rounds.build_input(
        round_.battle, round_, {pk: drafts.checkable(draft) for pk, draft in drafts_by_pk.items()}
    )
    engine_errors = rounds.round_errors(round_input)
    encounter_errors: dict[str, dict[str, str]] = {}
    if "encounter" in round_input:
        _, owners = rounds.encounter_section(
            {rounds.character_id(side.character): drafts.checkable(drafts_by_pk[side.character_id]) for side in sides},
            round_.encounter or {},
        )
        encounter_errors = rounds.encounter_errors(round_input, owners)
    names = {side.character_id: rounds.character_id(side.character) for side in sides}
    checked = {}
    for character_id in character_ids:
        errors = rounds.side_errors(engine_errors, names[character_id])
        for form_field, message in encounter_errors.get(names[character_id], {}).items():
            errors[f"{ENCOUNTER_PREFIX}{form_field}"] = message
        errors.update(drafts.missing(drafts_by_pk[character_id]))
        checked[character_id] = errors
    return checked


# A side's errors about its encounter choices are keyed "encounter.<field>" beside its plays' fields.
ENCOUNTER_PREFIX = "encounter."


def round_encounter_errors(round_: Round) -> dict[str, str]:
    """The errors in the GM's round-level encounter entries (battling groups, choices), by field."""
    if not round_.encounter:
        return {}  # nothing entered, nothing wrong: spare the battle page a round file per view
    sides = list(round_.sides.select_related("character"))
    round_input = rounds.build_input(round_.battle, round_, {side.character_id: drafts.checkable(side.plays) for side in sides})
    _, owners = rounds.encounter_section(
        {rounds.character_id(side.character): drafts.checkable(side.plays) for side in sides}, round_.encounter or {}
    )
    return rounds.encounter_errors(round_input, owners).get(rounds.ROUND_FIELD, {})


def save_round_encounter(user, slug: str, battle_id: int, number: int, entries: dict[str, Any]) -> Round:
    """Keep the GM's round-level encounter entries (which groups battle whom this evening, a player's
    choice the engine asked for) while the round is open or failed; a locked side stays locked."""
    with transaction.atomic():
        round_ = get_round(user, slug, battle_id, number)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status not in (Round.Status.DRAFTING, Round.Status.FAILED):
            raise BattleError("The round is being resolved or resolved: its encounter can no longer change.")
        round_.encounter = entries
        round_.save(update_fields=["encounter"])
    return round_


def save_plays(user, slug: str, battle_id: int, number: int, character_id: int, plays: dict[str, Any]):
    """Keep a side's draft plays (even with errors) and return the engine's errors by field."""
    with transaction.atomic():
        round_, side = _open_side(user, slug, battle_id, number, character_id)
        if round_.status != Round.Status.DRAFTING:
            raise BattleError("This round is no longer open for plays.")
        if side.locked:
            raise BattleError("This side is locked: unlock it to change its plays.")
        errors = check_plays(round_, character_id, plays)
        side.plays = plays
        side.updated_by = user
        side.save(update_fields=["plays", "updated_by", "updated_at"])
    return side, errors


# The key of the error that asks the GM to confirm a side that plays nothing (issue #14.2b).
NOTHING_PLAYED = "nothing_played"


def nothing_played_question(name: str) -> str:
    return (f"{name} plays nothing this round: no target, no attack, no maneuver. Lock the side only if "
            f"{name} does nothing this round.")


def lock_side(user, slug: str, battle_id: int, number: int, character_id: int, *, does_nothing: bool = False) -> SidePlays:
    """Lock a side whose plays are valid; with the campaign's auto-resolve, the last lock resolves. A side
    that plays nothing is locked only when the GM confirms that the character does nothing this round
    (`does_nothing`, issue #14.2b)."""
    with transaction.atomic():
        round_, side = _open_side(user, slug, battle_id, number, character_id)
        if round_.status != Round.Status.DRAFTING:
            raise BattleError("This round is no longer open for plays.")
        errors = check_plays(round_, character_id, side.plays)
        if errors:
            raise BattleError("Fix the plays before locking this side.", errors)
        if drafts.plays_nothing(side.plays) and not does_nothing:
            question = nothing_played_question(rounds.character_id(side.character))
            raise BattleError(question, {NOTHING_PLAYED: question})
        side.locked = True
        side.updated_by = user
        side.save(update_fields=["locked", "updated_by", "updated_at"])
        campaign = round_.battle.campaign
        if getattr(campaign, "auto_resolve", False) and not round_.sides.filter(locked=False).exists():
            _request_resolve(round_)
    return side


def unlock_side(user, slug: str, battle_id: int, number: int, character_id: int) -> SidePlays:
    with transaction.atomic():
        round_, side = _open_side(user, slug, battle_id, number, character_id)
        return unlock_open_side(round_, side, user)


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


def unrecorded_chits(round_: Round) -> list[str]:
    """Characters who owe wounds or fatigue from the previous round and have not had them recorded."""
    if round_.number <= 1:
        return []  # a battle's first round has no round before it: no query
    if round_.battle.fought_through_interface:
        return []  # its system's result says what each side owes: there are no chits to record here
    previous = Round.objects.filter(battle_id=round_.battle_id, number=round_.number - 1).first()
    if previous is None or not previous.result:
        return []
    recorded = set(previous.chit_records.values_list("character__catalogue_name", flat=True))
    missing = []
    for name, summary in rounds.summaries(previous.result).items():
        owes = summary.get("wounds_owed") or summary.get("fatigue_owed")
        if owes and not summary.get("killed") and name not in recorded:
            missing.append(name)
    return missing


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
        missing = unrecorded_chits(round_)
        if missing and round_.status == Round.Status.DRAFTING:
            raise BattleError(
                f"Record the wounds and fatigue owed from round {round_.number - 1} first: {', '.join(missing)}."
            )
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
    """Resolve a round that is `resolving`: idempotent (a resolved round is left alone), all or nothing."""
    from combat import emails

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
            battle = round_.battle
            campaign = battle.campaign
            if battle.fought_through_interface:
                if system_battles.resolve_locked(round_):
                    events.info("round_resolved", round_id=round_.pk, events=len(round_.log))
                else:  # stopped half-way: it waits for a side's choice or the GM's ruling (system_waiting)
                    events.info("round_waits", round_id=round_.pk, waits_for="forms")
                return round_
            sides = list(round_.sides.select_related("character"))
            drafts = {side.character_id: side.plays for side in sides}
            round_input = rounds.build_input(battle, round_, drafts)
            outcome = rounds.resolve(round_input, round_.seed, campaign.system)
            round_.encounter = {key: value for key, value in (round_.encounter or {}).items() if key not in rounds.WAITING_KEYS}

            round_.input = round_input
            round_.rules = round_input.get("rules", {})
            round_.rules_fingerprint = rounds.rules_fingerprint(campaign)
            round_.rules_version_number = rounds.rules_version_number(campaign)
            round_.result = outcome.result
            round_.log = outcome.events
            round_.status = Round.Status.RESOLVED
            round_.resolved_at = timezone.now()
            round_.attempts += 1
            round_.error = ""
            round_.state_before = battle.state  # what voiding the round puts back (void_round)
            round_.save()

            # The characters' outcome is part of the round's result: one transaction (issue #14), undone
            # with the round when the GM voids it (void_round).
            history.record_round(round_, battle.state, outcome.state, outcome.result)
            battle.state = outcome.state
            if outcome.combat_over:
                battle.status = Battle.Status.ENDED
            battle.save(update_fields=["state", "status", "updated_at"])
            # The next round opens first, so that each result email can say what comes next (its link
            # and deadline, issue #10).
            if battle.status == Battle.Status.ACTIVE and not Round.objects.filter(
                battle=battle, number=round_.number + 1
            ).exists():
                _open_round(battle, round_.number + 1, carried=_carried_encounter(outcome, round_.encounter))
            emails.queue_round_emails(round_, outcome)
        events.info("round_resolved", round_id=round_.pk, events=len(outcome.events))
        return round_
    except rounds.Waiting as pending:
        # Not a failure of the engine: the encounter needs a player's choice, or a magic attack the GM's
        # ruling. Nothing was written; the page asks the GM, and Resolve replays from the same seed up to
        # this point (docs/encounter.md, docs/round-format.md "GM rulings").
        key, value = pending.entry
        with transaction.atomic():
            round_ = Round.objects.select_for_update().get(pk=round_id)
            if round_.status == Round.Status.RESOLVING:
                round_.encounter = {**(round_.encounter or {}), key: value}
                round_.status = Round.Status.FAILED
                round_.error = pending.reason
                round_.save(update_fields=["encounter", "status", "error"])
        events.info("round_waits", round_id=round_id, waits_for=key)
        return round_
    except Exception as error:
        logger.exception("round %s failed to resolve", round_id)
        Round.objects.filter(pk=round_id, status=Round.Status.RESOLVING).update(
            status=Round.Status.FAILED, error=messages.failure(error)  # in the game's words (issue #14.6)
        )
        raise


def _carried_encounter(outcome: rounds.Outcome, entries: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the next round's encounter inherits (systems.magic_realm.battle_state.carried_encounter)."""
    return rounds.carried_encounter(entries, (outcome.result or {}).get("encounter"))


class ChitChoiceError(BattleError):
    """A choice of chits that does not match what is owed: `messages` holds one sentence per problem by
    box ("wounded", "fatigued"), shown beside the boxes (issue #14.3)."""

    def __init__(self, problems: dict[str, list[str]]):
        super().__init__("These chits do not match what is owed.",
                         {box: " ".join(lines) for box, lines in problems.items()})
        self.messages = problems


def record_wounds_and_fatigue(
    user, slug: str, battle_id: int, number: int, character_id: int, wounded: list[str], fatigued: list[str]
) -> ChitRecord:
    """Record which chits a character wounds and fatigues after a resolved round (as the player chose),
    checked against what the engine says is owed (rule 1.5, end of round)."""
    with transaction.atomic():
        return record_chits_for(get_round(user, slug, battle_id, number), character_id, wounded, fatigued, user=user)


def record_chits_for(round_: Round, character_id: int, wounded: list[str], fatigued: list[str], *, user=None) -> ChitRecord:
    """`record_wounds_and_fatigue` for a round already fetched: by its GM, or by the player on their page
    (players app), whose link gave the access."""
    with transaction.atomic():
        if round_.status != Round.Status.RESOLVED:
            raise BattleError("Wounds and fatigue are recorded after the round is resolved.")
        battle = Battle.objects.select_for_update().get(pk=round_.battle_id)
        character = battle.characters.filter(pk=character_id).first()
        if character is None:
                raise Http404("No such character in this battle")
        name = rounds.character_id(character)
        previous = ChitRecord.objects.filter(round=round_, character_id=character_id).first()
        recorded = (previous.wounded, previous.fatigued) if previous else None
        if recorded and chits.same_choice(recorded, wounded, fatigued):
            return previous  # the choice already recorded, sent again: nothing changes (issue #14.3)
        next_round = battle.rounds.filter(number=round_.number + 1).first()
        if next_round and next_round.status != Round.Status.DRAFTING:
            raise BattleError("The next round has begun resolving: this round's chits can no longer change.")
        owed = rounds.owed_for(round_.result or {}, name)
        # Checked against the round's end: a choice changed after it was recorded is checked as a first one.
        before = chits.state_before(battle.state, name, recorded, round_.result)
        errors = chits.choice_errors(before, name, owed, wounded, fatigued)
        if errors:
            raise ChitChoiceError(errors)
        battle.state = rounds.apply_chit_choice(before, name, wounded, fatigued)
        battle.save(update_fields=["state", "updated_at"])
        history.record_chits(round_, character, before, battle.state)
        record, _ = ChitRecord.objects.update_or_create(
            round=round_,
            character_id=character_id,
            defaults={"wounded": wounded, "fatigued": fatigued, "recorded_by": user if getattr(user, "pk", None) else None},
        )
    return record


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
