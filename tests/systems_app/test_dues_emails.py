"""The round emails of a battle fought through the systems interface (combat.system_emails) when a side owes
something after the round (owing_system.py: after round 1 Alice's Aldric owes a mark, the GM's Goblin two, Bob's
Bryn nothing): the player whose side owes is told what and where to settle it, with the link, first."""

import pytest

from campaigns.mail.models import OutboxMessage
from tests.systems_app.conftest import token_of
from tests.systems_app.owing_battles import owing_battle, owing_campaign  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def mail_to(email):
    return OutboxMessage.objects.get(recipient=email, subject__endswith="round 1")


def last_line(text):
    return text.rstrip().split("\n-- Herald")[0].rstrip().splitlines()[-1]


def test_the_email_of_a_player_whose_side_owes_says_what_and_ends_with_settling_it_on_their_page(owing_battle):
    text = mail_to("alice@example.com").text
    url = f"/play/{token_of(owing_battle, 'Alice')}/"
    assert "  Owed: 1 hit to mark\n  To settle on your page before round 2 is resolved: Aldric marks 1 hit\n" in text
    assert "Before round 2 can be resolved, settle what Aldric owes on your page:\n\n" in text
    assert text.split("owes on your page:\n\n")[1].splitlines()[0].endswith(url)
    assert text.index("Before round 2 can be resolved") < text.index("What comes next")
    assert last_line(text).startswith("Next step: settle what Aldric owes, and send your round 2 plays by ")
    assert last_line(text).endswith(url)
    assert f'{url}">your page</a>' in mail_to("alice@example.com").html


def test_the_email_of_a_player_whose_sides_owe_nothing_is_as_before(owing_battle):
    text = mail_to("bob@example.com").text
    assert "settle" not in text.lower()
    assert last_line(text).startswith("Next step: send your round 2 plays by ")


def test_the_gms_email_names_each_side_that_owes_and_who_settles_it(owing_battle):
    text = OutboxMessage.objects.get(recipient="gm@example.com", subject__endswith="(GM log)").text
    assert ("Round 2 is resolved only once each of these has settled this round's dues (on the "
            "round's page, or its player on their page): Aldric (Alice's), Goblin (yours).") in text
