"""The JSON round file (docs/round-format.md): read it into a RoundInput and back, and write a RoundResult.

`read_round(data)` checks the file against `round.schema.json` (jsonschema) and returns a `RoundFile`
(the RoundInput, and the dice or seed to resolve it with). A file that is not well formed raises
`RoundFormatError` whose `errors` name each field, e.g. "plays.Black Knight.maneuver.box".
Everything written by `round_to_json` and `result_to_json` reads back to an equal object.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema

from systems.magic_realm.engine.catalogue import UnknownCounter
from systems.magic_realm.engine.dice import Roll, ScriptedDice, SeededDice
from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.model import (
    ArmorState,
    AttackPlay,
    BattleState,
    CharacterState,
    CharacterSummary,
    Chit,
    ChitLabelError,
    DenizenState,
    GmRuling,
    HorseState,
    Kill,
    ManeuverPlay,
    Play,
    PlayError,
    Position,
    RoundInput,
    RoundResult,
    RulingNeeded,
    Sheet,
    WeaponState,
    parse_chit,
)
from systems.magic_realm.engine.ruleset import PRESETS, RuleSet, RuleSetError, rules_from

FORMAT = "herald-round/1"
SCHEMA_PATH = Path(__file__).with_name("round.schema.json")


class RoundFormatError(ValueError):
    def __init__(self, errors: list[PlayError]):
        self.errors = errors
        super().__init__("; ".join(str(error) for error in errors))


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text())


@lru_cache(maxsize=1)
def _validator() -> jsonschema.protocols.Validator:
    cls = jsonschema.validators.validator_for(schema())
    return cls(schema())


@dataclass(frozen=True)
class RoundFile:
    round_input: RoundInput
    dice: tuple[int, ...] | None = None
    seed: int | None = None
    title: str | None = None
    encounter: dict[str, Any] | None = None

    def make_dice(self):
        """The dice the file asks for: its list, else its seed (0 when it gives neither)."""
        if self.dice is not None:
            return ScriptedDice(list(self.dice))
        return SeededDice(self.seed if self.seed is not None else 0)


# --- reading -----------------------------------------------------------------------------------------


def _named_path(data: Any, parts: list[Any]) -> str:
    """A schema error's path with list indexes replaced by the item's id or name where it has one."""
    names: list[str] = []
    node = data
    for part in parts:
        if isinstance(part, int) and isinstance(node, list) and part < len(node):
            item = node[part]
            label = None
            if isinstance(item, dict):
                label = item.get("id") or item.get("owner") or item.get("combatant") or item.get("name") or item.get("label")
            elif isinstance(item, str):
                label = item
            names.append(str(label) if label else str(part))
            node = item
        else:
            names.append(str(part))
            node = node.get(part) if isinstance(node, dict) else None
    return ".".join(names) or "(file)"


def schema_errors(data: Any) -> list[PlayError]:
    return _named_errors(_validator(), data, data, [])


def schema_errors_of(data: dict[str, Any], key: str) -> list[PlayError]:
    """The schema's errors in `data[key]` alone, named as `schema_errors` names them in the whole file: the
    schema checks each top-level key on its own, so a file whose other keys are known valid needs no more."""
    return _named_errors(_key_validator(key), data[key], data, [key])


def _named_errors(validator, instance: Any, data: Any, prefix: list) -> list[PlayError]:
    """`validator`'s errors in `instance` (found at `prefix` in the file `data`), sorted, each named by its path."""
    errors = []
    for error in sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path))):
        # A "oneOf" (a value or null, a label or an object) fails as a whole: report the alternative
        # that got furthest, so the path names the field itself ("...maneuver.box").
        while error.context:
            deeper = [e for e in error.context if e.validator not in ("type", "const")] or list(error.context)
            error = max(deeper, key=lambda e: len(e.absolute_path))
        errors.append(PlayError(_named_path(data, [*prefix, *error.absolute_path, *_missing(error)]), error.message))
    return errors


def _missing(error) -> list[str]:
    """A "required" error names the property that is missing ("...attack.box", not "...attack"), so the form
    shows it beside the question that writes it, not above the form."""
    if error.validator != "required" or not isinstance(error.instance, dict):
        return []
    return [name for name in error.validator_value if name not in error.instance][:1]


@lru_cache(maxsize=None)
def _key_validator(key: str) -> jsonschema.protocols.Validator:
    whole = schema()
    part = {"$schema": whole["$schema"], "$defs": whole["$defs"], **whole["properties"][key]}
    return jsonschema.validators.validator_for(whole)(part)


def _chits(raw: list[Any], path: str, errors: list[PlayError]) -> tuple[Chit, ...]:
    chits: list[Chit] = []
    counts: dict[str, int] = {}
    for item in raw:
        label = item if isinstance(item, str) else item["label"]
        state = "fresh" if isinstance(item, str) else item.get("state", "fresh")
        explicit = None if isinstance(item, str) else item.get("id")
        counts[label] = counts.get(label, 0) + 1
        chit_id = explicit or (label if counts[label] == 1 else f"{label} #{counts[label]}")
        try:
            chits.append(parse_chit(label, state, chit_id))
        except ChitLabelError as error:
            errors.append(PlayError(f"{path}.{label}", str(error)))
    return tuple(chits)


def _catalogue_chits(catalogue, character_name: str) -> tuple[Chit, ...]:
    counts: dict[str, int] = {}
    chits = []
    for chit in catalogue.character(character_name).chits:
        label = chit.label or f"{chit.action} {chit.strength or ''}{chit.magic_type or ''}{chit.time}{'*' * chit.effort}"
        counts[label] = counts.get(label, 0) + 1
        chit_id = label if counts[label] == 1 else f"{label} #{counts[label]}"
        chits.append(Chit(chit_id, chit.action, chit.strength, chit.time, chit.effort, chit.magic_type))
    return tuple(chits)


def _spells(raw: list[str], path: str, errors: list[PlayError], catalogue) -> tuple[str, ...]:
    """The spells a character knows, each by its catalogue name; an unknown name is an error at its own path."""
    names = []
    for name in raw:
        try:
            names.append(_get_catalogue(catalogue).spell(name).name)
        except UnknownCounter as error:
            errors.append(PlayError(f"{path}.{name}", str(error)))
    return tuple(names)


def _character(raw: dict[str, Any], errors: list[PlayError], catalogue) -> CharacterState:
    path = f"state.characters.{raw['id']}"
    name = raw.get("character", raw["id"])
    needs_catalogue = "chits" not in raw or "weapons" not in raw or "armor" not in raw
    counter = None
    if needs_catalogue:
        try:
            counter = _get_catalogue(catalogue).character(name)
        except UnknownCounter as error:
            errors.append(PlayError(f"{path}.character", str(error)))
    if "chits" in raw:
        chits = _chits(raw["chits"], f"{path}.chits", errors)
    else:
        chits = _catalogue_chits(_get_catalogue(catalogue), name) if counter else ()
    if "weapons" in raw:
        weapons = tuple(
            WeaponState(w) if isinstance(w, str) else WeaponState(w["name"], w.get("alerted", False)) for w in raw["weapons"]
        )
    else:
        weapons = tuple(WeaponState(w) for w in counter.weapons) if counter else ()
    if "armor" in raw:
        armor = tuple(
            ArmorState(a) if isinstance(a, str) else ArmorState(a["name"], a.get("state", "intact")) for a in raw["armor"]
        )
    else:
        armor = tuple(ArmorState(a) for a in counter.armor) if counter else ()
    horse = raw.get("horse")
    if isinstance(horse, str):
        horse = HorseState(horse)
    elif isinstance(horse, dict):
        horse = HorseState(horse["counter"], horse.get("dead", False))
    return CharacterState(
        id=raw["id"], character=name, chits=chits, weapons=weapons, armor=armor, horse=horse,
        hidden=raw.get("hidden", False), dead=raw.get("dead", False), fled=raw.get("fled", False),
        kills=raw.get("kills", 0),
        spells=_spells(raw["spells"], f"{path}.spells", errors, catalogue) if "spells" in raw else None,
    )


def _denizen(raw: dict[str, Any]) -> DenizenState:
    return DenizenState(
        id=raw["id"], counter=raw.get("counter", raw["id"]), side=raw.get("side", "light"), group=raw.get("group"),
        hired_by=raw.get("hired_by"), horse_dead=raw.get("horse_dead", False),
        weapon_side=raw.get("weapon_side", "light"), target=raw.get("target"), dead=raw.get("dead", False),
        fled=raw.get("fled", False),
    )


def _position(raw: str | dict[str, Any]) -> Position:
    if isinstance(raw, str):
        return Position(raw)
    return Position(raw["combatant"], raw.get("box"), raw.get("weapon_box"), raw.get("horse_box"))


def _maneuver(raw: dict[str, Any] | None) -> ManeuverPlay | None:
    if raw is None:
        return None
    return ManeuverPlay(
        box=raw["box"], chit=raw.get("chit"), boots=raw.get("boots"), boots_strength=raw.get("strength"),
        boots_time=raw.get("time"), horse=raw.get("horse"),
    )


def _play(character: str, raw: dict[str, Any]) -> Play:
    attack = raw.get("attack")
    return Play(
        character=character,
        target=raw.get("target"),
        target_part=raw.get("target_part", "horse"),
        attack=AttackPlay(attack["box"], attack["chit"], attack.get("weapon"), attack.get("spell"), attack.get("alerted", False))
        if attack else None,
        maneuver=_maneuver(raw.get("maneuver")),
        rider_maneuver=_maneuver(raw.get("rider_maneuver")),
        shield_box=raw.get("shield_box"),
    )


def _get_catalogue(catalogue):
    if catalogue is not None:
        return catalogue
    from systems.magic_realm.engine.catalogue_data import get_catalogue

    return get_catalogue()


def state_from_json(raw: dict[str, Any], errors: list[PlayError] | None = None, catalogue=None) -> BattleState:
    errors = [] if errors is None else errors
    return BattleState(
        round_number=raw.get("round", 1),
        characters=tuple(_character(c, errors, catalogue) for c in raw.get("characters", [])),
        denizens=tuple(_denizen(d) for d in raw.get("denizens", [])),
        previous_round_quiet=raw.get("previous_round_quiet", False),
        dwelling=raw.get("dwelling") or None,
    )


def read_round(data: Any, catalogue=None, *, schema_checked: bool = False,
               parsed_state: tuple[BattleState, list[PlayError]] | None = None) -> RoundFile:
    """A round file (parsed JSON) as a RoundFile; RoundFormatError names every malformed field.
    Characters without `chits`, `weapons` or `armor` take the catalogue character's. `schema_checked`: the
    caller has already found the file valid against the schema (`schema_errors_of` on what changed);
    `parsed_state`: `data["state"]` already read (`state_from_json` and its errors), for many files of one state."""
    errors = [] if schema_checked else schema_errors(data)
    if errors:
        raise RoundFormatError(errors)
    try:
        rules = rules_from(data["rules"])
    except RuleSetError as error:
        raise RoundFormatError([PlayError(f"rules.{field}", message) for field, message in error.errors.items()]) from None
    if parsed_state is None:
        state = state_from_json(data["state"], errors, catalogue)
    else:
        state, errors = parsed_state[0], list(parsed_state[1])
    if errors:
        raise RoundFormatError(errors)
    round_input = RoundInput(
        rules=rules,
        state=state,
        sheets=tuple(
            Sheet(
                owner=s["owner"],
                attackers=tuple(_position(p) for p in s.get("attackers", [])),
                owner_position=_position(s["owner_position"]) if s.get("owner_position") else None,
                owner_target=s.get("owner_target"),
            )
            for s in data.get("sheets", [])
        ),
        plays=tuple(_play(name, play) for name, play in data.get("plays", {}).items()),
        gm_rulings=tuple(
            GmRuling(r["attacker"], r["target"], r["outcome"], r.get("amount", 0), r.get("note", ""))
            for r in data.get("gm_rulings", [])
        ),
    )
    return RoundFile(
        round_input=round_input,
        dice=tuple(data["dice"]) if "dice" in data else None,
        seed=data.get("seed"),
        title=data.get("title"),
        encounter=data.get("encounter"),
    )


def load_round(path: str | Path, catalogue=None) -> RoundFile:
    try:
        data = json.loads(Path(path).read_text())
    except json.JSONDecodeError as error:
        raise RoundFormatError([PlayError("(file)", f"not valid JSON: {error}")]) from None
    return read_round(data, catalogue)


# --- writing -----------------------------------------------------------------------------------------


def rules_to_json(rules: RuleSet) -> str | dict[str, Any]:
    differences = rules.differences_from_preset() if rules.preset in PRESETS else rules.to_dict()
    return rules.preset if not differences else {"preset": rules.preset, **differences}


def _chit_to_json(chit: Chit) -> str | dict[str, Any]:
    if chit.state == "fresh" and chit.id == chit.label:
        return chit.label
    item: dict[str, Any] = {"label": chit.label}
    if chit.id != chit.label:
        item["id"] = chit.id
    if chit.state != "fresh":
        item["state"] = chit.state
    return item


def character_to_json(character: CharacterState) -> dict[str, Any]:
    raw: dict[str, Any] = {"id": character.id}
    if character.character != character.id:
        raw["character"] = character.character
    raw["chits"] = [_chit_to_json(chit) for chit in character.chits]
    raw["weapons"] = [{"name": w.name, "alerted": w.alerted} for w in character.weapons]
    raw["armor"] = [{"name": a.name, "state": a.state} for a in character.armor]
    if character.horse is not None:
        raw["horse"] = {"counter": character.horse.counter, "dead": character.horse.dead}
    for name in ("hidden", "dead", "fled"):
        if getattr(character, name):
            raw[name] = True
    if character.kills:
        raw["kills"] = character.kills
    if character.spells is not None:  # written only when given, so files without spells read back byte for byte
        raw["spells"] = list(character.spells)
    return raw


def denizen_to_json(denizen: DenizenState) -> dict[str, Any]:
    raw: dict[str, Any] = {"id": denizen.id}
    if denizen.counter != denizen.id:
        raw["counter"] = denizen.counter
    raw["side"] = denizen.side
    for name, default in (("group", None), ("hired_by", None), ("horse_dead", False), ("weapon_side", "light"),
                          ("target", None), ("dead", False), ("fled", False)):
        value = getattr(denizen, name)
        if value != default:
            raw[name] = value
    return raw


def state_to_json(state: BattleState) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "round": state.round_number,
        "previous_round_quiet": state.previous_round_quiet,
        "characters": [character_to_json(c) for c in state.characters],
        "denizens": [denizen_to_json(d) for d in state.denizens],
    }
    if state.dwelling:  # written only when set, so files without a dwelling read back byte for byte
        raw["dwelling"] = state.dwelling
    return raw


def _position_to_json(position: Position) -> dict[str, Any]:
    raw: dict[str, Any] = {"combatant": position.combatant}
    for name in ("box", "weapon_box", "horse_box"):
        if getattr(position, name) is not None:
            raw[name] = getattr(position, name)
    return raw


def _maneuver_to_json(maneuver: ManeuverPlay | None) -> dict[str, Any] | None:
    if maneuver is None:
        return None
    raw: dict[str, Any] = {"box": maneuver.box}
    for name, key in (("chit", "chit"), ("boots", "boots"), ("boots_strength", "strength"), ("boots_time", "time"), ("horse", "horse")):
        if getattr(maneuver, name) is not None:
            raw[key] = getattr(maneuver, name)
    return raw


def _play_to_json(play: Play) -> dict[str, Any]:
    raw: dict[str, Any] = {"target": play.target}
    if play.target_part != "horse":
        raw["target_part"] = play.target_part
    if play.attack is not None:
        attack = {"chit": play.attack.chit, "box": play.attack.box}
        if play.attack.weapon:
            attack["weapon"] = play.attack.weapon
        if play.attack.spell:
            attack["spell"] = play.attack.spell
        if play.attack.alerted:
            attack["alerted"] = True
        raw["attack"] = attack
    else:
        raw["attack"] = None
    raw["maneuver"] = _maneuver_to_json(play.maneuver)
    if play.rider_maneuver is not None:
        raw["rider_maneuver"] = _maneuver_to_json(play.rider_maneuver)
    if play.shield_box is not None:
        raw["shield_box"] = play.shield_box
    return raw


def round_to_json(round_input: RoundInput, *, dice: list[int] | None = None, seed: int | None = None,
                  title: str | None = None, encounter: dict[str, Any] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT}
    if title:
        data["title"] = title
    data["rules"] = rules_to_json(round_input.rules)
    data["state"] = state_to_json(round_input.state)
    sheets = []
    for sheet in round_input.sheets:
        raw: dict[str, Any] = {"owner": sheet.owner, "attackers": [_position_to_json(p) for p in sheet.attackers]}
        if sheet.owner_position is not None:
            raw["owner_position"] = _position_to_json(sheet.owner_position)
        if sheet.owner_target is not None:
            raw["owner_target"] = sheet.owner_target
        sheets.append(raw)
    data["sheets"] = sheets
    data["plays"] = {play.character: _play_to_json(play) for play in round_input.plays}
    if round_input.gm_rulings:
        data["gm_rulings"] = [ruling_to_json(ruling) for ruling in round_input.gm_rulings]
    if dice is not None:
        data["dice"] = list(dice)
    if seed is not None:
        data["seed"] = seed
    if encounter is not None:
        data["encounter"] = encounter  # the encounter step's section: docs/encounter.md
    return data


def ruling_to_json(ruling: GmRuling) -> dict[str, Any]:
    raw: dict[str, Any] = {"attacker": ruling.attacker, "target": ruling.target, "outcome": ruling.outcome}
    if ruling.amount:
        raw["amount"] = ruling.amount
    if ruling.note:
        raw["note"] = ruling.note
    return raw


def ruling_needed_to_json(needed: RulingNeeded) -> dict[str, Any]:
    return {"path": needed.path, "attacker": needed.attacker, "target": needed.target, "spell": needed.spell,
            "magic_type": needed.magic_type, "time": needed.time, "length": needed.length, "block": needed.block,
            "message": needed.message}


def _summary_to_json(summary: CharacterSummary) -> dict[str, Any]:
    encounter = {"encounter_asterisks": summary.encounter_asterisks} if summary.encounter_asterisks else {}
    return {
        "character": summary.character,
        "wounds_owed": summary.wounds_owed,
        "fatigue_owed": summary.fatigue_owed,
        "asterisks_played": summary.asterisks_played,
        "fame": summary.fame,
        "notoriety": summary.notoriety,
        "gold": summary.gold,
        "kills": list(summary.kills),
        "killed": summary.killed,
        "weapons_alerted": list(summary.weapons_alerted),
        "weapons_unalerted": list(summary.weapons_unalerted),
        "armor_changes": [list(change) for change in summary.armor_changes],
        **encounter,
    }


def _kill_to_json(kill: Kill) -> dict[str, Any]:
    return {
        "victim": kill.victim,
        "killers": list(kill.killers),
        "credited_to": list(kill.credited_to),
        "block": kill.block,
        "fame": kill.fame,
        "notoriety": kill.notoriety,
        "gold": kill.gold,
        "multipliers": dict(kill.multipliers),
        "horse_of": kill.horse_of,
    }


def result_to_json(result: RoundResult) -> dict[str, Any]:
    """What the app stores: everything needed to show, email and replay the round."""
    return {
        "format": FORMAT,
        "round": result.round_number,
        "rules": result.rules.to_dict(),
        "seed": result.seed,
        "dice": [{"purpose": roll.purpose, "dice": list(roll.dice)} for roll in result.dice],
        "events": [event.to_dict() for event in result.events],
        "summaries": [_summary_to_json(s) for s in result.summaries],
        "kills": [_kill_to_json(k) for k in result.kills],
        "harm_done": result.harm_done,
        "quiet": result.quiet,
        "combat_ends": result.combat_ends,
        "warnings": [{"path": w.path, "message": w.message, "severity": w.severity} for w in result.warnings],
        "state": state_to_json(result.state),
        # Only while the round waits for the GM (systems.magic_realm.engine.magic_attacks), so resolved results keep their shape.
        **({"rulings_needed": [ruling_needed_to_json(n) for n in result.rulings_needed]} if result.rulings_needed else {}),
    }


def result_from_json(data: dict[str, Any]) -> RoundResult:
    errors: list[PlayError] = []
    state = state_from_json(data["state"], errors)
    if errors:
        raise RoundFormatError(errors)
    return RoundResult(
        round_number=data["round"],
        rules=rules_from(data["rules"]),
        events=tuple(
            Event(e["kind"], e["text"], e["rule"], e["rule_name"], tuple(e["actors"]), dict(e["data"])) for e in data["events"]
        ),
        state=state,
        summaries=tuple(
            CharacterSummary(
                **{**s, "kills": tuple(s["kills"]), "weapons_alerted": tuple(s["weapons_alerted"]),
                   "weapons_unalerted": tuple(s["weapons_unalerted"]),
                   "armor_changes": tuple(tuple(c) for c in s["armor_changes"])}
            )
            for s in data["summaries"]
        ),
        kills=tuple(
            Kill(**{**k, "killers": tuple(k["killers"]), "credited_to": tuple(k["credited_to"])}) for k in data["kills"]
        ),
        harm_done=data["harm_done"],
        quiet=data["quiet"],
        combat_ends=data["combat_ends"],
        dice=tuple(Roll(r["purpose"], tuple(r["dice"])) for r in data["dice"]),
        seed=data.get("seed"),
        warnings=tuple(PlayError(w["path"], w["message"], w["severity"]) for w in data.get("warnings", [])),
        rulings_needed=tuple(RulingNeeded(**n) for n in data.get("rulings_needed", [])),
    )
