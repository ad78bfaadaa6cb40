from django.core.management.base import BaseCommand, CommandError

from combat.catalogue.services import sync_original_counters
from combat.engine.catalogue_data import CatalogueDataError


class Command(BaseCommand):
    help = "Load the original game's counters from combat/data/catalogue/*.json into the database (idempotent)."

    def handle(self, *args, **options):
        try:
            report = sync_original_counters()
        except CatalogueDataError as error:
            raise CommandError(f"catalogue file {error}") from error
        self.stdout.write(str(report))
