"""Submitting plays from the player's page (the answers to the side's plays form): sealed with a receipt, errors
beside the fields."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from campaigns.mail.models import OutboxMessage
from players.models import RoundDeadline, Submission
from tests.combat.conftest import BLACK_KNIGHT_PLAYS, form_data, side_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


def test_it_seals_valid_plays_and_redirects_to_the_page_with_the_receipt(client, tokens, characters, first_round):
    knight = characters["Black Knight"]
    data = form_data(side_of(first_round, "Black Knight"), BLACK_KNIGHT_PLAYS)
    response = client.post(f"/play/{tokens['Alice']}/sides/{knight.pk}/submit/", data, follow=True)
    assert response.status_code == 200
    submission = Submission.objects.get(character=knight)
    assert submission.receipt in response.content.decode()
    assert OutboxMessage.objects.filter(idempotency_key=f"players/submission-{submission.pk}").exists()


def test_it_refuses_illegal_plays_with_the_error_beside_the_field(client, tokens, characters, first_round):
    knight = characters["Black Knight"]
    data = form_data(side_of(first_round, "Black Knight"), {**BLACK_KNIGHT_PLAYS, "attack_chit": "FIGHT H4**",
                                                           "maneuver_chit": "MOVE H4**"})  # four asterisks
    response = client.post(f"/play/{tokens['Alice']}/sides/{knight.pk}/submit/", data)
    assert response.status_code == 422
    body = response.content.decode()
    error = body.split(f'id="id_side{knight.pk}-maneuver_chit_error"')[1].split("</div>")[0]
    assert 'class="error"' in error
    assert not Submission.objects.exists()


def test_it_refuses_another_players_side(client, tokens, characters):
    amazon = characters["Amazon"]
    response = client.post(f"/play/{tokens['Alice']}/sides/{amazon.pk}/submit/", {"encounter_play": "0"})
    assert response.status_code == 404


def test_a_forged_link_cannot_submit(client, tokens, characters, first_round):
    knight = characters["Black Knight"]
    data = form_data(side_of(first_round, "Black Knight"), BLACK_KNIGHT_PLAYS)
    response = client.post(f"/play/forged-{tokens['Alice'][7:]}/sides/{knight.pk}/submit/", data)
    assert response.status_code == 404


def test_a_submission_after_the_deadline_is_refused_with_a_clear_message(client, tokens, battle, characters, first_round):
    knight = characters["Black Knight"]
    due = timezone.now() - timedelta(minutes=5)
    RoundDeadline.objects.filter(round__battle=battle, round__number=1).update(due_at=due)
    data = form_data(side_of(first_round, "Black Knight"), BLACK_KNIGHT_PLAYS)
    response = client.post(f"/play/{tokens['Alice']}/sides/{knight.pk}/submit/", data)
    assert response.status_code == 422
    body = response.content.decode()
    assert "The deadline for round 1 passed on" in body and f"{due:%H:%M} UTC" in body
    assert "your plays can no longer change" in body
    assert not Submission.objects.exists()
