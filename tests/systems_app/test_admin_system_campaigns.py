"""A campaign of another combat system in the admin: its system picked when it is added (its options as JSON
there) and read-only after, its options then drawn as the system describes them (a system without groups: one
"Options" group) and checked by the system, each change a new rule-set version with who and why, and its weeks
ended as every campaign's."""

import json

import pytest
from django.urls import reverse

from campaigns.models import Campaign

pytestmark = pytest.mark.django_db

AS_WRITTEN = {"preset": "as-written", "magic_before_melee": False, "surprise": True, "joust_max_passes": None}

INLINES = ("players", "rule_set_versions", "week_ends")


@pytest.fixture
def admin_client(client, staff_user):
    client.force_login(staff_user)
    return client


def _options(preset: str, **values) -> dict:
    """The change page's option fields of a Fallen Empire campaign: `preset` and each option at its value there
    (a ticked checkbox "on", an unticked one and an empty number left out), with `values` changed."""
    from systems import get_system

    drawn = {**get_system("fallen-empire").options().values({"preset": preset}), **values}
    return {"preset": preset, **{f"option_{name}": ("on" if value is True else value)
                                 for name, value in drawn.items() if value is not False and value is not None}}


def _form(gm, **fields):
    return {
        "name": "Jousts", "slug": "jousts", "gms": [gm.pk], "month": 1, "day": 1, "calendar_state": "{}",
        **{f"{prefix}-{key}": value for prefix in INLINES
           for key, value in (("TOTAL_FORMS", 0), ("INITIAL_FORMS", 0), ("MIN_NUM_FORMS", 0), ("MAX_NUM_FORMS", 1000))},
        **fields,
    }


def test_the_add_page_offers_every_system(admin_client):
    page = admin_client.get(reverse("admin:campaigns_campaign_add")).content.decode()
    assert 'name="system"' in page and 'value="multiverse"' in page and 'name="options"' in page


def test_a_campaign_of_another_system_is_added_with_its_options_as_version_one(admin_client, gm, staff_user):
    data = _form(gm, system="fallen-empire", options=json.dumps({"preset": "three-rides", "surprise": False}))
    response = admin_client.post(reverse("admin:campaigns_campaign_add"), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    campaign = Campaign.objects.get(slug="jousts")
    version = campaign.rule_set_versions.get()
    assert campaign.system == "fallen-empire" and version.number == 1
    assert version.settings == {**AS_WRITTEN, "preset": "three-rides", "joust_max_passes": 3, "surprise": False}
    assert (version.created_by, version.reason) == (staff_user, "Created in the admin.")


def test_an_option_the_system_refuses_is_named_and_nothing_is_saved(admin_client, gm):
    data = _form(gm, system="fallen-empire", options=json.dumps({"joust_max_passes": 99, "nonsense": 1}))
    response = admin_client.post(reverse("admin:campaigns_campaign_add"), data)
    errors = " ".join(response.context["adminform"].form.errors["options"])
    assert "nonsense: is not an option of this system" in errors
    assert not Campaign.objects.filter(slug="jousts").exists()


def test_the_change_page_shows_the_system_read_only_and_the_options_versions(admin_client, make_campaign):
    campaign = make_campaign("multiverse")
    response = admin_client.get(reverse("admin:campaigns_campaign_change", args=[campaign.pk]))
    page = response.content.decode()
    assert 'name="system"' not in page and "Magic: the Multiverse" in page
    assert 'name="missile_table"' not in page and "rule_set_versions" in page and "week_ends" in page
    assert 'name="options"' not in page and response.context["adminform"].form["preset"].value() == "default"


def test_the_change_page_draws_the_options_of_a_system_without_groups_under_one_heading(admin_client,
                                                                                      make_campaign):
    campaign = make_campaign("fallen-empire", "jousts")
    response = admin_client.get(reverse("admin:campaigns_campaign_change", args=[campaign.pk]))
    fieldsets = {name: options["fields"] for name, options in response.context["adminform"].fieldsets}
    assert fieldsets["Options"] == ["option_magic_before_melee", "option_surprise", "option_joust_max_passes"]
    assert 'name="option_joust_max_passes"' in response.content.decode()


def test_a_change_of_options_is_a_new_version_with_who_and_why_and_keeps_the_system(admin_client, gm, staff_user,
                                                                                   make_campaign):
    campaign = make_campaign("fallen-empire", "jousts")
    data = _form(gm, system="multiverse", **_options("earlier-order"), name="Renamed",
                 rules_change_reason="Magic first, as the author first wrote")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert (campaign.name, campaign.system) == ("Renamed", "fallen-empire")
    version = campaign.current_rules_version
    assert version.number == 2 and version.settings == {**AS_WRITTEN, "preset": "earlier-order",
                                                        "magic_before_melee": True}
    assert (version.created_by, version.reason) == (staff_user, "Magic first, as the author first wrote")


def test_a_change_of_options_without_a_reason_is_refused_and_saves_nothing(admin_client, gm, make_campaign):
    campaign = make_campaign("fallen-empire", "jousts")
    data = _form(gm, **_options("earlier-order"), name="Renamed")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert response.context["adminform"].form.errors["rules_change_reason"]
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert campaign.name != "Renamed" and campaign.current_rules_version.number == 1


def test_saving_the_options_as_they_are_makes_no_version(admin_client, gm, make_campaign):
    campaign = make_campaign("fallen-empire", "jousts")
    data = _form(gm, **_options("as-written"), name="Renamed")
    assert admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data).status_code == 302
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert campaign.name == "Renamed" and campaign.current_rules_version.number == 1


def test_a_change_with_a_refused_option_saves_nothing(admin_client, gm, make_campaign):
    campaign = make_campaign("fallen-empire", "jousts")
    data = _form(gm, **_options("as-written", joust_max_passes=99), name="Renamed", rules_change_reason="Why not")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert list(response.context["adminform"].form.errors) == ["option_joust_max_passes"]
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert campaign.name != "Renamed" and campaign.current_rules_version.number == 1


def test_an_option_the_system_itself_refuses_is_named_beside_its_field_and_saves_nothing(admin_client, gm,
                                                                                        make_campaign, monkeypatch):
    from systems import get_system
    from systems.errors import FieldError

    campaign = make_campaign("fallen-empire", "jousts")
    monkeypatch.setattr(get_system("fallen-empire"), "check_options",
                        lambda values: [FieldError("surprise", "not in a tournament")])
    data = _form(gm, **_options("three-rides"), name="Renamed", rules_change_reason="A tournament")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert response.context["adminform"].form.errors == {"option_surprise": ["not in a tournament"]}
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert campaign.name != "Renamed" and campaign.current_rules_version.number == 1
