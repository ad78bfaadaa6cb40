"""Enchanted Realms' demo campaign (systems/demo.py): Aldric, carrying 11 hit points from an earlier fight, and
Bryn against the goblins of its example."""

from systems.demo import DemoBattle, DemoCampaign, DemoCharacter

DEMO = DemoCampaign(
    slug="demo-enchanted-realms", name="Enchanted Realms: demo",
    party=(DemoCharacter("Alice", "alice@example.com", "Europe/London", "Aldric", record={"hp": 11}),
           DemoCharacter("Bob", "bob@example.com", "America/New_York", "Bryn")),
    battles=(DemoBattle("enchanted-realms-goblin-ambush", "Goblin ambush", "The forest road"),))


def demo_campaign() -> DemoCampaign:
    return DEMO
