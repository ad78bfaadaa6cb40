"""A player settles what their side owes after a round, through their link (players.views.settle_dues,
players.dues.settle_by_player), in a battle of the test system of owing_system.py: after round 1 Alice's
Aldric owes a mark, Bob's Bryn nothing, and the GM's Goblin two."""

import pytest

from players.models import RoundNote
from tests.systems_app.conftest import token_of
from tests.systems_app.owing_battles import owing_battle, owing_campaign  # noqa: F401 (fixtures)
from tests.systems_app.owing_battles import dues_url, fighter, marks, player_dues_url, side_of

pytestmark = pytest.mark.django_db


def page_of(client, battle, player):
    return client.get(f"/play/{token_of(battle, player)}/").content.decode()


def settled(battle):
    return RoundNote.objects.filter(round=battle.rounds.get(number=2), data__has_key="dues")


def test_the_players_page_shows_the_dues_form_of_their_own_side_that_owes_only(client, owing_battle):
    alice = page_of(client, owing_battle, "Alice")
    assert f'action="{player_dues_url(owing_battle, token_of(owing_battle, "Alice"), 1, "Aldric")}"' in alice
    assert "To settle before round 2 is resolved: Aldric marks 1 hit" in alice
    assert "First, settle what round 1 left you owing" in alice
    assert "Goblin marks 2 hits" not in alice  # the GM's side: not Alice's to see
    bob = page_of(client, owing_battle, "Bob")
    assert "Settle Bryn" not in bob and "/dues/" not in bob and "First, settle" not in bob


def test_settling_through_the_link_changes_the_state_and_the_next_rounds_input(client, owing_battle):
    token = token_of(owing_battle, "Alice")
    response = client.post(player_dues_url(owing_battle, token, 1, "Aldric"), marks([1]), HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response["HX-Redirect"] == f"/play/{token}/"
    owing_battle.refresh_from_db()
    assert fighter(owing_battle.state, "Aldric")["marks"] == ["leg"]
    assert fighter(owing_battle.rounds.get(number=2).input, "Aldric")["marks"] == ["leg"]
    note = settled(owing_battle).get()
    assert note.by is None and note.character.catalogue_name == "Aldric"
    assert note.text == "Aldric settled round 1's dues (Alice): Where the hits fall: Leg."
    page = page_of(client, owing_battle, "Alice")
    assert "Settled: Aldric marks 1 hit" in page and "<dd>Leg</dd>" in page and "First, settle" not in page


def test_a_refused_answer_is_named_beside_its_question_and_nothing_is_saved(client, owing_battle):
    token = token_of(owing_battle, "Alice")
    before = owing_battle.state
    response = client.post(player_dues_url(owing_battle, token, 1, "Aldric"), marks([0, 1]), HTTP_HX_REQUEST="true")
    part = response.content.decode()
    character = owing_battle.characters.get(catalogue_name="Aldric").pk
    assert part.lstrip().startswith(f'<div class="dues player-dues" id="dues-{character}">')
    assert f'id="id_side{character}-dues-marks_error"' in part
    assert "Aldric owes 1: choose exactly 1 (chosen: 2)" in part
    whole = client.post(player_dues_url(owing_battle, token, 1, "Aldric"), {})
    assert whole.status_code == 422 and "Where the hits fall: choose one" in whole.content.decode()
    owing_battle.refresh_from_db()
    assert owing_battle.state == before and not settled(owing_battle).exists()


def test_a_side_the_gm_has_settled_is_not_settled_again_by_its_player(gm_client, client, owing_battle):
    gm_client.post(dues_url(owing_battle, 1, side_of(owing_battle, 1, "Aldric").pk), marks([0]))
    token = token_of(owing_battle, "Alice")
    response = client.post(player_dues_url(owing_battle, token, 1, "Aldric"), marks([2]), HTTP_HX_REQUEST="true")
    assert "Aldric has already settled round 1&#x27;s dues: they are settled once." in response.content.decode()
    owing_battle.refresh_from_db()
    assert fighter(owing_battle.state, "Aldric")["marks"] == ["arm"] and settled(owing_battle).count() == 1


def test_another_players_link_gets_404_and_changes_nothing(client, owing_battle):
    before = owing_battle.state
    response = client.post(player_dues_url(owing_battle, token_of(owing_battle, "Bob"), 1, "Aldric"), marks([0]))
    assert response.status_code == 404
    owing_battle.refresh_from_db()
    assert owing_battle.state == before and not settled(owing_battle).exists()


def test_a_wrong_token_gets_404(client, owing_battle):
    assert client.post(player_dues_url(owing_battle, "not-a-token", 1, "Aldric"), marks([0])).status_code == 404
