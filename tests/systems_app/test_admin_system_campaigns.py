"""A campaign of another combat system in the admin: its system picked when it is added and read-only after,
its options edited as JSON and checked by the system, and no rule-set versions."""

import json

import pytest
from django.urls import reverse

from campaigns.models import Campaign

pytestmark = pytest.mark.django_db

INLINES = ("players", "rule_set_versions", "week_ends")


@pytest.fixture
def admin_client(client, staff_user):
    client.force_login(staff_user)
    return client


def _form(gm, **fields):
    return {
        "name": "Jousts", "slug": "jousts", "gms": [gm.pk], "month": 1, "day": 1, "calendar_state": "{}",
        **{f"{prefix}-{key}": value for prefix in INLINES
           for key, value in (("TOTAL_FORMS", 0), ("INITIAL_FORMS", 0), ("MIN_NUM_FORMS", 0), ("MAX_NUM_FORMS", 1000))},
        **fields,
    }


def test_the_add_page_offers_every_system(admin_client):
    page = admin_client.get(reverse("admin:campaigns_campaign_add")).content.decode()
    assert 'name="system"' in page and 'value="multiverse"' in page and 'name="system_options"' in page


def test_a_campaign_of_another_system_is_added_with_its_options_and_no_rule_set_version(admin_client, gm):
    data = _form(gm, system="fallen-empire", system_options=json.dumps({"preset": "three-rides", "surprise": False}))
    response = admin_client.post(reverse("admin:campaigns_campaign_add"), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    campaign = Campaign.objects.get(slug="jousts")
    assert campaign.system == "fallen-empire" and campaign.system_options == {"preset": "three-rides", "surprise": False}
    assert not campaign.rule_set_versions.exists()


def test_an_option_the_system_refuses_is_named_and_nothing_is_saved(admin_client, gm):
    data = _form(gm, system="fallen-empire", system_options=json.dumps({"joust_max_passes": 99, "nonsense": 1}))
    response = admin_client.post(reverse("admin:campaigns_campaign_add"), data)
    errors = " ".join(response.context["adminform"].form.errors["system_options"])
    assert "nonsense" in errors
    assert not Campaign.objects.filter(slug="jousts").exists()


def test_the_change_page_shows_the_system_read_only_without_rule_set_versions(admin_client, make_campaign):
    campaign = make_campaign("multiverse")
    response = admin_client.get(reverse("admin:campaigns_campaign_change", args=[campaign.pk]))
    page = response.content.decode()
    assert 'name="system"' not in page and "Magic: the Multiverse" in page
    assert 'name="missile_table"' not in page and "rule_set_versions" not in page


def test_a_change_keeps_the_system_whatever_is_posted(admin_client, gm, make_campaign):
    campaign = make_campaign("fallen-empire", "jousts")
    data = _form(gm, system="multiverse", system_options=json.dumps({"preset": "earlier-order"}), name="Renamed")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    campaign.refresh_from_db()
    assert (campaign.name, campaign.system, campaign.system_options) == ("Renamed", "fallen-empire", {"preset": "earlier-order"})


def test_a_change_with_a_refused_option_saves_nothing(admin_client, gm, make_campaign):
    campaign = make_campaign("fallen-empire", "jousts")
    data = _form(gm, system_options=json.dumps({"preset": "no-such-preset"}), name="Renamed")
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert "preset" in " ".join(response.context["adminform"].form.errors["system_options"])
    assert Campaign.objects.get(pk=campaign.pk).name != "Renamed"
