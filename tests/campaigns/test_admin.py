"""Rule settings in the admin, drawn as the campaign's system describes them: each change that alters them is a
new version with who, when and why; a setting the system refuses is named beside its field and nothing is saved."""

import json

import pytest
from django.urls import reverse

from campaigns.models import Campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, staff_user):
    client.force_login(staff_user)
    return client


def admin_form(campaign, **changes):
    data = {
        "name": campaign.name, "slug": campaign.slug, "gms": [u.pk for u in campaign.gms.all()],
        "month": campaign.month, "day": campaign.day, "calendar_state": json.dumps(campaign.calendar_state),
        "rules_change_reason": "",
        # No inline rows: the management forms of the player, version and roll inlines.
        **{f"{prefix}-{key}": value for prefix in ("players", "rule_set_versions", "week_ends")
           for key, value in (("TOTAL_FORMS", 0), ("INITIAL_FORMS", 0), ("MIN_NUM_FORMS", 0), ("MAX_NUM_FORMS", 1000))},
    }
    for key, value in campaign.round_rules().items():
        name = key if key == "preset" else f"option_{key}"
        if value is True:
            data[name] = "on"
        elif value is not None and value is not False:
            data[name] = value
    for key, value in changes.items():
        if value is False:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def test_the_admin_change_page_shows_the_rule_settings_in_their_groups(admin_client, campaign):
    page = admin_client.get(reverse("admin:campaigns_campaign_change", args=[campaign.pk])).content.decode()
    assert 'name="option_missile_table"' in page and 'name="rules_change_reason"' in page
    assert 'name="preset"' in page and 'name="options"' not in page
    for group in ("Optional Combat Rules", "Campaign options", "Community fixes", "Rulings on contested points"):
        assert group in page, group
    assert "Knight&#x27;s Adjustment" in page and "Rule 5.4: striking attacks roll on the Fumble table" in page


def test_an_admin_rule_change_makes_a_version_with_who_and_why(admin_client, staff_user, campaign):
    data = admin_form(campaign, option_kludge="on", rules_change_reason="Trying the kludge")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else response
    version = Campaign.objects.get(pk=campaign.pk).current_rules_version
    assert (version.number, version.created_by, version.reason) == (2, staff_user, "Trying the kludge")
    assert version.settings["kludge"] is True


def test_an_admin_rule_change_without_a_reason_is_refused(admin_client, campaign):
    data = admin_form(campaign, option_kludge="on")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert "rules_change_reason" in response.context["adminform"].form.errors
    assert Campaign.objects.get(pk=campaign.pk).current_rules_version.number == 1


def test_an_invalid_combination_in_the_admin_names_the_field(admin_client, campaign):
    data = admin_form(campaign, option_fumble=False, rules_change_reason="No fumble")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    # The Optional Missile table needs the Fumble table (the system's check names the option that needs it).
    assert "5.4" in response.context["adminform"].form.errors["option_missile_table"][0]
    assert Campaign.objects.get(pk=campaign.pk).current_rules_version.number == 1


def test_the_admin_refuses_a_setting_the_system_refuses_naming_its_field_and_saves_nothing(admin_client, campaign):
    data = admin_form(campaign, option_starting_season="", name="Renamed", rules_change_reason="No season")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    errors = response.context["adminform"].form.errors
    assert list(errors) == ["option_seasons_and_weather"]
    assert "the weather needs a season" in errors["option_seasons_and_weather"][0]
    assert 'id="id_option_seasons_and_weather_error"' in response.content.decode()
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert campaign.name == "BIMR4" and campaign.current_rules_version.number == 1


def test_saving_other_fields_alone_makes_no_version(admin_client, campaign):
    data = admin_form(campaign, name="Renamed")
    assert admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data).status_code == 302
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert campaign.name == "Renamed" and campaign.current_rules_version.number == 1


def test_a_campaign_added_in_the_admin_starts_at_rules_version_one(admin_client, staff_user):
    data = {
        "name": "Admin made", "slug": "admin-made", "gms": [staff_user.pk], "month": 1, "day": 1,
        "calendar_state": '{"weather": "clear", "chit": 2}', "options": json.dumps({"preset": "optional-3e"}),
        **{f"{prefix}-{key}": value for prefix in ("players", "rule_set_versions", "week_ends")
           for key, value in (("TOTAL_FORMS", 0), ("INITIAL_FORMS", 0), ("MIN_NUM_FORMS", 0), ("MAX_NUM_FORMS", 1000))},
    }
    response = admin_client.post(reverse("admin:campaigns_campaign_add"), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    campaign = Campaign.objects.get(slug="admin-made")
    version = campaign.current_rules_version
    assert version.number == 1 and version.created_by == staff_user
    assert campaign.round_rules()["missile_table"] == "revised" and campaign.round_rules()["kludge"]
    assert campaign.calendar_state == {"weather": "clear", "chit": 2}


def test_a_calendar_state_its_system_refuses_is_named_in_the_admin_and_nothing_saved(admin_client, campaign):
    data = admin_form(campaign, calendar_state='{"weather": "fog", "chit": 9}')
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    errors = response.context["adminform"].form.errors["calendar_state"]
    assert any(error.startswith("weather: ") for error in errors) and any(error.startswith("chit: ") for error in errors)
    assert Campaign.objects.get(pk=campaign.pk).calendar_state == {"weather": "clear", "chit": 3}


def test_a_character_edited_in_the_admin_is_checked_like_on_the_characters_page(admin_client, black_knight):
    data = {
        "campaign": black_knight.campaign_id, "player": black_knight.player_id, "catalogue_name": "Black Knight",
        "starting_native_group": "Company", "state": '{"wounds": -2}',
    }
    response = admin_client.post(reverse("admin:campaigns_character_change", args=[black_knight.pk]), data)
    assert "state.wounds" in response.context["adminform"].form.errors["state"][0]
    black_knight.refresh_from_db()
    assert black_knight.state["wounds"] == 0
