"""A Magic Realm character's plays form (systems/interface.py), from what `side_options.py` computes for the
app's form: its fresh FIGHT and MOVE (or FLY) chits, its weapons, its targets (horse or rider, rule 5.3), its
shield and the attackers on its sheet.

The effort limit (at most two asterisks a round) spans the melee's two chits and the encounter step's: a maneuver
chit is offered only beside an attack chit it stays within the limit with, an encounter chit exactly beside the
answers it stays within it with. A DUCK chit goes only in box 3. The form offers the attack spells the
character knows (his entry's `spells`, where the battle app writes the campaign's recorded spells) and those the
round input itself names for him (cast in its encounter step, or already in his plays), each with the MAGIC chits
of its type the engine accepts it from (docs/round-format.md, `spells` and `attack.spell`). The encounter step's
fields follow the melee's (`encounter_form.py`). The weapon and the target carry (`Field.carries`): a side that has
saved nothing yet starts from last round's, while it still holds that weapon and the target is still there; the
chits, boxes and the spell (offered only beside a MAGIC chit of its type) are chosen afresh each round."""

from __future__ import annotations

import copy
from typing import Any

from systems.interface import GM, Choice, Condition, Field, PlaysForm
from systems.magic_realm.checks import checked, trial_errors
from systems.magic_realm.effort_conditions import EFFORT_LIMIT, MeleeChits
from systems.magic_realm.encounter_form import encounter_choice_fields, encounter_step_fields, spells_in_input
from systems.magic_realm.engine.play import _encounter_chits
from systems.magic_realm.engine.round_format import state_from_json, state_to_json
from systems.magic_realm.engine.ruleset import rules_from
from systems.magic_realm.gm_entries import gm_entries
from systems.magic_realm.side_options import side_options
from systems.paths import set_path

ATTACK_BOXES = (Choice(1, "Thrust"), Choice(2, "Swing"), Choice(3, "Smash"))
MANEUVER_BOXES = ("Charge", "Dodge", "Duck")


def battle_state(round_input: dict[str, Any]) -> dict[str, Any]:
    """The round file's state and sheets as `side_options` reads them: every chit as {"id", "label", "state"}
    (the file may leave a character's chits to the catalogue, or write a fresh chit as its label)."""
    parsed = state_from_json(round_input["state"])
    state = state_to_json(parsed)
    chits = {c.id: [{"id": chit.id, "label": chit.label, "state": chit.state} for chit in c.chits]
             for c in parsed.characters}
    state["characters"] = [{**c, "chits": chits[c["id"]]} for c in state["characters"]]
    sheets = [{**sheet, "attackers": [{"combatant": a, "box": None} if isinstance(a, str) else a
                                      for a in sheet.get("attackers", [])]} for sheet in round_input.get("sheets", [])]
    return {"state": state, "sheets": sheets}


def _accepted(round_input: dict[str, Any], side: str, play: dict[str, Any], field: str) -> bool:
    """Whether the engine finds nothing wrong with `field` of this play alone (a chit too weak to carry the
    character's heaviest item, say)."""
    trial = {**round_input, "plays": {side: play}}
    prefix = f"plays.{side}.{field}"
    return not [error for error in trial_errors(round_input, trial, "plays") if error.path.startswith(prefix)]


def plays_form(round_input: dict[str, Any], side: str) -> PlaysForm:
    """A character's plays form, or with side `GM` the GM's own entries for the round (`gm_entries.py`)."""
    if side == GM:
        return gm_entries(round_input)
    round_input = checked(round_input)  # its schema checked once for the many trials below
    parsed = state_from_json(round_input["state"])
    me = next(c for c in parsed.characters if c.id == side)
    title = f"{side}, round {parsed.round_number}"
    if me.dead or me.fled:
        return PlaysForm(side, title, notes=(f"{side} is {'dead' if me.dead else 'gone'} and cannot play",))
    rules = rules_from(round_input.get("rules", "standard"))
    battle = battle_state(round_input)
    known_spells = list(dict.fromkeys([*(me.spells or ()), *spells_in_input(round_input, side)]))
    options = side_options(battle, side, known_spells, riders_apart=rules.riding_horses)
    effort = {chit.id: chit.effort for chit in me.chits}
    # chits the side plays in the encounter step count towards the same effort limit (play.effort_errors)
    spent = sum(me.chit(label).effort for _, label in _encounter_chits(round_input.get("encounter") or {}).get(side, ())
                if me.chit(label) is not None)
    path = f"plays.{side}"
    on_sheets = {sheet["owner"] for sheet in battle["sheets"]}
    on_sheets |= {a["combatant"] for sheet in battle["sheets"] for a in sheet["attackers"]}
    # a target stands on a melee sheet, unless the round's encounter step places the denizens first
    targets = tuple(Choice(v, label) for v, label in options.targets if v in on_sheets or "encounter" in round_input)
    weapon = {"weapon": options.weapons[0][0]} if options.weapons else {}
    magic = {chit for chit, _ in options.fight_chits if getattr(me.chit(chit), "magic_type", None)}
    fighting = [chit for chit, _ in options.fight_chits if chit not in magic and targets and _accepted(
        round_input, side, {"target": targets[0].value, "attack": {"chit": chit, "box": 1, **weapon}}, "attack.chit")]
    casting = {spell: tuple(chit for chit, _ in options.fight_chits if chit in magic and targets and _accepted(
        round_input, side, {"target": targets[0].value, "attack": {"chit": chit, "box": 1, "spell": spell}}, "attack"))
        for spell in (value.removeprefix("spell:") for value, _ in options.spells)}
    attack_chits = [chit for chit, _ in options.fight_chits
                    if chit in fighting or any(chit in chits for chits in casting.values())]
    attacking = ("attack_chit", tuple(attack_chits))
    fields = [Field("attack_chit", "choice", "Attack with the chit", f"{path}.attack.chit", "a fresh FIGHT chit",
                    tuple(Choice(chit, chit) for chit in attack_chits), required=False)]
    if attack_chits:
        fields += [
            Field("target", "choice", "Target", f"{path}.target", "", targets, shown_when=attacking, carries=True),
            Field("target_part", "choice", "Aim at", f"{path}.target_part", "rule 5.3",
                  (Choice("horse", "the horse"), Choice("rider", "the rider")),
                  shown_when=("target", tuple(options.riders))),
        ]
        if options.weapons and fighting:
            fields.append(Field("weapon", "choice", "Weapon", f"{path}.attack.weapon", "",
                                tuple(Choice(v, label) for v, label in options.weapons),
                                shown_when=("attack_chit", tuple(fighting)), carries=True))
        spells = tuple(Choice(name, label, ("attack_chit", casting[name]))
                       for name, label in ((value.removeprefix("spell:"), label) for value, label in options.spells)
                       if casting[name])
        if spells:
            fields.append(Field("spell", "choice", "Attack spell", f"{path}.attack.spell",
                                "cast with a MAGIC chit of its type, without a weapon",
                                spells, shown_when=("attack_chit", tuple(chit for chit in attack_chits
                                                                         if chit not in fighting))))
        fields.append(Field("attack_box", "choice", "Attack", f"{path}.attack.box", "", ATTACK_BOXES,
                            shown_when=attacking))
    on_horse = options.horse is not None and rules.riding_horses  # rule 5.2: the horse maneuvers, the rider may too
    if on_horse:
        fields += [
            Field("horse", "choice", "Your horse", f"{path}.maneuver.horse", "rule 5.2",
                  (Choice("walking", "walking"), Choice("galloping", "galloping"))),
            Field("horse_box", "choice", "Its maneuver", f"{path}.maneuver.box", "",
                  tuple(Choice(box, name) for box, name in enumerate(MANEUVER_BOXES, start=1))),
        ]
    key = "rider_maneuver" if on_horse else "maneuver"
    maneuver_chits = [chit for chit, _ in options.move_chits
                      if _accepted(round_input, side, {key: {"chit": chit, "box": 3}}, f"{key}.chit")]
    fields += _maneuver_fields(side, maneuver_chits, attack_chits, effort, key, spent)
    if options.has_shield:
        fields.append(Field("shield_box", "choice", "Shield", f"{path}.shield_box", "the box your shield guards",
                            ATTACK_BOXES, required=False))
    fields += position_fields(round_input, side)
    melee = MeleeChits(tuple(attack_chits), tuple(maneuver_chits), effort, spent)
    fields += encounter_step_fields(round_input, side, battle, known_spells, melee)
    fields += encounter_choice_fields(round_input, side)
    return PlaysForm(side, title, tuple(fields))


def position_fields(round_input: dict[str, Any], side: str) -> list[Field]:
    """Where the attackers on the side's own sheet are not placed yet (no box given), the side places them
    (docs/round-format.md, `sheets`): the first two, in different boxes, and, once both stand, the third in a box
    the engine accepts beside them (the box neither took when the three are all the sheet holds); the engine
    places the rest, each in the emptiest box, so the attackers stay spread over as many boxes as possible.
    Written at that attacker's own entry of the sheet, so an attacker written as a bare id is left to the
    engine."""
    sheet = next((s for s in round_input.get("sheets", []) if s.get("owner") == side), None)
    attackers = (sheet or {}).get("attackers", [])
    if any(isinstance(a, dict) and any(a.get(box) is not None for box in ("box", "weapon_box", "horse_box"))
           for a in attackers):
        return []
    placed = [a["combatant"] for a in attackers if isinstance(a, dict)][:3]
    paths = [f"sheets[owner={side}].attackers[combatant={attacker}].box" for attacker in placed]
    fields = []
    for index, attacker in enumerate(placed[:2]):
        def other(box: int) -> Condition | None:
            return None if index == 0 else ("position_0", tuple(b for b in (None, 1, 2, 3) if b != box))
        fields.append(_position_field(index, attacker, paths[index],
                                      tuple(Choice(box, f"box {box}", other(box)) for box in (1, 2, 3))))
    if len(placed) == 3:
        third = tuple(Choice(box, f"box {box}", condition) for box in (1, 2, 3)
                      if (condition := _third_box_condition(round_input, paths, box)) is not False)
        if third:
            both_placed = (("position_0", (1, 2, 3)), ("position_1", (1, 2, 3)))
            fields.append(_position_field(2, placed[2], paths[2], third, both_placed))
    return fields


def _position_field(index: int, attacker: str, path: str, boxes: tuple[Choice, ...], shown_when=None) -> Field:
    return Field(f"position_{index}", "choice", f"{attacker} stands in", path,
                 "its attack and maneuver box; left empty, the engine places it", boxes, required=False,
                 shown_when=shown_when)


def _third_box_condition(round_input: dict[str, Any], paths: list[str], box: int):
    """The boxes of the first two attackers (in different boxes) beside which the engine accepts the third in
    `box`, as a condition on both: None when it is accepted beside any, False when beside none or when the
    pairs it is accepted beside are not every pairing of some boxes of the first with some of the second."""
    pairs = [(first, second) for first in (1, 2, 3) for second in (1, 2, 3) if first != second]
    accepted = [pair for pair in pairs if _sheet_accepted(round_input, zip(paths, (*pair, box)))]
    if accepted == pairs:
        return None
    firsts, seconds = (tuple(sorted({pair[i] for pair in accepted})) for i in (0, 1))
    if not accepted or [pair for pair in pairs if pair[0] in firsts and pair[1] in seconds] != accepted:
        return False
    return ("position_0", firsts), ("position_1", seconds)


def _sheet_accepted(round_input: dict[str, Any], boxes) -> bool:
    """Whether the engine accepts the attackers in those boxes. The sheets are checked as the melee finds them:
    in a round with an encounter step `validate` leaves them to the melee, so they are tried without it (the
    attackers the step brings to the sheet are the engine's to place, in the emptiest boxes)."""
    # Only the sheets change: the rest is the input's own, so its state and schema are checked once (checks.py).
    trial = {name: value for name, value in round_input.items() if name != "encounter"}
    trial["sheets"] = copy.deepcopy(round_input.get("sheets", []))
    for path, box in boxes:
        set_path(trial, path, box)
    return not [error for error in trial_errors(round_input, trial, "sheets") if error.path.startswith("sheets")]


def _maneuver_fields(side, chits, attack_chits, effort, key: str, spent: int) -> list[Field]:
    """The MOVE, DUCK or FLY chit the engine accepts (the rider's own beside his horse: MOVE or DUCK, rule 5.2),
    offered only beside an attack chit that keeps the round within the effort limit, and its box (a DUCK chit
    in box 3 only)."""
    ducks = tuple(chit for chit in chits if chit.startswith("DUCK"))
    def beside(chit: str) -> tuple:
        """The attack chits (or none) this maneuver chit keeps within the effort limit."""
        return (None, *(a for a in attack_chits if spent + effort[a] + effort[chit] <= EFFORT_LIMIT))

    maneuvers = tuple(Choice(chit, chit, ("attack_chit", beside(chit))) for chit in chits)
    boxes = tuple(Choice(box, name, None if box == 3 else ("maneuver_chit", tuple(c for c in chits if c not in ducks)))
                  for box, name in enumerate(MANEUVER_BOXES, start=1))
    path = f"plays.{side}.{key}"
    return [Field("maneuver_chit", "choice", "Maneuver with the chit", f"{path}.chit",
                  "at most two asterisks a round, with the attack chit's", maneuvers, required=False),
            Field("maneuver_box", "choice", "Maneuver", f"{path}.box", "a DUCK chit goes in box 3", boxes,
                  shown_when=("maneuver_chit", tuple(chits)))]
