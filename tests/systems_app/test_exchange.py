"""Export and import of a campaign of each new combat system: its system and the versions of its options, its
battles and rounds with their sides named by the system (a side no character plays has none), a file written
before options had versions (its `system_options`) imported as version 1, and an unknown system refused."""

import pytest

from campaigns import services
from campaigns.exchange import CampaignFileError, export_campaign, import_campaign
from campaigns.models import Campaign
from systems.options import fingerprint
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
    assert exported["system"] == system and [v["number"] for v in exported["rule_history"]] == [1]
    assert exported["rules"] == exported["rule_history"][0]["settings"] and exported["rules_version"] == 1
    sides = exported["battles"][0]["rounds"][0]["sides"]
    assert {side["side"] for side in sides} >= {"Goblin 1"}
    assert any(side["character"] is None for side in sides) and any(side["character"] for side in sides)
    restored = import_campaign(exported, replace=True)
    assert restored.system == system and export_campaign(restored) == exported
    round_ = Round.objects.get(battle__campaign=restored, number=1)
    assert round_.status == Round.Status.RESOLVED and round_.result["summaries"]
    assert SidePlays.objects.filter(round=round_, character__isnull=True, side="Goblin 1").exists()


AS_WRITTEN = {"preset": "as-written", "magic_before_melee": False, "surprise": True, "joust_max_passes": None}
THREE_RIDES = {**AS_WRITTEN, "preset": "three-rides", "joust_max_passes": 3}


def test_a_campaigns_versions_of_its_options_travel_with_it_with_who_and_why(gm):
    campaign = services.create_campaign(gm, "Jousts", "jousts", "three-rides", system="fallen-empire",
                                        options={"surprise": False})
    services.change_rules(gm, campaign, {"preset": "three-rides", "joust_max_passes": 5}, "Longer jousts")
    exported = export_campaign(campaign)
    assert "system_options" not in exported
    history = exported["rule_history"]
    assert [(v["number"], v["settings"], v["created_by"], v["reason"]) for v in history] == [
        (1, {**THREE_RIDES, "surprise": False}, "gm", "Created from the preset 'three-rides'."),
        (2, {**THREE_RIDES, "joust_max_passes": 5}, "gm", "Longer jousts")]
    assert exported["rules_fingerprint"] == history[1]["fingerprint"] == fingerprint(history[1]["settings"])
    restored = import_campaign(exported, replace=True)
    assert export_campaign(restored) == exported
    assert restored.round_rules() == {**THREE_RIDES, "joust_max_passes": 5}


def test_a_file_written_before_options_had_versions_imports_them_as_version_one(gm):
    exported = export_campaign(services.create_campaign(gm, "Jousts", "jousts", "", system="fallen-empire"))
    old = {key: value for key, value in exported.items()
           if key not in ("rules", "rules_version", "rules_fingerprint", "rule_history")}
    old["system_options"] = {"preset": "three-rides", "surprise": False}
    restored = import_campaign({**old, "slug": "old-jousts"})
    version = restored.rule_set_versions.get()
    assert (version.number, version.settings) == (1, {**THREE_RIDES, "surprise": False})
    assert version.fingerprint == fingerprint(version.settings) and version.created_by is None
    assert version.reason == "Version 1: the options of a file written before options had versions."
    assert version.created_at.isoformat() == exported["created_at"]


def test_an_old_file_with_an_option_the_system_refuses_is_named_and_nothing_is_imported(gm):
    exported = export_campaign(services.create_campaign(gm, "Jousts", "jousts", "", system="fallen-empire"))
    old = {key: value for key, value in exported.items() if key != "rule_history"}
    old["system_options"] = {"preset": "as-written", "joust_max_passes": 99}
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**old, "slug": "elsewhere"})
    assert error.value.path == "system_options.joust_max_passes"
    assert not Campaign.objects.filter(slug="elsewhere").exists()


def test_an_unknown_system_is_refused_naming_the_field(gm, make_campaign):
    exported = export_campaign(make_campaign("multiverse"))
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**exported, "system": "chess"}, replace=True)
    assert error.value.path == "system" and "chess" in error.value.message
    assert Campaign.objects.get(slug="multiverse").system == "multiverse"


def test_a_version_with_an_option_the_system_refuses_is_named_and_nothing_is_imported(gm, make_campaign):
    exported = export_campaign(make_campaign("fallen-empire"))
    exported["rule_history"][0]["settings"]["joust_max_passes"] = 99
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**exported, "slug": "elsewhere"})
    assert error.value.path == "rule_history[0].settings.joust_max_passes"
    assert not Campaign.objects.filter(slug="elsewhere").exists()


def test_options_that_are_not_the_last_versions_are_refused(gm, make_campaign):
    exported = export_campaign(make_campaign("fallen-empire"))
    exported["rules"] = THREE_RIDES
    with pytest.raises(CampaignFileError) as error:
        import_campaign({**exported, "slug": "elsewhere"})
    assert (error.value.path, error.value.message) == ("rules", "differ from the last version of rule_history")
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
    from players import adjusting

    campaign = make_campaign("multiverse")
    astaroth = campaign.characters.get(catalogue_name="Astaroth")
    astaroth.state = {**astaroth.state, "life": 20}
    astaroth.save(update_fields=["state"])
    battle, _ = resolve_first_round(gm, campaign, STARTERS["multiverse"])
    adjusting.adjust(gm, campaign.slug, battle.pk, 2, "life+1|Astaroth", "a potion")
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
