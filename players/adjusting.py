"""The GM's hand adjustments between rounds (the battle's system offers them: systems/interface.py `adjust`), and
the open round kept in step with the changed state, after an adjustment or a side's settled dues (players/dues.py).

The round's sides follow the state as when a round opens, and what stood before is never silently broken:
- a side left with nothing to choose (put out of the battle) is locked, and any plays it had are set aside, since
  the rules refuse plays from one out of the battle;
- a side locked only for having nothing to choose is opened again once it has something, and a combatant brought
  back who had no side in the round gets one: its player gets a plays-due email for it;
- a side whose plays were in (sealed by its player, entered or locked by the GM) and that the changed state refuses
  is opened again with its answers kept, and its player is told what no longer stands and until when to change it
  (not in the round until he does: players/services.py `is_in`);
- the GM's entries follow too (combat/system_battles.py `gm_entries_follow`).
Each of these is a sentence in the round's history. A player whose combatant is put out of the battle is not
emailed about it: the round's result tells him. After an adjustment the round resolves by itself, with the
campaign's auto-resolve, when every side is in. Nothing here names a system."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from combat import history, system_battles
from combat import services as combat_services
from combat.models import Battle, Round, SidePlays
from players import emails, links, services
from players.models import RoundNote
from players.services import BattleError, note
from systems.interface import GM, AdjustmentRefused
from systems.states import state_errors


def adjust(user, slug: str, battle_id: int, number: int, change: str, reason: str) -> RoundNote:
    """Between rounds, the GM changes a combatant's state by hand with a reason (who, when and why kept):
    one of the changes the battle's combat system offers (systems/interface.py `adjust`). The open round's
    input is kept in step (`keep_round_in_step`), so its plays forms offer what the new state allows."""
    with transaction.atomic():
        round_ = combat_services.get_round(user, slug, battle_id, number)
        # The round's row is locked before its status is read: a resolve claimed meanwhile (a conditional
        # update of that row) is seen here, and one claimed after waits for this change and resolves with it.
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.Status.DRAFTING:
            raise BattleError("Adjust a combatant between rounds: while the next round is open for plays.")
        battle = Battle.objects.select_for_update().select_related("campaign").get(pk=round_.battle_id)
        system = battle.campaign.combat_system
        try:
            state, sentence = system.adjust(battle.state, change)
        except AdjustmentRefused as error:
            raise BattleError(str(error), {"change": str(error)}) from None
        follows = keep_round_in_step(system, round_, state, user, cause=CHANGE)
        history.record_adjustment(round_, battle.state, state)  # the characters' records follow the battle
        battle.state = state
        battle.save(update_fields=["state", "updated_at"])
        adjusted = note(round_, RoundNote.Kind.ADJUSTMENT, f"{sentence}. Why: {reason.strip()}", by=user,
                        data={"change": change, "reason": reason.strip()})
        for text in follows:  # what the change did to the sides and the GM's entries, after the change itself
            note(round_, RoundNote.Kind.ADJUSTMENT, f"{text}.", by=user)
        # A side put out of the battle may have been the last one the round waited for.
        services.resolve_if_all_in(round_)
        return adjusted


CHANGE = "Your GM's change to the battle"  # what changed the state, as the players' emails say it


def keep_round_in_step(system, round_: Round, state: dict[str, Any], user=None, *, cause: str = CHANGE,
                       settled_by: str | None = None) -> list[str]:
    """The open round's input rebuilt from the changed state under the rules it opened with; refused, naming the
    change, if the system would not accept that state (nothing is saved then). The sides and the GM's entries
    follow it (the module's docstring says how); what that did, in sentences for the round's history. `cause` is
    what changed the state, in the players' emails' words; `settled_by`, the side (its name) whose player's own
    settlement it was: he made the change on his page, which shows him what no longer stands, so he is not emailed about it."""
    round_input = system.with_options(dict(state), round_.rules or {})
    errors = state_errors(system, round_input)
    if errors:
        listed = "; ".join(f"{error.path}: {error.message}" for error in errors)
        raise BattleError(f"That change leaves a state the rules refuse: {listed}", {"change": listed})
    before, round_.input = round_.input, round_input
    round_.save(update_fields=["input"])
    # Every email this change sends is keyed by it: one more than the round's notes so far (counted under the
    # round's lock, before this change writes its own), so each adjustment or settlement has a number of its own.
    change = RoundNote.objects.filter(round=round_).count() + 1
    latest = services.latest_submissions(round_)
    opened, told = [], []
    for side in round_.sides.select_related("character__player").exclude(side=GM):
        chooses_now = system.asks_anything(round_input, side.side)
        sealed = latest.get(side.character_id)
        if not chooses_now:
            told += _out_of_the_battle(side)
        elif side.locked and not side.plays and not system.asks_anything(before, side.side):
            side.locked = False
            side.save(update_fields=["locked"])
            opened.append(side)
            told.append(f"{side.name} has something to choose again: the side is open")
        elif side.plays and (side.locked or (sealed is not None and sealed.plays == side.plays)):
            told += _plays_checked_again(round_, side, change, cause,
                                         tell=side.side != settled_by)
    made, back = _sides_brought_back(system, round_, round_input, user)
    _tell_players_back(round_, opened + made, change)
    return told + back + system_battles.gm_entries_follow(round_, before, user)


def _out_of_the_battle(side: SidePlays) -> list[str]:
    """A side left with nothing to choose, locked; plays it had set aside (the rules refuse plays from a combatant
    out of the battle, so they would break the round), said in a sentence."""
    if side.locked and not side.plays:
        return []
    set_aside = bool(side.plays)
    side.locked, side.plays, side.updated_by = True, {}, None  # no GM wrote this: a card drawn before is stale
    side.save(update_fields=["locked", "plays", "updated_by", "updated_at"])
    return [f"{side.name} has nothing to choose after this change: the side is locked"
            + (", its plays set aside" if set_aside else "")]


def _plays_checked_again(round_: Round, side: SidePlays, change: int, cause: str, tell: bool) -> list[str]:
    """A side whose plays were in (sealed by its player, entered or locked by the GM), checked against the changed
    state: refused now, it is opened again with its answers kept, and its player (`tell`) is emailed what no
    longer stands, because of `cause`."""
    errors = system_battles.check_answers(side, side.plays)
    if not errors:
        return []
    problems = list(dict.fromkeys(errors.values()))
    if side.locked:
        side.locked, side.updated_by = False, None
        side.save(update_fields=["locked", "updated_by", "updated_at"])
    if side.character is not None and tell:
        player = side.character.player
        emails.queue_plays_no_longer_stand(round_, player, side, links.issue(round_.battle, player), change, problems,
                                           cause)
    return [f"{side.name}'s plays no longer stand after this change ({'; '.join(problems)}): the side is open to "
            "change them"]


def _sides_brought_back(system, round_: Round, round_input: dict[str, Any],
                        user=None) -> tuple[list[SidePlays], list[str]]:
    """A side for each combatant the adjusted state has in the battle and the round has none for (he was out of
    it when the round opened), as `open_round` makes one; the sides made, and the sentences for the round's
    history."""
    have = set(round_.sides.values_list("side", flat=True))
    characters = {c.catalogue_name: c for c in round_.battle.characters.select_related("player")}
    made, told = [], []
    for name in system.sides_in_battle(round_input):
        if name in have:
            continue
        made.append(system_battles.open_side(system, round_, name, characters.get(name),
                                             user if getattr(user, "pk", None) else None))
        told.append(f"{name} is back in the battle, with a side in this round")
    return made, told


def _tell_players_back(round_: Round, sides: list[SidePlays], change: int) -> None:
    """Each side the change brings back into the round (opened again, or made), a player's: its plays-due email,
    under a key of its own for this change, so a player who had the round's email for his other characters gets
    this one too."""
    for side in sides:
        if side.character is None:  # the GM's side
            continue
        player = side.character.player
        emails.queue_side_back(round_, player, side, links.issue(round_.battle, player), change)
