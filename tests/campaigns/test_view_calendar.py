import pytest
from django.urls import reverse

from campaigns.models import Campaign

pytestmark = pytest.mark.django_db


def test_the_calendar_page_shows_the_season_its_table_and_the_hidden_chit_to_the_gm(gm_client, campaign):
    page = gm_client.get(reverse("campaigns:calendar", args=["bimr4"])).content.decode()
    assert "Spring: the seasons table" in page
    assert "Hidden weather chit (GMs only): 3" in page
    assert "No week has ended yet" in page


def confirmed(campaign) -> dict:
    return {"confirm": "yes", "week": f"{campaign.month}-{campaign.day}"}


def test_the_calendar_page_asks_before_the_week_ends(gm_client, campaign):
    page = gm_client.get(reverse("campaigns:calendar", args=["bimr4"])).content.decode()
    assert f'href="{reverse("campaigns:advance_calendar", args=["bimr4"])}">End the week and roll the weather…</a>' in page


def test_it_asks_before_ending_the_week_and_says_what_happens(gm_client, campaign):
    response = gm_client.get(reverse("campaigns:advance_calendar", args=["bimr4"]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "End week 1 of month 1 and roll the weather?" in page and "hidden weather chit (3)" in page
    assert "cannot be taken back" in page and 'name="week" value="1-1"' in page
    assert Campaign.objects.get(pk=campaign.pk).week == 1 and not campaign.week_ends.exists()


def test_a_post_without_the_confirmation_only_asks(gm_client, campaign):
    response = gm_client.post(reverse("campaigns:advance_calendar", args=["bimr4"]))
    assert response.status_code == 200 and "Yes, end the week" in response.content.decode()
    assert not campaign.week_ends.exists()


def test_advancing_ends_the_week_and_logs_the_roll(gm_client, campaign):
    response = gm_client.post(reverse("campaigns:advance_calendar", args=["bimr4"]), confirmed(campaign))
    assert response.status_code == 302
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert campaign.week == 2 and campaign.week_ends.count() == 1
    page = gm_client.get(response.url).content.decode()
    assert 'id="roll-log"' in page and "Month 1, week 1" in page


def test_confirming_the_same_week_twice_ends_it_once(gm_client, campaign):
    data = confirmed(campaign)
    gm_client.post(reverse("campaigns:advance_calendar", args=["bimr4"]), data)
    response = gm_client.post(reverse("campaigns:advance_calendar", args=["bimr4"]), data)
    assert response.status_code == 409 and "That week has already ended" in response.content.decode()
    assert Campaign.objects.get(pk=campaign.pk).week == 2 and campaign.week_ends.count() == 1


def test_with_htmx_advancing_returns_the_calendar_panel_only(gm_client, campaign):
    response = gm_client.post(reverse("campaigns:advance_calendar", args=["bimr4"]), confirmed(campaign),
                              HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and 'id="calendar-panel"' in page and "<html" not in page
    assert 'id="roll-log"' in page


def test_ending_the_week_is_a_404_for_a_gm_of_another_campaign(client, other_user, campaign):
    client.force_login(other_user)
    assert client.get(reverse("campaigns:advance_calendar", args=["bimr4"])).status_code == 404
    assert client.post(reverse("campaigns:advance_calendar", args=["bimr4"]), confirmed(campaign)).status_code == 404
    assert not campaign.week_ends.exists()
