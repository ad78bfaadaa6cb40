import pytest
from django.urls import reverse
from systems.magic_realm.engine.ruleset import rules_from

pytestmark = pytest.mark.django_db


def test_the_dashboard_lists_only_the_gms_own_campaigns_with_season_and_weather(gm_client, campaign, rival_gm):
    response = gm_client.get(reverse("campaigns:dashboard"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "BIMR4" in page and "Spring" in page
    assert "Rival campaign" not in page


def test_the_dashboard_offers_to_create_a_campaign_from_a_preset(gm_client):
    page = gm_client.get(reverse("campaigns:dashboard")).content.decode()
    assert 'action="/campaigns/new/"' in page and 'value="bimr4"' in page


def test_the_dashboard_shows_what_waits_on_the_gm(gm_client, campaign):
    response = gm_client.get(reverse("campaigns:dashboard"))
    assert "Waiting on you" in response.content.decode()
    assert list(response.context["battles"]) == []
    assert list(response.context["failed_messages"]) == []


def test_without_an_email_the_dashboard_says_the_gms_copy_of_each_round_cannot_be_sent(client, make_user):
    client.force_login(make_user("quiet", email=""))
    page = client.get(reverse("campaigns:dashboard")).content.decode()
    assert "Herald cannot send you the GM's copy of each round" in page
    assert 'href="/accounts/profile/">Set it on your profile</a>' in page


def test_with_an_email_the_dashboard_says_nothing_of_it(gm_client):
    assert 'id="no-gm-email"' not in gm_client.get(reverse("campaigns:dashboard")).content.decode()


def test_the_dashboard_reads_each_campaigns_latest_rules_in_the_campaigns_query(gm_client, gm, campaign):
    from campaigns import services

    services.change_rules(gm, campaign, {"seasons_and_weather": False, "starting_season": None}, "no weather this year")
    listed = services.campaigns_for_gm(gm)
    assert [c.current_rules_version.number for c in listed] == [2]
    assert rules_from(listed[0].round_rules()) == rules_from(type(campaign).objects.get(pk=campaign.pk).round_rules())
    page = gm_client.get(reverse("campaigns:dashboard")).content.decode()
    campaigns_part = page[:page.index('id="create-heading"')]  # the create form below offers every season
    assert "Spring" not in campaigns_part  # the calendar follows version 2, which has no seasons


def test_the_dashboard_lists_a_failed_email_with_its_subject_recipient_and_error(gm_client, campaign):
    from campaigns.mail import services as mail_services
    from campaigns.mail.models import OutboxMessage

    sent = mail_services.queue_email(to="bob@example.com", subject="Round 3 results", text="the log",
                                     campaign=campaign, idempotency_key="dashboard-failed")
    OutboxMessage.objects.filter(pk=sent.pk).update(status="failed", last_error="550 mailbox unavailable")
    page = gm_client.get(reverse("campaigns:dashboard")).content.decode()
    assert "Round 3 results</a> to bob@example.com" in page and "550 mailbox unavailable" in page
