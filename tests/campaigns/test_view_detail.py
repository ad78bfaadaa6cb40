import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_campaign_page_shows_calendar_rules_players_and_battles_link(gm_client, campaign, black_knight):
    page = gm_client.get(reverse("campaigns:detail", args=["bimr4"])).content.decode()
    assert "Spring" in page and "Month 1, week 1, day 1" in page
    assert campaign.rules_fingerprint() in page
    assert "Alice" in page and "Black Knight" in page
    assert 'href="/campaigns/bimr4/battles/"' in page


def test_the_campaign_page_never_shows_the_hidden_weather_chit(gm_client, campaign):
    assert "chit" not in gm_client.get(reverse("campaigns:detail", args=["bimr4"])).content.decode().lower()


def test_the_campaign_page_names_its_gms_and_who_gets_no_gm_copy(gm_client, gm, campaign, make_user):
    gm.first_name = "Alice Moor"
    gm.save()
    campaign.gms.add(make_user("gm-quiet", email=""))
    page = gm_client.get(reverse("campaigns:detail", args=["bimr4"])).content.decode()
    assert "<li>Alice Moor (gm-alice)</li>" in page
    assert "<li>gm-quiet <span class=\"muted\">· no email: gets no GM copy of the rounds</span></li>" in page
