"""Fallen Empire's demo campaign (systems/demo.py): a melee on the road and a joust, each from its example."""

from systems.demo import DemoBattle, DemoCampaign, DemoCharacter

DEMO = DemoCampaign(
    slug="demo-fallen-empire", name="Fallen Empire (OD&D) and the Joust: demo",
    party=(DemoCharacter("Alice", "alice@example.com", "Europe/London", "Sir Ash"),
           DemoCharacter("Bob", "bob@example.com", "America/New_York", "Hob"),
           DemoCharacter("Carol", "carol@example.com", "Europe/Berlin", "Mia"),
           DemoCharacter("Dave", "dave@example.com", "Australia/Sydney", "Tam")),
    battles=(DemoBattle("fallen-empire-goblin-ambush", "Goblins on the road", "The king's road"),
             DemoBattle("joust-first-pass", "The joust against the Black Knight", "The tourney field")))


def demo_campaign() -> DemoCampaign:
    return DEMO
