"""Herald's rulings on the contested points of issue #15 (docs/rulings.md). Each is a RuleSet setting
(`systems/magic_realm/engine/ruleset.py`, RULING_FIELDS), so a GM who rules the other way can say so; the melee calls
these helpers, and each log line they write names the ruling and its setting.

- `red_after_killing_horse` (on): a Tremendous monster that kills a rider's horse without killing the
  rider turns red side up, as it does when it hits the horse without killing it.
- `weapon_turns_while_red` (off): a monster's head or club keeps its side while its monster is red side up.
- `cancelled_attack_alerts` (off): a cancelled attack (weapon too heavy, target already dead) neither hit
  nor missed, so its weapon keeps its side.
- `fatigued_chits_take_wounds` (on): fatigued chits can take wounds, so they count when deciding death by
  wounds.
- `gold_only_to_leaders` (off): the gold bounty of a kill by a hired native goes to his owner, leader or not.
"""

from __future__ import annotations

from systems.magic_realm.engine.catalogue import Native
from systems.magic_realm.engine.log import Event
from systems.magic_realm.engine.model import CharacterState
from systems.magic_realm.engine.ruleset import RuleSet

RULING = "ruling"  # the rule number of every ruling event: docs/rulings.md
RULING_NAMES: dict[str, str] = {
    "red_after_killing_horse": "A Tremendous monster that kills a rider's horse turns red side up",
    "weapon_turns_while_red": "A head or club changes tactics while its monster is red side up",
    "cancelled_attack_alerts": "A cancelled attack alerts its weapon",
    "fatigued_chits_take_wounds": "Fatigued chits can take wounds (death by wounds)",
    "gold_only_to_leaders": "Gold from kills goes only to characters and hired leaders",
}
LEADER_RANK = "HQ"


def setting_text(rules: RuleSet, name: str) -> str:
    return f"ruling {name}: {'on' if getattr(rules, name) else 'off'}"


def ruling_event(name: str, kind: str, text: str, actors, **data) -> Event:
    """A log event that names the ruling (docs/rulings.md) and its setting."""
    return Event(
        kind, text, RULING, f"{RULING_NAMES[name]} (setting {name})",
        tuple(dict.fromkeys(a for a in actors if a)), data,
    )


def woundable_chits(character: CharacterState, rules: RuleSet) -> tuple[int, str]:
    """How many chits can still take a wound, and how the log names them: every chit not yet wounded,
    or with `fatigued_chits_take_wounds` off only the fresh ones."""
    if rules.fatigued_chits_take_wounds:
        return sum(1 for chit in character.chits if chit.state != "wounded"), "unwounded"
    fresh = sum(1 for chit in character.chits if chit.state == "fresh")
    return fresh, "fresh (fatigued chits take no wounds)"


def is_leader(counter) -> bool:
    return isinstance(counter, Native) and counter.rank == LEADER_RANK


def hireling_earns_gold(rules: RuleSet, hireling) -> bool:
    """Whether a kill by `hireling` (a catalogue native or monster) pays its gold bounty to his owner."""
    return not rules.gold_only_to_leaders or is_leader(hireling)


def weapon_while_red_event(rules: RuleSet, monster: str, weapon: str) -> Event:
    """With `weapon_turns_while_red` on, the log says why a red-side-up monster's head or club still rolls
    to change tactics."""
    return ruling_event(
        "weapon_turns_while_red", "tactics",
        f"{monster} is red side up, but {weapon} may still change tactics "
        f"({setting_text(rules, 'weapon_turns_while_red')})",
        [monster],
    )
