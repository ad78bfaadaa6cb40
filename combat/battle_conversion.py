"""A battle begun before its campaign's system moved to the systems interface's pages, carried over to the
interface's format (combat/system_rounds.py says how such a battle is kept), in one transaction; nothing here
names a system: what the old format meant is the system's (systems/old_battles.py).

- The battle's state becomes the system's (`battle_from_old`), with its `SYSTEM_KEY`: from then on its pages are
  the interface's (`Battle.fought_through_interface`).
- Each resolved round keeps its input and seed, and is replayed (`resolve` with its seed): its result and log are
  stored as `system_battles.resolve_locked` stores them, its state before in the new format. A replay that does
  not give what the round recorded (its output, new state included, or its log) refuses the whole battle
  (`ConversionRefused`, naming the battle and the round): nothing is written.
- The round still open (drafting, resolving, or failed) gets the input `system_battles.open_round` gives one
  (the battle's state under the campaign's current options), one side per system side, each old draft turned
  into answers (`answers_from_old`): a side locked stays locked only when its answers pass the checks a lock
  asks; what of a draft no answer says is kept in the round's history and in what the conversion returns, its
  side unlocked. The GM's old entries become the GM's entries side (`gm_answers_from_old`), as `open_round`
  makes it.
- A round that waits for a player's choice or the GM's ruling is replayed from the round file the old path
  resolved (`round_input_from_old`) and kept waiting as `system_waiting.keep_waiting` keeps a round (no email
  is sent again); a replay that does not wait for what the round waited for refuses the battle.
- The wounds and fatigue recorded after a round (`ChitRecord`) become the settlements the interface's dues
  read (combat/system_dues.py): a note in the next round's history with the side and its answers. What was
  not recorded can be settled on the interface's pages. `CharacterChange` rows stay as they are.

A battle whose state names its system already is left alone. Everything here reads and writes plain fields and
related managers, so the data migration calls it with the historical models (combat/migrations/0009)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from django.db import transaction

from combat.models import SYSTEM_KEY
from combat.system_rounds import check_side, event_rows, missing_answers, stored_result
from combat.system_waiting import WAITING, WAITS
from systems import get_system
from systems.errors import PlaysInvalid
from systems.interface import GM
from systems.old_battles import keeps_old_battles

RESOLVED, DRAFTING, FAILED, ENDED = "resolved", "drafting", "failed", "ended"
NOTE_KIND_SETTLED, NOTE_KIND_CARRIED = "submitted", "adjustment"  # players.models.RoundNote.Kind
CARRIED = "Carried over from the app's own round format"


class ConversionRefused(Exception):
    """The battle cannot be carried over; the message names the battle and what stands in the way."""


@dataclass
class Conversion:
    """What converting one battle did: `converted` False when it was fought through the interface already;
    `told` the sentences of what could not be carried over as it was (kept in the rounds' history too)."""

    battle_id: int
    name: str
    converted: bool
    told: list[str] = field(default_factory=list)


def needs_conversion(battle) -> bool:
    return not (battle.state or {}).get(SYSTEM_KEY)


def convert_battle(battle) -> Conversion:
    """Carry one battle over, all or nothing (ConversionRefused naming the battle and the round)."""
    with transaction.atomic():
        battle = type(battle).objects.select_for_update().select_related("campaign").get(pk=battle.pk)
        if not needs_conversion(battle):
            return Conversion(battle.pk, battle.name, False)
        converter = _Converter(battle)
        try:
            return converter.run()
        except (AttributeError, IndexError, KeyError, TypeError, ValueError) as broken:
            # A state or a round of a shape the old format never had (a hand-edited file, a damaged row): the
            # reading stumbles on it; refused like any battle that cannot be carried over, nothing written.
            raise converter.refuse(None, f"its old format cannot be read ({type(broken).__name__}: {broken})") from None


def _json(value: Any) -> Any:
    """A value as a JSON field stores it (tuples become lists)."""
    return json.loads(json.dumps(value))


def _listed(refused: PlaysInvalid) -> str:
    return "; ".join(f"{error.path}: {error.message}" for error in refused.errors)


def as_options(rules: Any) -> dict[str, Any]:
    """A round's recorded rules as option values for `with_options`: the old round file's preset name, or its
    {"preset", ...overrides}."""
    if isinstance(rules, str):
        return {"preset": rules}
    return dict(rules or {})


class _Converter:
    def __init__(self, battle):
        self.battle = battle
        self.campaign = battle.campaign
        self.system = get_system(self.campaign.system)
        self.characters = {c.catalogue_name: c for c in battle.characters.all()}
        self.starting = {}
        for name, character in self.characters.items():
            info = getattr(character, "starting_info", None)
            if info is not None:
                self.starting[name] = self.system.starting_record(info.answers or {})
        self.told: list[str] = []

    def refuse(self, round_, why: str) -> ConversionRefused:
        where = f"round {round_.number} of " if round_ is not None else ""
        return ConversionRefused(f"{where}battle {self.battle.pk} \"{self.battle.name}\" of the campaign "
                                 f"{self.campaign.slug!r} cannot be carried over to the interface's format: {why}")

    def with_key(self, state: dict[str, Any]) -> dict[str, Any]:
        return {**state, SYSTEM_KEY: self.system.NAME}

    def run(self) -> Conversion:
        if not keeps_old_battles(self.system):
            # A system whose battles were fought through the interface from the start: a battle of it whose
            # state does not name it (kept so by hand or by an early release) is of its campaign's system.
            self.battle.state = self.with_key(dict(self.battle.state or {}))
            self.battle.save(update_fields=["state", "updated_at"])
            return Conversion(self.battle.pk, self.battle.name, True)
        rounds = list(self.battle.rounds.order_by("number"))
        previous = None  # the state the last resolved round's replay ended in
        for round_ in rounds:
            if round_.status == RESOLVED:
                previous = self.resolved(round_, previous)
        unresolved = [round_ for round_ in rounds if round_.status != RESOLVED]
        if len(unresolved) > 1 or (unresolved and unresolved[0] is not rounds[-1]):
            raise self.refuse(unresolved[0], "a round that is not resolved is followed by another round")
        following = unresolved[0] if unresolved else None
        try:
            state = self.system.battle_from_old(self.battle.state or {}, previous,
                                                following.encounter if following else None, self.starting)
        except PlaysInvalid as refused:
            raise self.refuse(None, _listed(refused)) from None
        self.battle.state = self.with_key(state)
        if following is not None:
            if following.status == FAILED and self.system.wait_from_old(following.encounter):
                self.waiting(following)
            else:
                self.open(following)
        self.settlements(rounds)
        self.battle.save(update_fields=["state", "updated_at"])
        return Conversion(self.battle.pk, self.battle.name, True, self.told)

    # --- a resolved round ------------------------------------------------------------------------------

    def resolved(self, round_, previous):
        if not round_.input or round_.seed is None:
            raise self.refuse(round_, "it keeps no input or seed to replay it from")
        # Its input names its system, as every round's fought through the interface does (the verify page and
        # `manage.py verify_round` replay it through the system then).
        round_.input = self.with_key(round_.input)
        try:
            resolution = self.system.resolve(round_.input, seed=round_.seed)
        except PlaysInvalid as refused:
            raise self.refuse(round_, "its input no longer resolves: "
                              + _listed(refused)) from None
        output = _json(resolution.output)
        recorded = {**{key: value for key, value in output.items() if key != "events"}, "seed": round_.seed}
        if resolution.waiting_for:
            raise self.refuse(round_, "its replay waits for an answer, but the round was resolved")
        if recorded != round_.result:
            changed = sorted(key for key in set(recorded) | set(round_.result or {})
                             if recorded.get(key) != (round_.result or {}).get(key))
            raise self.refuse(round_, f"its replay does not give what it recorded (it differs in {', '.join(changed)})")
        if output.get("events") != round_.log:
            raise self.refuse(round_, "its replay does not give the log it recorded")
        rules = as_options(round_.rules or round_.input.get("rules"))
        entries = round_.encounter or {}
        # A round resolved before Herald kept the state before it stays one that cannot be voided; its sides'
        # answers are read against the state its input started from.
        before = round_.state_before or {"state": round_.input["state"], "sheets": round_.input.get("sheets", [])}
        opened_state = self.with_key(self.system.battle_from_old(before, previous, entries, self.starting))
        round_.result = _json(stored_result(self.system, round_.input, resolution))
        round_.log = event_rows(resolution)
        round_.rules, round_.encounter = rules, {}
        round_.state_before = opened_state if round_.state_before is not None else None
        round_.save(update_fields=["input", "result", "log", "rules", "state_before", "encounter"])
        self.sides(round_, self.system.with_options(dict(opened_state), rules), keep_locks=True, entries=entries)
        return resolution.state

    # --- the round still open, or waiting --------------------------------------------------------------

    def current_rules(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The options a round opened now is resolved under, and what it records of them (`Campaign.round_rules`
        and `round_rules_facts`, read from plain fields)."""
        version = self.campaign.rule_set_versions.order_by("-number").first()
        rules = dict(version.settings) if version else self.system.options().complete({})
        return rules, {"rules_version_number": version.number if version else None,
                       "rules_fingerprint": self.system.options_fingerprint(rules)}

    def opened_input(self, round_) -> dict[str, Any]:
        rules, facts = self.current_rules()
        round_.rules = rules
        round_.rules_version_number = facts["rules_version_number"]
        round_.rules_fingerprint = facts["rules_fingerprint"]
        round_.input = self.system.with_options(dict(self.battle.state), rules)
        return round_.input

    def open(self, round_) -> None:
        """A round drafting, resolving or failed (not waiting), as `open_round` opens one."""
        entries = round_.encounter or {}
        opened = self.opened_input(round_)
        round_.encounter = {}
        unlocked = self.sides(round_, opened, keep_locks=False, entries=entries, in_battle=True)
        if round_.status != DRAFTING and unlocked:
            round_.status, round_.task_id = DRAFTING, ""
            self.note(round_, f"{CARRIED}: round {round_.number} is open for plays again, since "
                              f"{', '.join(unlocked)} {'was' if len(unlocked) == 1 else 'were'} unlocked")
        round_.save(update_fields=["input", "rules", "rules_version_number", "rules_fingerprint", "encounter",
                                   "status", "task_id"])

    def waiting(self, round_) -> None:
        """A round waiting for a player's choice or the GM's ruling: replayed from the round file the old path
        resolved, kept waiting for the forms of what it waits for (`system_waiting.keep_waiting`'s entry)."""
        entries = round_.encounter or {}
        opened = self.opened_input(round_)
        sides = {side.character.catalogue_name: side.plays for side in round_.sides.select_related("character")
                 if side.character_id}
        round_input = self.system.round_input_from_old(opened, sides, entries)
        try:
            resolution = self.system.resolve(round_input, seed=round_.seed)
        except PlaysInvalid as refused:
            raise self.refuse(round_, "its plays no longer resolve: "
                              + _listed(refused)) from None
        waited = self.system.wait_from_old(entries)
        output = _json(resolution.output)
        if not resolution.waiting_for or any(output.get(key) != value for key, value in waited.items()):
            raise self.refuse(round_, "its replay does not wait for what the round waits for")
        entry = {"number": 1, "input": round_input, "output": output,
                 "waiting_for": [error.message for error in resolution.waiting_for],
                 "waits_for_gm": resolution.waits_for_gm, "answers": {}}
        if not self.system.waiting_forms(round_input, output):
            raise self.refuse(round_, "the interface has no form for what it waits for")
        round_.encounter = {WAITING: entry, WAITS: 1}
        self.sides(round_, opened, keep_locks=True, entries=entries, in_battle=True)
        round_.save(update_fields=["input", "rules", "rules_version_number", "rules_fingerprint", "encounter"])

    # --- the sides -------------------------------------------------------------------------------------

    def sides(self, round_, round_input: dict[str, Any], *, keep_locks: bool,
              entries: Mapping[str, Any] | None = None, in_battle: bool = False) -> list[str]:
        """Each side named by the system with its old draft as answers to its form for `round_input`, and the GM's
        entries side; the names of the sides unlocked. A round still to be played (`in_battle`) keeps a side only
        for a combatant still in the battle as it starts (`sides_in_battle`, as `open_round` opens them): the old
        pages opened one for the dead too, whose player would be emailed its plays and results. A resolved round
        keeps the sides it was played with."""
        existing = {side.character.catalogue_name: side for side in round_.sides.select_related("character")
                    if side.character_id and not side.side}
        named = self.system.sides(round_input)
        playing = self.system.sides_in_battle(round_input) if in_battle else named
        unlocked = []
        for name in playing:
            side = existing.pop(name, None)
            if side is None:
                round_.sides.create(side=name, character=self.characters.get(name),
                                    locked=not self.system.asks_anything(round_input, name))
                continue
            form = self.system.plays_form(round_input, name)
            answers, left = self.system.answers_from_old(round_input, name, side.plays)
            locked = side.locked and (keep_locks or not (left or self.errors(round_input, name, form, answers)))
            if side.locked and not locked:
                unlocked.append(name)
            side.side, side.plays, side.locked = name, answers, locked
            side.save(update_fields=["side", "plays", "locked"])
            self.tell(round_, name, left, side.locked or keep_locks)
        for name, side in existing.items():
            if name in named:  # out of the battle (killed or gone in an earlier round)
                self.note(round_, f"{CARRIED}: round {round_.number}, {name} is out of the battle as the round "
                                  "starts: no side, so no email of this round")
            else:  # a character the system's state no longer has
                self.tell(round_, name, ["the whole draft: the battle's state has no such side"], False)
            side.delete()
        self.gm_side(round_, round_input, entries or {}, keep_locks)
        return unlocked

    def gm_side(self, round_, round_input: dict[str, Any], entries: Mapping[str, Any], keep_locks: bool) -> None:
        form = self.system.plays_form(round_input, GM)
        if not form.fields:
            return
        answers, left = self.system.gm_answers_from_old(round_input, entries)
        ready = round_.status != DRAFTING and not left and not self.errors(round_input, GM, form, answers)
        round_.sides.create(side=GM, plays=answers, locked=keep_locks or ready)
        self.tell(round_, "The GM's entries", left, True)

    def errors(self, round_input: dict[str, Any], side: str, form, answers: Mapping[str, Any]) -> dict[str, str]:
        """`system_battles.check_answers` from plain fields: the system's errors and the questions unanswered."""
        return {**check_side(self.system, round_input, side, answers), **missing_answers(form, answers)}

    def tell(self, round_, name: str, left, locked: bool) -> None:
        if not left:
            return
        sentence = (f"{CARRIED}: round {round_.number}, {name}: no answer of the plays form says "
                    f"{'; '.join(left)}{'' if locked else ' (the side is unlocked, to enter it again)'}")
        self.told.append(sentence)
        self.note(round_, sentence)

    def note(self, round_, text: str, **fields: Any) -> None:
        round_.notes.create(kind=fields.pop("kind", NOTE_KIND_CARRIED), text=text, **fields)

    # --- wounds and fatigue recorded -------------------------------------------------------------------

    def settlements(self, rounds) -> None:
        """Each choice of chits recorded after a round, as the settlement of that side's dues in the next
        round's history, or in its own when it is the last round of a battle over (combat/system_dues.py
        `settlements`)."""
        by_number = {round_.number: round_ for round_ in rounds}
        for round_ in rounds:
            following = by_number.get(round_.number + 1)
            if following is None and self.battle.status == ENDED:
                following = round_  # the old pages let a player choose his chits after combat ended
            if round_.status != RESOLVED or following is None:
                continue
            for record in round_.chit_records.select_related("character"):
                name = record.character.catalogue_name
                boxes = (("wounded", record.wounded), ("fatigued", record.fatigued))
                answers = {box: list(chits) for box, chits in boxes if chits}
                told = "; ".join(f"{box}: {', '.join(chits)}" for box, chits in answers.items()) or "nothing to choose"
                self.note(following, f"{name} settled round {round_.number}'s dues (recorded before the battle was "
                                     f"carried over to the interface's pages): {told}.",
                          kind=NOTE_KIND_SETTLED, character=record.character, by_id=record.recorded_by_id,
                          data={"dues": {"round": round_.number, "side": name, "answers": answers}})
