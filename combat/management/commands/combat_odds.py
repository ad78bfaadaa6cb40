"""`python manage.py combat_odds QUERY.json` (or "-" for standard input): spec/odds.md, and for the other
combat systems spec/odds-systems.md (a query with a "system" key).

Prints one JSON object and exits 0; a query it cannot answer prints {"error": "..."} naming the field
and exits 2. Every query is answered by its system's `odds` through the interface
(`systems.system_odds`: `get_system(system_of(query)).odds(query)`, Magic Realm's for a query without a
"system" key), the same function the odds panel of a Magic Realm round page calls.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from combat.management.json_input import JsonInputError, read_json_argument
from systems import OddsQueryError, system_odds

EXIT_BAD_QUERY = 2


class Command(BaseCommand):
    help = "The exact odds of one attack (or of running away), as in spec/odds.md and spec/odds-systems.md."

    def add_arguments(self, parser):
        parser.add_argument("query", help='a JSON query file, or "-" to read it from standard input')

    def handle(self, *args, **options):
        try:
            answer = system_odds(self._read(options["query"]))
        except OddsQueryError as error:
            self._fail(str(error))
        self.stdout.write(json.dumps(answer, ensure_ascii=False, indent=2))

    def _read(self, path: str):
        try:
            return read_json_argument(path)
        except JsonInputError as error:
            self._fail(f"query: {error}")

    def _fail(self, message: str):
        self.stdout.write(json.dumps({"error": message}, ensure_ascii=False))
        raise SystemExit(EXIT_BAD_QUERY)
