from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from campaigns import services
from campaigns.models import Campaign
from combat.demo import create_demo_battle, create_set_up_battle, create_starter_battle
from combat.models import Battle
from systems import get_system

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "demo-gm-pass"
DEMO_EMAIL = "gm@example.com"
DEMO_SLUG = "demo"
# (player, email, time zone, character, starting native group)
DEMO_PARTY = [
    ("Alice", "alice@example.com", "Europe/London", "Black Knight", "Company"),
    ("Bob", "bob@example.com", "America/New_York", "Amazon", "Soldiers"),
    ("Carol", "carol@example.com", "Europe/Berlin", "White Knight", "Order"),
    ("Dave", "dave@example.com", "Australia/Sydney", "Swordsman", "Rogues"),
]

# The demo campaign's battle set up on the new battle page, as every battle now starts: (key, name, where, answers).
DEMO_SET_UP = ("demo-set-up", "Wolves at the Inn", "Valley 4", {
    "characters": ["Swordsman", "White Knight"], "monsters": "Wolf\nGiant Bat",
    "attacks": "Wolf -> Swordsman\nGiant Bat -> White Knight", "dwelling": "Inn"})



@dataclass(frozen=True)
class SystemDemo:
    """The demo campaign of a combat system fought through the systems interface: the players' characters are
    named like combatants of the system's starters (the other combatants are the GM's), and each battle is
    (starter key, name, where)."""

    system: str
    party: tuple[tuple[str, str, str, str], ...]  # (player, email, time zone, character)
    battles: tuple[tuple[str, str, str], ...]
    # What a character carries from an earlier fight (its record, systems/records.py): its battles start it so.
    records: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()

    @property
    def slug(self) -> str:
        return f"demo-{self.system}"


# Demo data: each entry names its system and the starters (docs/examples) its battles begin from.
SYSTEM_DEMOS = (
    SystemDemo("enchanted-realms",
               (("Alice", "alice@example.com", "Europe/London", "Aldric"),
                ("Bob", "bob@example.com", "America/New_York", "Bryn")),
               (("enchanted-realms-goblin-ambush", "Goblin ambush", "The forest road"),),
               (("Aldric", (("hp", 11),)),)),
    SystemDemo("fallen-empire",
               (("Alice", "alice@example.com", "Europe/London", "Sir Ash"),
                ("Bob", "bob@example.com", "America/New_York", "Hob"),
                ("Carol", "carol@example.com", "Europe/Berlin", "Mia"),
                ("Dave", "dave@example.com", "Australia/Sydney", "Tam")),
               (("fallen-empire-goblin-ambush", "Goblins on the road", "The king's road"),
                ("joust-first-pass", "The joust against the Black Knight", "The tourney field"))),
    SystemDemo("multiverse",
               (("Alice", "alice@example.com", "Europe/London", "Astaroth"),),
               (("multiverse-astaroth-and-the-goblins", "Astaroth and the goblins", "The warehouse"),)),
)


def _party(user, campaign, party, records=()) -> None:
    """Each player and character of `party` ((player, email, time zone, character, *group)), once, with its
    record from `records` ((character, ((key, value), ...)), ...) when it has one."""
    recorded = {name: dict(keys) for name, keys in records}
    for player_name, email, time_zone, character_name, *group in party:
        player = campaign.players.filter(name=player_name).first() or services.add_player(
            user, campaign, {"name": player_name, "email": email, "time_zone": time_zone}
        )
        if not campaign.characters.filter(catalogue_name=character_name).exists():
            services.add_character(user, campaign, {"player": player.pk, "catalogue_name": character_name,
                                                    "starting_native_group": group[0] if group else "",
                                                    **({"state": recorded[character_name]}
                                                       if character_name in recorded else {})})


def _campaign(user, slug: str, make) -> Campaign:
    campaign = Campaign.objects.filter(slug=slug).first()
    if campaign is None:
        campaign = make()
    elif not campaign.gms.filter(pk=user.pk).exists():
        campaign.gms.add(user)
    return campaign


class Command(BaseCommand):
    help = ("Create (once) the demo GM, the campaign 'demo' under the bimr4 rules with two battles ready for plays, "
            "and a demo campaign of each other combat system with its battles ready for plays.")

    def handle(self, *args, **options):
        with transaction.atomic():
            user, _ = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
            user.set_password(DEMO_PASSWORD)
            # An address, so the GM's copy of each round is on the Mail page beside the players' emails.
            user.email = user.email or DEMO_EMAIL
            user.save()
            campaign = _campaign(user, DEMO_SLUG, lambda: services.create_campaign(user, "BIMR4 demo", DEMO_SLUG, "bimr4"))
            _party(user, campaign, DEMO_PARTY)
            if not Battle.objects.filter(campaign=campaign).exists():
                create_demo_battle(campaign)
            create_set_up_battle(campaign, *DEMO_SET_UP)
            for demo in SYSTEM_DEMOS:
                system_campaign = _campaign(user, demo.slug, lambda demo=demo: services.create_campaign(
                    user, f"{get_system(demo.system).TITLE}: demo", demo.slug, "", system=demo.system))
                _party(user, system_campaign, demo.party, demo.records)
                for key, name, clearing in demo.battles:
                    create_starter_battle(system_campaign, key, name, clearing)
        self.stdout.write(f"Demo campaign {campaign.slug!r} is ready with two battles ready for plays.")
        for demo in SYSTEM_DEMOS:
            self.stdout.write(f"Demo campaign {demo.slug!r} is ready with {len(demo.battles)} battle(s) ready for plays.")
        self.stdout.write(f"Sign in at /accounts/login/ as {DEMO_USERNAME} / {DEMO_PASSWORD}")
