"""Set up every combat system's Django part on this database: `manage.py prepare_systems`.

Each part's AppConfig lists its own set-up commands in `setup_commands` (config/system_parts.py); this runs
them in the registry's order, so `make run` and the README name no system's command. Each command is safe to run
again, so this is too; the first that fails stops the rest, with its own error."""

from django.core.management import call_command
from django.core.management.base import BaseCommand

from config.system_parts import declared


class Command(BaseCommand):
    help = ("Run each combat system's own set-up commands (its Django part's AppConfig `setup_commands`), "
            "in the registry's order; safe to run again.")

    def handle(self, *args, **options):
        commands = declared("setup_commands")
        if not commands:
            self.stdout.write("No combat system has a set-up command.")
        for name in commands:
            self.stdout.write(f"{name}:")
            call_command(name, stdout=self.stdout, stderr=self.stderr)
