"""Export and import of a campaign of each new combat system: its system and options, its battles and rounds
with their sides named by the system (a side no character plays has none), and an unknown system refused."""

import pytest

from campaigns import services
from campaigns.exchange import CampaignFileError, export_campaign, import_campaign
from campaigns.models import Campaign
from combat.models import Round, SidePlays

from .battles import resolve_first_round

pytestmark = pytest.mark.django_db

STARTERS = {
    "enchanted-realms": "enchanted-realms-goblin-ambush",
    "fallen-empire": "fallen-empire-goblin-ambush",
    "multiverse": "multiverse-astaroth-and-the-goblins",
}


@pytest.mark.parametrize("system", sorted(STARTERS))
def test_a_campaign_with_a_resolved_round_comes_back_the_same(gm, make_campaign, system):
    campaign = make_campaign(system)
    if system == "fallen-empire":  # characters for the melee starter's party
        for name in ("Hob", "Tam", "Mia"):
            services.add_character(gm, campaign, {"player": campaign.players.first().pk, "catalogue_name": name})
    resolve_first_round(gm, campaign, STARTERS[system])
    exported = export_campaign(campaign)
    assert exported["system"] == system and "rule_history" not in exported
    sides = exported["battles"][0]["rounds"][0]["sides"]
    assert {side["side"] for side in sides} >= {"Goblin 1"}
    assert any(side["character"] is None for side in sides) and any(side["character"] for side in sides)
    restored = import_campaign(exported, replace=True)
    assert restored.system == system and export_campaign(restored) == exported
    round_ = Round.objects.get(battle__campaign=restored, number=1)
    assert round_.status == Round.Status.RESOLVED and round_.result["summaries"]
    assert SidePlays.objects.filter(round=round_, character__isnull=True, side="Goblin 1").exists()


def test_a_campaigns_options_travel_with_it(gm):
    campaign = services.create_campaign(gm, "Jousts", "jousts", "three-rides", system="fallen-empire",
                                        options={"surprise": False})
    exported = export_campaign(campaign)
    assert exported["system_options"] == {"preset": "three-rides", "surprise": False}
    assert import_campaign(exported, replace=True).system_options == {"preset": "three-rides", "surprise": False}


def test_an_unknown_system_is_refused_naming_the_field(gm, make_campaign):
    exported = export_campaign(make_campaign("multiverse"))
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**exported, "system": "chess"}, replace=True)
    assert error.value.path == "system" and "chess" in error.value.message
    assert Campaign.objects.get(slug="multiverse").system == "multiverse"


def test_an_option_the_system_refuses_is_named_and_nothing_is_imported(gm, make_campaign):
    exported = export_campaign(make_campaign("fallen-empire"))
    exported["system_options"] = {"preset": "as-written", "joust_max_passes": 99}
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**exported, "slug": "elsewhere"})
    assert error.value.path == "system_options.joust_max_passes"
    assert not Campaign.objects.filter(slug="elsewhere").exists()


def test_a_battle_of_another_system_is_refused_naming_its_state(gm, make_campaign):
    campaign = make_campaign("multiverse")
    resolve_first_round(gm, campaign, STARTERS["multiverse"])
    exported = export_campaign(campaign)
    exported["battles"][0]["state"]["system"] = "enchanted-realms"
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**exported, "slug": "elsewhere"})
    assert error.value.path == "battles[0].state.system"


def test_a_side_named_twice_in_a_round_is_refused(gm, make_campaign):
    campaign = make_campaign("multiverse")
    resolve_first_round(gm, campaign, STARTERS["multiverse"])
    exported = export_campaign(campaign)
    sides = exported["battles"][0]["rounds"][0]["sides"]
    sides.append(dict(sides[0]))
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**exported, "slug": "elsewhere"})
    assert error.value.path.endswith(".side") and "repeated" in error.value.message


def test_a_campaign_whose_characters_records_a_round_and_an_adjustment_changed_comes_back_the_same(gm, make_campaign):
    from players import services as players_services

    campaign = make_campaign("multiverse")
    astaroth = campaign.characters.get(catalogue_name="Astaroth")
    astaroth.state = {**astaroth.state, "life": 20}
    astaroth.save(update_fields=["state"])
    battle, _ = resolve_first_round(gm, campaign, STARTERS["multiverse"])
    players_services.adjust(gm, campaign.slug, battle.pk, 2, "life+1|Astaroth", "a potion")
    exported = export_campaign(campaign)
    sources = [change["source"] for r in exported["battles"][0]["rounds"] for change in r.get("character_changes", [])]
    assert sorted(sources) == ["adjusted", "round"]
    restored = import_campaign(exported, replace=True)
    assert export_campaign(restored) == exported
    assert restored.characters.get(catalogue_name="Astaroth").state["life"] == astaroth_life_after(exported)


def astaroth_life_after(exported):
    return next(c for c in exported["characters"] if c["catalogue_name"] == "Astaroth")["state"]["life"]


def test_an_unknown_source_of_a_characters_change_is_refused_naming_the_field(gm, make_campaign):
    campaign = make_campaign("multiverse")
    resolve_first_round(gm, campaign, STARTERS["multiverse"])
    exported = export_campaign(campaign)
    exported["battles"][0]["rounds"][0]["character_changes"][0]["source"] = "magic"
    with pytest.raises(CampaignFileError) as refused:
        import_campaign(exported, replace=True)
    assert refused.value.path.endswith("character_changes[0].source")
