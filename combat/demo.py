"""The demo battle `load_demo` creates: the demo party's Black Knight and Amazon in Cave 4, an H Troll on
the Black Knight and a Wolf on the Amazon, ready for round 1's plays."""

from __future__ import annotations

from combat.models import Battle
from combat.services import BattleSetup, create_battle

DEMO_KEY = "demo"
DEMO_CHARACTERS = ("Black Knight", "Amazon")


def create_demo_battle(campaign) -> Battle:
    """Idempotent: a second call returns the demo battle already there."""
    existing = Battle.objects.filter(campaign=campaign, demo_key=DEMO_KEY).first()
    if existing is not None:
        return existing
    characters = list(campaign.characters.filter(catalogue_name__in=DEMO_CHARACTERS))
    if not characters:
        characters = list(campaign.characters.all()[:2])
    names = sorted((c.catalogue_name for c in characters), key=lambda n: (n not in DEMO_CHARACTERS, DEMO_CHARACTERS.index(n) if n in DEMO_CHARACTERS else 0))
    monsters = ["H Troll", "Wolf"][: max(len(names), 1)]
    attacks = [(monster, names[index % len(names)]) for index, monster in enumerate(monsters)]
    setup = BattleSetup(
        name="Ambush in Cave 4",
        clearing="Cave 4",
        character_ids=[c.pk for c in characters],
        monsters=monsters,
        attacks=attacks,
    )
    return create_battle(campaign, setup, demo_key=DEMO_KEY)
