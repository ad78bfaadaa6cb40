"""A player answers, through their link, the choice a round stopped half-way for: their page shows the form of
their own side and nothing of anyone else's (another side's, the GM's ruling); another player's link gets 404."""

import pytest

from combat import system_waiting
from combat.models import Round
from players.models import RoundNote
from systems.interface import GM
from tests.systems_app.conftest import token_of
from tests.systems_app.waiting_battles import answer_url, key_of, nothing_answered, run_resolve

pytestmark = pytest.mark.django_db

RIGHT, GOOD = "1", "0"


def _page(client, round_, player):
    return client.get(f"/play/{token_of(round_.battle, player)}/").content.decode()


def _answer_url(round_, player, key):
    return f"/play/{token_of(round_.battle, player)}/waiting/{key}/"


def test_the_player_of_the_waiting_side_sees_its_form(waiting_round, client):
    key = key_of(waiting_round, "Aldric")
    page = _page(client, waiting_round, "Alice")
    assert "Round 1 stopped half-way: it waits for your answer below" in page
    assert f'action="{_answer_url(waiting_round, "Alice", key)}"' in page
    assert "Aldric dodges the Goblin&#x27;s blow" in page and "The Goblin swings first." in page
    assert 'name="dodge"' in page and 'name="steps"' in page and "Send my answer" in page


def test_another_player_sees_nothing_of_it(waiting_round, client):
    page = _page(client, waiting_round, "Bob")
    assert "Round 1 waits for your GM." in page
    assert "Aldric dodges" not in page and 'name="dodge"' not in page and "Aldric must choose" not in page


def test_the_player_never_sees_the_gms_ruling(waiting_round, client, gm_client):
    gm_client.post(answer_url(waiting_round, key_of(waiting_round, "Aldric")), {"dodge": RIGHT, "steps": "2"})
    round_ = run_resolve(waiting_round)
    page = _page(client, round_, "Alice")
    assert "Round 1 waits for your GM." in page and "The omen" not in page and 'name="omen"' not in page
    assert client.post(_answer_url(round_, "Alice", key_of(round_, GM)), {"omen": GOOD}).status_code == 404
    assert nothing_answered(round_)


def test_the_players_answer_is_kept_noted_and_sends_the_round_on(waiting_round, client):
    response = client.post(_answer_url(waiting_round, "Alice", key_of(waiting_round, "Aldric")),
                           {"dodge": RIGHT, "steps": "1"}, HTTP_HX_REQUEST="true")
    round_ = Round.objects.get(pk=waiting_round.pk)
    assert response.status_code == 204 and response["HX-Redirect"] == f"/play/{token_of(round_.battle, 'Alice')}/"
    assert system_waiting.entry_of(round_)["answers"] == {"0": {"dodge": "right", "steps": 1}}
    assert round_.status == Round.Status.RESOLVING
    note = RoundNote.objects.get(round=round_, kind=RoundNote.Kind.SUBMITTED)
    assert note.text == "Alice answered for Aldric: Aldric dodges the Goblin's blow (Which way: Right; How many steps: 1)."


def test_a_bad_answer_names_the_field_and_saves_nothing(waiting_round, client):
    key = key_of(waiting_round, "Aldric")
    response = client.post(_answer_url(waiting_round, "Alice", key), {"dodge": RIGHT, "steps": "0"})
    page = response.content.decode()
    assert response.status_code == 422
    error_slot = f'id="id_sidewait{key}-steps_error" aria-live="polite"><p class="error">'
    assert f"{error_slot}How many steps: from 1 to 3, not 0" in page
    assert "Fix the answers marked below: nothing was saved." in page
    assert nothing_answered(waiting_round)


def test_by_htmx_a_refused_answer_comes_back_as_its_card_alone(waiting_round, client):
    key = key_of(waiting_round, "Aldric")
    response = client.post(_answer_url(waiting_round, "Alice", key), {"steps": "2"}, HTTP_HX_REQUEST="true")
    card = response.content.decode()
    assert response.status_code == 200 and card.lstrip().startswith('<article class="card warning side player-side')
    assert f'id="id_sidewait{key}-dodge_error" aria-live="polite"><p class="error">Which way: choose one' in card
    assert nothing_answered(waiting_round)


def test_another_players_link_gets_404_and_nothing_is_saved(waiting_round, client):
    url = _answer_url(waiting_round, "Bob", key_of(waiting_round, "Aldric"))
    response = client.post(url, {"dodge": RIGHT, "steps": "1"})
    assert response.status_code == 404
    assert nothing_answered(waiting_round)


def test_a_second_submission_changes_nothing(waiting_round, client):
    url = _answer_url(waiting_round, "Alice", key_of(waiting_round, "Aldric"))
    client.post(url, {"dodge": RIGHT, "steps": "1"})
    claimed = Round.objects.get(pk=waiting_round.pk)
    again = client.post(url, {"dodge": RIGHT, "steps": "2"}, follow=True)
    assert "Round 1 waits for no answer now." in again.content.decode()
    round_ = Round.objects.get(pk=waiting_round.pk)
    assert round_.encounter == claimed.encounter and round_.resolve_requested_at == claimed.resolve_requested_at
    assert RoundNote.objects.filter(round=round_, kind=RoundNote.Kind.SUBMITTED).count() == 1
