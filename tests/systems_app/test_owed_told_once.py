"""What a side owes after a round is told once on the player's email and page. Magic Realm's summaries end with
what the character owes ("1 wound, on chits the player chooses"); the interface's email and page printed it again as
"Owed: ..." (combat.system_rounds.side_report). A system whose summary does not say it still gets the "Owed"
line (test_dues_emails.py). The battle: Alice's Black Knight and Bob's Amazon set up against an H Troll and a
Wolf; with the known seed (7, conftest.known_dice) the Troll wounds the Knight and the Amazon's two asterisks
leave her a fatigue to pay."""

import pytest

from campaigns.mail.models import OutboxMessage
from tests.systems_app.conftest import gm_plays, resolve, start_ambush, token_of

pytestmark = pytest.mark.django_db

KNIGHT = {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "H Troll", "weapon": "Mace",
          "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1}
AMAZON = {"encounter_play": "none", "attack_chit": "FIGHT M3**", "target": "Wolf", "weapon": "Short Sword",
          "attack_box": 1, "maneuver_chit": "MOVE M4", "maneuver_box": 3}
WOUND, FATIGUE = "1 wound, on chits the player chooses", "1 asterisk of fatigue, on chits the player chooses"


def resolved_ambush(gm):
    """`start_ambush`'s round 1 played by the GM and resolved with the known seed: the Knight owes a wound, the
    Amazon a fatigue."""
    battle = start_ambush(gm)
    round_ = battle.rounds.get(number=1)
    gm_plays(gm, round_, "Black Knight", KNIGHT)
    gm_plays(gm, round_, "Amazon", AMAZON)
    resolved = resolve(gm, round_)
    assert resolved.result["owes"] == {"Black Knight": [WOUND], "Amazon": [FATIGUE]}
    assert WOUND in resolved.result["summaries"]["Black Knight"]  # what the summary says is not said again
    return battle


@pytest.fixture
def ambush(gm):
    return resolved_ambush(gm)


def test_each_players_result_email_tells_what_his_side_owes_once(ambush):
    for email, owed in (("alice@example.com", WOUND), ("bob@example.com", FATIGUE)):
        mail = OutboxMessage.objects.get(recipient=email, subject="[The Realm] Ambush: round 1")
        assert mail.text.count(owed) == 1, mail.text
        assert mail.html.count(owed) == 1, mail.html
        assert "Owed:" not in mail.text and "Owed:" not in mail.html


def test_the_players_page_tells_what_his_side_owes_once(client, ambush):
    page = client.get(f"/play/{token_of(ambush, 'Alice')}/").content.decode()
    assert page.count(WOUND) == 1
    assert "<strong>Owed:</strong>" not in page
    assert FATIGUE not in page  # the Amazon's, Bob's to know
