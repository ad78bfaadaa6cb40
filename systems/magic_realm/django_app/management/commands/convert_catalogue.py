from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from systems.magic_realm.django_app import convert


class Command(BaseCommand):
    help = "Convert the reference XML (MagicRealmData.xml) into systems/magic_realm/data/catalogue/*.json."

    def add_arguments(self, parser):
        default = Path(settings.BASE_DIR).parent / "shared" / "realmspeak" / "MagicRealmData.xml"
        parser.add_argument("xml", nargs="?", type=Path, default=default, help=f"default {default}")
        parser.add_argument("--out", type=Path, default=convert.DEFAULT_OUT)

    def handle(self, *args, **options):
        status = convert.main([str(options["xml"]), "--out", str(options["out"])])
        if status:
            raise CommandError(f"xml: could not convert {options['xml']}")
