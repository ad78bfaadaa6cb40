"""Every write about a battle, all fought through the systems interface (combat/system_rounds.py says how a
battle is kept), one function per intent, each in a transaction and checking the GM's access and the round's
state. The request-to-resolve, sweep and task are `combat.services`': a round is claimed by
`services.request_resolve` and the task calls `resolve_locked`.
"""

from __future__ import annotations

import datetime
from typing import Any, Collection, Iterable, Mapping

from django.db import transaction
from django.http import Http404
from django.utils import timezone

from campaigns.names import ONE_LINE_MESSAGE, is_one_line
from combat import fairness, history, system_dues, system_rounds, system_waiting
from combat.models import SYSTEM_KEY, Battle, Round, SidePlays
from combat.signals import round_opened
from systems.answers import carried_answers
from systems.errors import PlaysInvalid
from systems.interface import GM, answers_that_apply
from systems.records import is_killed
from systems.states import state_errors


def start_battle(user, slug: str, name: str, clearing: str, round_input: Any,
                 cast: Mapping[str, str] | None = None) -> Battle:
    """Start a battle from a starting state (a round input of the campaign's system without plays), round 1
    open for plays. Each side named like a campaign character is that character's (its player's link reaches
    it) and starts as the character's record leaves it; the other sides are the GM's to play. `cast` (a
    combatant of the starting state -> the campaign character who plays him) renames those combatants first."""
    from combat.services import campaign_for

    campaign = campaign_for(user, slug)
    return create_battle(campaign, name, clearing, round_input, user=user, cast=cast)


def create_battle(campaign, name: str, clearing: str, round_input: Any, *, user=None, demo_key: str = "",
                  cast: Mapping[str, str] | None = None) -> Battle:
    from combat.services import BattleError

    for field_name, value in (("name", name), ("clearing", clearing)):
        if not is_one_line(value or ""):
            raise BattleError(f"{field_name}: {ONE_LINE_MESSAGE}", {field_name: ONE_LINE_MESSAGE})
    if not clearing:
        raise BattleError("clearing: say where the battle happens", {"clearing": "Say where the battle happens."})
    system = campaign.combat_system
    errors = state_errors(system, round_input)
    if errors:
        listed = "; ".join(f"{error.path}: {error.message}" for error in errors)
        raise BattleError(f"The starting state is not a valid {system.TITLE} battle: {listed}", {"state": listed})
    if cast:  # a valid state renamed stays valid (tests/systems/test_interface_rename_contract.py)
        round_input = cast_characters(campaign, round_input, cast)
    with transaction.atomic():
        sides = set(system.sides(round_input))
        characters = [c for c in campaign.characters.select_related("player", "starting_info") if c.catalogue_name in sides]
        killed = [c.catalogue_name for c in characters if is_killed(c.state)]
        if killed:
            message = f"{', '.join(killed)} {'was' if len(killed) == 1 else 'were'} killed in an earlier battle."
            raise BattleError(message, {"state": message})
        unread = unreadable_records(system, characters)
        if unread:
            raise BattleError(unread, {"state": unread})
        # Each campaign character starts as its record leaves it (systems/records.py): what it carries from
        # earlier battles, whatever the starting state says of it.
        state = {**system.with_records(round_input, {c.catalogue_name: c.battle_record() for c in characters}),
                 SYSTEM_KEY: system.NAME}
        battle = Battle.objects.create(
            campaign=campaign, name=name or f"Battle in {clearing}", clearing=clearing, state=state,
            demo_key=demo_key, created_by=user if getattr(user, "pk", None) else None,
        )
        battle.characters.set(characters)
        open_round(battle, 1, user)
    return battle


def unreadable_records(system, characters) -> str:
    """What the system refuses in the records of the characters a battle would start from (its `check_record`,
    each error naming the character and the field), "" for nothing: every write checks a record, so this is one
    kept from before a check, and the battle must not read it as something else (a Magic Realm chit kept
    "enchanted", which a battle has no state for)."""
    found = [f"{c.catalogue_name}'s record: {error.path}: {error.message}" for c in characters
             for error in system.check_record({**system.new_record(), **(c.state or {})})]
    return "; ".join(found) + ". Correct it on the character's record page." if found else ""


def living_characters(campaign) -> list:
    """The campaign's characters a battle may take, by name: every one not killed in an earlier battle (the new
    battle page offers them, and a system's `set_up` reads their names in this order)."""
    return [c for c in campaign.characters.select_related("player").order_by("catalogue_name")
            if not is_killed(c.state)]


def cast_characters(campaign, round_input: Any, cast: Mapping[str, str]) -> dict[str, Any]:
    """The starting state with each combatant of `cast` renamed after the campaign character who plays him
    (the system's `rename`), refused naming the combatant when the cast cannot be made."""
    from combat.services import BattleError

    known = set(campaign.characters.values_list("catalogue_name", flat=True))
    unknown = {combatant: f"{name!r} is not one of the campaign's characters." for combatant, name in cast.items()
               if name not in known}
    if unknown:
        raise BattleError("Cast only the campaign's characters.", {"cast": " ".join(unknown.values())})
    try:
        return campaign.combat_system.rename(round_input, cast)
    except PlaysInvalid as refused:
        listed = "; ".join(error.message for error in refused.errors)
        raise BattleError(f"The cast cannot be made: {listed}", {"cast": listed}) from None


def open_round(battle: Battle, number: int, user=None) -> Round:
    """A round of the battle open for plays: its dice drawn and committed (docs/fair-dice.md), its input the
    battle's state with the campaign's options, those options recorded as its rules (the round is resolved
    under them, whatever the GM changes while it is open), one side for each of the system's sides still in the
    battle (`sides_in_battle`: a combatant killed or gone in an earlier round gets none, so no email of this round
    goes to him). A side with nothing to choose (down, or waiting for nothing: the system's `asks_anything`, which
    builds no form where it need not) is locked at once, with no plays."""
    campaign = battle.campaign
    system = campaign.combat_system
    dice = fairness.new_dice(campaign.slug, battle.pk, number)
    rules = campaign.round_rules()
    round_input = system.with_options(dict(battle.state), rules)
    round_ = Round.objects.create(battle=battle, number=number, input=round_input, rules=rules,
                                  **campaign.round_rules_facts(rules), **dice)
    characters = {c.catalogue_name: c for c in battle.characters.all()}
    by = user if getattr(user, "pk", None) else None
    for side in system.sides_in_battle(round_input):
        open_side(system, round_, side, characters.get(side), by)
    if system.asks_anything(round_input, GM):  # the GM's own entries for the round, kept as a side the GM plays
        SidePlays.objects.create(round=round_, side=GM, updated_by=by)
    round_opened.send(sender=Round, round=round_, user=user)
    return round_


def open_side(system, round_: Round, side: str, character, by=None) -> SidePlays:
    """A side of an open round for the combatant `side` (its campaign `character`, if any): locked at once, with
    no plays, when it has nothing to choose (the system's `asks_anything` on the round's input)."""
    return SidePlays.objects.create(round=round_, side=side, character=character, updated_by=by,
                                    locked=not system.asks_anything(round_.input, side))


def gm_entries_follow(round_: Round, before: Mapping[str, Any], user=None) -> list[str]:
    """The GM's entries of an open round kept in step with its input, changed from `before` between rounds (a
    hand adjustment, players/services.py `adjust`), as `open_round` would make them now: gone when the GM's
    form has no fields any more, created (unlocked) when it gains some where it had none. An answer the GM
    saved follows its question (its field's path), whatever the field is called now (the fields are numbered
    per native group), and is cleared when its question is gone or no longer takes it; the side is unlocked
    when an answer is cleared or it asks something new. The sentences the round's history keeps, if any."""
    system = round_.battle.campaign.combat_system
    now = system_rounds.form_for(system, round_.input, GM)
    side = round_.sides.filter(side=GM).first()
    if side is None:
        if not now.fields:
            return []
        SidePlays.objects.create(round=round_, side=GM, updated_by=user if getattr(user, "pk", None) else None)
        return ["The GM's entries opened by the adjustment: there is something for the GM to enter this round now"]
    was = system_rounds.form_for(system, before, GM)
    plays, cleared = _answers_kept(was, now, side.plays)
    if not now.fields:
        side.delete()
        why = "; ".join(now.notes) or "nothing is left for the GM to enter"
        return [f"The GM's entries are gone with the adjustment ({why})"
                + (f"; cleared: {_listed(cleared)}" if cleared else "")]
    asked_before = {_meaning(field) for field in was.fields}
    new = [field.label for field in now.fields if _meaning(field) not in asked_before]
    unlocked = side.locked and bool(cleared or new)
    if plays == side.plays and not unlocked:
        return []
    side.plays, side.locked = plays, side.locked and not unlocked
    side.save(update_fields=["plays", "locked", "updated_at"])
    told = []
    if cleared:
        several = len(cleared) > 1
        told.append(f"cleared the answer{'s' if several else ''} to {_listed(cleared)}, no longer asked as "
                     f"{'they were' if several else 'it was'}")
    if unlocked:
        told += ([f"new: {_listed(new)}"] if new else []) + ["unlocked, to enter and lock again"]
    return [f"The GM's entries after the adjustment: {'; '.join(told)}"] if told else []


def _meaning(field) -> tuple:
    """What a question of the GM's form asks, whatever its name: where its answer goes, and as what."""
    return (field.path, field.kind) if field.path else (None, field.name, field.label)


def _given(value: Any) -> bool:
    return value not in (None, "", [])


def _takes(field, value: Any) -> bool:
    """Whether the field still takes the answer: one of its choices (each of them, for a multi-choice)."""
    values = [choice.value for choice in field.choices]
    if field.kind == "choice":
        return value in values
    if field.kind == "multi-choice":
        return isinstance(value, list) and all(item in values for item in value)
    return True


def _answers_kept(was, now, plays: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The saved answers under the names their questions have in the form `now` (those it still takes), and
    the questions of the answers cleared."""
    fields_now = {_meaning(field): field for field in now.fields}
    kept, cleared = {}, []
    for field in was.fields:
        value = plays.get(field.name)
        moved = fields_now.get(_meaning(field))
        if not _given(value):
            continue
        if moved is not None and _takes(moved, value):
            kept[moved.name] = value
        else:
            cleared.append(field.label)
    return kept, cleared


def _listed(labels: list[str]) -> str:
    return "; ".join(f'"{label}"' for label in labels)


def side_in(round_: Round, side_id: int, *, for_update: bool = True) -> SidePlays:
    queryset = SidePlays.objects.select_related("character__player", "round__battle__campaign")
    if for_update:
        queryset = queryset.select_for_update(of=("self", "round", "round__battle", "round__battle__campaign"))
    side = queryset.filter(round=round_, pk=side_id).exclude(side="").first()
    if side is None:
        raise Http404("No such side in this round")
    return side


def form_of(side: SidePlays):
    round_ = side.round
    return system_rounds.form_for(round_.battle.campaign.combat_system, round_.input, side.side)


def last_round_plays(round_: Round, names: Collection[str] | None = None) -> dict[str, dict[str, Any]]:
    """{side name: plays} of the battle's round before `round_`, in one query: what a page's suggestions carry
    from (`suggested_answers`); none, and no query, for round 1 or a round no longer open for plays. `names`:
    only those sides' (a player's page reads its own sides' plays, never another's)."""
    if round_.status != Round.Status.DRAFTING or round_.number <= 1:
        return {}
    rows = SidePlays.objects.filter(round__battle_id=round_.battle_id, round__number=round_.number - 1)
    if names is not None:
        rows = rows.filter(side__in=list(names))
    return dict(rows.exclude(side="").values_list("side", "plays"))


def never_saved(side: SidePlays) -> bool:
    """Whether the side has saved nothing this round: open for plays, not locked, no plays, and never saved by
    the GM (`saved_at`: a GM who cleared the answers and saved none has saved). A player's seal or a default at
    the deadline is a Submission, which the caller reads (`suggested_answers`' `sealed`)."""
    return (side.round.status == Round.Status.DRAFTING and not side.locked and not side.plays
            and side.saved_at is None)


def suggested_answers(side: SidePlays, before: Mapping[str, Mapping[str, Any]], sealed: Collection[int],
                      form=None) -> dict[str, Any]:
    """The answers a side's form starts from while the side has saved nothing this round (`never_saved`, and
    no submission for its character: `sealed`, the character ids with one, a player's seal or the GM's entry,
    even of no plays at all): for each question that carries (`Field.carries`), the side's answer in the
    battle's round before (`before`, `last_round_plays`), when the form (`form`, the side's own) still takes it
    (`systems.answers.carried_answers`). Only a suggestion, drawn as one: nothing is saved until the side
    saves, and a side that has saved shows its own answers. A page reads `before` and `sealed` once for all
    its sides (`suggestions`)."""
    last = before.get(side.side)
    if not last or not never_saved(side) or (side.character_id and side.character_id in sealed):
        return {}
    return carried_answers(form or form_of(side), last)


def suggestions(round_: Round, sides: Iterable[SidePlays]) -> dict[int, dict[str, Any]]:
    """The suggested answers of a page's sides by side pk (`suggested_answers`), in two queries at most however
    many sides: last round's plays, and the round's submissions of the characters that may take one; none
    when no side has saved nothing."""
    unsaved = [side for side in sides if never_saved(side)]
    before = last_round_plays(round_) if unsaved else {}
    candidates = [side for side in unsaved if before.get(side.side)]
    characters = [side.character_id for side in candidates if side.character_id]
    sealed = set(round_.submissions.filter(character_id__in=characters).values_list("character_id", flat=True)
                 ) if characters else set()
    return {side.pk: suggested_answers(side, before, sealed) for side in candidates}


def standing_of(side: SidePlays) -> list[str]:
    """What the side's player knows of his own combatant before the plays (the system's `standing`: his hit
    points, his chits...), in lines, for the GM's round page, the player's page and his plays-due email; the
    GM's own entries stand for no combatant."""
    if side.is_gm_entries:
        return []
    round_ = side.round
    return list(round_.battle.campaign.combat_system.standing(round_.input or {}, side.side))


def check_answers(side: SidePlays, answers: Mapping[str, Any], *, every_unanswered: bool = True) -> dict[str, str]:
    """The errors in a side's answers by form field: the system's, checked as if every other side played
    nothing, and the required questions still unanswered (which say "choose one" rather than the system's
    complaint about the value left empty, so the GM's page and the player's word a missing answer alike).
    `every_unanswered` False (a player's page while he types, where a question not answered yet is no error
    yet): only the unanswered questions the system complains about, in those same words."""
    round_ = side.round
    system = round_.battle.campaign.combat_system
    errors = system_rounds.check_side(system, round_.input, side.side, answers)
    missing = system_rounds.missing_answers(form_of(side), answers)
    if not every_unanswered:
        missing = {name: message for name, message in missing.items() if name in errors}
    return {**errors, **missing}


# The key of the refusal that asks first: the side plays nothing this round (its form asks something, and
# nothing is answered). A lock or a seal the GM or the player confirms goes through.
PLAYS_NOTHING = "plays_nothing"


def nothing_played(side: SidePlays, answers: Mapping[str, Any]) -> bool:
    """Whether the answers play nothing at all: the side's form asks something and no question that applies
    is answered. The GM's own entries stand for no combatant: leaving them empty plays nobody's nothing."""
    form = form_of(side)
    return bool(form.fields) and not side.is_gm_entries and not answers_that_apply(form, answers)


def ask_if_nothing(side: SidePlays, answers: Mapping[str, Any], verb: str, confirmed: bool) -> None:
    """Refuse, unless `confirmed`, answers that play nothing, with the question that asks first ("Black Knight
    plays nothing this round. Lock anyway?"), under `PLAYS_NOTHING`: the GM's lock and the player's seal ask
    alike; the deadline's missed-turn policy never asks."""
    from combat.services import BattleError

    if not confirmed and nothing_played(side, answers):
        question = f"{side.name} plays nothing this round. {verb} anyway?"
        raise BattleError(question, {PLAYS_NOTHING: question})


# The key of the refusal of a stale form: the side changed since the page that posts was drawn (`version_of`).
STALE = "stale"


def version_of(side: SidePlays) -> str:
    """The side's version as its form posts it back (a hidden input): when it last changed, its plays saved or
    sealed, or its lock. Every write of a side's plays moves `updated_at` (the player's seal included)."""
    return side.updated_at.isoformat()


def refuse_if_changed(side: SidePlays, version: str | None, user) -> None:
    """Refuse a write made from a form drawn before someone else last changed the side (its `version` not the
    side's now), with what changed, when and by whom, under `STALE`: a stale GM card never overwrites a player's
    seal, a missed turn's default or another GM's save. The user's own last write is no reason (his "Save" then
    "Save and lock" before the first reply, or his other tab). No version posted (a caller that reads nothing
    first): nothing to check."""
    from combat.services import BattleError

    if version and version != version_of(side) and side.updated_by_id != getattr(user, "pk", None):
        message = changed_since(side)
        raise BattleError(message, {STALE: message})


def changed_since(side: SidePlays) -> str:
    """What changed the side last, in a sentence for the GM's card (times in UTC, as on the round page)."""
    from players.models import Submission  # players depends on combat: read here, never imported at load time

    at = timezone.localtime(side.updated_at, datetime.UTC).strftime("%H:%M")
    last = (side.round.submissions.filter(character_id=side.character_id).order_by("-submitted_at", "-id").first()
            if side.character_id else None)
    if last is not None and last.submitted_at == side.updated_at and last.source == Submission.Source.PLAYER:
        what = f"{side.character.player.name} sealed new plays for {side.name}"
    elif last is not None and last.submitted_at == side.updated_at and last.source == Submission.Source.DEFAULT:
        what = f"The deadline played {side.name}'s missed turn"
    elif side.updated_by is not None:
        what = f"{side.updated_by.get_username()} changed {side.name}'s plays"
    else:
        what = f"{side.name}'s plays changed"
    return f"{what} at {at} UTC since you opened this page: they are shown now; change them again if you must."


def save_answers(user, slug: str, battle_id: int, number: int, side_id: int, answers: Mapping[str, Any],
                 *, version: str | None = None):
    """Keep a side's answers as typed (even with errors) and return their errors by field. `version`: the
    side's version the GM's form was drawn with (`version_of`); the save is refused, changing nothing, when the
    side changed since (`refuse_if_changed`)."""
    from combat.services import BattleError, get_round

    with transaction.atomic():
        side = side_in(get_round(user, slug, battle_id, number), side_id)
        round_ = side.round  # read under the lock: a resolve claimed meanwhile shows here
        if round_.status != Round.Status.DRAFTING:
            raise BattleError("This round is no longer open for plays.")
        refuse_if_changed(side, version, user)
        if side.locked:
            raise BattleError("This side is locked: unlock it to change its plays.")
        side.plays = dict(answers)
        side.updated_by = user
        side.saved_at = timezone.now()
        side.save(update_fields=["plays", "updated_by", "saved_at", "updated_at"])
        errors = check_answers(side, answers)
    return side, errors


def lock(user, slug: str, battle_id: int, number: int, side_id: int, *, plays_nothing: bool = False,
         version: str | None = None) -> SidePlays:
    """Lock a side whose answers are complete and valid; with auto-resolve, the last lock resolves. A side
    that plays nothing is locked only when the GM confirms it (`plays_nothing`): else the refusal asks.
    `version`: as `save_answers`', refused when the side changed since (the GM locks what he saw)."""
    from combat.services import BattleError, _request_resolve, get_round

    with transaction.atomic():
        side = side_in(get_round(user, slug, battle_id, number), side_id)
        round_ = side.round  # read under the lock: a resolve claimed meanwhile shows here
        if round_.status != Round.Status.DRAFTING:
            raise BattleError("This round is no longer open for plays.")
        refuse_if_changed(side, version, user)
        errors = check_answers(side, side.plays)
        if errors:
            raise BattleError("Fix the plays before locking this side.", errors)
        ask_if_nothing(side, side.plays or {}, "Lock", plays_nothing)
        side.locked = True
        side.updated_by = user
        side.save(update_fields=["locked", "updated_by", "updated_at"])
        # Not while a side still owes what the round before left it (combat/system_dues.py): the round
        # resolves when its dues are settled, or when the GM asks.
        if (round_.battle.campaign.auto_resolve and not round_.sides.filter(locked=False).exists()
                and not system_dues.unsettled(round_)):
            _request_resolve(round_)
    return side


def unlock(user, slug: str, battle_id: int, number: int, side_id: int) -> SidePlays:
    """Unlock a side to change its plays; a round that waited goes back to drafting without its wait (the
    changed plays may not stop the round there, or at all)."""
    from combat.services import get_round, unlock_open_side

    with transaction.atomic():
        side = side_in(get_round(user, slug, battle_id, number), side_id)
        round_ = side.round  # read under the lock
        unlocked = unlock_open_side(round_, side, user)
        if system_waiting.entry_of(round_):
            Round.objects.filter(pk=round_.pk).update(encounter=system_waiting.without_wait(round_.encounter))
        return unlocked


def resolve_locked(round_: Round) -> bool:
    """Resolve a claimed round (`resolving`, locked by the caller's transaction): every side's answers written
    into the round input (or, for a round that waited, the input that waited with the answers given), the
    system's `resolve` with the committed seed, the log with who sees each event, the battle's new state, the
    next round opened unless the battle is over, and the round's emails queued. False when the round stopped
    half-way instead: it waits for the forms `system_waiting` keeps. Raises PlaysInvalid when the sides' plays
    together are not legal, or the round waits for nothing a form can ask (the caller fails the round)."""
    from combat import system_emails

    battle = round_.battle
    system = battle.campaign.combat_system
    waited = system_waiting.entry_of(round_)
    if waited:
        round_input = system_waiting.input_to_resolve(waited)
    else:
        answers = {side.side: side.plays for side in round_.sides.all() if side.plays}
        round_input = system_rounds.round_input_with(system, round_.input, answers)
    resolution = system.resolve(round_input, seed=round_.seed)
    if resolution.waiting_for:
        if system_waiting.keep_waiting(round_, round_input, resolution):
            return False
        raise PlaysInvalid(list(resolution.waiting_for))
    round_.encounter = system_waiting.without_wait(round_.encounter)
    round_.input = round_input  # its rules stay those recorded when it opened: the options its input holds
    round_.result = system_rounds.stored_result(system, round_input, resolution)
    round_.log = system_rounds.event_rows(resolution)
    round_.status = Round.Status.RESOLVED
    round_.resolved_at = timezone.now()
    round_.attempts += 1
    round_.error = ""
    round_.state_before = battle.state
    round_.save()
    # What the round did to the campaign's characters is part of its result: one transaction, undone by a void.
    history.record_round(round_, battle.state, resolution.state, dict(resolution.output))
    battle.state = {**resolution.state, SYSTEM_KEY: system.NAME}
    if resolution.finished:
        battle.status = Battle.Status.ENDED
    battle.save(update_fields=["state", "status", "updated_at"])
    if battle.status == Battle.Status.ACTIVE and not Round.objects.filter(battle=battle, number=round_.number + 1).exists():
        open_round(battle, round_.number + 1)
    system_emails.queue_round_emails(round_)
    return True
