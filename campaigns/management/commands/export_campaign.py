import json

from django.core.management.base import BaseCommand, CommandError

from campaigns.exchange import export_campaign
from campaigns.models import Campaign


class Command(BaseCommand):
    help = "Print a whole campaign as JSON: rules, calendar, players, characters, battles."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None:
            raise CommandError(f"slug: no campaign {slug!r}")
        self.stdout.write(json.dumps(export_campaign(campaign), indent=2, sort_keys=True, ensure_ascii=False))
