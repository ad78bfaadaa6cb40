"""Magic Realm's demo campaign (systems/demo.py): four characters of the catalogue under the BIMR4 rules, and two
battles set up by the system's set-up form, as the GM sets one up on the new battle page."""

from systems.demo import DemoBattle, DemoCampaign, DemoCharacter

# The Black Knight and the Amazon ambushed: an H Troll on the Black Knight and a Wolf on the Amazon.
AMBUSH = DemoBattle("demo", "Ambush in Cave 4", "Cave 4", {
    "characters": ["Black Knight", "Amazon"], "monsters": "H Troll\nWolf",
    "attacks": "H Troll -> Black Knight\nWolf -> Amazon"})
WOLVES = DemoBattle("demo-set-up", "Wolves at the Inn", "Valley 4", {
    "characters": ["Swordsman", "White Knight"], "monsters": "Wolf\nGiant Bat",
    "attacks": "Wolf -> Swordsman\nGiant Bat -> White Knight", "dwelling": "Inn"})

DEMO = DemoCampaign(
    slug="demo", name="BIMR4 demo", preset="bimr4",
    party=(DemoCharacter("Alice", "alice@example.com", "Europe/London", "Black Knight", "Company"),
           DemoCharacter("Bob", "bob@example.com", "America/New_York", "Amazon", "Soldiers"),
           DemoCharacter("Carol", "carol@example.com", "Europe/Berlin", "White Knight", "Order"),
           DemoCharacter("Dave", "dave@example.com", "Australia/Sydney", "Swordsman", "Rogues")),
    battles=(AMBUSH, WOLVES))


def demo_campaign() -> DemoCampaign:
    return DEMO
