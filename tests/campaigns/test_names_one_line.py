"""Defect 4 of issue #12: a name with a line break broke every email of its campaign. Every name that
reaches a header (campaign, battle, player) is refused at the form, the admin and the import, naming the
field, and the mail code never puts a line break into a header."""

import pytest
from django.urls import reverse

from campaigns import exchange, services
from campaigns.exchange import CampaignFileError
from campaigns.mail import services as mail
from campaigns.mail.models import OutboxMessage
from campaigns.models import Campaign, Player
from combat.models import Battle
from tests.campaigns.conftest import create_form_data
from tests.campaigns.test_admin import admin_form

pytestmark = pytest.mark.django_db

EVIL = "Evil\r\nBcc: x@y.z"
LINE_BREAKS = [EVIL, "two\nlines", "tab\there", "separator\u2028here", "nul\x00here"]


@pytest.fixture
def admin_client(client, staff_user):
    client.force_login(staff_user)
    return client


@pytest.mark.parametrize("name", LINE_BREAKS)
def test_the_create_form_refuses_a_campaign_name_with_a_line_break(gm_client, name):
    response = gm_client.post(reverse("campaigns:create"),
                              create_form_data(gm_client, name=name, slug="evil", preset="bimr4"))
    assert response.status_code == 200
    assert response.context["form"].errors["name"]
    assert not Campaign.objects.filter(slug="evil").exists()


def test_the_players_page_refuses_a_player_name_with_a_line_break(gm_client, campaign):
    response = gm_client.post(reverse("campaigns:players", args=["bimr4"]),
                              {"name": EVIL, "email": "eve@example.com", "time_zone": "UTC"})
    assert "line break" in " ".join(response.context["form"].errors["name"])
    assert not Player.objects.filter(email="eve@example.com").exists()


def test_the_services_refuse_a_line_break_whoever_calls_them(gm, campaign):
    with pytest.raises(services.ValidationError) as raised:
        services.create_campaign(gm, EVIL, "evil", "bimr4")
    assert "name" in raised.value.message_dict
    with pytest.raises(services.ValidationError) as raised:
        services.add_player(gm, campaign, {"name": EVIL, "email": "eve@example.com", "time_zone": "UTC"})
    assert "name" in raised.value.message_dict


def test_the_admin_refuses_a_campaign_name_with_a_line_break(admin_client, campaign):
    response = admin_client.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]),
                                 admin_form(campaign, name=EVIL))
    assert response.status_code == 200 and response.context["adminform"].form.errors["name"]
    campaign.refresh_from_db()
    assert campaign.name == "BIMR4"


def test_the_admin_refuses_a_player_name_with_a_line_break(admin_client, player):
    response = admin_client.post(reverse("admin:campaigns_player_change", args=[player.pk]),
                                 {"campaign": player.campaign_id, "name": EVIL, "email": player.email,
                                  "time_zone": player.time_zone})
    assert response.status_code == 200 and response.context["adminform"].form.errors["name"]
    player.refresh_from_db()
    assert player.name == "Alice"


def test_the_import_refuses_a_campaign_name_with_a_line_break(campaign):
    data = exchange.export_campaign(campaign)
    data.update(slug="copy", name=EVIL)
    with pytest.raises(CampaignFileError) as raised:
        exchange.import_campaign(data)
    assert raised.value.path == "name"
    assert not Campaign.objects.filter(slug="copy").exists()


def test_the_import_refuses_a_player_name_with_a_line_break(campaign, player):
    data = exchange.export_campaign(campaign)
    data["slug"] = "copy"
    data["players"][0]["name"] = EVIL
    with pytest.raises(CampaignFileError) as raised:
        exchange.import_campaign(data)
    assert raised.value.path == "players[0].name"


def test_the_import_refuses_a_battle_name_with_a_line_break(campaign):
    data = exchange.export_campaign(campaign)
    data["slug"] = "copy"
    data["battles"] = [{"name": EVIL, "clearing": "Cave 4", "characters": [], "rounds": []}]
    with pytest.raises(CampaignFileError) as raised:
        exchange.import_campaign(data)
    assert raised.value.path == "battles[0].name"
    assert not Battle.objects.exists()


def test_a_subject_with_a_line_break_is_queued_and_sent_as_one_line(embedded_mailer, campaign):
    """A name stored before this check existed must not break the campaign's mail."""
    row = mail.queue_email(to="alice@example.com", subject=f"[{EVIL}] round 1", text="hello",
                           campaign=campaign, idempotency_key="names/1")
    assert "\n" not in row.subject and "\r" not in row.subject
    OutboxMessage.objects.filter(pk=row.pk).update(subject=f"[{EVIL}] round 1")  # a row from before the check
    assert mail.send_outbox_message(row.pk) == "sent"
    message = mail.build_email(OutboxMessage.objects.get(pk=row.pk)).message()
    assert "Bcc" not in message.keys() and "\n" not in message["Subject"]


def test_queue_email_refuses_a_recipient_with_a_line_break():
    with pytest.raises(ValueError):
        mail.queue_email(to="a@b.c\r\nBcc: x@y.z", subject="s", text="t", idempotency_key="names/2")


def test_the_admin_refuses_a_battle_name_with_a_line_break(admin_client, gm, campaign, player):
    from combat.demo import create_set_up_battle

    character = services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": "Amazon"})
    battle = create_set_up_battle(campaign, "ambush", "Ambush", "Cave 4",
                                  {"characters": ["Amazon"], "monsters": "Wolf", "attacks": "Wolf -> Amazon"})
    data = {"campaign": campaign.pk, "name": EVIL, "clearing": "Cave 4", "characters": [character.pk],
            "status": "active", "state": "{}", "demo_key": "",
            "rounds-TOTAL_FORMS": 0, "rounds-INITIAL_FORMS": 0, "rounds-MIN_NUM_FORMS": 0, "rounds-MAX_NUM_FORMS": 1000}
    response = admin_client.post(reverse("admin:combat_battle_change", args=[battle.pk]), data)
    assert response.status_code == 200 and response.context["adminform"].form.errors["name"]
    battle.refresh_from_db()
    assert battle.name == "Ambush"
