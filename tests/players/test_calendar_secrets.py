"""What only the GM may see of the calendar (Magic Realm's hidden weather chit, and the facts of a week's end marked
for the GM) never reaches a player's page or email; what everyone may know (the season, the weather) does."""

import pytest

from campaigns import services as campaign_services
from campaigns.mail.models import OutboxMessage
from combat import services as combat_services
from combat.models import Round
from systems.dice import ScriptedDice
from tests.combat.conftest import AMAZON_PLAYS, BLACK_KNIGHT_PLAYS, lock_all

from .conftest import page_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def week_ended(gm, campaign):
    """The week ended with die 2 against chit 4 (Storm), and chit 6 drawn for the next one."""
    campaign.calendar_state = {"weather": "clear", "chit": 4}
    campaign.save(update_fields=["calendar_state"])
    week_end = campaign_services.advance_calendar(gm, campaign, ScriptedDice([2, 6]))
    campaign.refresh_from_db()
    assert campaign.calendar_state == {"weather": "storm", "chit": 6}
    return week_end


def secrets_of(week_end) -> list[str]:
    """The words only the GM may see: the week's end's GM facts and the hidden chit as the GM's page shows it."""
    return [fact["text"] for fact in week_end.facts if fact["gm_only"]] + ["Hidden weather chit", "weather chit"]


def test_no_email_to_a_player_carries_the_gms_calendar_facts(gm, campaign, battle, characters, week_ended,
                                                              celery_eager, django_capture_on_commit_callbacks):
    slug = campaign.slug
    lock_all(gm, battle.rounds.get(number=1), {"Black Knight": dict(BLACK_KNIGHT_PLAYS), "Amazon": dict(AMAZON_PLAYS)})
    Round.objects.filter(battle=battle, number=1).update(seed=8)
    with django_capture_on_commit_callbacks(execute=True):
        combat_services.request_resolve(gm, slug, battle.pk, 1)
    players = OutboxMessage.objects.filter(campaign=campaign).exclude(recipient="gm@example.com")
    assert players.filter(subject__contains="round 1").count() >= 2
    for email in players:
        for secret in secrets_of(week_ended):
            assert secret not in email.text and secret not in (email.html or ""), (email.subject, secret)
    result = players.filter(idempotency_key__startswith="combat/").first()
    assert "month 1, week 2, day 9, Spring, weather: " in result.text  # what everyone may know still comes


def test_a_players_page_never_shows_the_gms_calendar_facts(client, battle, week_ended, tokens):
    page = client.get(page_url(tokens["Alice"])).content.decode()
    assert "Black Knight" in page
    for secret in secrets_of(week_ended):
        assert secret not in page
