"""Export a whole campaign as JSON, and import it back in one transaction.

`export_campaign(campaign)` → a dict that `json.dumps` prints; `import_campaign(data)` restores it and
refuses a broken file with CampaignFileError naming the field path (e.g. `players[2].email`), leaving
the database as it was. Export after import gives the same JSON.

Battles come from `combat.battle_exchange.export_battles(campaign)` / `import_battles(campaign, data)`.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction

from campaigns import services
from campaigns.models import (
    Campaign,
    Character,
    Player,
    RuleSetVersion,
    SetupStep,
    StartingInfo,
)
from campaigns.names import ONE_LINE_MESSAGE, is_one_line
from combat import battle_exchange
from combat.models import CharacterChange
from systems import DEFAULT_SYSTEM, SYSTEMS, get_system
from systems.old_battles import keeps_old_battles
from systems.starting import keeps_starting

FORMAT = "herald-campaign/1"


class CampaignFileError(ValueError):
    """The file is not a campaign Herald can import: `path` names the field, `message` what is wrong."""

    def __init__(self, path: str, message: str):
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


def _when(value: datetime.datetime | None) -> str | None:
    return value.isoformat() if value else None


def _username(user) -> str | None:
    return user.get_username() if user else None


def export_campaign(campaign: Campaign) -> dict[str, Any]:
    """The campaign as JSON, its options as its rule-set versions (`rule_history`) whatever its system."""
    return {
        "format": FORMAT,
        "slug": campaign.slug,
        "name": campaign.name,
        "created_at": _when(campaign.created_at),
        "auto_resolve": campaign.auto_resolve,
        "gms": sorted(user.get_username() for user in campaign.gms.all()),
        "system": campaign.system,
        **_export_rules(campaign),
        "calendar": calendar_exchange().export_calendar(campaign),
        "players": [
            {"name": p.name, "email": p.email, "time_zone": p.time_zone}
            for p in campaign.players.order_by("name")
        ],
        "characters": [_export_character(c) for c in campaign.characters.select_related("player").order_by("catalogue_name")],
        "setup_steps": [
            {"position": s.position, "player": s.player.name, "kind": s.kind, "detail": s.detail}
            for s in campaign.setup_steps.select_related("player").order_by("position")
        ],
        "battles": battle_exchange.export_battles(campaign),
    }


def _export_rules(campaign: Campaign) -> dict[str, Any]:
    """The current options, every one named (`rules`), the current version's number and fingerprint, and every
    version (`rule_history`)."""
    version = campaign.current_rules_version
    return {
        "rules": campaign.combat_system.options().complete(campaign.round_rules()),
        "rules_version": version.number if version else None,
        "rules_fingerprint": campaign.rules_fingerprint(),
        "rule_history": [
            {
                "number": v.number,
                "settings": v.settings,
                "fingerprint": v.fingerprint,
                "created_by": _username(v.created_by),
                "created_at": _when(v.created_at),
                "reason": v.reason,
            }
            for v in campaign.rule_set_versions.select_related("created_by").order_by("number")
        ],
    }


def _export_character(character: Character) -> dict[str, Any]:
    info = StartingInfo.objects.filter(character=character).first()
    return {
        "catalogue_name": character.catalogue_name,
        "player": character.player.name,
        "starting_native_group": character.starting_native_group,
        "state": character.state,
        "starting_info": None
        if info is None
        else {"answers": info.answers},
    }


# -- import -------------------------------------------------------------------------------------------


def _require(data: Mapping, key: str, kind: type | tuple[type, ...], path: str) -> Any:
    where = f"{path}.{key}" if path else key
    if key not in data:
        raise CampaignFileError(where, "is missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        names = " or ".join(t.__name__ for t in (kind if isinstance(kind, tuple) else (kind,)))
        raise CampaignFileError(where, f"must be {names}, not {type(value).__name__}")
    return value


# The largest number a PositiveIntegerField holds on every database (PostgreSQL's integer).
LARGEST_COUNT = 2**31 - 1


def _count(data: Mapping, key: str, path: str) -> int:
    value = _require(data, key, int, path)
    if not 0 <= value <= LARGEST_COUNT:
        raise CampaignFileError(f"{path}.{key}", f"must be 0 to {LARGEST_COUNT}")
    return value


SLUG = re.compile(r"[-a-zA-Z0-9_]+")


def _short(data: Mapping, key: str, path: str, longest: int) -> str:
    """Optional text that fits its column (a longer value is a database error on PostgreSQL)."""
    value = str(data.get(key) or "")
    if len(value) > longest:
        raise CampaignFileError(f"{path}.{key}", f"must be at most {longest} characters")
    return value


def _list(data: Mapping, key: str) -> list:
    return _require(data, key, list, "")


def _object(value: Any, path: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise CampaignFileError(path, f"must be an object, not {type(value).__name__}")
    return value


def _datetime(value: Any, path: str) -> datetime.datetime | None:
    if value is None:
        return None
    try:
        return datetime.datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise CampaignFileError(path, f"must be an ISO date and time, not {value!r}") from None


def _reraise(error: ValidationError, path: str):
    field, messages = next(iter(error.message_dict.items()))
    suffix = "" if field == "__all__" else (field if field.startswith("[") else f".{field}")
    raise CampaignFileError(f"{path}{suffix}", messages[0]) from None


def _user(username: Any, path: str, cache: dict):
    if username is None:
        return None
    if not isinstance(username, str) or not username.strip() or len(username) > 150:
        raise CampaignFileError(path, f"must be a user name, not {username!r}")
    if username not in cache:
        # A restored campaign keeps its GMs: a GM missing here gets an account without a password.
        user, created = get_user_model().objects.get_or_create(username=username)
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        cache[username] = user
    return cache[username]


def import_campaign(data: Any, *, replace: bool = False) -> Campaign:
    """Restore a campaign from `export_campaign`'s JSON in one transaction. With `replace`, a campaign
    with the same slug is deleted first (in the same transaction)."""
    data = _object(data, "")
    if data.get("format") != FORMAT:
        raise CampaignFileError("format", f"must be {FORMAT!r}, not {data.get('format')!r}")
    with transaction.atomic():
        return _import(data, replace)


def _import(data: Mapping, replace: bool) -> Campaign:
    users: dict = {}
    slug = _require(data, "slug", str, "")
    if not slug or len(slug) > 60 or not SLUG.fullmatch(slug):
        raise CampaignFileError("slug", "must be 1 to 60 letters, numbers, hyphens or underscores")
    existing = Campaign.objects.filter(slug=slug)
    if existing.exists():
        if not replace:
            raise CampaignFileError("slug", f"a campaign with the slug {slug!r} already exists")
        existing.delete()
    name = _require(data, "name", str, "").strip()
    if not name:
        raise CampaignFileError("name", "must not be empty")
    if not is_one_line(name):
        raise CampaignFileError("name", ONE_LINE_MESSAGE)
    if len(name) > 120:
        raise CampaignFileError("name", "must be at most 120 characters")
    gms = [_user(u, f"gms[{i}]", users) for i, u in enumerate(_list(data, "gms"))]
    if None in gms:
        raise CampaignFileError(f"gms[{gms.index(None)}]", "must be a user name, not null")
    if not gms:
        raise CampaignFileError("gms", "needs at least one GM")

    system = _system(data)
    history = _rule_history(data, system)

    calendar = calendar_exchange().read_calendar(data, system, users)

    auto_resolve = data.get("auto_resolve", False)
    if not isinstance(auto_resolve, bool):
        raise CampaignFileError("auto_resolve", f"must be true or false, not {auto_resolve!r}")
    campaign = Campaign.objects.create(
        slug=slug, name=name, auto_resolve=auto_resolve,
        month=calendar.month, day=calendar.day, calendar_state=calendar.state, system=system,
    )
    campaign.gms.set(gms)
    created_at = _datetime(data.get("created_at"), "created_at")
    if created_at:
        Campaign.objects.filter(pk=campaign.pk).update(created_at=created_at)

    _import_rule_history(campaign, history, users)
    calendar_exchange().import_week_ends(campaign, calendar.weeks)
    players = _import_players(campaign, _list(data, "players"))
    _import_characters(campaign, _list(data, "characters"), players)
    _import_setup_steps(campaign, data.get("setup_steps", []), players)

    battles = data.get("battles", [])
    if not isinstance(battles, list):
        raise CampaignFileError("battles", "must be a list")
    if battles:
        _check_battles(battles, system)
        try:
            battle_exchange.import_battles(campaign, battles)
        except (KeyError, TypeError, ValueError) as error:
            raise CampaignFileError("battles", f"cannot be read: {error!r}") from None
        except Exception as error:
            # combat.services.BattleError: `errors` maps each field path to the reason.
            errors = getattr(error, "errors", None)
            if not errors:
                raise
            path, message = next(iter(errors.items()))
            raise CampaignFileError(path, message) from None
    campaign.refresh_from_db()
    campaign.forget_cached_rules()
    return campaign


def calendar_exchange():
    """The calendar's part of the file (campaigns/calendar_exchange.py), which reads this module's helpers."""
    from campaigns import calendar_exchange

    return calendar_exchange


def _system(data: Mapping) -> str:
    """The file's combat system (none: the first)."""
    system = data.get("system", DEFAULT_SYSTEM)
    if system not in SYSTEMS:
        raise CampaignFileError("system", f"unknown combat system {system!r}; systems are {', '.join(SYSTEMS)}")
    return system


# Version 1 of a file written before every campaign kept its options as versions (`system_options`, no history).
UNVERSIONED = "Version 1: the options of a file written before options had versions."


def _rule_history(data: Mapping, system: str) -> list[dict[str, Any]]:
    """The file's versions, each checked by its system (errors naming `rule_history[i].settings.<option>`), as
    they are to be kept: number, settings (every option named), reason, who and when. A file written before every
    campaign kept its options as versions has `system_options` and no `rule_history`: they are version 1. The
    file's `rules`, when it has them, must be the last version's."""
    options = get_system(system).options()
    if "rule_history" not in data and "system_options" in data:
        chosen = _options(data["system_options"], "system_options", system)
        return [{"number": 1, "settings": options.complete(chosen), "reason": UNVERSIONED,
                 "created_at": data.get("created_at")}]
    if data.get("system_options"):
        raise CampaignFileError("system_options", "must be empty: the options are rule_history")
    history = []
    for position, raw in enumerate(_list(data, "rule_history")):
        path = f"rule_history[{position}]"
        entry = _object(raw, path)
        number = _require(entry, "number", int, path)
        if number != position + 1:
            raise CampaignFileError(f"{path}.number", f"must be {position + 1}: versions count up from 1")
        settings = _options(_require(entry, "settings", dict, path), f"{path}.settings", system)
        history.append({"number": number, "settings": options.complete(settings), "path": path,
                        "reason": _require(entry, "reason", str, path),
                        "created_by": entry.get("created_by"), "created_at": entry.get("created_at")})
    if not history:
        raise CampaignFileError("rule_history", "needs at least one rule-set version")
    if "rules" in data:
        rules = _options(_require(data, "rules", dict, ""), "rules", system)
        if options.complete(rules) != history[-1]["settings"]:
            raise CampaignFileError("rules", "differ from the last version of rule_history")
    return history


def _options(values: Any, path: str, system: str) -> dict[str, Any]:
    """Option values the system accepts (`check_options`), or the first error naming `<path>.<option>`."""
    values = dict(_object(values, path))
    for field, message in services.system_option_errors(system, values).items():
        option = "" if field == "options" else "." + field.removeprefix("options.")
        raise CampaignFileError(f"{path}{option}", message)
    return values


def _import_rule_history(campaign: Campaign, history: list[dict[str, Any]], users: dict) -> None:
    for entry in history:
        path = entry.get("path", "system_options")
        version = RuleSetVersion.objects.create(
            campaign=campaign,
            number=entry["number"],
            settings=entry["settings"],
            fingerprint=campaign.combat_system.options_fingerprint(entry["settings"]),
            created_by=_user(entry.get("created_by"), f"{path}.created_by", users),
            reason=entry["reason"],
        )
        created_at = _datetime(entry.get("created_at"), f"{path}.created_at")
        if created_at:
            RuleSetVersion.objects.filter(pk=version.pk).update(created_at=created_at)
    campaign.forget_cached_rules()


def _import_players(campaign: Campaign, players: list) -> dict[str, Player]:
    by_name: dict[str, Player] = {}
    for position, raw in enumerate(players):
        path = f"players[{position}]"
        entry = _object(raw, path)
        try:
            cleaned = services._clean_player(campaign, entry)
        except ValidationError as error:
            _reraise(error, path)
        by_name[cleaned["name"]] = Player.objects.create(campaign=campaign, **cleaned)
    return by_name


def _import_characters(campaign: Campaign, characters: list, players: dict[str, Player]) -> None:
    for position, raw in enumerate(characters):
        path = f"characters[{position}]"
        entry = _object(raw, path)
        player_name = entry.get("player")
        if not isinstance(player_name, str) or player_name not in players:
            raise CampaignFileError(f"{path}.player", f"{player_name!r} is not one of the file's players")
        try:
            cleaned = services._clean_character(campaign, {**entry, "player": players[player_name].pk})
        except ValidationError as error:
            _reraise(error, path)
        character = Character.objects.create(campaign=campaign, **cleaned)
        info = entry.get("starting_info")
        if info is not None and not keeps_starting(campaign.combat_system):
            raise CampaignFileError(f"{path}.starting_info", "must be null: this system's characters have none")
        if info is not None:
            info_path = f"{path}.starting_info"
            info = _object(info, info_path)
            # A file from before issue #11 keeps the system's own keys; its system reads them as answers, and
            # what it cannot read is the file's error, named by the object it came from.
            if "answers" in info:
                answers, answers_path = info["answers"], f"{info_path}.answers"
            else:
                try:
                    answers, answers_path = campaign.combat_system.starting_from_old(info), info_path
                except (TypeError, ValueError, AttributeError, KeyError) as error:
                    raise CampaignFileError(info_path, f"cannot be read as starting information: {error}") from None
            try:
                kept = services.check_starting_info(character, answers)
            except ValidationError as error:
                _reraise(error, answers_path)
            StartingInfo.objects.create(character=character, answers=kept)


def _import_setup_steps(campaign: Campaign, steps: Any, players: dict[str, Player]) -> None:
    if not isinstance(steps, list):
        raise CampaignFileError("setup_steps", "must be a list")
    for position, raw in enumerate(steps):
        path = f"setup_steps[{position}]"
        entry = _object(raw, path)
        if not isinstance(entry.get("player"), str) or entry["player"] not in players:
            raise CampaignFileError(f"{path}.player", f"{entry.get('player')!r} is not one of the file's players")
        kind = entry.get("kind")
        kinds = dict(campaign.combat_system.setup_order_kinds())
        if kind not in kinds:
            raise CampaignFileError(f"{path}.kind", f"must be one of {', '.join(kinds)}" if kinds else
                                    "this system sets nothing up in turn: setup_steps must be empty")
        SetupStep.objects.create(
            campaign=campaign, position=position + 1, player=players[entry["player"]], kind=kind,
            detail=_short(entry, "detail", path, 120),
        )


def _check_battles(battles: list, system: str) -> None:
    """The shape of the battles before combat.battle_exchange.import_battles reads them, so that a hostile file
    is refused naming its field instead of failing inside the importer; names must be one line (they go
    into every email's Subject)."""
    for index, raw in enumerate(battles):
        path = f"battles[{index}]"
        battle = _object(raw, path)
        for key, longest in (("name", 200), ("clearing", 120)):
            value = _require(battle, key, str, path)
            if not value.strip() or len(value) > longest:
                raise CampaignFileError(f"{path}.{key}", f"must be 1 to {longest} characters")
            if not is_one_line(value):
                raise CampaignFileError(f"{path}.{key}", ONE_LINE_MESSAGE)
        if "demo_key" in battle and (not isinstance(battle["demo_key"], str) or len(battle["demo_key"]) > 60):
            raise CampaignFileError(f"{path}.demo_key", "must be text of at most 60 characters")
        for key, kind in (("status", str), ("created_at", str), ("state", dict)):
            if battle.get(key) is not None and not isinstance(battle[key], kind):
                raise CampaignFileError(f"{path}.{key}", f"must be {kind.__name__}, not {type(battle[key]).__name__}")
        if battle.get("status", "active") not in ("active", "ended"):
            raise CampaignFileError(f"{path}.status", "must be active or ended")
        # A battle names its system, the campaign's; only one begun before the interface, of a system that had
        # battles in a format of its own, names none (carried over when imported: combat/battle_conversion.py).
        named = (battle.get("state") or {}).get("system")
        if named != system and (named is not None or not keeps_old_battles(get_system(system))):
            raise CampaignFileError(f"{path}.state.system", f"must be the campaign's system, {system!r}")
        _strings(battle.get("characters", []), f"{path}.characters")
        _check_rounds(battle.get("rounds", []), f"{path}.rounds")


def _check_rounds(rounds: Any, path: str) -> None:
    if not isinstance(rounds, list):
        raise CampaignFileError(path, f"must be a list, not {type(rounds).__name__}")
    numbers = set()
    for index, raw in enumerate(rounds):
        where = f"{path}[{index}]"
        round_ = _object(raw, where)
        number = _count(round_, "number", where)
        if number < 1 or number in numbers:
            raise CampaignFileError(f"{where}.number", "must be 1 or more and not repeated")
        if round_.get("rules_version_number") is not None:
            _count(round_, "rules_version_number", where)
        numbers.add(number)
        if round_.get("status", "drafting") not in ("drafting", "resolving", "resolved", "failed"):
            raise CampaignFileError(f"{where}.status", "must be drafting, resolving, resolved or failed")
        for key, kinds in (("seed", int), ("rules_version_number", int), ("salt", str), ("commitment", str),
                           ("rules_fingerprint", str), ("error", str), ("resolved_at", str), ("committed_at", str),
                           ("input", dict), ("result", dict), ("rules", (dict, str)), ("log", list),
                           ("encounter", dict), ("commitment_for", dict), ("state_before", dict),
                           ("voided_count", int), ("voided_at", str)):
            value = round_.get(key)
            if value is not None and (not isinstance(value, kinds) or isinstance(value, bool)):
                raise CampaignFileError(f"{where}.{key}", f"has the wrong type ({type(value).__name__})")
        for key in ("rules_fingerprint", "error"):  # read with a default of "": present means text
            if key in round_ and not isinstance(round_[key], str):
                raise CampaignFileError(f"{where}.{key}", f"must be text, not {type(round_[key]).__name__}")
        for key, longest in (("rules_fingerprint", 80), ("salt", 64), ("commitment", 64)):
            if isinstance(round_.get(key), str):
                _short(round_, key, where, longest)
        if isinstance(round_.get("seed"), int) and not 0 <= round_["seed"] < 2**63:
            raise CampaignFileError(f"{where}.seed", "must be 0 to 2**63 - 1")
        for key in ("resolved_at", "committed_at", "voided_at"):
            if round_.get(key):
                _datetime(round_[key], f"{where}.{key}")
        if isinstance(round_.get("voided_count"), int) and round_["voided_count"] < 0:
            raise CampaignFileError(f"{where}.voided_count", "must be 0 or more")
        _check_character_changes(round_.get("character_changes", []), f"{where}.character_changes")
        for list_key in ("sides", "chit_records"):
            entries = round_.get(list_key, [])
            if not isinstance(entries, list):
                raise CampaignFileError(f"{where}.{list_key}", f"must be a list, not {type(entries).__name__}")
            seen = set()
            for position, item in enumerate(entries):
                entry = _object(item, f"{where}.{list_key}[{position}]")
                key = _side_key(entry, list_key, f"{where}.{list_key}[{position}]")
                if entry[key] in seen:
                    raise CampaignFileError(f"{where}.{list_key}[{position}].{key}", f"{entry[key]!r} is repeated")
                seen.add(entry[key])
                for key in ("plays",) if list_key == "sides" else ("wounded", "fatigued"):
                    kind = dict if key == "plays" else list
                    if entry.get(key) is not None and not isinstance(entry[key], kind):
                        raise CampaignFileError(f"{where}.{list_key}[{position}].{key}",
                                                f"must be {kind.__name__}, not {type(entry[key]).__name__}")


def _side_key(entry: Mapping, list_key: str, path: str) -> str:
    """What names a side: its `side` (the system's name for it: a side no character plays has no
    `character`), else its `character`; a chit record always names its character."""
    if list_key == "sides" and entry.get("side") is not None:
        _require(entry, "side", str, path)
        if not entry["side"].strip() or len(entry["side"]) > 120:
            raise CampaignFileError(f"{path}.side", "must be 1 to 120 characters")
        if entry.get("character") is not None:
            _require(entry, "character", str, path)
        return "side"
    _require(entry, "character", str, path)
    return "character"


def _check_character_changes(entries: Any, path: str) -> None:
    """A round's history entries (what it did to the characters, systems/records.py)."""
    if not isinstance(entries, list):
        raise CampaignFileError(path, f"must be a list, not {type(entries).__name__}")
    for position, item in enumerate(entries):
        where = f"{path}[{position}]"
        entry = _object(item, where)
        _require(entry, "character", str, where)
        if entry.get("source", "round") not in CharacterChange.Source.values:  # an adjustment's too
            raise CampaignFileError(f"{where}.source", f"must be one of {', '.join(CharacterChange.Source.values)}")
        lines = entry.get("lines", [])
        if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
            raise CampaignFileError(f"{where}.lines", "must be a list of sentences")
        ops = entry.get("ops", [])
        if not isinstance(ops, list) or not all(isinstance(op, dict) for op in ops):
            raise CampaignFileError(f"{where}.ops", "must be a list of objects")
        if entry.get("created_at"):
            _datetime(entry["created_at"], f"{where}.created_at")


def _strings(values: Any, path: str) -> None:
    if not isinstance(values, list):
        raise CampaignFileError(path, f"must be a list, not {type(values).__name__}")
    for position, value in enumerate(values):
        if not isinstance(value, str):
            raise CampaignFileError(f"{path}[{position}]", f"must be a name, not {type(value).__name__}")
