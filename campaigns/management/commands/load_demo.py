"""`load_demo`: the demo GM and a demo campaign of each combat system, each with its players, their characters and
its battles open for round 1's plays. What each campaign holds is its system's (`demo_campaign`, systems/demo.py),
so this names no system; each thing is made once (the campaign by slug, a player or a character by name, a battle by
its demo key), so running it again changes nothing."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from campaigns import services
from campaigns.demo import add_party
from campaigns.models import Campaign
from combat.demo import create_demo_battle
from systems import SYSTEMS, get_system

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-gm-pass"
DEMO_EMAIL = "gm@example.com"


def demo_campaigns():
    """(system name, its demo campaign) for each registered system that has one, in the registry's order."""
    return [(name, demo) for name in SYSTEMS if (demo := get_system(name).demo_campaign()) is not None]


def _campaign(user, system: str, demo) -> Campaign:
    campaign = Campaign.objects.filter(slug=demo.slug).first()
    if campaign is None:
        campaign = services.create_campaign(user, demo.name, demo.slug, demo.preset, system=system)
    elif not campaign.gms.filter(pk=user.pk).exists():
        campaign.gms.add(user)
    return campaign


class Command(BaseCommand):
    help = ("Create (once) the demo GM and a demo campaign of each combat system, with its players, their "
            "characters and its battles ready for plays.")

    def handle(self, *args, **options):
        demos = demo_campaigns()
        with transaction.atomic():
            user, _ = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
            user.set_password(DEMO_PASSWORD)
            # An address, so the GM's copy of each round is on the Mail page beside the players' emails.
            user.email = user.email or DEMO_EMAIL
            user.save()
            for system, demo in demos:
                campaign = _campaign(user, system, demo)
                add_party(user, campaign, demo.party)
                for battle in demo.battles:
                    create_demo_battle(campaign, battle)
        for _, demo in demos:
            self.stdout.write(f"Demo campaign {demo.slug!r} is ready with {len(demo.battles)} battle(s) ready "
                              "for plays.")
        self.stdout.write(f"Sign in at /accounts/login/ as {DEMO_USERNAME} / {DEMO_PASSWORD}")
