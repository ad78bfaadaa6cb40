from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from systems.magic_realm.django_app.services import sync_original_counters
from systems.magic_realm.engine.catalogue_data import DATA_DIR, CatalogueDataError, load_catalogue


class Command(BaseCommand):
    help = (
        "Load the original game's counters from systems/magic_realm/data/catalogue/*.json into the database "
        "(idempotent)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--data", type=Path, default=DATA_DIR, help=f"the catalogue files' folder (default {DATA_DIR})"
        )

    def handle(self, *args, **options):
        try:
            # Read afresh, not the cached catalogue: the files may have just been regenerated.
            catalogue = load_catalogue(options["data"])
        except CatalogueDataError as error:
            raise CommandError(f"catalogue file {error}; nothing was loaded") from error
        self.stdout.write(str(sync_original_counters(catalogue=catalogue)))
