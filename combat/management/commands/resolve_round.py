"""`python manage.py resolve_round FILE` (or "-" for standard input): resolve one round file
(docs/round-format.md): its encounter step when it has an `encounter` section (docs/encounter.md), then
the melee round, and print the log and the new state as JSON.

The dice come from the file's "dice" list, else its "seed" (or --seed). A file that is malformed or breaks
the rules prints {"errors": [{"path": ..., "message": ...}]} and exits 2; nothing is resolved. A round with a
magic attack that waits for the GM's ruling (a Demon's Power of the Pit, the Imp's Curse) prints
{"rulings_needed": [...], "log": [...]} and exits 3: add each ruling to the file's `gm_rulings` and run it again.

A file with a "system" key other than "magic-realm" is resolved by that combat system (docs/systems.md).
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from combat.management.json_input import JsonInputError, read_json_argument
from systems import DEFAULT_SYSTEM, RoundFileError, UnknownSystem, get_system, system_of
from systems.magic_realm.engine.dice import DiceExhausted, ScriptedDice, SeededDice
from systems.magic_realm.engine.encounter import EncounterInvalid
from systems.magic_realm.engine.melee import RoundInvalid
from systems.magic_realm.engine.play import EncounterChoicePending, GmRulingPending, play_round
from systems.magic_realm.engine.round_format import (
    RoundFormatError,
    read_round,
    result_to_json,
    ruling_needed_to_json,
)

EXIT_BAD_ROUND = 2
EXIT_WAITS_FOR_RULING = 3


class Command(BaseCommand):
    help = "Resolve one round file (encounter step, then melee) and print its log and the new state as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help='a JSON round file, or "-" to read it from standard input')
        parser.add_argument("--seed", type=int, default=None, help="draw the dice from this seed (overrides the file)")
        parser.add_argument("--text", action="store_true", help="print the log as text lines before the JSON")

    def handle(self, *args, **options):
        data = self._read(options["file"])
        if isinstance(data, dict) and system_of(data) != DEFAULT_SYSTEM:
            self._resolve_by_system(data, options["seed"])
            return
        if isinstance(data, dict):
            data = {key: value for key, value in data.items() if key != "system"}
        try:
            round_file = read_round(data)
            if options["seed"] is not None:
                dice = SeededDice(options["seed"])
            elif round_file.dice is not None:
                dice = ScriptedDice(list(round_file.dice))
            else:
                dice = round_file.make_dice()
            played = play_round(round_file, dice)
        except (RoundFormatError, RoundInvalid, EncounterInvalid) as error:
            self._fail([{"path": e.path, "message": e.message} for e in error.errors])
        except EncounterChoicePending as pending:
            self._fail([{"path": f"encounter.{pending.choice.path}", "message": pending.choice.message}])
        except DiceExhausted as error:
            self._fail([{"path": "dice", "message": f"not enough dice in the file: {error}"}])
        except GmRulingPending as pending:
            self._wait_for_rulings(pending)
        result = played.result
        output = result_to_json(result)
        if played.encounter is not None:
            output["encounter"] = played.encounter
        if round_file.seed is not None and output["seed"] is None:
            output["seed"] = round_file.seed
        if options["text"]:
            for event in result.events:
                self.stdout.write(str(event))
        self.stdout.write(json.dumps(output, ensure_ascii=False, indent=2))

    def _resolve_by_system(self, data: dict, seed: int | None):
        try:
            system = get_system(system_of(data))
        except UnknownSystem as error:
            self._fail([{"path": "system", "message": str(error).removeprefix("system: ")}])
        try:
            output = system.resolve_file(data, seed)
        except RoundFileError as error:
            self._fail([{"path": path, "message": message} for path, message in error.errors])
        self.stdout.write(json.dumps(output, ensure_ascii=False, indent=2))

    def _read(self, path: str):
        try:
            return read_json_argument(path)
        except JsonInputError as error:
            self._fail([{"path": "(file)", "message": str(error)}])

    def _wait_for_rulings(self, pending: GmRulingPending):
        """Not an error of the file: the round waits for the GM. Nothing is resolved; the log shows how far
        the round went and each line that asks for a ruling."""
        waiting = {
            "rulings_needed": [ruling_needed_to_json(needed) for needed in pending.needed],
            "log": [str(event) for event in pending.played.result.events],
        }
        self.stdout.write(json.dumps(waiting, ensure_ascii=False, indent=2))
        raise SystemExit(EXIT_WAITS_FOR_RULING)

    def _fail(self, errors: list[dict[str, str]]):
        self.stdout.write(json.dumps({"errors": errors}, ensure_ascii=False, indent=2))
        raise SystemExit(EXIT_BAD_ROUND)
