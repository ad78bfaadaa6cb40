"""The public verify page: anyone with a round file (no login) checks its committed dice."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from combat import fairness
from tests.combat.test_fair_dice import resolve_committed

URL = reverse("verify_round")


@pytest.fixture
def round_file(gm, battle, characters, valid_plays, first_round):
    return fairness.round_file(resolve_committed(gm, battle, characters, valid_plays, first_round))


@pytest.mark.django_db
def test_it_shows_the_form_to_anyone_without_a_login(client):
    response = client.get(URL)
    assert response.status_code == 200 and b"Check the dice" in response.content


@pytest.mark.django_db
def test_it_verifies_an_uploaded_round_file(client, round_file):
    upload = SimpleUploadedFile("round.json", json.dumps(round_file).encode(), content_type="application/json")
    response = client.post(URL, {"file": upload})
    assert response.status_code == 200
    assert b"Verified" in response.content and b"stored result" in response.content


@pytest.mark.django_db
def test_it_verifies_a_pasted_round_file_for_htmx(client, round_file):
    response = client.post(URL, {"text": json.dumps(round_file)}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert b'id="verdict"' in response.content and b"Verified" in response.content
    assert b"<html" not in response.content


@pytest.mark.django_db
def test_it_refuses_a_changed_seed_with_the_reason(client, round_file):
    round_file["seed"] += 1
    response = client.post(URL, {"text": json.dumps(round_file)})
    assert response.status_code == 422
    assert b"Not verified" in response.content and b"do not hash to the commitment" in response.content


@pytest.mark.django_db
def test_it_names_the_field_of_text_that_is_not_json(client):
    response = client.post(URL, {"text": "{oops"})
    assert response.status_code == 422
    assert b'id="id_text_error"' in response.content and b"not a JSON round file" in response.content


@pytest.mark.django_db
def test_it_asks_for_a_file_when_given_nothing(client):
    response = client.post(URL, {})
    assert response.status_code == 422 and b"Choose the round file, or paste it." in response.content


def old_pages_file(data: dict, system) -> dict:
    """The round file the app's old Magic Realm pages published for the same round: no `system` key, its result
    the system's output without its events and with the seed, its log those events."""
    old = {key: value for key, value in data.items() if key not in {"system", "result", "log"}}
    replay = {key: value for key, value in old.items() if key not in fairness.REVEALED_KEYS}
    output = dict(system.resolve(replay, seed=data["seed"]).output)
    events = output.pop("events")
    return {**old, "result": {**output, "seed": data["seed"]}, "log": events}


@pytest.mark.django_db
def test_a_round_file_the_old_magic_realm_pages_published_still_verifies_and_a_changed_one_does_not(battle, round_file):
    old = old_pages_file(round_file, battle.campaign.combat_system)
    verdict = fairness.verify_round_file(old)
    assert verdict.ok and any("same log" in check for check in verdict.checks), verdict.reason
    old["log"][0]["text"] = "The Wolf runs away"
    assert fairness.verify_round_file(old).reason.startswith("log[0].text")
