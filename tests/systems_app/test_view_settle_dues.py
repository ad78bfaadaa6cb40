"""The GM settles what a side owes after a round of a battle fought through the systems interface
(combat.dues_page.settle, players.dues.settle_by_gm), with a test system injected from the outside in which each
hit must be marked on a body part after the round (owing_system.py)."""

import pytest

from players import adjusting
from players.models import RoundNote
from tests.systems_app.conftest import round_url
from tests.systems_app.owing_battles import owing_battle, owing_campaign  # noqa: F401 (fixtures)
from tests.systems_app.owing_battles import dues_url, fighter, marks, side_of

pytestmark = pytest.mark.django_db


def settled_notes(battle):
    return RoundNote.objects.filter(round=battle.rounds.get(number=2), data__has_key="dues")


def test_the_resolved_round_and_the_next_one_show_a_dues_form_only_for_the_sides_that_owe(gm_client, owing_battle):
    goblin, aldric, bryn = (side_of(owing_battle, 1, name).pk for name in ("Goblin", "Aldric", "Bryn"))
    for number in (1, 2):
        page = gm_client.get(round_url(owing_battle, number)).content.decode()
        assert "Owed after round 1" in page
        assert f'action="{dues_url(owing_battle, 1, goblin)}"' in page
        assert f'action="{dues_url(owing_battle, 1, aldric)}"' in page
        assert f'id="dues-side-{bryn}"' not in page  # Bryn was not hit: Bryn owes nothing
        assert "Goblin marks 2 hits" in page and 'id="dues' + str(goblin) + '-marks-help">Choose 2.' in page


def test_a_side_that_has_settled_shows_as_settled_without_its_form(gm_client, owing_battle):
    gm_client.post(dues_url(owing_battle, 1, side_of(owing_battle, 1, "Goblin").pk), marks([0, 1]))
    gm_client.post(dues_url(owing_battle, 1, side_of(owing_battle, 1, "Aldric").pk), marks([1]))
    page = gm_client.get(round_url(owing_battle, 2)).content.decode()
    assert "Owed after round 1" in page and "Settle Goblin's dues" not in page and "Settle Aldric's dues" not in page
    assert page.count('<span class="badge status-sent">settled</span>') == 2


def test_settling_changes_the_battle_and_the_next_rounds_input_and_keeps_who_and_what(gm, gm_client, owing_battle):
    response = gm_client.post(dues_url(owing_battle, 1, side_of(owing_battle, 1, "Goblin").pk), marks([0, 2]),
                              HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response["HX-Redirect"] == round_url(owing_battle, 2)
    owing_battle.refresh_from_db()
    assert fighter(owing_battle.state, "Goblin")["marks"] == ["arm", "head"]
    assert fighter(owing_battle.rounds.get(number=2).input, "Goblin")["marks"] == ["arm", "head"]
    note = settled_notes(owing_battle).get()
    assert note.by == gm and note.kind == RoundNote.Kind.SUBMITTED
    assert note.data["dues"] == {"round": 1, "side": "Goblin", "answers": {"marks": ["arm", "head"]}}
    assert note.text == "Goblin settled round 1's dues (the GM): Where the hits fall: Arm, Head."


def test_settling_starts_from_the_battles_current_state_with_hand_adjustments_and_other_sides_dues(gm, gm_client,
                                                                                                  owing_battle):
    adjusting.adjust(gm, "owing", owing_battle.pk, 2, "mark|Aldric|head", "a ruling")
    gm_client.post(dues_url(owing_battle, 1, side_of(owing_battle, 1, "Goblin").pk), marks([1, 2]))
    gm_client.post(dues_url(owing_battle, 1, side_of(owing_battle, 1, "Aldric").pk), marks([0]))
    owing_battle.refresh_from_db()
    assert fighter(owing_battle.state, "Aldric")["marks"] == ["head", "arm"]
    assert fighter(owing_battle.state, "Goblin")["marks"] == ["leg", "head"]
    assert owing_battle.rounds.get(number=2).input["fighters"] == owing_battle.state["fighters"]


def test_an_answer_the_system_refuses_is_named_beside_its_field_and_nothing_is_saved(gm, gm_client, owing_battle):
    adjusting.adjust(gm, "owing", owing_battle.pk, 2, "mark|Aldric|arm", "a ruling")
    owing_battle.refresh_from_db()
    before, round_input = owing_battle.state, owing_battle.rounds.get(number=2).input
    aldric = side_of(owing_battle, 1, "Aldric").pk
    response = gm_client.post(dues_url(owing_battle, 1, aldric), marks([0]), HTTP_HX_REQUEST="true")
    card = response.content.decode()
    assert response.status_code == 200 and card.lstrip().startswith(f'<article class="side dues-side" id="dues-side-{aldric}">')
    assert f'<p class="error" id="dues{aldric}-marks-error">Aldric&#x27;s arm is already marked</p>' in card
    assert "These answers do not settle what Aldric owes." in card
    owing_battle.refresh_from_db()
    assert owing_battle.state == before and owing_battle.rounds.get(number=2).input == round_input
    assert not settled_notes(owing_battle).exists()


def test_a_missing_or_unreadable_answer_is_named_and_the_page_without_htmx_comes_back_whole(gm_client, owing_battle):
    goblin = side_of(owing_battle, 1, "Goblin").pk
    missing = gm_client.post(dues_url(owing_battle, 1, goblin), {})
    assert missing.status_code == 422
    assert f'id="dues{goblin}-marks-error">Where the hits fall: choose one</p>' in missing.content.decode()
    assert "<h1>" in missing.content.decode()
    unreadable = gm_client.post(dues_url(owing_battle, 1, goblin), {"marks": ["7"]}, HTTP_HX_REQUEST="true")
    assert "Where the hits fall: &#x27;7&#x27; is not one of its choices" in unreadable.content.decode()
    assert not settled_notes(owing_battle).exists()


def test_a_side_settles_once_and_a_second_settlement_is_refused_in_words(gm_client, owing_battle):
    goblin = side_of(owing_battle, 1, "Goblin").pk
    gm_client.post(dues_url(owing_battle, 1, goblin), marks([0, 1]))
    owing_battle.refresh_from_db()
    before = owing_battle.state
    again = gm_client.post(dues_url(owing_battle, 1, goblin), marks([2]), HTTP_HX_REQUEST="true").content.decode()
    assert "Goblin has already settled round 1&#x27;s dues: they are settled once." in again
    assert "<dd>Arm, Leg</dd>" in again  # what it settled, not what was sent again
    owing_battle.refresh_from_db()
    assert owing_battle.state == before and settled_notes(owing_battle).count() == 1


def test_a_side_that_owes_nothing_is_told_so(gm_client, owing_battle):
    response = gm_client.post(dues_url(owing_battle, 1, side_of(owing_battle, 1, "Bryn").pk), {}, follow=True)
    assert "Bryn owes nothing after round 1: there is nothing to settle." in response.content.decode()
    assert not settled_notes(owing_battle).exists()


def test_another_gm_gets_404_and_changes_nothing(make_user, client, owing_battle):
    client.force_login(make_user("stranger"))
    before = owing_battle.state
    response = client.post(dues_url(owing_battle, 1, side_of(owing_battle, 1, "Goblin").pk), marks([0, 1]))
    assert response.status_code == 404
    owing_battle.refresh_from_db()
    assert owing_battle.state == before and not settled_notes(owing_battle).exists()


def test_a_side_of_another_round_gets_404(gm_client, owing_battle):
    response = gm_client.post(dues_url(owing_battle, 1, side_of(owing_battle, 2, "Goblin").pk), marks([0, 1]))
    assert response.status_code == 404
