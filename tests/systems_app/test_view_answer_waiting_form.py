"""The GM answers the forms a round stopped half-way for (its own ruling, and a side's choice for its player):
a bad answer is refused beside its field with nothing saved, the last answer resolves the round with the same
seed, and a second submission changes nothing."""

import random

import pytest

from combat import system_waiting
from combat.models import Round
from systems.interface import GM
from tests.systems_app.waiting_battles import answer_url, key_of, nothing_answered, page_url, run_resolve

pytestmark = pytest.mark.django_db

LEFT, RIGHT, GOOD = "0", "1", "0"  # the choices' indices, as the page posts them


def _answer_aldric(client, round_, **extra):
    return client.post(answer_url(round_, key_of(round_, "Aldric")), {"dodge": RIGHT, "steps": "2"}, **extra)


def _waiting_for_the_gm(client, round_):
    _answer_aldric(client, round_)
    return run_resolve(round_)


def test_the_gms_answer_for_the_player_is_kept_and_the_round_resolves_again(waiting_round, gm_client):
    response = _answer_aldric(gm_client, waiting_round)
    assert response.status_code == 302 and response["Location"] == page_url(waiting_round)
    round_ = Round.objects.get(pk=waiting_round.pk)
    entry = system_waiting.entry_of(round_)
    assert entry["answers"] == {"0": {"dodge": "right", "steps": 2}}
    assert entry["filled"]["choices"] == {"Aldric": {"dodge": "right", "steps": 2}}
    assert round_.status == Round.Status.RESOLVING and round_.seed == waiting_round.seed


def test_a_round_that_waits_again_shows_the_gms_ruling(waiting_round, gm_client):
    round_ = _waiting_for_the_gm(gm_client, waiting_round)
    assert round_.status == Round.Status.FAILED and round_.error.startswith("The round waits for the GM's ruling")
    page = gm_client.get(page_url(round_)).content.decode()
    key = key_of(round_, GM)
    assert key.startswith("2-") and "Round 1 waits for the GM&#x27;s ruling" in page
    assert f'<select id="wait{key}-omen" name="omen"' in page and "Send the answer" in page
    assert 'id="waiting-1-0"' not in page and 'name="dodge"' not in page  # the first wait's form is answered and gone
    assert "You may answer for a player" not in page


def test_a_bad_answer_names_the_field_and_saves_nothing(waiting_round, gm_client):
    key = key_of(waiting_round, "Aldric")
    response = gm_client.post(answer_url(waiting_round, key), {"dodge": LEFT, "steps": "9"})
    page = response.content.decode()
    assert response.status_code == 422
    assert f'<p class="error" id="wait{key}-steps-error">How many steps: from 1 to 3, not 9</p>' in page
    assert "Fix the answers marked below: nothing was saved." in page
    assert nothing_answered(waiting_round)


def test_the_systems_own_error_and_a_missing_answer_come_back_beside_their_fields_by_htmx(waiting_round, gm_client):
    key = key_of(waiting_round, "Aldric")
    wall = gm_client.post(answer_url(waiting_round, key), {"dodge": LEFT, "steps": "3"}, HTTP_HX_REQUEST="true")
    missing = gm_client.post(answer_url(waiting_round, key), {"steps": "1"}, HTTP_HX_REQUEST="true")
    card = wall.content.decode()
    assert wall.status_code == 200 and card.lstrip().startswith(f'<article class="card side waiting-form" id="waiting-{key}">')
    assert f'id="wait{key}-steps-error">a wall stands on the left: at most 2 steps that way</p>' in card
    assert f'id="wait{key}-dodge-error">Which way: choose one</p>' in missing.content.decode()
    assert nothing_answered(waiting_round)


def test_the_last_answer_resolves_the_round_with_the_same_seed(waiting_round, gm_client):
    round_ = _waiting_for_the_gm(gm_client, waiting_round)
    gm_client.post(answer_url(round_, key_of(round_, GM)), {"omen": GOOD})
    resolved = run_resolve(round_)
    assert resolved.status == Round.Status.RESOLVED and resolved.seed == waiting_round.seed
    assert resolved.result["output"]["die"] == random.Random(waiting_round.seed).randint(1, 6)
    assert resolved.input["choices"] == {"Aldric": {"dodge": "right", "steps": 2}}
    assert resolved.input["gm_rulings"] == {"omen": "good"} and resolved.input["plays"]["Bryn"] == {"strike": 2}
    assert system_waiting.entry_of(resolved) is None and resolved.battle.rounds.filter(number=2).exists()


def test_a_second_submission_changes_nothing(waiting_round, gm_client):
    _answer_aldric(gm_client, waiting_round)
    claimed = Round.objects.get(pk=waiting_round.pk)
    again = gm_client.post(answer_url(waiting_round, key_of(waiting_round, "Aldric")), {"dodge": LEFT, "steps": "1"},
                           follow=True)
    round_ = Round.objects.get(pk=waiting_round.pk)
    assert "Round 1 waits for no answer now." in again.content.decode()
    assert round_.status == Round.Status.RESOLVING and round_.resolve_requested_at == claimed.resolve_requested_at
    assert round_.encounter == claimed.encounter


def test_an_answer_to_an_earlier_wait_is_refused_and_not_taken_for_the_new_one(waiting_round, gm_client):
    old_key = key_of(waiting_round, "Aldric")
    round_ = _waiting_for_the_gm(gm_client, waiting_round)
    response = gm_client.post(answer_url(round_, old_key), {"dodge": RIGHT, "steps": "2", "omen": GOOD}, follow=True)
    assert "That question is no longer asked: the round has gone on since." in response.content.decode()
    assert nothing_answered(round_)


def test_another_gm_gets_404_and_nothing_is_saved(waiting_round, client, make_user):
    client.force_login(make_user("other-gm"))
    assert _answer_aldric(client, waiting_round).status_code == 404
    assert nothing_answered(waiting_round)


def test_a_get_is_refused(waiting_round, gm_client):
    assert gm_client.get(answer_url(waiting_round, key_of(waiting_round, "Aldric"))).status_code == 405
