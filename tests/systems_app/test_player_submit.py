"""Sealing a player's answers for a battle fought through the systems interface (players.services.submit):
checked alone, each missing question named, the deadline and the GM's lock kept, a Submission and a receipt
email, and with auto-resolve the round resolves once every side is in."""

from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns.mail.models import OutboxMessage
from combat.models import Round
from players.models import RoundDeadline, Submission
from tests.systems_app.conftest import gm_plays, posted, side_url, start

pytestmark = pytest.mark.django_db

ATTACK = {"action": "attack", "method": "melee", "dice": 3, "target": "Goblin 1"}


@pytest.fixture
def ambush(gm, make_campaign):
    return start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")


def submit(client, battle, answers, player="Alice", name="Aldric"):
    side = Round.objects.get(battle=battle, number=1).sides.get(side=name)
    return client.post(side_url(battle, player, name, "submit"), posted(side, answers))


def test_it_seals_the_answers_with_a_receipt_and_its_email(client, ambush):
    response = submit(client, ambush, {**ATTACK, "other": "ignored: hidden behind Attack"})
    assert response.status_code == 302
    sealed = Submission.objects.get(round__battle=ambush, source=Submission.Source.PLAYER)
    assert sealed.plays == ATTACK  # the hidden question is not kept
    assert Round.objects.get(battle=ambush, number=1).sides.get(side="Aldric").plays == ATTACK
    mail = OutboxMessage.objects.get(subject__endswith="plays received")
    assert mail.recipient == "alice@example.com" and sealed.receipt in mail.text and "Aldric" in mail.text
    page = client.get(response["Location"]).content.decode()
    assert sealed.receipt in page


def test_it_refuses_a_missing_answer_and_names_its_question(client, ambush):
    response = submit(client, ambush, {"action": "attack", "method": "melee", "dice": 3})
    body = response.content.decode()
    assert response.status_code == 422
    target = body[body.index("-target_error"):].split("</div>")[0]
    assert "Target: choose one" in target
    assert "Fix the plays marked below before submitting." in body
    assert '<option value="0" selected>melee</option>' in body  # what was posted stays
    assert not Submission.objects.exists()


def test_it_refuses_a_choice_not_offered_with_the_other_answers(client, gm, make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-astaroth-and-the-goblins")
    side = Round.objects.get(battle=battle, number=1).sides.get(side="Astaroth")
    data = posted(side, {"kind_0": "attack", "ticks_0": 3, "target_0": "Goblin 1", "attribute_0": "finesse",
                         "kind_1": "fire", "fire_ticks_1": 1, "target_1": "Goblin 1"})
    response = client.post(side_url(battle, "Alice", "Astaroth", "submit"), data)
    assert response.status_code == 422
    body = response.content.decode()
    assert "Fire is not offered with your other answers" in body[body.index("-kind_1_error"):].split("</div>")[0]


def test_it_refuses_after_the_deadline(client, ambush):
    RoundDeadline.objects.filter(round__battle=ambush).update(due_at=timezone.now() - timedelta(minutes=1))
    response = submit(client, ambush, ATTACK)
    assert response.status_code == 422
    assert "The deadline for round 1 passed" in response.content.decode()
    assert not Submission.objects.exists()


def test_it_refuses_a_side_the_gm_locked(client, ambush):
    Round.objects.get(battle=ambush, number=1).sides.filter(side="Aldric").update(locked=True)
    response = submit(client, ambush, ATTACK)
    assert "Your GM has locked this side" in response.content.decode()
    assert not Submission.objects.exists()


def test_with_auto_resolve_the_round_resolves_once_every_side_is_in(client, gm, ambush):
    from combat import services as combat_services
    from players import services

    ambush.campaign.auto_resolve = True
    ambush.campaign.save()
    round_ = Round.objects.get(battle=ambush, number=1)
    for goblin in ("Goblin 1", "Goblin 2"):
        gm_plays(gm, round_, goblin, {"action": "none"})
    assert submit(client, ambush, ATTACK).status_code == 302
    assert Round.objects.get(pk=round_.pk).status == Round.Status.DRAFTING  # Bryn is not in yet
    assert submit(client, ambush, {"action": "none"}, player="Bob", name="Bryn").status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.RESOLVING
    combat_services.resolve_round(round_.pk)
    assert Round.objects.get(pk=round_.pk).status == Round.Status.RESOLVED
    assert services.current_round(ambush).number == 2
