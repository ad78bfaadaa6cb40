"""The admin: originals read-only with a copy action; house counters validated field by field."""

import json

import pytest
from django.urls import reverse

from campaigns.models import Campaign
from systems.magic_realm.django_app.models import HouseCounter, OriginalCounter
from systems.magic_realm.django_app.services import sync_original_counters


@pytest.fixture(autouse=True)
def original_counters(db):
    """The originals as load_catalogue leaves them (the data migration's rows do not survive a
    transactional test's flush)."""
    sync_original_counters()


@pytest.mark.django_db
def test_the_originals_are_listed_but_cannot_be_changed_added_or_deleted(admin_client):
    troll = OriginalCounter.objects.get(key="monster/t-troll-1")
    listing = admin_client.get(reverse("admin:catalogue_originalcounter_changelist") + "?q=troll")
    assert listing.status_code == 200 and "T Troll" in listing.content.decode()
    page = admin_client.get(reverse("admin:catalogue_originalcounter_change", args=[troll.pk]))
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()
    response = admin_client.post(
        reverse("admin:catalogue_originalcounter_change", args=[troll.pk]), {"name": "Changed"}
    )
    assert response.status_code == 403
    assert admin_client.get(reverse("admin:catalogue_originalcounter_add")).status_code == 403
    assert admin_client.get(reverse("admin:catalogue_originalcounter_delete", args=[troll.pk])).status_code == 403
    troll.refresh_from_db()
    assert troll.name == "T Troll"


@pytest.mark.django_db
def test_copying_an_original_opens_the_new_house_counter(admin_client):
    troll = OriginalCounter.objects.get(key="monster/t-troll-1")
    response = admin_client.post(
        reverse("admin:catalogue_originalcounter_changelist"),
        {"action": "copy_as_house_counter", "_selected_action": [troll.pk]},
    )
    house = HouseCounter.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:catalogue_housecounter_change", args=[house.pk])
    assert house.based_on == "monster/t-troll-1" and house.data["dark"]["harm"] == "RED"


@pytest.mark.django_db
def test_a_bad_house_counter_shows_the_field_and_saves_nothing(admin_client):
    campaign = Campaign.objects.create(slug="bimr4", name="BIMR4")
    data = json.loads(json.dumps(OriginalCounter.objects.get(key="monster/wolf-1").data))
    data.pop("key"), data.pop("name")
    data["dark"]["attack_time"] = 11
    response = admin_client.post(
        reverse("admin:catalogue_housecounter_add"),
        {"kind": "monster", "name": "Dire Wolf", "based_on": "", "data": json.dumps(data), "notes": "",
         "campaigns": [campaign.pk]},
    )
    assert response.status_code == 200
    assert "data.dark.attack_time: must be between 0 and 9" in response.content.decode()
    assert not HouseCounter.objects.exists()


@pytest.mark.django_db
def test_staff_add_a_house_counter_for_a_campaign(admin_client):
    campaign = Campaign.objects.create(slug="bimr4", name="BIMR4")
    response = admin_client.post(
        reverse("admin:catalogue_housecounter_add"),
        {"kind": "monster", "name": "Dire Wolf", "based_on": "monster/wolf-1", "data": "{}", "notes": "Bigger.",
         "campaigns": [campaign.pk]},
    )
    assert response.status_code == 302
    house = HouseCounter.objects.get()
    assert list(house.campaigns.all()) == [campaign]
    assert house.to_counter().light.harm == "L"


@pytest.mark.django_db
def test_the_change_pages_draw_the_counter(admin_client):
    troll = OriginalCounter.objects.get(key="monster/t-troll-1")
    html = admin_client.get(reverse("admin:catalogue_originalcounter_change", args=[troll.pk])).content.decode()
    assert "T Troll, dark side, harm Red (kills) at attack time 2" in html and "catalogue/catalogue.css" in html
    admin_client.post(
        reverse("admin:catalogue_originalcounter_changelist"),
        {"action": "copy_as_house_counter", "_selected_action": [troll.pk]},
    )
    house = HouseCounter.objects.get()
    html = admin_client.get(reverse("admin:catalogue_housecounter_change", args=[house.pk])).content.decode()
    assert "T Troll, light side, harm Heavy at attack time 4" in html and "House rule" in html


@pytest.mark.django_db
def test_text_that_is_not_json_is_an_error_on_the_data_field(admin_client):
    response = admin_client.post(
        reverse("admin:catalogue_housecounter_add"),
        {"kind": "monster", "name": "Dire Wolf", "based_on": "", "data": "{light: M4", "notes": ""},
    )
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["data"] == ["Enter a valid JSON."]
    assert not HouseCounter.objects.exists()
