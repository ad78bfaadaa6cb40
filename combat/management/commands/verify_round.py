"""`python manage.py verify_round FILE` (or "-" for standard input): check a resolved round's file
(docs/fair-dice.md): its seed and salt hash to the commitment published when the round opened, the
commitment is for this round, and replaying the file with the seed gives the result and log it carries.

Exits 0 and prints what was checked when it holds; prints the reason and exits 1 when it does not
(including a file that cannot be read).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from combat.fairness import verify_round_file
from combat.management.json_input import JsonInputError, read_json_argument

EXIT_NOT_VERIFIED = 1


class Command(BaseCommand):
    help = "Check a round file's dice against its commitment and replay it against its stored result."

    def add_arguments(self, parser):
        parser.add_argument("file", help='a round file downloaded from a resolved round, or "-" for standard input')

    def handle(self, *args, **options):
        try:
            data = read_json_argument(options["file"])
        except JsonInputError as error:
            self._fail(f"file: {error}")
        verdict = verify_round_file(data)
        for check in verdict.checks:
            self.stdout.write(f"ok: {check}")
        if not verdict.ok:
            self._fail(verdict.reason)
        self.stdout.write("Verified: the dice are the ones committed to, and they give this result.")

    def _fail(self, reason: str):
        self.stdout.write(f"NOT VERIFIED: {reason}")
        raise SystemExit(EXIT_NOT_VERIFIED)
