"""What the catalogue page draws: each counter as its faces (both sides, as on the physical counter),
with the facts and notes beside it. Plain data for the templates; no queries here."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from systems.magic_realm.engine.catalogue import (
    Armor,
    Character,
    DenizenSide,
    Horse,
    Monster,
    MonsterWeapon,
    Native,
    Spell,
    Weapon,
    WeaponSide,
    is_house_counter,
    kind_of,
)
from systems.magic_realm.engine.catalogue_data import counter_to_dict

KIND_LABELS = {
    "monster": "Monster",
    "native": "Native",
    "horse": "Horse",
    "weapon": "Weapon",
    "armor": "Armor",
    "spell": "Spell",
    "character": "Character",
}
KIND_CHOICES = [("", "All kinds")] + [(kind, f"{label}s" if kind != "armor" else label) for kind, label in
                                      KIND_LABELS.items()]
HARM_NAMES = {
    "N": "Negligible", "L": "Light", "M": "Medium", "H": "Heavy", "T": "Tremendous", "RED": "Red (kills)",
}
BOX_NAMES = {1: "Thrust", 2: "Swing", 3: "Smash"}
PRICE_STATES = ("intact", "damaged", "destroyed")
MARK_NAMES = {"ARM": "armored", "FLY": "flying", "PIN": "pins its target", "MSL": "missile"}


@dataclass(frozen=True)
class Face:
    """One side of a counter, as drawn: the numbers where the physical counter prints them."""

    side: str  # "Light side", "Dark side", "Unalerted", "Galloping", ...
    name_lines: tuple[str, ...]
    tone: str  # "light", "dark", "red": the fill; red is the red side of a Tremendous monster
    corner: str  # top-left: vulnerability, weight or magic type
    attack: str  # "H4", "RED2", "V2", "L" ... or ""
    stars: int
    right: str  # bottom-right number: move time, length or price
    right_caption: str
    attack_caption: str = ""
    marks: tuple[str, ...] = ()  # "ARM", "FLY", "PIN", "MSL"
    extra: str = ""  # a small line above the numbers: "length 7", "magic V"
    magic: bool = False
    description: str = ""  # the same, in words, for screen readers

    @property
    def stars_text(self) -> str:
        return "*" * self.stars

    @property
    def placed_marks(self) -> list[tuple[str, str, int, int]]:
        """(mark, its name, box x, text x): right-aligned along the top edge."""
        count = len(self.marks)
        return [
            (mark, MARK_NAMES[mark], 103 - 31 * (count - 1 - index), 117.5 - 31 * (count - 1 - index))
            for index, mark in enumerate(self.marks)
        ]


@dataclass
class Card:
    counter: object
    kind: str
    faces: list[Face]
    part_faces: list[Face] = field(default_factory=list)  # a monster's head or club, a native's horse
    part_title: str = ""
    facts: list[tuple[str, str]] = field(default_factory=list)
    notes: str = ""
    copies: int = 1
    house: bool = False
    house_campaigns: str = ""

    @property
    def key(self) -> str:
        return self.counter.key

    @property
    def name(self) -> str:
        return self.counter.name

    @property
    def kind_label(self) -> str:
        return KIND_LABELS[self.kind]

    @property
    def dom_id(self) -> str:
        return "counter-" + self.key.replace("/", "-")


def wrap_name(name: str, width: int = 12) -> tuple[str, ...]:
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return tuple(lines[:3])


def _words(parts: list[str]) -> str:
    return ", ".join(part for part in parts if part)


def denizen_face(name: str, side_name: str, side: DenizenSide, *, vulnerability: str, armored: bool,
                 flying: bool, dark: bool) -> Face:
    if side.magic_type:
        attack, caption = f"{side.magic_type}{side.attack_time}", "magic"
    elif side.harm:
        attack, caption = f"{side.harm}{side.attack_time if side.attack_time is not None else ''}", "attack"
    else:
        attack, caption = "", "no attack"
    marks = tuple(mark for mark, present in (("ARM", armored), ("FLY", flying), ("PIN", side.pins),
                                             ("MSL", side.missile)) if present)
    extra = f"length {side.length}" if side.length else ""
    tone = "red" if side.harm == "RED" else ("dark" if dark else "light")
    spoken = [
        f"{name}, {side_name.lower()}",
        f"attacks with magic type {side.magic_type} at time {side.attack_time}" if side.magic_type else "",
        f"harm {HARM_NAMES.get(side.harm, side.harm)} at attack time {side.attack_time}" if side.harm else "",
        "no attack" if not side.harm and not side.magic_type else "",
        f"{side.sharpness} sharpness stars" if side.sharpness else "",
        f"length {side.length}" if side.length else "",
        f"move time {side.move_time}" if side.move_time is not None else "",
        *(MARK_NAMES[mark] for mark in marks),
    ]
    return Face(
        side=side_name,
        name_lines=wrap_name(name),
        tone=tone,
        corner=vulnerability,
        attack=attack,
        attack_caption=caption,
        stars=side.sharpness,
        right=str(side.move_time) if side.move_time is not None else "",
        right_caption="move" if side.move_time is not None else "",
        marks=marks,
        extra=extra,
        magic=bool(side.magic_type),
        description=_words(spoken),
    )


def weapon_part_faces(part: MonsterWeapon) -> list[Face]:
    faces = []
    for label, side, dark in (("Light side", part.light, False), ("Dark side", part.dark, True)):
        face = denizen_face(part.name, label, side, vulnerability="", armored=False, flying=False, dark=dark)
        if part.dragon_missile and part.missile_length:
            face = replace(
                face,
                extra=f"{face.extra} · fire {part.missile_length}",
                description=f"{face.description}, or breathes fire as a missile "
                f"with length {part.missile_length}",
            )
        faces.append(face)
    return faces


def horse_faces(horse: Horse) -> list[Face]:
    faces = []
    for label, side, dark in (("Walking", horse.walking, False), ("Galloping", horse.galloping, True)):
        faces.append(Face(
            side=label,
            name_lines=wrap_name(horse.name),
            tone="dark" if dark else "light",
            corner=horse.vulnerability,
            attack=f"{side.strength}{side.move_time}",
            attack_caption="strength, move",
            stars=0,
            right="",
            right_caption="",
            marks=("ARM",) if horse.armored else (),
            description=_words([
                f"{horse.name}, {label.lower()}", f"strength {HARM_NAMES.get(side.strength)}",
                f"move time {side.move_time}", "armored" if horse.armored else "",
            ]),
        ))
    return faces


def weapon_faces(weapon: Weapon) -> list[Face]:
    faces = []
    for label, side, dark in (("Unalerted", weapon.unalerted, False), ("Alerted", weapon.alerted, True)):
        faces.append(weapon_side_face(weapon, label, side, dark))
    return faces


def weapon_side_face(weapon: Weapon, label: str, side: WeaponSide, dark: bool) -> Face:
    time = "" if side.attack_time is None else str(side.attack_time)
    return Face(
        side=label,
        name_lines=wrap_name(weapon.name),
        tone="dark" if dark else "light",
        corner=weapon.weight,
        attack=f"{side.harm or ''}{time}",
        attack_caption="harm, time" if time else ("harm" if side.harm else "no harm"),
        stars=side.sharpness,
        right=str(weapon.length),
        right_caption="length",
        marks=("MSL",) if weapon.missile else (),
        description=_words([
            f"{weapon.name}, {label.lower()}",
            f"harm {HARM_NAMES.get(side.harm)}" if side.harm else "no harm letter",
            f"{side.sharpness} sharpness stars" if side.sharpness else "",
            f"attack time {time}" if time else "uses the FIGHT chit's time",
            f"length {weapon.length}", "missile" if weapon.missile else "",
        ]),
    )


def armor_faces(armor: Armor) -> list[Face]:
    protects = "shield: one box" if armor.shield else " ".join(
        BOX_NAMES[box] for box in sorted(armor.protects))
    faces = []
    for state, dark in (("intact", False), ("damaged", True)):
        if state not in armor.prices and state != "intact":
            continue
        price = armor.prices.get(state)
        faces.append(Face(
            side=state.title(),
            name_lines=wrap_name(armor.name),
            tone="dark" if dark else "light",
            corner=armor.toughness,
            attack="",
            attack_caption="",
            stars=0,
            right="" if price is None else str(price),
            right_caption="gold" if price is not None else "",
            extra=protects,
            description=_words([
                f"{armor.name}, {state}",
                f"toughness {HARM_NAMES.get(armor.toughness)}",
                f"protects {protects}",
                f"worth {price} gold" if price is not None else "",
            ]),
        ))
    return faces


def spell_faces(spell: Spell) -> list[Face]:
    if not spell.attack:
        return []
    time = "" if spell.attack_time is None else str(spell.attack_time)
    return [Face(
        side="Attack spell",
        name_lines=wrap_name(spell.name),
        tone="light",
        corner=spell.magic_type,
        attack=f"{spell.harm or ''}{time}",
        attack_caption="harm, time" if time else "harm (MAGIC chit's time)",
        stars=spell.sharpness,
        right=str(spell.length),
        right_caption="length",
        marks=("MSL",) if spell.missile else (),
        magic=True,
        description=_words([
            f"{spell.name}, magic type {spell.magic_type}", f"harm {HARM_NAMES.get(spell.harm)}",
            f"{spell.sharpness} sharpness stars" if spell.sharpness else "",
            f"attack time {time}" if time else "attack time of the MAGIC chit",
            f"length {spell.length}", "missile" if spell.missile else "",
        ]),
    )]


def relationships_text(character: Character) -> str:
    names = {2: "ally", 1: "friendly", -1: "unfriendly", -2: "enemy"}
    return "; ".join(f"{group} {names.get(level, level)}" for group, level in
                     sorted(character.relationships.items(), key=lambda item: (-item[1], item[0])))


def card_for(counter, *, copies: int = 1, house_campaigns: str = "") -> Card:
    kind = kind_of(counter)
    card = Card(counter=counter, kind=kind, faces=[], copies=copies, house=is_house_counter(counter),
                house_campaigns=house_campaigns, notes=getattr(counter, "notes", ""))
    if isinstance(counter, Monster):
        card.faces = [
            denizen_face(counter.name, label, side, vulnerability=counter.vulnerability,
                         armored=counter.armored, flying=counter.flying, dark=dark)
            for label, side, dark in (("Light side", counter.light, False), ("Dark side", counter.dark, True))
        ]
        if counter.weapon:
            card.part_faces, card.part_title = weapon_part_faces(counter.weapon), counter.weapon.name
        card.facts = [("Vulnerability", counter.vulnerability), ("Fame / notoriety",
                      f"{counter.fame} / {counter.notoriety}"),
                      ("Changes tactics", "yes" if counter.can_change_tactics else "never")]
    elif isinstance(counter, Native):
        card.faces = [
            denizen_face(counter.name, label, side, vulnerability=counter.vulnerability,
                         armored=counter.armored, flying=False, dark=dark)
            for label, side, dark in (("Light side", counter.light, False), ("Dark side", counter.dark, True))
        ]
        if counter.horse:
            card.part_faces, card.part_title = horse_faces(counter.horse), counter.horse.name
        card.facts = [("Group", f"{counter.group} {counter.rank}"), ("Vulnerability", counter.vulnerability),
                      ("Wage", f"{counter.wage} gold"), ("Notoriety", str(counter.notoriety))]
    elif isinstance(counter, Horse):
        card.faces = horse_faces(counter)
        card.facts = [("Vulnerability", counter.vulnerability), ("Price", f"{counter.price} gold")]
        if counter.sold_at:
            card.facts.append(("Sold at", counter.sold_at))
    elif isinstance(counter, Weapon):
        card.faces = weapon_faces(counter)
        card.facts = [
            ("Weight", counter.weight), ("Length", str(counter.length)), ("Price", f"{counter.price} gold"),
        ]
        flags = [name for name, present in (("missile", counter.missile), ("two-handed", counter.two_handed),
                                            ("throwable", counter.throwable), ("treasure", counter.treasure))
                 if present]
        if flags:
            card.facts.append(("Also", ", ".join(flags)))
    elif isinstance(counter, Armor):
        card.faces = armor_faces(counter)
        prices = " / ".join(
            f"{state} {counter.prices[state]}" for state in PRICE_STATES if state in counter.prices
        )
        card.facts = [("Toughness", counter.toughness), ("Weight", counter.weight), ("Prices", prices or "—")]
        if counter.text:
            card.facts.append(("Text", counter.text))
    elif isinstance(counter, Spell):
        card.faces = spell_faces(counter)
        card.facts = [
            ("Type", counter.magic_type or "—"), ("Duration", counter.duration), ("Text", counter.text),
        ]
    elif isinstance(counter, Character):
        card.facts = [
            ("Vulnerability", counter.vulnerability),
            ("Knight", "yes" if counter.knight else "no"),
            ("Weapons", ", ".join(counter.weapons) or "none"),
            ("Armor", ", ".join(counter.armor) or "none"),
            ("Relationships", relationships_text(counter) or "none"),
        ]
    return card


def stats_signature(counter) -> str:
    data = counter_to_dict(counter)
    for where in ("key", "setup_start"):  # where a copy starts the game is not on the counter
        data.pop(where, None)
    for part in ("weapon", "horse"):
        if isinstance(data.get(part), dict):
            data[part].pop("key", None)
    return repr(sorted(data.items()))


def cards_for(counters: list, house_campaigns: dict[str, str] | None = None) -> list[Card]:
    """One card per distinct counter: identical duplicates (six Giant Bats) become one card "x6"."""
    house_campaigns = house_campaigns or {}
    cards: list[Card] = []
    by_signature: dict[str, Card] = {}
    for counter in counters:
        signature = stats_signature(counter)
        if signature in by_signature and not is_house_counter(counter):
            by_signature[signature].copies += 1
            continue
        card = card_for(counter, house_campaigns=house_campaigns.get(counter.key, ""))
        by_signature[signature] = card
        cards.append(card)
    return cards
