"""The campaign services: access, campaigns and rule versions, the calendar, people and secret information."""

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404

from campaigns import services
from campaigns.models import Campaign, Player, RuleSetVersion, StartingInfo, WeekEnd
from systems.magic_realm.starting import required_points
from systems.magic_realm.engine.catalogue_data import get_catalogue
from systems.dice import ScriptedDice
from systems.magic_realm.engine.ruleset import rules_from

pytestmark = pytest.mark.django_db


def test_a_gm_gets_their_campaign(gm, campaign):
    assert services.get_campaign_for_gm(gm, "bimr4") == campaign


def test_another_campaigns_gm_gets_404(rival_gm, campaign):
    with pytest.raises(Http404):
        services.get_campaign_for_gm(rival_gm, "bimr4")


def test_an_anonymous_user_gets_404(campaign):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(Http404):
        services.get_campaign_for_gm(AnonymousUser(), "bimr4")


def test_a_new_campaign_starts_with_version_one_of_its_preset_in_clear_weather(gm, campaign):
    version = campaign.current_rules_version
    assert version.number == 1 and version.created_by == gm
    assert rules_from(campaign.round_rules()) == rules_from("bimr4")
    assert version.fingerprint == rules_from("bimr4").fingerprint()
    assert (campaign.month, campaign.day, campaign.calendar_state) == (1, 1, {"weather": "clear", "chit": 3})
    assert list(campaign.gms.all()) == [gm]


def test_creating_a_campaign_names_each_bad_field_and_saves_nothing(gm):
    with pytest.raises(ValidationError) as error:
        services.create_campaign(gm, "", "not a slug!", "bimr5")
    assert set(error.value.message_dict) == {"name", "slug", "preset"}
    assert not Campaign.objects.exists()


def test_a_slug_can_be_used_once(gm, campaign):
    with pytest.raises(ValidationError) as error:
        services.create_campaign(gm, "Again", "bimr4", "standard")
    assert "already exists" in error.value.message_dict["slug"][0]


def test_changing_a_rule_makes_a_new_version_with_who_and_why(gm, campaign):
    version = services.change_rules(gm, campaign, {"watchful_natives": False}, "The players asked for it")
    assert (version.number, version.created_by, version.reason) == (2, gm, "The players asked for it")
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert rules_from(campaign.round_rules()).watchful_natives is False
    assert campaign.current_rules_version.fingerprint == version.fingerprint != rules_from("bimr4").fingerprint()


def test_a_change_without_a_preset_changes_the_current_settings_and_keeps_the_rest(gm, campaign):
    services.change_rules(gm, campaign, {"kludge": True}, "Trying the kludge")
    settings = Campaign.objects.get(pk=campaign.pk).round_rules()
    assert settings == {**rules_from("bimr4").to_dict(), "kludge": True}


def test_a_change_with_a_preset_is_that_preset_and_its_overrides(gm, campaign):
    services.change_rules(gm, campaign, {"preset": "optional-3e", "kludge": False}, "Third edition, no kludge")
    assert Campaign.objects.get(pk=campaign.pk).round_rules() == rules_from(
        {"preset": "optional-3e", "kludge": False}).to_dict()


def test_staff_change_the_rules_of_a_campaign_they_do_not_run_only_as_staff(staff_user, campaign):
    with pytest.raises(Http404):
        services.change_rules(staff_user, campaign, {"kludge": True}, "From the admin")
    version = services.change_rules(staff_user, campaign, {"kludge": True}, "From the admin", by_staff=True)
    assert (version.number, version.created_by, version.reason) == (2, staff_user, "From the admin")


def test_someone_not_staff_cannot_change_the_rules_as_staff(rival_gm, campaign):
    with pytest.raises(Http404):
        services.change_rules(rival_gm, campaign, {"kludge": True}, "Sabotage", by_staff=True)
    assert RuleSetVersion.objects.filter(campaign=campaign).count() == 1


def test_an_invalid_combination_is_refused_per_field_and_nothing_is_saved(gm, campaign):
    with pytest.raises(ValidationError) as error:
        services.change_rules(gm, campaign, {"fumble": False}, "Drop fumble")
    assert "5.4" in error.value.message_dict["options.missile_table"][0]
    assert RuleSetVersion.objects.filter(campaign=campaign).count() == 1


def test_a_change_needs_a_reason(gm, campaign):
    with pytest.raises(ValidationError) as error:
        services.change_rules(gm, campaign, {"kludge": True}, "  ")
    assert "reason" in error.value.message_dict


def test_a_change_that_changes_nothing_is_refused(gm, campaign):
    with pytest.raises(ValidationError) as error:
        services.change_rules(gm, campaign, {"kludge": False}, "No-op")
    assert "Nothing changed" in error.value.messages[0]


def test_another_gm_cannot_change_the_rules(rival_gm, campaign):
    with pytest.raises(Http404):
        services.change_rules(rival_gm, campaign, {"kludge": True}, "Sabotage")


def test_advancing_the_calendar_rolls_against_the_hidden_chit_and_logs_it(gm, campaign):
    ended = services.advance_calendar(gm, campaign, ScriptedDice([5, 6]))
    campaign.refresh_from_db()
    spring_showers = get_catalogue().season("Spring").weather["showers"]
    facts = {fact["label"]: fact for fact in ended.facts}
    assert "die 5 against the hidden weather chit 3: the higher, 5, is Showers" in facts["Weather roll"]["text"]
    assert facts["Weather roll"]["gm_only"] and facts["Weather chit"]["gm_only"]
    assert facts["Weather"]["text"].startswith(f"Spring: {spring_showers.name} (showers): {spring_showers.days} days")
    assert not facts["Weather"]["gm_only"]
    assert (ended.month, ended.week, ended.ended_by) == (1, 1, gm)
    assert (campaign.calendar_state, campaign.week) == ({"weather": "showers", "chit": 6}, 2)
    assert campaign.day == 8 + 7 - spring_showers.days


def test_every_week_end_is_logged(gm, campaign):
    dice = ScriptedDice([1, 1] * 4)
    for _ in range(4):
        services.advance_calendar(gm, campaign, dice)
    campaign.refresh_from_db()
    assert WeekEnd.objects.filter(campaign=campaign).count() == 4
    assert campaign.month == 2 and services.calendar_summary(campaign)["facts"][0].text == "Midsummer"


def test_the_calendar_summary_shows_season_and_weather_but_not_the_chit(campaign):
    summary = services.calendar_summary(campaign)
    warm = get_catalogue().season("Spring").weather["clear"].name
    assert [(fact.label, fact.text) for fact in summary["facts"][:2]] == [("Season", "Spring"), ("Weather", f"{warm} (clear)")]
    assert summary["line"] == f"Spring, weather: {warm}"
    assert not any(fact.gm_only for fact in summary["facts"]) and "chit" not in repr(summary).lower()


def test_the_gms_calendar_has_the_hidden_chit(campaign):
    assert [fact.text for fact in services.gm_calendar(campaign).hidden] == ["3"]


def test_a_week_that_has_already_ended_is_not_ended_again(gm, campaign):
    services.advance_calendar(gm, campaign, ScriptedDice([5, 6]), expected="1-1")
    with pytest.raises(ValidationError) as error:
        services.advance_calendar(gm, campaign, ScriptedDice([5, 6]), expected="1-1")
    assert "already ended" in error.value.message_dict["week"][0]
    assert WeekEnd.objects.filter(campaign=campaign).count() == 1


def test_a_player_needs_an_email_and_a_real_time_zone(gm, campaign):
    with pytest.raises(ValidationError) as error:
        services.add_player(gm, campaign, {"name": "Bob", "email": "bob", "time_zone": "Mars/Olympus"})
    assert set(error.value.message_dict) == {"email", "time_zone"}
    assert not Player.objects.exists()


def test_a_character_comes_from_the_catalogue(gm, campaign, player):
    with pytest.raises(ValidationError) as error:
        services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": "Black Night"})
    assert "Black Knight" in error.value.message_dict["catalogue_name"][0]


def test_a_character_is_played_once_per_campaign(gm, campaign, player, black_knight):
    with pytest.raises(ValidationError) as error:
        services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": "black knight"})
    assert "already played" in error.value.message_dict["catalogue_name"][0]


def test_a_character_starts_with_a_known_native_group(gm, campaign, player):
    with pytest.raises(ValidationError) as error:
        services.add_character(
            gm, campaign, {"player": player.pk, "catalogue_name": "Amazon", "starting_native_group": "Pirates"}
        )
    assert "Pirates" in error.value.message_dict["starting_native_group"][0]


def test_a_characters_relationships_have_knights_adjustment_under_bimr4(black_knight):
    campaign = black_knight.campaign
    facts = {fact.label: fact.text for fact in campaign.combat_system.character_facts(
        black_knight.catalogue_name, black_knight.state, campaign.round_rules())}
    assert "Company: Friendly" in facts["Relationships"]
    assert facts["Knight's Adjustment"] == "On: Friendly, not Allied, with the Company."


def test_a_characters_state_is_checked_field_by_field(gm, black_knight):
    data = {"player": black_knight.player_id, "catalogue_name": "Black Knight", "state": {"wounds": -1}}
    with pytest.raises(ValidationError) as error:
        services.update_character(gm, black_knight, data)
    assert "state.wounds" in error.value.message_dict


def test_starting_info_must_total_the_required_points(gm, black_knight):
    with pytest.raises(ValidationError) as error:
        services.save_starting_info(gm, black_knight, {"vp_fame": 2, "vp_gold": 2})
    assert "must total 5" in error.value.message_dict["__all__"][0]
    assert not StartingInfo.objects.exists()


def test_starting_info_is_saved_when_it_checks_out(gm, black_knight):
    info = services.save_starting_info(
        gm, black_knight,
        {"vp_fame": 2, "vp_gold": 3, "starting_location": " Inn "},
    )
    assert info.answers == {"vp_fame": 2, "vp_gold": 3, "starting_location": "Inn"} and info.updated_by == gm


def test_starting_info_names_an_unknown_spell_and_a_chit_the_character_lacks(gm, black_knight):
    with pytest.raises(ValidationError) as error:
        services.save_starting_info(
            gm, black_knight,
            {"vp_fame": 5, "recorded_spells": "Fiery Blastt", "enchanted_chits": ["MAGIC III3"]},
        )
    assert "Fiery Blastt" in error.value.message_dict["recorded_spells"][0]
    assert "not a question" in error.value.message_dict["enchanted_chits"][0]  # the Black Knight has no MAGIC chits


def test_starting_info_refuses_a_chit_none_of_its_choices_and_a_negative_number_naming_each_and_saves_nothing(
        gm, campaign, player):
    magician = next(c for c in get_catalogue().characters if any(ch.label.startswith("MAGIC") for ch in c.chits))
    character = services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": magician.name})
    with pytest.raises(ValidationError) as error:
        services.save_starting_info(gm, character, {"vp_fame": -1, "vp_gold": 6, "enchanted_chits": ["MAGIC IX9"]})
    assert error.value.message_dict["enchanted_chits"] == ["Enchanted chits: ['MAGIC IX9'] is not one of its choices"]
    assert error.value.message_dict["vp_fame"] == ["Fame: at least 0, not -1"]
    assert not StartingInfo.objects.exists()


def test_setup_steps_are_numbered_in_order(gm, campaign, player):
    first = services.record_setup_step(gm, campaign, {"player": player.pk, "kind": "tile", "detail": "Borderland"})
    second = services.record_setup_step(gm, campaign, {"player": player.pk, "kind": "character", "detail": "Amazon"})
    assert (first.position, second.position) == (1, 2)


@pytest.mark.django_db
def test_with_seasons_the_victory_requirements_total_the_starting_seasons_points(gm):
    spring = services.create_campaign(gm, "Spring start", "spring-start", "bimr4")
    assert required_points(spring.round_rules()) == 5  # BIMR4: 5 VP's needed in SPRING
    services.change_rules(gm, spring, {"starting_season": "Midsummer"}, "start in Midsummer")
    spring = Campaign.objects.get(pk=spring.pk)
    assert required_points(spring.round_rules()) == 6  # Midsummer: 6 VPs a month in the seasons table


@pytest.mark.django_db
def test_without_seasons_the_victory_requirements_total_the_rule_sets_points(gm):
    campaign = services.create_campaign(gm, "No seasons", "no-seasons", "optional-3e")
    services.change_rules(gm, campaign, {"victory_points": 7}, "a longer game")
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert required_points(campaign.round_rules()) == 7
