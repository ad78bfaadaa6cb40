"""The melee round's log: every rule it cites (`RULES`, key → rule number and name) and the `Event` that
cites one (`rule_event`). The rules themselves are in the modules named for them (see melee.py)."""

from __future__ import annotations

from systems.magic_realm.engine.log import Event, section


RULES = {
    "gallop": (section("Horses"), "Denizen horses gallop in melee"),
    "order_first": (section("Order of attacks"), "Order of attacks, first round: longer weapons first, then faster attacks"),
    "order_later": (section("Order of attacks"), "Order of attacks, later rounds: faster attacks first, then longer weapons"),
    "simultaneous": (section("Order of attacks"), "Simultaneous attacks: equal length and time"),
    "cancelled": (section("Resolving attacks"), "Attack cancelled"),
    "too_heavy": (section("Resolving attacks"), "A weapon heavier than its FIGHT chit: the attack is cancelled"),
    "horse_hit": ("5.3", "Attacking riders and horses"),
    "denizen_horse": ("5.3", "Denizens attack the horse first, except red-side-up Tremendous monsters"),
    "hamblen": ("5.4/1", "Hamblen's ruling: every table modifier is fixed when hits are determined"),
    "alert": (section("Alerted weapons"), "Weapons that hit are unalerted, weapons that miss are alerted"),
    "fatigue": (section("Effort"), "Effort: one asterisk is free, each one beyond it is fatigued"),
    "effort_limit": (section("Effort"), "Effort limit: at most two asterisks a round"),
    "magic_fatigue": (section("Fatigue"), "A MAGIC chit that casts a spell is fatigued"),
    "wounds": (section("Wounds"), "Wounds"),
    "wound_death": (section("Wounds"), "Wounds on every unwounded chit: the character is killed"),
    "kill_credit": ("43.4", "Kills: fame and notoriety times the kill multiplier"),
    "red_side": (section("Tremendous monsters"), "Tremendous monsters turn red side up after hitting without killing"),
    "red_back": (section("Tremendous monsters"), "A red-side-up Tremendous monster whose target is dead turns light side up"),
    "pinned": (section("Tremendous monsters"), "A red-side-up Tremendous monster pins its target: no running"),
    "advantage": (section("Character advantages"), "Character advantages: ARCHER and AIM on the Missile table"),
    "berserk": (section("Character advantages"), "BERSERK: the Berserker's vulnerability becomes Tremendous"),
    "combat_ends": (section("End of combat"), "Combat ends after two consecutive rounds without harm, fatigue or spellcasting, or when no character is left"),
    "riding": ("5.2", "Riding horses: the horse is the only piece he can play to move"),
    "weight": (section("Maneuvers"), "A MOVE chit must be as strong as the heaviest item carried"),
    "fly_maneuver": ("ruling", "FLY chits as maneuvers: a FLY chit maneuvers like a MOVE chit, if it can "
                               "carry the heaviest item carried"),
    # Community fixes a GM may turn on (optional-combat-rules.md, "Community fixes"); each is a RuleSet setting.
    "fiery_blast_single_target": ("community", "Fiery Blast may target only one individual"),
    "fiery_blast_no_riders": ("community", "Fiery Blast may not target riders (must target horses)"),
    "fiery_blast_no_dwelling_natives": ("community", "Fiery Blast may not target unhired natives in a Dwelling clearing"),
    "fiery_blast_no_bounty_multiplier": ("community", "No bounty multiplication for Fiery Blast kills"),
}


def rule_event(key: str, kind: str, text: str, actors, **data) -> Event:
    number, name = RULES[key]
    return Event(kind, text, number, name, tuple(dict.fromkeys(a for a in actors if a)), data)


def community(key: str) -> str:
    """How an error names a community rule: its name, "community rule" and the setting that turns it on."""
    return f"{RULES[key][1]} (community rule, setting {key})"
