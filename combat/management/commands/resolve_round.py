"""`python manage.py resolve_round FILE` (or "-" for standard input): resolve one round file through its combat
system's `resolve` (docs/systems.md; the file's "system" key, Magic Realm's round file of docs/round-format.md
when it has none) and print the system's result JSON: the log and the new state.

The dice come from the file (its "dice" list, else its "seed"), or from --seed. A file that is malformed or
breaks the rules prints {"errors": [{"path": ..., "message": ...}]} and exits 2; nothing is resolved. So does
a round that waits for a side's choice (a Magic Realm encounter step's: which hireling takes a denizen). A round
that waits for the GM's ruling (a Magic Realm Demon's Power of the Pit, the Imp's Curse) prints
{"rulings_needed": [...], "log": [...]} and exits 3: add each ruling to the file's `gm_rulings` and run it again.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from combat.management.json_input import JsonInputError, read_json_argument
from systems import DEFAULT_SYSTEM, UnknownSystem, get_system, system_of
from systems.errors import PlaysInvalid

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
        try:
            # Anything but an object is no system's round file; the default system's reading says why.
            system = get_system(system_of(data) if isinstance(data, dict) else DEFAULT_SYSTEM)
        except UnknownSystem as error:
            self._fail([{"path": "system", "message": str(error).removeprefix("system: ")}])
        try:
            resolution = system.resolve(data, seed=options["seed"])
        except PlaysInvalid as invalid:
            self._fail([{"path": error.path, "message": error.message} for error in invalid.errors])
        if resolution.waits_for_gm:
            self._wait_for_rulings(resolution.output)
        if resolution.waiting_for:
            self._fail([{"path": error.path, "message": error.message} for error in resolution.waiting_for])
        if options["text"]:
            for event in resolution.events:
                self.stdout.write(event.line)
        self.stdout.write(json.dumps(resolution.output, ensure_ascii=False, indent=2))

    def _read(self, path: str):
        try:
            return read_json_argument(path)
        except JsonInputError as error:
            self._fail([{"path": "(file)", "message": str(error)}])

    def _wait_for_rulings(self, output: dict):
        """Not an error of the file: the round waits for the GM. Nothing is resolved; the output lists each
        ruling needed and the log shows how far the round went."""
        self.stdout.write(json.dumps(output, ensure_ascii=False, indent=2))
        raise SystemExit(EXIT_WAITS_FOR_RULING)

    def _fail(self, errors: list[dict[str, str]]):
        self.stdout.write(json.dumps({"errors": errors}, ensure_ascii=False, indent=2))
        raise SystemExit(EXIT_BAD_ROUND)
