import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from campaigns.exchange import CampaignFileError, import_campaign


class Command(BaseCommand):
    help = "Restore a campaign from export_campaign's JSON, in one transaction (all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file, or - for standard input")
        parser.add_argument(
            "--replace", action="store_true", help="delete the campaign with the same slug first"
        )

    def handle(self, *args, file, replace, **options):
        try:
            text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise CommandError(f"{file}: not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
        try:
            campaign = import_campaign(data, replace=replace)
        except CampaignFileError as error:
            raise CommandError(f"{file}: {error}; nothing was imported") from None
        self.stdout.write(f"Imported campaign {campaign.slug!r} ({campaign.name}).")
