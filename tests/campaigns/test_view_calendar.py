import pytest
from django.urls import reverse

from campaigns.models import Campaign

pytestmark = pytest.mark.django_db


def test_the_calendar_page_shows_the_season_its_table_and_the_hidden_chit_to_the_gm(gm_client, campaign):
    page = gm_client.get(reverse("campaigns:calendar", args=["bimr4"])).content.decode()
    assert "Spring: the seasons table" in page
    assert "Hidden weather chit (GMs only): 3" in page
    assert "No week has ended yet" in page


def test_advancing_ends_the_week_and_logs_the_roll(gm_client, campaign):
    response = gm_client.post(reverse("campaigns:advance_calendar", args=["bimr4"]))
    assert response.status_code == 302
    campaign = Campaign.objects.get(pk=campaign.pk)
    assert campaign.week == 2 and campaign.weather_rolls.count() == 1
    page = gm_client.get(response.url).content.decode()
    assert 'id="roll-log"' in page and "Month 1, week 1" in page


def test_with_htmx_advancing_returns_the_calendar_panel_only(gm_client, campaign):
    response = gm_client.post(reverse("campaigns:advance_calendar", args=["bimr4"]), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and 'id="calendar-panel"' in page and "<html" not in page
    assert 'id="roll-log"' in page


def test_advancing_needs_a_post(gm_client, campaign):
    assert gm_client.get(reverse("campaigns:advance_calendar", args=["bimr4"])).status_code == 405
