from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from campaigns import services
from campaigns.models import Campaign
from combat.demo import create_demo_battle
from combat.models import Battle

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-gm-pass"
DEMO_SLUG = "demo"
# (player, email, time zone, character, starting native group)
DEMO_PARTY = [
    ("Alice", "alice@example.com", "Europe/London", "Black Knight", "Company"),
    ("Bob", "bob@example.com", "America/New_York", "Amazon", "Soldiers"),
    ("Carol", "carol@example.com", "Europe/Berlin", "White Knight", "Order"),
    ("Dave", "dave@example.com", "Australia/Sydney", "Swordsman", "Rogues"),
]


class Command(BaseCommand):
    help = "Create (once) the demo GM and the campaign 'demo' under the bimr4 rules, with a battle ready for plays."

    def handle(self, *args, **options):
        with transaction.atomic():
            user, _ = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
            user.set_password(DEMO_PASSWORD)
            user.save()
            campaign = Campaign.objects.filter(slug=DEMO_SLUG).first()
            if campaign is None:
                campaign = services.create_campaign(user, "BIMR4 demo", DEMO_SLUG, "bimr4")
            elif not campaign.gms.filter(pk=user.pk).exists():
                campaign.gms.add(user)
            for player_name, email, time_zone, character_name, group in DEMO_PARTY:
                player = campaign.players.filter(name=player_name).first() or services.add_player(
                    user, campaign, {"name": player_name, "email": email, "time_zone": time_zone}
                )
                if not campaign.characters.filter(catalogue_name=character_name).exists():
                    services.add_character(
                        user,
                        campaign,
                        {"player": player.pk, "catalogue_name": character_name, "starting_native_group": group},
                    )
            if not Battle.objects.filter(campaign=campaign).exists():
                create_demo_battle(campaign)
        self.stdout.write(f"Demo campaign {campaign.slug!r} is ready with a battle ready for plays.")
        self.stdout.write(f"Sign in at /accounts/login/ as {DEMO_USERNAME} / {DEMO_PASSWORD}")
