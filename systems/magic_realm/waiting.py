"""What a Magic Realm round that stopped half-way needs before it goes on, as the interface's forms
(systems/interface.py, "a round that waits"): `waiting_forms(round_input, output)`.

`resolve` stops in two places (plugin.py):
- the encounter step needs a player's choice (`output["choice_needed"]`, docs/encounter.md): which of a hidden
  character's unhidden hirelings takes a denizen (8.3.5a.3, Watchful Natives 1.3), written in the round file's
  `encounter.choices`, or whether a character who rolled OPPORTUNITY on the Meeting table takes the "2" result
  instead (Expanded Meeting Table), `encounter.meetings[i].take_row_two`, true or false. The form is that
  character's, one "choice" field;
- a magic attack the sources give no table for waits for the GM's ruling (`output["rulings_needed"]`,
  engine/magic_attacks.py): one form for the GM with, per attack, the outcome, how many wounds or asterisks of
  fatigue (only for those two outcomes, which only a character's attack can have), and the ruling in words
  (optional, but required for "another outcome", which changes nothing the engine keeps). They go in the round
  file's `gm_rulings` entry of that attacker and target.

The answers land in the round file where the engine reads them (`encounter.choices`, `encounter.meetings`,
`gm_rulings`), so a round resolved again with the same dice goes on from where it stopped.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from systems.interface import GM, Choice, Field, PlaysForm
from systems.magic_realm.engine.model import RULING_OUTCOMES

# A waiting choice's path within the encounter section ("meetings[0].take_row_two"): an index in brackets.
INDEX = re.compile(r"\[(\d+)\]")
ROW_TWO = "take_row_two"
TAKES_AN_AMOUNT = ("wounds", "fatigue")
MOST_WOUNDS_OR_FATIGUE = 12  # as the app's GmRulingsForm: more than any character has chits


def waiting_forms(round_input: Mapping[str, Any], output: Mapping[str, Any]) -> tuple[PlaysForm, ...]:
    """The form of the player's choice the encounter step waits for, or the GM's form of the rulings the melee
    waits for; () for a round that waits for nothing."""
    if output.get("choice_needed"):
        return (choice_form(output["choice_needed"]),)
    if output.get("rulings_needed"):
        return (rulings_form(round_input, output["rulings_needed"]),)
    return ()


def choice_form(needed: Mapping[str, Any]) -> PlaysForm:
    """The character's choice, one field at its place in the round file's `encounter` section."""
    character, denizen = needed["character"], needed["denizen"]
    if needed["path"].endswith(f".{ROW_TWO}"):
        label = f"{character} rolled OPPORTUNITY against the {denizen}"
        choices = (Choice(True, 'Take the "2" result of the same column'), Choice(False, "Keep OPPORTUNITY"))
    else:
        label = f"Which of {character}'s hirelings takes {denizen}"
        choices = tuple(Choice(option, option) for option in needed["options"])
    help_text = f"{needed['message']} (rule {needed['rule']})"
    field = Field("choice", "choice", label, encounter_path(needed["path"]), help=help_text, choices=choices)
    return PlaysForm(character, f"{character}'s choice in the encounter step", (field,))


def encounter_path(section_path: str) -> str:
    """A path of the engine's encounter section ("meetings[0].take_row_two") as the round input's, in the dotted
    form `fill` writes ("encounter.meetings.0.take_row_two")."""
    return "encounter." + INDEX.sub(r".\1", section_path)


def rulings_form(round_input: Mapping[str, Any], needed: list[Mapping[str, Any]]) -> PlaysForm:
    """The GM's form: the fields of each attack waiting, numbered by its place in `rulings_needed`."""
    characters = {character["id"] for character in round_input.get("state", {}).get("characters", [])}
    fields: tuple[Field, ...] = ()
    for index, attack in enumerate(needed):
        fields += ruling_fields(index, attack, attack["target"] in characters)
    return PlaysForm(GM, "The GM's rulings on the magic attacks the sources give no table for", fields)


def ruling_fields(index: int, attack: Mapping[str, Any], on_a_character: bool) -> tuple[Field, ...]:
    """The outcome, the amount where it takes one, and the ruling in words (required for "other"), at the round
    file's `gm_rulings` entry of this attacker and target."""
    attacker, target, spell = attack["attacker"], attack["target"], attack["spell"]
    entry = f"gm_rulings[attacker={attacker}][target={target}]"
    outcome = f"outcome_{index}"
    magic = f"magic {attack['magic_type']}, " if attack.get("magic_type") else ""
    labels = {"no_effect": "No effect", "killed": f"{target} is killed", "wounds": f"{target} takes wounds",
              "fatigue": f"{target} owes fatigue",
              "other": "Another outcome, in words (no change the engine keeps)"}
    offered = [value for value in RULING_OUTCOMES if on_a_character or value not in TAKES_AN_AMOUNT]
    fields = [Field(
        outcome, "choice", f"{attacker}'s {spell} against {target}: the outcome", f"{entry}.outcome",
        help=f"{spell} ({magic}attack time {attack['time']}, block {attack['block']}): the sources give no "
             "table for it, so the GM rules",
        choices=tuple(Choice(value, labels[value]) for value in offered))]
    if on_a_character:
        fields.append(Field(
            f"amount_{index}", "number", "How many wounds or asterisks of fatigue", f"{entry}.amount",
            minimum=1, maximum=MOST_WOUNDS_OR_FATIGUE, shown_when=(outcome, TAKES_AN_AMOUNT)))
    fields.append(Field(
        f"note_{index}", "text", "The ruling in words", f"{entry}.note", required=False,
        help="Kept in the log (what the GM rolled or decided)",
        shown_when=(outcome, tuple(value for value in offered if value != "other"))))
    fields.append(Field(
        f"other_{index}", "text", "What the GM ruled, in words", f"{entry}.note",
        help="Kept in the log: the engine keeps no state for another outcome (a curse, say)",
        shown_when=(outcome, ("other",))))
    return tuple(fields)
