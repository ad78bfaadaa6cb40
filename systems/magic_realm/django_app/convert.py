"""Convert the reference game data (RealmSpeak's MagicRealmData.xml) into Herald's catalogue files.

    python -m systems.magic_realm.django_app.convert ../shared/realmspeak/MagicRealmData.xml [--out DIR]

The XML's facts (a monster's move time, a weapon's harm) are the game's; this converter is the project's
own. It keeps only the counters tagged `original_game`, reads the attributes documented in
shared/rules/realmspeak-notes.md section 3.2, and writes one JSON file per kind into
systems/magic_realm/data/catalogue/ with sorted keys, so running it again gives byte-identical files.
No Django needed: the engine reads the files through systems.magic_realm.engine.catalogue_data.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from systems.magic_realm.engine.catalogue_data import DATA_DIR

FORMAT_VERSION = 1
DEFAULT_OUT = DATA_DIR  # where the engine reads the catalogue from

# The XML spells some native groups two ways ("Bashkar"/"Bashkars", "Woodfolk" for "Woodsfolk 1").
NATIVE_GROUPS = {
    "bashkar": "Bashkars",
    "bashkars": "Bashkars",
    "company": "Company",
    "guard": "Guard",
    "lancer": "Lancers",
    "lancers": "Lancers",
    "order": "Order",
    "patrol": "Patrol",
    "rogue": "Rogues",
    "rogues": "Rogues",
    "soldier": "Soldiers",
    "soldiers": "Soldiers",
    "woodfolk": "Woodfolk",
    "woodsfolk": "Woodfolk",
    # visitors appear in characters' relationships
    "crone": "Crone",
    "scholar": "Scholar",
    "shaman": "Shaman",
    "warlock": "Warlock",
}

# Names players write for a native of each group, beside the reference name ("Order 3").
NATIVE_ALIAS_PREFIXES = {
    "Bashkars": ("Bashkars", "Bashkar"),
    "Company": ("Company",),
    "Guard": ("Guard", "Guardsman"),
    "Lancers": ("Lancers", "Lancer"),
    "Order": ("Knight of the Order", "Order Knight", "Order"),
    "Patrol": ("Patrol",),
    "Rogues": ("Rogues", "Rogue"),
    "Soldiers": ("Soldiers", "Soldier"),
    "Woodfolk": ("Woodfolk", "Woodsfolk"),
}

SIZE_PREFIXES = {"T": "Tremendous", "H": "Heavy", "M": "Medium", "L": "Light"}

EXTRA_ALIASES = {
    ("character", "Sorceror"): ("Sorcerer",),
    ("character", "Woods Girl"): ("Woodsgirl",),
    ("character", "Witch King"): ("Witchking",),
}

ARMOR_BOX_ATTRIBUTES = (("armor_thrust", 1), ("armor_swing", 2), ("armor_smash", 3))


@dataclass
class GameObject:
    id: str
    name: str
    blocks: dict[str, dict[str, str]]
    lists: dict[str, dict[str, list[str]]]
    contains: list[str]

    @property
    def this(self) -> dict[str, str]:
        return self.blocks.get("this", {})

    def block(self, name: str) -> dict[str, str]:
        return self.blocks.get(name, {})


class ConversionError(ValueError):
    pass


def read_objects(xml_path: Path) -> dict[str, GameObject]:
    root = ET.parse(xml_path).getroot()
    objects: dict[str, GameObject] = {}
    for element in root.iter("GameObject"):
        blocks: dict[str, dict[str, str]] = {}
        lists: dict[str, dict[str, list[str]]] = {}
        for block in element.findall("AttributeBlock"):
            name = block.get("blockName", "")
            values: dict[str, str] = {}
            for attribute in block.findall("attribute"):
                values.update(attribute.attrib)
            blocks[name] = values
            for attribute_list in block.findall("attributeList"):
                lists.setdefault(name, {})[attribute_list.get("keyName", "")] = [
                    value for item in attribute_list.findall("attributeVal") for value in item.attrib.values()
                ]
        objects[element.get("id", "")] = GameObject(
            id=element.get("id", ""),
            name=element.get("name", ""),
            blocks=blocks,
            lists=lists,
            contains=[child.get("id", "") for child in element.findall("contains")],
        )
    return objects


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def as_int(value: str | None, default: int | None = None) -> int | None:
    if value is None or value == "":
        return default
    return int(value)


def letter(value: str | None) -> str | None:
    if value is None or value == "":
        return None
    if value not in {"N", "L", "M", "H", "T", "RED", "X"}:
        raise ConversionError(f"unexpected harm or weight letter {value!r}")
    return value


def group_name(raw: str) -> str:
    try:
        return NATIVE_GROUPS[raw.strip().lower()]
    except KeyError:
        raise ConversionError(f"unknown native group {raw!r}") from None


def original(objects: dict[str, GameObject]) -> list[GameObject]:
    return [o for o in objects.values() if "original_game" in o.this]


# --- denizens ------------------------------------------------------------------------------------


def denizen_side(block: dict[str, str]) -> dict:
    return {
        "move_time": as_int(block.get("move_speed")),
        "attack_time": as_int(block.get("attack_speed")),
        "harm": letter(block.get("strength")),
        "sharpness": as_int(block.get("sharpness"), 0),
        "length": as_int(block.get("length"), 0),
        "missile": "missile" in block,
        "pins": "pins" in block,
        "magic_type": block.get("magic_type") or None,
        "attack_spell": block.get("attack_spell") or None,
    }


def size_aliases(name: str) -> list[str]:
    first, _, rest = name.partition(" ")
    if first in SIZE_PREFIXES and rest:
        return [f"{SIZE_PREFIXES[first]} {rest}"]
    return []


def monster_weapon(part: GameObject) -> dict:
    light, dark = part.block("light"), part.block("dark")
    missile_length = as_int(light.get("dragon_length"))
    return {
        "name": part.name,
        "light": denizen_side(light),
        "dark": denizen_side(dark),
        "dragon_missile": "dragon_missile" in part.this,
        "missile_length": missile_length,
    }


MONSTER_TAGS = ("dragon", "giant", "demon", "imp", "troll", "octopus", "serpent", "spider", "bat", "viper",
                "ghost", "undead", "ogre", "goblin", "wolf")


def monster_notes(this: dict[str, str], light: dict, dark: dict, part: GameObject | None) -> str:
    notes = []
    if dark["pins"]:
        notes.append("Red side: pins its target (an automatic kill if it hits) and never changes tactics.")
    for side_name, side in (("Light", light), ("Dark", dark)):
        if side["magic_type"]:
            spell = (side["attack_spell"] or "").replace("powerofthepit", "Power of the Pit").replace(
                "curse", "Curse")
            notes.append(f"{side_name} side: attacks with magic type {side['magic_type']} ({spell}).")
    if part is not None:
        missile = (
            f"; optionally it breathes fire as a missile, length {part.block('light')['dragon_length']}"
            if "dragon_missile" in part.this
            else ""
        )
        notes.append(f"Also attacks with its {part.name}, a separate counter with its own sides{missile}.")
    elif "weapon_use" in this:
        notes.append("Fights with a weapon: its attack has a length.")
    return " ".join(notes)


def convert_monsters(objects: dict[str, GameObject]) -> list[dict]:
    result = []
    for o in original(objects):
        this = o.this
        if "monster" not in this or "part" in this:
            continue
        light, dark = denizen_side(o.block("light")), denizen_side(o.block("dark"))
        parts = [objects[i] for i in o.contains if i in objects and "part" in objects[i].this]
        entry = {
            "name": o.name,
            "vulnerability": letter(this["vulnerability"]),
            "armored": "armored" in this,
            "flying": "flying" in this,
            "fame": as_int(this.get("fame"), 0),
            "notoriety": as_int(this.get("notoriety"), 0),
            "bounty": as_int(this.get("base_price"), 0),
            "light": light,
            "dark": dark,
            "weapon": monster_weapon(parts[0]) if parts else None,
            "can_change_tactics": not (dark["pins"] or "no_change_tactics" in this),
            "tags": sorted(tag for tag in MONSTER_TAGS if tag in this),
            "setup_start": this.get("setup_start", ""),
            "aliases": size_aliases(o.name),
            "notes": monster_notes(this, light, dark, parts[0] if parts else None),
        }
        result.append(entry)
    return result


def horse_entry(o: GameObject, *, native: bool) -> dict:
    this = o.this
    trot, gallop = o.block("trot"), o.block("gallop")
    entry = {
        "name": o.name,
        "kind": this["horse"],
        "vulnerability": letter(this["vulnerability"]),
        "armored": "armored" in this,
        "walking": {"move_time": as_int(trot["move_speed"]), "strength": letter(trot["strength"])},
        "galloping": {"move_time": as_int(gallop["move_speed"]), "strength": letter(gallop["strength"])},
        "price": as_int(this.get("base_price"), 0),
        "move_bonus": this.get("move_bonus") or None,
        "native_group": group_name(this["native"]) if native else None,
        "sold_at": this.get("horse_holder", ""),
        "can_change_tactics": not native,  # native horses never turn over (realmspeak-notes 1.2)
        "aliases": [],
    }
    if not native:
        walking, galloping = entry["walking"], entry["galloping"]
        entry["aliases"] = [
            f"{this['horse'].title()} {walking['strength']}{walking['move_time']}/"
            f"{galloping['strength']}{galloping['move_time']}"
        ]
    return entry


def convert_natives(objects: dict[str, GameObject]) -> list[dict]:
    result = []
    for o in original(objects):
        this = o.this
        if "native" not in this or "rank" not in this or "horse" in this:
            continue
        group = group_name(this["native"])
        horses = [objects[i] for i in o.contains if i in objects and "horse" in objects[i].this]
        rank = this["rank"]
        aliases = [
            f"{prefix} {rank}" for prefix in NATIVE_ALIAS_PREFIXES[group] if f"{prefix} {rank}" != o.name
        ]
        light, dark = denizen_side(o.block("light")), denizen_side(o.block("dark"))
        notes = []
        if "archer" in this:
            notes.append("Archer: its bow shows on the dark side only.")
        elif "missile" in this:
            notes.append("Missile attack (crossbow).")
        if horses:
            notes.append("Rides a horse: the horse gallops in melee and is attacked separately.")
        result.append({
            "name": o.name,
            "group": group,
            "rank": rank,
            "vulnerability": letter(this["vulnerability"]),
            "armored": "armored" in this,
            "archer": "archer" in this,
            "missile": "missile" in this,
            "light": light,
            "dark": dark,
            "notoriety": as_int(this.get("notoriety"), 0),
            "wage": as_int(this.get("base_price"), 0),
            "fame": as_int(this.get("fame"), 0),
            "hire_type": this.get("hire_type", ""),
            "dwelling": this.get("setup_start", ""),
            "horse": horse_entry(horses[0], native=True) if horses else None,
            "can_change_tactics": "no_change_tactics" not in this,
            "aliases": aliases,
            "notes": " ".join(notes),
        })
    return result


def convert_horses(objects: dict[str, GameObject]) -> list[dict]:
    return [
        horse_entry(o, native=False)
        for o in original(objects)
        if "horse" in o.this and "item" in o.this and "native" not in o.this
    ]


# --- items ---------------------------------------------------------------------------------------


def weapon_side(block: dict[str, str]) -> dict:
    return {
        "harm": letter(block.get("strength")),
        "sharpness": as_int(block.get("sharpness"), 0),
        "attack_time": as_int(block.get("attack_speed")),
    }


def convert_weapons(objects: dict[str, GameObject]) -> list[dict]:
    result = []
    for o in original(objects):
        this = o.this
        if "weapon" not in this or "item" not in this:
            continue
        result.append({
            "name": o.name,
            "weight": letter(this["weight"]),
            "length": as_int(this["length"]),
            "missile": "missile" in this,
            "two_handed": "two_handed" in this,
            "throwable": "throwable" in this,
            "price": as_int(this.get("base_price"), 0),
            "fame": as_int(this.get("fame"), 0),
            "notoriety": as_int(this.get("notoriety"), 0),
            "treasure": "magic" in this,
            "unalerted": weapon_side(o.block("unalerted")),
            "alerted": weapon_side(o.block("alerted")),
            "aliases": [],
        })
    return result


def convert_armor(objects: dict[str, GameObject]) -> list[dict]:
    result = []
    for o in original(objects):
        this = o.this
        if "armor" not in this:
            continue
        special = this["armor"] == "special"  # treasures worn as armor (Golden Crown, Ointment of Steel)
        if special and "armor_box" in this:
            protects = [int(this["armor_box"])]
        elif special:
            protects = [1, 2, 3]
        else:
            protects = [box for attribute, box in ARMOR_BOX_ATTRIBUTES if attribute in this]
        prices = {
            state: as_int(o.block(state)["base_price"])
            for state in ("intact", "damaged", "destroyed")
            if "base_price" in o.block(state)
        }
        if special:
            prices = {"intact": as_int(this.get("base_price"), 0), **prices}
        treasure = special or "fame" in this or "treasure" in this
        aliases = []
        if "suitofarmor" in this:
            aliases = ["Tremendous Armor", "T Armor"] if this["vulnerability"] == "T" else ["Suit of Armor"]
        result.append({
            "name": o.name,
            "toughness": letter(this["vulnerability"]),
            "weight": letter(this.get("weight")) or "N",  # Ointment of Steel weighs nothing
            "protects": protects,
            "shield": "shield" in this,
            "prices": prices,
            "treasure": treasure,
            "fame": as_int(this.get("fame"), 0),
            "notoriety": as_int(this.get("notoriety"), 0),
            "text": this.get("text", ""),
            "aliases": aliases,
        })
    # Ordinary armor first, so a lookup by "Armor" finds the suit the characters start with.
    return sorted(result, key=lambda entry: entry["treasure"])


def convert_spells(objects: dict[str, GameObject]) -> list[dict]:
    result = []
    for o in original(objects):
        this = o.this
        if "spell" not in this:
            continue
        attack = this.get("duration") == "attack"
        result.append({
            "name": o.name,
            "magic_type": this.get("spell") or "",
            "harm": letter(this.get("strength")),
            "sharpness": as_int(this.get("sharpness"), 0),
            "length": as_int(this.get("length"), 0),
            "missile": this.get("missile") == "magic",
            "attack_time": as_int(this.get("attack_speed")),
            "attack": attack,
            "color": this.get("magic_color", ""),
            "duration": this.get("duration", ""),
            "target": this.get("target", ""),
            "text": this.get("text", ""),
            "aliases": [],
        })
    return result


# --- characters ----------------------------------------------------------------------------------


def chit_entry(o: GameObject, character_key: str) -> dict:
    this = o.this
    action = this["action"].upper()
    strength = letter(this.get("strength"))
    time = as_int(this.get("speed"))
    effort = as_int(this.get("effort"), 0)
    magic_type = this.get("magic") or None
    stars = "*" * effort
    label = f"{action} {magic_type}{time}{stars}" if magic_type else f"{action} {strength or ''}{time}{stars}"
    optional = this.get("optional", "")
    suffix = "-optional" if optional == "add" else ""
    return {
        "key": f"chit/{character_key}-{this['stage']}{suffix}",
        "action": action,
        "strength": strength,
        "time": time,
        "effort": effort,
        "magic_type": magic_type,
        "label": label,
        "level": as_int(this.get("level"), 0),
        "box_constraint": as_int(this.get("box_constraint")),
        "optional": optional,
    }


def convert_characters(objects: dict[str, GameObject]) -> list[dict]:
    result = []
    for o in original(objects):
        this = o.this
        if "character" not in this:
            continue
        character_key = slug(o.name)
        full = o.block("level_4")
        chits = [
            chit_entry(objects[i], character_key) for i in o.contains if "character_chit" in objects[i].this
        ]
        advantages = []
        for level in ("level_1", "level_2", "level_3", "level_4"):
            advantages.extend(o.lists.get(level, {}).get("advantages", []))
        result.append({
            "name": o.name,
            "vulnerability": letter(this["vulnerability"]),
            "knight": "knight" in this,
            "fighter": "fighter" in this,
            "magic_user": "magicuser" in this,
            "relationships": {
                group_name(group): int(value) for group, value in sorted(o.block("relationship").items())
            },
            "weapons": [w for w in full.get("weapon", "").split(",") if w],
            "armor": [a for a in full.get("armor", "").split(",") if a],
            "chits": [chit for chit in chits if chit["optional"] != "add"],
            "optional_chits": [chit for chit in chits if chit["optional"] == "add"],
            "start": [place for place in this.get("start", "").split(",") if place],
            "level_names": [o.block(f"level_{n}").get("name", "") for n in range(1, 5)],
            "spell_count": as_int(full.get("spellcount"), 0),
            "spell_types": o.lists.get("level_4", {}).get("spelltypes", []),
            "advantages": advantages,
            "aliases": list(EXTRA_ALIASES.get(("character", o.name), ())),
        })
    return result


# --- seasons -------------------------------------------------------------------------------------

WEATHER_BLOCKS = ("clear", "showers", "storm", "special")


def convert_seasons(objects: dict[str, GameObject]) -> list[dict]:
    result = []
    for o in objects.values():
        this = o.this
        if "season" not in this or "vps" not in this:
            continue
        weather = {}
        for block_name in WEATHER_BLOCKS:
            block = o.block(block_name)
            weather[block_name] = {
                "name": block["name"],
                "days": as_int(block["days"]),
                "basic": as_int(block.get("basic"), 0),
                "sunlight": as_int(block.get("sunlight"), 0),
                "sheltered": as_int(block.get("sheltered"), 0),
                "frozen_water": "frozen_water" in block,
                "note": block.get("description") or None,
                "note_id": block.get("special") or None,
            }
        result.append({
            "number": as_int(this["season"]),
            "name": o.name,
            "victory_points": as_int(this["vps"]),
            "seventh_day_magic": [
                color.strip().title() for color in this.get("magic", "").split(",") if color
            ],
            "mountain_cost": as_int(this.get("mountain_cost"), 2),
            "description": this.get("description", ""),
            "weather": weather,
            "aliases": [],
        })
    result.sort(key=lambda season: season["number"])
    return result


# --- keys and files ------------------------------------------------------------------------------


def assign_keys(kind: str, entries: list[dict]) -> None:
    """Give each counter a stable key; duplicated names are numbered in the reference data's order."""
    totals = Counter(entry["name"] for entry in entries)
    seen: Counter[str] = Counter()
    for entry in entries:
        seen[entry["name"]] += 1
        base = f"{kind}/{slug(entry['name'])}"
        entry["key"] = f"{base}-{seen[entry['name']]}" if totals[entry["name"]] > 1 else base
        weapon = entry.get("weapon")
        if weapon:
            weapon["key"] = f"{entry['key']}/{slug(weapon['name'])}"
        horse = entry.get("horse")
        if horse:
            horse["key"] = f"horse/{slug(horse['name'])}"
    keys = [entry["key"] for entry in entries]
    if len(keys) != len(set(keys)):
        raise ConversionError(f"duplicate keys among {kind}")


def convert(xml_path: Path) -> dict[str, dict]:
    """Every kind's file content, as plain data."""
    objects = read_objects(xml_path)
    source_hash = hashlib.sha256(Path(xml_path).read_bytes()).hexdigest()
    kinds = {
        "characters": ("character", convert_characters(objects)),
        "monsters": ("monster", convert_monsters(objects)),
        "natives": ("native", convert_natives(objects)),
        "horses": ("horse", convert_horses(objects)),
        "weapons": ("weapon", convert_weapons(objects)),
        "armor": ("armor", convert_armor(objects)),
        "spells": ("spell", convert_spells(objects)),
        "seasons": ("season", convert_seasons(objects)),
    }
    files = {}
    for file_name, (kind, entries) in kinds.items():
        assign_keys(kind, entries)
        files[file_name] = {
            "format": FORMAT_VERSION,
            "version": f"{FORMAT_VERSION}.{source_hash[:12]}",
            "source": "RealmSpeak MagicRealmData.xml, counters tagged original_game",
            "source_sha256": source_hash,
            "kind": kind,
            "count": len(entries),
            "counters": entries,
        }
    return files


def render(content: dict) -> str:
    return json.dumps(content, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write(files: dict[str, dict], out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for file_name, content in files.items():
        path = out_dir / f"{file_name}.json"
        path.write_text(render(content), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("xml", type=Path, help="path to MagicRealmData.xml")
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})"
    )
    args = parser.parse_args(argv)
    if not args.xml.is_file():
        print(f"error: xml: no such file {args.xml}", file=sys.stderr)
        return 2
    try:
        files = convert(args.xml)
    except (ConversionError, ET.ParseError, KeyError) as error:
        print(f"error: xml: {error}", file=sys.stderr)
        return 2
    for path in write(files, args.out):
        print(f"wrote {path} ({files[path.stem]['count']} counters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
