"""A side's plays as a draft (issue #14.2): the GM saves whatever the side holds, half-entered plays
included (an attack chit without its box, a box without its chit), and sees what is missing beside the
fields. A draft is checked in two parts: what is missing, in the game's words (`missing`), and the rules,
by the engine, on the draft made whole (`checkable`), so that an unfinished play never hides another
error (the effort limit over the chits already chosen, issue #14.2c).

Pure functions on the stored plays (`SidePlays.plays`, docs/battles.md), no Django."""

from __future__ import annotations

from typing import Any

# The box the engine is shown for a chit whose box is not chosen yet: only to check the rest of the
# plays; a draft with a missing box is never locked (`missing` reports it), so it is never resolved.
PLACEHOLDER_BOX = 1

# (plays key, chit form field, box form field, what the box is called, what is played in it)
PAIRS = (
    ("attack", "attack_chit", "attack_box", "an attack box (Thrust, Swing or Smash)", "the attack chit"),
    ("maneuver", "maneuver", "maneuver_box", "a maneuver box (Charge, Dodge or Duck)", "the maneuver"),
    ("rider_maneuver", "rider_chit", "rider_box", "a box (Charge, Dodge or Duck) for the rider's own maneuver",
     "the rider's own maneuver"),
)


def _played(item: dict[str, Any] | None) -> bool:
    """A chit (or the horse, for a maneuver) is chosen."""
    return bool(item and (item.get("chit") or item.get("horse")))


def missing(plays: dict[str, Any]) -> dict[str, str]:
    """What a draft still needs before it can be locked, by form field, in the game's words."""
    errors: dict[str, str] = {}
    for key, chit_field, box_field, box_name, chit_name in PAIRS:
        item = plays.get(key) or {}
        if _played(item) and not item.get("box"):
            errors[box_field] = f"Choose {box_name} for {chit_name}."
        elif item.get("box") and not _played(item):
            errors[chit_field] = f"Choose what is played in this box, or clear the box ({chit_name})."
    if _played(plays.get("attack")) and not plays.get("target"):
        errors["target"] = "An attack needs a target: choose whom the attack is aimed at."
    encounter = plays.get("encounter") or {}
    for key, field, what in (("alert", "alert_chit", "a FIGHT chit to alert the weapon with"),
                             ("cast", "cast_chit", "a MAGIC chit to cast the spell with")):
        if (encounter.get(key) or {}) and not encounter[key].get("chit"):
            errors[f"encounter.{field}"] = f"Choose {what}."
    return errors


def checkable(plays: dict[str, Any]) -> dict[str, Any]:
    """The draft as the engine can check it: a box given to a chit still without one, a box without its
    chit left out, an encounter action without its chit left out. Never resolved: see `missing`."""
    made = dict(plays or {})
    for key, *_ in PAIRS:
        item = made.get(key)
        if not item:
            continue
        if not _played(item):
            made.pop(key)
        elif not item.get("box"):
            made[key] = {**item, "box": PLACEHOLDER_BOX}
    encounter = made.get("encounter")
    if encounter:
        encounter = {key: value for key, value in encounter.items()
                     if key not in ("alert", "cast") or (value or {}).get("chit")}
        if encounter:
            made["encounter"] = encounter
        else:
            made.pop("encounter")
    return made


# What a side may play that makes the character do something this round (positions only place the
# attackers on his sheet).
ACTS = ("target", "attack", "maneuver", "rider_maneuver", "shield_box", "hirelings", "encounter")


def plays_nothing(plays: dict[str, Any] | None) -> bool:
    """True when the side plays nothing at all this round: no target, attack, maneuver, shield, orders to
    its hirelings or encounter choice (issue #14.2b: locking it asks the GM first)."""
    return not any((plays or {}).get(key) for key in ACTS)
