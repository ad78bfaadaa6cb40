"""Every row of the field guide's tables (shared/rules/realmspeak-notes.md 3.3 and 2.4), read from the
text and compared with the converted catalogue: monsters, natives, weapons, trade horses, seasons."""

import re
from pathlib import Path

import pytest

from systems.magic_realm.engine.catalogue_data import get_catalogue

NOTES = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / "realmspeak-notes.md"

pytestmark = pytest.mark.skipif(not NOTES.is_file(), reason=f"rules texts not at {NOTES}")


def table_rows(heading: str) -> list[list[str]]:
    """The body rows of the first Markdown table after a line starting with `heading`."""
    lines = NOTES.read_text(encoding="utf-8").splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith(heading))
    rows, in_table = [], False
    for line in lines[start + 1:]:
        if line.startswith("|"):
            in_table = True
            cells = [cell.strip().replace("\\*", "*") for cell in line.strip("|").split("|")]
            if not set("".join(cells)) <= set("-: "):
                rows.append(cells)
        elif in_table:
            break
    return rows[1:]  # without the header


SIDE = re.compile(
    r"^(?:(?P<none>\(none\))|magic (?P<magic>[IVX]+), (?P<magic_time>\d+), L(?P<magic_length>\d+)"
    r"|(?P<harm>RED|[NLMHT])(?P<time>\d+)?(?P<stars>\**)(?: L(?P<length>\d+))?)"
    r"(?: mv(?P<move>\d+))?(?P<pins>, pins)?$"
)


def parse_side(text: str) -> dict:
    match = SIDE.match(text)
    assert match, f"cannot read the side {text!r}"
    if match["magic"]:
        return {"magic_type": match["magic"], "attack_time": int(match["magic_time"]),
                "length": int(match["magic_length"]), "move_time": int(match["move"])}
    side = {"move_time": int(match["move"]) if match["move"] else None}
    if match["none"]:
        return side | {"harm": None}
    return side | {
        "harm": match["harm"],
        "attack_time": int(match["time"]) if match["time"] else None,
        "sharpness": len(match["stars"]),
        "length": int(match["length"]) if match["length"] else 0,
        "pins": bool(match["pins"]),
    }


def assert_side(actual, expected: dict, where: str) -> None:
    for field, value in expected.items():
        assert getattr(actual, field) == value, f"{where}.{field}: {getattr(actual, field)!r} != {value!r}"


def test_every_monster_row_matches():
    catalogue = get_catalogue()
    rows = table_rows("**Monsters**")
    assert len(rows) == 23
    for name, vulnerability, armored, light, dark, fame, part in rows:
        # One row per distinct name: the first copy (the wolves come in two kinds; see test_catalogue).
        for monster in [catalogue.monster(name)]:
            assert monster.vulnerability == vulnerability and monster.armored == (armored == "Y"), name
            assert f"{monster.fame}/{monster.notoriety}" == fame, name
            assert_side(monster.light, parse_side(light), f"{name}.light")
            assert_side(monster.dark, parse_side(dark), f"{name}.dark")
            if part:
                part_light, part_dark = part.removesuffix(" (missile option)").split(" / ")
                head_light = part_light.split(" ", 1)[1]  # "Head M3 L7" -> "M3 L7"
                assert_side(monster.weapon.light, parse_side(head_light), f"{name}.weapon.light")
                assert_side(monster.weapon.dark, parse_side(part_dark), f"{name}.weapon.dark")
            else:
                assert monster.weapon is None, name


def native_names(cell: str) -> list[str]:
    """ "Company 2–4" -> Company 2, 3, 4; "Guard 1, 2, HQ"; "Rogue 5 / HQ"; "Company 6 (crossbow)". """
    cell = re.sub(r" \(.*\)$", "", cell)
    group, _, ranks = cell.partition(" ")
    if "–" in ranks:
        first, last = ranks.split("–")
        return [f"{group} {rank}" for rank in range(int(first), int(last) + 1)]
    return [f"{group} {rank.strip()}" for rank in re.split(r",|/", ranks)]


HORSE = re.compile(r"^(?P<kind>pony|horse|warhorse) (?P<vulnerability>[LMHT])(?: \(armored\))?: "
                   r"(?P<walk>[LMHT])(?P<walk_time>\d) / (?P<gallop>[LMHT])(?P<gallop_time>\d)$")


def test_every_native_row_matches():
    catalogue = get_catalogue()
    rows = table_rows("**Natives**")
    checked = 0
    for cell, vulnerability, armored, missile, light, dark, notoriety, price, horse in rows:
        for name in native_names(cell):
            native = catalogue.native(name)
            assert native.name == name
            assert native.vulnerability == vulnerability and native.armored == (armored == "Y"), name
            assert native.archer == ("archer" in missile) and native.missile == ("missile" in missile), name
            assert (native.notoriety, native.wage) == (int(notoriety), int(price)), name
            assert_side(native.light, parse_side(light), f"{name}.light")
            assert_side(native.dark, parse_side(dark), f"{name}.dark")
            if horse:
                match = HORSE.match(horse)
                assert match, horse
                assert (native.horse.kind, native.horse.vulnerability) == (match["kind"], match["vulnerability"])
                walking, galloping = native.horse.walking, native.horse.galloping
                assert (walking.strength, walking.move_time) == (match["walk"], int(match["walk_time"])), name
                assert (galloping.strength, galloping.move_time) == (match["gallop"], int(match["gallop_time"]))
            else:
                assert native.horse is None, name
            checked += 1
    assert checked == 42


WEAPON_SIDE = re.compile(r"^(?:\(none\) (?P<bare_time>\d+)|(?P<harm>[LMHT])(?P<time>\d+)?(?P<stars>\**))$")


def test_every_weapon_row_matches():
    catalogue = get_catalogue()
    checked = 0
    for name_cell, weight, length, missile, two_handed, unalerted, alerted, price in table_rows("**Weapons**"):
        if name_cell.startswith("(Dagger"):
            continue  # the implicit dagger is no counter
        name, copies = re.match(r"^(.*?)(?: \(×(\d)\))?$", name_cell).groups()
        weapons = [w for w in catalogue.weapons if w.name == name]
        assert len(weapons) == int(copies or 1), name
        for weapon in weapons:
            assert (weapon.weight, weapon.length, weapon.price) == (weight, int(length), int(price)), name
            assert weapon.missile == (missile == "Y") and weapon.two_handed == two_handed.startswith("Y"), name
            for side, text in ((weapon.unalerted, unalerted), (weapon.alerted, alerted)):
                match = WEAPON_SIDE.match(text)
                assert match, text
                if match["bare_time"]:
                    assert (side.harm, side.attack_time) == (None, int(match["bare_time"])), name
                else:
                    time = int(match["time"]) if match["time"] else None
                    assert (side.harm, side.attack_time, side.sharpness) == (
                        match["harm"], time, len(match["stars"])), name
            checked += 1
    assert checked == 28


def test_every_trade_horse_matches():
    catalogue = get_catalogue()
    for kind_cell, values in table_rows("**Trade horses**"):
        kind = kind_cell.split(" ")[0].lower()
        expected = sorted(values.split(", "))
        actual = sorted(
            f"{h.walking.strength}{h.walking.move_time}/{h.galloping.strength}{h.galloping.move_time}"
            for h in catalogue.horses if h.kind == kind
        )
        assert actual == expected, kind


WEATHER = re.compile(r"^(?P<name>.+?) (?P<days>\d)d (?P<basic>\d)/(?P<sunlight>\d)/(?P<sheltered>\d)"
                     r"(?P<frozen> ❄)?(?: n(?P<note>\d))?$")


def test_every_season_row_matches():
    catalogue = get_catalogue()
    rows = table_rows("**Seasons table**")
    assert len(rows) == 14
    for number, name, victory_points, magic, mountain, *weather in rows:
        season = catalogue.season(int(number))
        assert (season.name, season.victory_points, season.mountain_cost) == (name, int(victory_points), int(mountain))
        assert season.seventh_day_magic == tuple(color.replace("Grey", "Gray") for color in magic.split(", "))
        for block, text in zip(("clear", "showers", "storm", "special"), weather, strict=True):
            match = WEATHER.match(text)
            assert match, text
            effect = season.weather[block]
            assert (effect.name, effect.days, effect.basic, effect.sunlight, effect.sheltered) == (
                match["name"], int(match["days"]), int(match["basic"]), int(match["sunlight"]),
                int(match["sheltered"])), f"{name} {block}"
            assert effect.frozen_water == bool(match["frozen"]), f"{name} {block}"
            assert effect.note_id == (f"note{match['note']}" if match["note"] else None), f"{name} {block}"
