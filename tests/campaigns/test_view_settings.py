import pytest
from django.urls import reverse

from campaigns.models import Campaign
from systems.magic_realm.engine.ruleset import rules_from

pytestmark = pytest.mark.django_db


def form_data(campaign, **changes):
    """The Rules page's fields at the campaign's current settings (an option's field is option_<name>)."""
    data = {(k if k == "preset" else f"option_{k}"): ("on" if v is True else v)
            for k, v in campaign.round_rules().items() if v is not None and v is not False}
    data.update(changes)
    return data


def test_the_settings_page_shows_every_rule_grouped_and_the_fingerprint(gm_client, campaign):
    response = gm_client.get(reverse("campaigns:settings", args=["bimr4"]))
    page = response.content.decode()
    for name in campaign.round_rules():
        assert f'name="{name if name == "preset" else "option_" + name}"' in page, name
    assert "Optional Combat Rules" in page and "Campaign options" in page and "Community fixes" in page
    assert rules_from(campaign.round_rules()).fingerprint() in page


def test_the_settings_page_draws_each_group_of_the_system_as_a_fieldset_in_its_order(gm_client, campaign):
    form = gm_client.get(reverse("campaigns:settings", args=["bimr4"])).context["form"]
    groups = [(title, [field.name for field in fields]) for title, fields in form.option_groups()]
    assert [title for title, _ in groups] == [
        "Optional Combat Rules", "Campaign options", "Community fixes", "Rulings on contested points"]
    assert groups[0][1] == ["option_fumble", "option_stumble", "option_riding_horses", "option_penetrating_armor",
                            "option_missile_table", "option_kludge"]
    assert form["option_knights_adjustment"].label == "Knight's Adjustment"
    assert form["preset"].help_text == "The preset these settings started from; it only labels the rule set."


def test_saving_a_change_with_a_reason_makes_a_new_version(gm_client, campaign):
    data = form_data(campaign, reason="Try without Watchful Natives")
    del data["option_watchful_natives"]
    response = gm_client.post(reverse("campaigns:settings", args=["bimr4"]), data)
    assert response.status_code == 302 and response.url == reverse("campaigns:rules_history", args=["bimr4"])
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert campaign.current_rules_version.number == 2 and not rules_from(campaign.round_rules()).watchful_natives


def test_a_change_without_a_reason_is_refused_next_to_the_reason(gm_client, campaign):
    data = form_data(campaign, option_kludge="on")
    response = gm_client.post(reverse("campaigns:settings", args=["bimr4"]), data)
    assert "reason" in response.context["form"].errors
    assert Campaign.objects.get(pk=campaign.pk).current_rules_version.number == 1


def test_an_invalid_combination_is_shown_next_to_the_field_it_concerns(gm_client, campaign):
    data = form_data(campaign, reason="Drop fumble")
    del data["option_fumble"]
    response = gm_client.post(reverse("campaigns:settings", args=["bimr4"]), data)
    # The Optional Missile table needs the Fumble table: the system's check names the option that needs it.
    assert "5.4" in response.context["form"].errors["option_missile_table"][0]
    assert 'class="field has-error"' in response.content.decode()
    assert Campaign.objects.get(pk=campaign.pk).current_rules_version.number == 1


def test_auto_resolve_is_switched_on_and_off(gm_client, campaign):
    gm_client.post(reverse("campaigns:auto_resolve", args=["bimr4"]), {"auto_resolve": "on"})
    assert Campaign.objects.get(pk=campaign.pk).auto_resolve is True
    gm_client.post(reverse("campaigns:auto_resolve", args=["bimr4"]), {})
    assert Campaign.objects.get(pk=campaign.pk).auto_resolve is False
