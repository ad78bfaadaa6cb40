"""The battle list and a battle's own address, for a campaign that fights through the systems interface."""

import pytest
from django.utils.html import escape

from tests.systems_app.conftest import start

pytestmark = pytest.mark.django_db


def test_the_list_names_the_campaigns_system_and_its_battles(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("fallen-empire"), "joust-first-pass")
    page = gm_client.get(f"/campaigns/{battle.campaign.slug}/battles/").content.decode()
    assert escape(battle.campaign.system_title) in page
    assert f'href="/campaigns/{battle.campaign.slug}/battles/{battle.pk}/">The fight</a>' in page
    assert "Black Knight, Sir Ash" in page or "Sir Ash, Black Knight" in page


def test_a_battle_leads_to_its_current_round(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-counterspell")
    response = gm_client.get(f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/")
    assert response.status_code == 302 and response["Location"].endswith(f"/battles/{battle.pk}/rounds/1/")


def test_the_gm_ends_a_battle_from_its_round_page_and_its_players_are_told(gm, gm_client, make_campaign):
    from campaigns.mail.models import OutboxMessage
    from combat.models import Battle

    battle = start(gm, make_campaign("fallen-empire"), "joust-first-pass")
    round_page = gm_client.get(f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/1/").content.decode()
    end_url = f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/end/"
    assert f'href="{end_url}"' in round_page
    response = gm_client.post(end_url, {"confirm": "yes"})
    assert response.status_code == 302
    assert Battle.objects.get(pk=battle.pk).status == Battle.Status.ENDED
    told = set(OutboxMessage.objects.filter(subject__endswith="the battle is over").values_list("recipient", flat=True))
    assert told == {"alice@example.com", "bob@example.com"}
