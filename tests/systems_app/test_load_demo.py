"""load_demo's campaigns of the other combat systems: each with the demo GM, players whose characters are
named like a starter's combatants, and its battles open for plays; run twice, nothing changes."""

from io import StringIO

import pytest
from django.core.management import call_command

from campaigns.mail.models import OutboxMessage
from campaigns.models import Campaign, RuleSetVersion
from combat.models import Battle, SidePlays

pytestmark = pytest.mark.django_db

BATTLES = {
    "demo-enchanted-realms": {"enchanted-realms-goblin-ambush"},
    "demo-fallen-empire": {"fallen-empire-goblin-ambush", "joust-first-pass"},
    "demo-multiverse": {"multiverse-astaroth-and-the-goblins"},
}


def _snapshot():
    return (
        sorted(Campaign.objects.values_list("slug", "system")),
        sorted(RuleSetVersion.objects.values_list("campaign__slug", "number", "settings", "fingerprint")),
        sorted(Battle.objects.values_list("campaign__slug", "demo_key", "name")),
        SidePlays.objects.count(),
        OutboxMessage.objects.count(),
    )


def test_each_system_has_a_demo_campaign_with_its_battles_open_for_plays():
    call_command("load_demo", stdout=StringIO())
    for slug, keys in BATTLES.items():
        campaign = Campaign.objects.get(slug=slug)
        assert campaign.gms.filter(username="demo").exists()
        assert set(campaign.battles.values_list("demo_key", flat=True)) == keys
        for battle in campaign.battles.all():
            sides = battle.rounds.get(number=1).sides.all()
            played = {side.side for side in sides if side.character_id}
            assert played and played <= set(campaign.characters.values_list("catalogue_name", flat=True))
            assert any(side.character_id is None for side in sides), "the GM plays the other combatants"
    joust = Battle.objects.get(demo_key="joust-first-pass")
    assert joust.state["kind"] == "joust"


def test_a_demo_character_carries_his_record_into_his_battle():
    call_command("load_demo", stdout=StringIO())
    aldric = Campaign.objects.get(slug="demo-enchanted-realms").characters.get(catalogue_name="Aldric")
    assert aldric.state["hp"] == 11
    ambush = Battle.objects.get(demo_key="enchanted-realms-goblin-ambush")
    assert next(c for c in ambush.state["combatants"] if c["name"] == "Aldric")["hp"] == 11


def test_the_players_of_the_demo_battles_have_their_plays_due_emails():
    call_command("load_demo", stdout=StringIO())
    subjects = set(OutboxMessage.objects.filter(recipient="alice@example.com").values_list("subject", flat=True))
    for name in ("Goblin ambush", "Goblins on the road", "The joust against the Black Knight", "Astaroth and the goblins"):
        assert any(f"{name}: round 1, plays due" in subject for subject in subjects), name


def test_load_demo_twice_gives_the_same_data():
    call_command("load_demo", stdout=StringIO())
    first = _snapshot()
    call_command("load_demo", stdout=StringIO())
    assert _snapshot() == first


def test_the_magic_realm_demos_battles_are_both_set_up_on_the_interfaces_page():
    call_command("load_demo", stdout=StringIO())
    campaign = Campaign.objects.get(slug="demo")
    ambush, inn = campaign.battles.get(demo_key="demo"), campaign.battles.get(demo_key="demo-set-up")
    assert ambush.fought_through_interface and inn.fought_through_interface
    assert (ambush.name, ambush.clearing) == ("Ambush in Cave 4", "Cave 4")
    assert {d["id"]: d["target"] for d in ambush.state["state"]["denizens"]} == {"H Troll": "Black Knight",
                                                                                "Wolf": "Amazon"}
    played = set(ambush.rounds.get(number=1).sides.exclude(character=None).values_list("side", flat=True))
    assert played == {"Black Knight", "Amazon"}
    assert inn.name == "Wolves at the Inn" and inn.state["state"]["dwelling"] == "Inn"
    assert {d["id"]: d["target"] for d in inn.state["state"]["denizens"]} == {"Wolf": "Swordsman",
                                                                              "Giant Bat": "White Knight"}
    played = set(inn.rounds.get(number=1).sides.exclude(character=None).values_list("side", flat=True))
    assert played == {"Swordsman", "White Knight"}
    subjects = set(OutboxMessage.objects.filter(recipient="dave@example.com").values_list("subject", flat=True))
    assert any("Wolves at the Inn: round 1, plays due" in subject for subject in subjects)


def test_each_systems_demo_campaign_is_made_as_its_system_describes_it():
    """load_demo names no system: each campaign, its party and its battles are the system's `demo_campaign`."""
    from campaigns.management.commands.load_demo import demo_campaigns
    from systems import SYSTEMS

    call_command("load_demo", stdout=StringIO())
    assert [name for name, _ in demo_campaigns()] == list(SYSTEMS)
    for name, demo in demo_campaigns():
        campaign = Campaign.objects.get(slug=demo.slug)
        assert (campaign.system, campaign.name) == (name, demo.name)
        assert campaign.rule_set_versions.get(number=1).settings["preset"] == (
            demo.preset or campaign.combat_system.options().complete({})["preset"])
        assert {(c.player.name, c.catalogue_name, c.starting_native_group) for c in campaign.characters.all()} == {
            (member.player, member.character, member.native_group) for member in demo.party}
        assert set(campaign.battles.values_list("demo_key", "name", "clearing")) == {
            (battle.key, battle.name, battle.clearing) for battle in demo.battles}


def test_a_demo_battle_the_gm_deleted_is_made_again_and_the_others_are_left_as_they_are():
    call_command("load_demo", stdout=StringIO())
    campaign = Campaign.objects.get(slug="demo")
    kept = campaign.battles.get(demo_key="demo-set-up").pk
    campaign.battles.get(demo_key="demo").delete()
    call_command("load_demo", stdout=StringIO())
    assert campaign.battles.get(demo_key="demo-set-up").pk == kept
    assert campaign.battles.filter(demo_key="demo").count() == 1
