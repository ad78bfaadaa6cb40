"""Builders for the Fallen Empire melee tests (docs/systems/fallen-empire.md).

Rounds are round 2 unless a test says otherwise, so no surprise is thrown; with two sides the dice start
with the initiative d6 of each side in the order of `sides` (the Party first), then follow the round."""

from __future__ import annotations

from dataclasses import replace

from systems.dice import ScriptedDice
from systems.fallen_empire.model import Combatant, Options, Play, RoundInput, Shield, Side, Weapon
from systems.fallen_empire.round import RoundResult, resolve_round

SWORD = Weapon("sword", "1d6", "hand")
SPEAR = Weapon("spear", "1d6", "spear")
LANCE = Weapon("lance", "1d6", "lance")
BOW = Weapon("shortbow", "1d6", "shortbow")
CLAWS = Weapon("claws", "1d4", "natural")
SHIELD = Shield()

PARTY_FIRST = [6, 1]  # initiative: Party 6, Orcs 1
ORCS_FIRST = [1, 6]
TOGETHER = [3, 3]


def man(name: str, side: str = "Party", **changes) -> Combatant:
    """A first-level fighting-man in no armour (AC 9: needs 10 to hit), 8 hit points, a sword (1d6)."""
    return replace(Combatant(name, side, hp=8, max_hp=8, armour_ac=9, role="pc", char_class="fighting-man", melee=SWORD),
                   **changes)


def orc(name: str, side: str = "Orcs", **changes) -> Combatant:
    """A monster in no armour with 6 hit points and a sword."""
    return replace(Combatant(name, side, hp=6, max_hp=6, armour_ac=9, role="monster", melee=SWORD), **changes)


def with_links(combatants, links) -> tuple[Combatant, ...]:
    return tuple(replace(c, engaged_with=tuple(sorted(links.get(c.name, ())))) for c in combatants)


def sides_of(combatants, **morale) -> tuple[Side, ...]:
    names = list(dict.fromkeys(c.side for c in combatants))
    return tuple(Side(name, party=name == "Party", morale=morale.get(name, 7)) for name in names)


def resolve(combatants, plays: dict[str, Play], dice: list[int], *, round: int = 2, sides=None,
            options: Options = Options(), links=None) -> RoundResult:
    combatants = tuple(combatants)
    if links:
        combatants = with_links(combatants, links)
    round_input = RoundInput(round, sides or sides_of(combatants), combatants, plays, options)
    return resolve_round(round_input, ScriptedDice(list(dice)))


def lines(result: RoundResult) -> list[str]:
    return [str(event) for event in result.events]


def text(result: RoundResult) -> str:
    return "\n".join(lines(result))


def person(result: RoundResult, name: str) -> Combatant:
    return next(c for c in result.combatants if c.name == name)


def melee(target: str, **extra) -> Play:
    return Play("melee", target=target, **extra)
