"""Alerted weapons after a melee round: a character's weapon that hit is unalerted, one that missed is
alerted (ruling `cancelled_attack_alerts`: one whose attack was cancelled is alerted as if it had missed)."""

from __future__ import annotations

from systems.magic_realm.engine import rulings
from systems.magic_realm.engine.melee_log import rule_event
from systems.magic_realm.engine.model import CharacterState, WeaponState
from systems.magic_realm.engine.round_state import RoundState


def alert_weapons(run: RoundState, character: CharacterState, summary: dict) -> list[WeaponState]:
    """The weapons a character ends the round with; those alerted and unalerted in his summary."""
    work = run.work
    rules = run.rules
    weapons = []
    alerted, unalerted = [], []
    for weapon in character.weapons:
        hit = work.weapon_hit.get((character.id, weapon.name))
        if hit is True and weapon.alerted:
            unalerted.append(weapon.name)
        elif hit is False and not weapon.alerted:
            alerted.append(weapon.name)
        weapons.append(weapon if hit is None or weapon.alerted == (not hit) else WeaponState(weapon.name, not hit))
    for names, word in ((unalerted, "hit: unalerted"), (alerted, "missed: alerted")):
        for name in names:
            if (character.id, name) in work.cancelled_weapons:
                run.events.append(rulings.ruling_event(
                    "cancelled_attack_alerts", "weapon",
                    f"{character.id}'s {name}: its attack was cancelled, it is alerted as if it had missed "
                    f"({rulings.setting_text(rules, 'cancelled_attack_alerts')})", [character.id],
                ))
                continue
            run.events.append(rule_event("alert", "weapon", f"{character.id}'s {name} {word}", [character.id]))
    summary["weapons_alerted"] = tuple(alerted)
    summary["weapons_unalerted"] = tuple(unalerted)
    return weapons
