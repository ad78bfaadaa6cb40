"""Locking (the GM's round page) or sealing (the player's page) a side whose form asks something but whose
answers are all empty asks first, naming the side ("Black Knight plays nothing this round. Lock anyway?"),
with and without JavaScript; the confirmation (`plays_nothing`) goes through. Nothing is locked or sealed
before it, and the deadline's missed-turn policy "plays nothing" never asks (combat.system_battles.ask_if_nothing)."""

from datetime import timedelta

import pytest

from combat import services, system_battles
from combat.models import Round
from players import services as player_services
from players.models import PlaySettings, RoundDeadline, RoundNote, Submission
from tests.systems_app.conftest import posted, round_url, side_url, start, start_ambush

pytestmark = pytest.mark.django_db

LOCK_QUESTION = "Black Knight plays nothing this round. Lock anyway?"
SEAL_QUESTION = "Black Knight plays nothing this round. Seal anyway?"


@pytest.fixture
def ambush(gm):
    """Alice's Black Knight and Bob's Amazon against an H Troll and a Wolf, in Magic Realm, whose every
    question is optional: a side may play nothing."""
    return start_ambush(gm)


def side(battle, name):
    return Round.objects.get(battle=battle, number=1).sides.get(side=name)


def save(client, battle, name, data, htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(round_url(battle, tail=f"answers/{side(battle, name).pk}/"), data, **headers)


def seal(client, battle, data, htmx=False):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(side_url(battle, "Alice", "Black Knight", "submit"), data, **headers)


# --- the GM's round page -----------------------------------------------------------------------------------


def test_save_and_lock_of_a_side_with_nothing_entered_asks_first_naming_it_and_leaves_it_unlocked(gm_client, ambush):
    response = save(gm_client, ambush, "Black Knight", {"lock": "1"}, htmx=True)
    card = response.content.decode()
    assert response.status_code == 200 and "<html" not in card
    assert LOCK_QUESTION in card
    assert 'name="plays_nothing"' in card and "Lock anyway</button>" in card
    assert "Fix the plays" not in card
    knight = side(ambush, "Black Knight")
    assert not knight.locked and knight.plays == {}


def test_lock_anyway_locks_the_side_that_plays_nothing(gm_client, ambush):
    response = save(gm_client, ambush, "Black Knight", {"plays_nothing": "1"}, htmx=True)
    card = response.content.decode()
    assert response.status_code == 200 and "Unlock Black Knight" in card and LOCK_QUESTION not in card
    knight = side(ambush, "Black Knight")
    assert knight.locked and knight.plays == {}


def test_without_javascript_the_round_page_is_drawn_with_the_question_then_the_confirmation_locks(gm_client, ambush):
    response = save(gm_client, ambush, "Black Knight", {"lock": "1"})
    page = response.content.decode()
    assert response.status_code == 422 and "<html" in page and LOCK_QUESTION in page
    assert '<button type="submit" name="plays_nothing" value="1"' in page
    assert not side(ambush, "Black Knight").locked

    response = save(gm_client, ambush, "Black Knight", {"plays_nothing": "1"})
    assert response.status_code == 302
    assert side(ambush, "Black Knight").locked
    page = gm_client.get(response.url).content.decode()
    assert "Black Knight&#x27;s plays are saved and locked." in page


def test_a_side_that_plays_something_locks_without_the_question(gm_client, ambush):
    knight = side(ambush, "Black Knight")
    response = save(gm_client, ambush, "Black Knight", {**posted(knight, {"encounter_play": "none"}), "lock": "1"},
                    htmx=True)
    assert LOCK_QUESTION not in response.content.decode()
    assert side(ambush, "Black Knight").locked


def test_the_check_clears_the_question_once_the_side_plays_something_and_not_before(gm_client, ambush):
    knight = side(ambush, "Black Knight")
    url = round_url(ambush, tail=f"answers/{knight.pk}/check/")
    region = f'id="side-question-{knight.pk}" role="alert" hx-swap-oob="true"'
    assert region not in gm_client.post(url, {}, HTTP_HX_REQUEST="true").content.decode()
    answered = gm_client.post(url, posted(knight, {"encounter_play": "none"}), HTTP_HX_REQUEST="true")
    assert region in answered.content.decode()


def test_a_side_whose_empty_answers_the_rules_refuse_is_refused_by_field_not_asked(gm_client, gm, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    response = save(gm_client, battle, "Aldric", {"lock": "1"}, htmx=True)
    card = response.content.decode()
    assert "Fix the plays before locking this side." in card and "choose one" in card
    assert "anyway?" not in card
    assert not side(battle, "Aldric").locked


def test_another_systems_side_that_plays_nothing_is_asked_about_and_locked_once_confirmed(gm, gm_client,
                                                                                         make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-counterspell")  # all of Astaroth's questions optional
    slug = battle.campaign.slug
    astaroth = side(battle, "Astaroth")
    with pytest.raises(services.BattleError) as asked:
        system_battles.lock(gm, slug, battle.pk, 1, astaroth.pk)
    assert asked.value.errors == {system_battles.PLAYS_NOTHING: "Astaroth plays nothing this round. Lock anyway?"}
    assert "Astaroth plays nothing this round. Lock anyway?" in save(gm_client, battle, "Astaroth", {"lock": "1"},
                                                                     htmx=True).content.decode()
    system_battles.lock(gm, slug, battle.pk, 1, astaroth.pk, plays_nothing=True)
    assert side(battle, "Astaroth").locked


# --- the player's page -------------------------------------------------------------------------------------


def test_sealing_answers_that_play_nothing_asks_first_and_seals_nothing(client, ambush):
    response = seal(client, ambush, {"submit": "1"}, htmx=True)
    card = response.content.decode()
    assert response.status_code == 200 and "<html" not in card and 'class="card side player-side answers-side"' in card
    assert SEAL_QUESTION in card and "Seal anyway</button>" in card
    assert "Fix the plays" not in card
    assert not Submission.objects.exists()


def test_seal_anyway_seals_the_empty_answers_with_a_receipt(client, ambush):
    response = seal(client, ambush, {"plays_nothing": "1"}, htmx=True)
    assert response.status_code == 204 and response["HX-Redirect"].endswith("/")
    sealed = Submission.objects.get()
    assert sealed.plays == {} and sealed.source == Submission.Source.PLAYER
    page = client.get(response["HX-Redirect"]).content.decode()
    assert "Your plays are sealed" in page and sealed.receipt in page


def test_without_javascript_the_players_page_is_drawn_with_the_question_then_the_confirmation_seals(client, ambush):
    response = seal(client, ambush, {"submit": "1"})
    page = response.content.decode()
    assert response.status_code == 422 and "<html" in page and SEAL_QUESTION in page
    assert '<button type="submit" name="plays_nothing" value="1"' in page
    assert not Submission.objects.exists()
    assert seal(client, ambush, {"plays_nothing": "1"}).status_code == 302
    assert Submission.objects.get().plays == {}


def test_a_seal_refused_with_htmx_keeps_the_answers_as_posted_with_the_error_beside_its_question(client, gm,
                                                                                               make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    aldric = side(battle, "Aldric")
    data = posted(aldric, {"action": "attack", "method": "melee", "dice": 9})
    response = client.post(side_url(battle, "Alice", "Aldric", "submit"), data, HTTP_HX_REQUEST="true")
    card = response.content.decode()
    assert response.status_code == 200 and "<html" not in card
    assert 'value="9"' in card and "Dice in the pool: from 1 to 5, not 9" in card and "anyway?" not in card
    assert not Submission.objects.exists()


def test_another_systems_player_is_asked_before_sealing_nothing(client, gm, make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-counterspell")
    url = side_url(battle, "Alice", "Astaroth", "submit")
    assert "Astaroth plays nothing this round. Seal anyway?" in client.post(url, {"submit": "1"}).content.decode()
    assert not Submission.objects.exists()
    client.post(url, {"plays_nothing": "1"})
    assert Submission.objects.get().plays == {}


def test_the_deadlines_plays_nothing_policy_defaults_the_side_without_asking(ambush):
    PlaySettings.objects.create(campaign=ambush.campaign, missed_turn=PlaySettings.MissedTurn.NO_ACTION)
    deadline = RoundDeadline.objects.get(round__battle=ambush, round__number=1)
    player_services.sweep(deadline.due_at + timedelta(seconds=1))
    round_ = Round.objects.get(battle=ambush, number=1)
    assert set(round_.sides.filter(locked=True).values_list("side", flat=True)) == {"Black Knight", "Amazon"}
    assert Submission.objects.filter(source=Submission.Source.DEFAULT).count() == 2
    notes = " ".join(RoundNote.objects.filter(round=round_).values_list("text", flat=True))
    assert "Amazon missed the deadline: plays nothing this round (the campaign's missed-turn policy)." in notes
