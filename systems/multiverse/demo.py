"""Multiverse's demo campaign (systems/demo.py): Astaroth against the goblins of its example."""

from systems.demo import DemoBattle, DemoCampaign, DemoCharacter

DEMO = DemoCampaign(
    slug="demo-multiverse", name="Magic: the Multiverse (tick combat): demo",
    party=(DemoCharacter("Alice", "alice@example.com", "Europe/London", "Astaroth"),),
    battles=(DemoBattle("multiverse-astaroth-and-the-goblins", "Astaroth and the goblins", "The warehouse"),))


def demo_campaign() -> DemoCampaign:
    return DEMO
