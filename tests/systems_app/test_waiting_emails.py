"""The email a player gets when a round stops half-way for their side's choice: it starts with what they must
choose and ends with their link; nobody else's player gets one, nor does the GM's ruling send one."""

import pytest

from campaigns.mail.models import OutboxMessage
from tests.systems_app.conftest import token_of
from tests.systems_app.waiting_battles import answer_url, key_of, run_resolve

pytestmark = pytest.mark.django_db


def _waiting_emails():
    return OutboxMessage.objects.filter(subject__endswith="your choice is needed")


def test_the_waiting_sides_player_is_asked_by_email(waiting_round):
    email = _waiting_emails().get()
    assert email.recipient == "alice@example.com"
    assert email.subject == "[A campaign that waits] The ambush: round 1: your choice is needed"
    assert email.text.startswith("Aldric must choose: Aldric dodges the Goblin's blow.\n- Which way\n- How many steps\n")
    assert email.text.rstrip().endswith(f"/play/{token_of(waiting_round.battle, 'Alice')}/")


def test_a_wait_for_the_gms_ruling_emails_no_player(waiting_round, gm_client):
    gm_client.post(answer_url(waiting_round, key_of(waiting_round, "Aldric")), {"dodge": "1", "steps": "2"})
    assert run_resolve(waiting_round).error.startswith("The round waits for the GM's ruling")
    assert _waiting_emails().count() == 1
