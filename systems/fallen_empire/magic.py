"""The magic phase (FE 9): spells cast, spoiled by a hit earlier in the round, avoided by a rowan shield."""

from __future__ import annotations

from systems.fallen_empire.attack import roll_damage
from systems.fallen_empire.fight import Fight
from systems.fallen_empire.harm import give_up_shield, harm
from systems.fallen_empire.model import Weapon


def magic_phase(fight: Fight, actors: list[str]) -> None:
    for name in fight.begin_phase("magic", actors, "spell"):
        cast(fight, name)


def cast(fight: Fight, name: str) -> None:
    play = fight.play(name)
    spell, target = play.spell, play.target
    if name in fight.hit_this_round:
        fight.log("spell", f"{name} was hit before casting: {spell} is spoiled, lost from the caster's mind", "FE 9.2",
                  "Spoiled spells (ruling R22)", [name])
        return
    if target is None:
        fight.log("spell", f"{name} casts {spell} (its effect is the GM's)", "FE 9.1", "Casting", [name])
        return
    if gone := fight.gone(target):
        fight.log("lost", f"{name}'s {spell} at {target} is lost: {gone}", "FE 5.6", "A target gone (ruling R13)",
                  [name, target])
        return
    bearer = fight[target]
    if bearer.shield and bearer.shield.kind == "rowan" and bearer.splinter != "never":
        fight.log("spell", f"{name} casts {spell} at {target}", "FE 9.1", "Casting", [name, target])
        give_up_shield(fight, target, f"{name}'s {spell}, which it avoids entirely", rule="FE 11.4",
                       rule_name="Rowan shields (ruling R25)")
        return
    if play.damage is None:
        fight.log("spell", f"{name} casts {spell} at {target} (its effect is the GM's)", "FE 9.1", "Casting",
                  [name, target])
        return
    amount, text = roll_damage(fight, Weapon(spell, play.damage, "spell"), f"Spell: {name} → {target}")
    fight.log("spell", f"{name} casts {spell} at {target}: {text} damage, no attack roll", "FE 9.1", "Casting",
              [name, target], damage=amount)
    harm(fight, target, amount, by=name)
