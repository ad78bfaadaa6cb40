"""What the last round of a battle left a side owing is settled after the battle has ended (combat/system_dues.py,
players/dues.py): by its player through their link while it stays open, or by the GM on the round page, kept in
that round's own history, written onto the battle and the character's record as between rounds, and undone by a
void of that round.

Two battles. In the test system of owing_system.py, Aldric (Alice's) strikes down a Goblin that strikes him back:
the battle is over (`finished`) and Aldric owes a hit to mark. In Magic Realm, with the known seed (7) the H Troll
wounds Alice's Black Knight in round 1 (test_owed_told_once.py) and the GM ends the battle: a Magic Realm battle
does not end by itself in a round that wounds a living character (a round with harm is never quiet), and a battle
the GM ended closes the players' links at once, so there the GM settles."""

import pytest

from campaigns.mail.models import OutboxMessage
from combat import services, system_battles, system_dues, void
from combat.models import Battle, CharacterChange, Round
from players import dues
from players.models import RoundNote
from tests.systems_app import owing_system
from tests.systems_app.conftest import round_url, token_of
from tests.systems_app.owing_battles import owing_campaign  # noqa: F401 (fixture)
from tests.systems_app.owing_battles import dues_url, fighter, marks, play_round, player_dues_url, side_of

pytestmark = pytest.mark.django_db


def notes_of(battle, number=1):
    return RoundNote.objects.filter(round__battle=battle, data__has_key="dues", data__dues__round=number)


@pytest.fixture
def over(gm, owing_campaign):
    """Round 1 ends the battle: the Goblin is down, Aldric owes a hit to mark."""
    battle = system_battles.start_battle(gm, owing_campaign.slug, "The last fight", "The road",
                                         owing_system.state(("Aldric", 3), ("Goblin", 1)))
    play_round(gm, battle.rounds.get(number=1), {"Aldric": "Goblin", "Goblin": "Aldric"})
    services.request_resolve(gm, owing_campaign.slug, battle.pk, 1)
    services.resolve_round(battle.rounds.get(number=1).pk)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED and battle.rounds.count() == 1
    return battle


def test_the_final_result_email_gives_the_link_to_settle_on(over):
    mail = OutboxMessage.objects.get(recipient="alice@example.com", subject__endswith="round 1")
    url = f"/play/{token_of(over, 'Alice')}/"
    assert "To settle on your page: Aldric marks 1 hit" in mail.text and "before round 2" not in mail.text
    assert "Combat is over: for your character's record, settle what Aldric owes on your page:" in mail.text
    assert url in mail.text and f'{url}">your page</a>' in mail.html and "To settle on your page: Aldric marks 1 hit" in mail.html


def test_the_player_settles_on_his_page_after_the_end_and_the_gms_page_shows_it_settled(client, gm_client, over):
    token = token_of(over, "Alice")
    page = client.get(f"/play/{token}/").content.decode()
    assert "Combat is over" in page and "To settle: Aldric marks 1 hit" in page
    assert f'action="{player_dues_url(over, token, 1, "Aldric")}"' in page
    response = client.post(player_dues_url(over, token, 1, "Aldric"), marks([1]), HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response["HX-Redirect"] == f"/play/{token}/"
    over.refresh_from_db()
    assert fighter(over.state, "Aldric")["marks"] == ["leg"] and over.status == Battle.Status.ENDED
    note = notes_of(over).get()
    assert note.round.number == 1 and note.text == "Aldric settled round 1's dues (Alice): Where the hits fall: Leg."
    assert "Settled: Aldric marks 1 hit" in client.get(f"/play/{token}/").content.decode()
    gm_page = gm_client.get(round_url(over, 1)).content.decode()
    assert "The battle is over" in gm_page and '<span class="badge status-sent">settled</span>' in gm_page
    assert "Settle Aldric's dues" not in gm_page


def test_a_second_settlement_is_refused_and_changes_nothing(gm, client, gm_client, over):
    token = token_of(over, "Alice")
    client.post(player_dues_url(over, token, 1, "Aldric"), marks([1]))
    refused = gm_client.post(dues_url(over, 1, side_of(over, 1, "Aldric").pk), marks([2]), HTTP_HX_REQUEST="true")
    assert "Aldric has already settled round 1&#x27;s dues: they are settled once." in refused.content.decode()
    again = client.post(player_dues_url(over, token, 1, "Aldric"), marks([0]), HTTP_HX_REQUEST="true")
    assert "Aldric has already settled round 1&#x27;s dues: they are settled once." in again.content.decode()
    with pytest.raises(services.BattleError) as third:
        dues.settle_by_gm(gm, over.campaign.slug, over.pk, 1, side_of(over, 1, "Aldric").pk, {"marks": ["arm"]})
    assert third.value.errors == {"__all__": "Aldric has already settled round 1's dues: they are settled once."}
    over.refresh_from_db()
    assert fighter(over.state, "Aldric")["marks"] == ["leg"] and notes_of(over).count() == 1


def test_a_refused_answer_after_the_end_is_named_beside_its_question(client, over):
    token = token_of(over, "Alice")
    response = client.post(player_dues_url(over, token, 1, "Aldric"), marks([0, 1]), HTTP_HX_REQUEST="true")
    character = over.characters.get(catalogue_name="Aldric").pk
    assert f'id="id_side{character}-dues-marks_error"' in response.content.decode()
    over.refresh_from_db()
    assert fighter(over.state, "Aldric")["marks"] == [] and not notes_of(over).exists()


def test_a_void_of_the_last_round_drops_its_settlement(gm, client, over):
    client.post(player_dues_url(over, token_of(over, "Alice"), 1, "Aldric"), marks([1]))
    void.void_round(gm, over.campaign.slug, over.pk, 1)
    over.refresh_from_db()
    assert over.status == Battle.Status.ACTIVE and fighter(over.state, "Aldric")["marks"] == []
    assert not notes_of(over).exists()


@pytest.fixture
def ended_by_the_gm(gm):
    """Round 1 of an ambush wounds the Black Knight (and leaves the Amazon a fatigue); the GM ends the battle."""
    from tests.systems_app.test_owed_told_once import resolved_ambush

    battle = resolved_ambush(gm)
    services.end_battle(gm, battle.campaign.slug, battle.pk)
    battle.refresh_from_db()
    assert battle.status == Battle.Status.ENDED and list(battle.rounds.values_list("number", flat=True)) == [1]
    return battle


def knight_record(battle):
    return battle.campaign.characters.get(catalogue_name="Black Knight").state


def test_the_gm_settles_the_black_knights_wound_after_ending_the_battle_and_his_record_shows_the_chit(
        gm, gm_client, ended_by_the_gm):
    battle = ended_by_the_gm
    knight = side_of(battle, 1, "Black Knight")
    [due] = system_dues.dues_of(battle.rounds.get(number=1), [knight])
    assert due.last and due.open and due.settlement is None
    page = gm_client.get(round_url(battle, 1)).content.decode()
    assert "The battle is over" in page and f'action="{dues_url(battle, 1, knight.pk)}"' in page
    chit = due.form.field("wounded").choices[0].value
    before = dict(knight_record(battle)["chits"])
    response = gm_client.post(dues_url(battle, 1, knight.pk), {"wounded": ["0"]}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Redirect"] == round_url(battle, 1)
    assert knight_record(battle)["chits"][chit] == "wounded" and before.get(chit) != "wounded"
    entry = CharacterChange.objects.get(round__battle=battle, source=CharacterChange.Source.CHITS)
    assert entry.round.number == 1 and entry.lines == [f"{chit} wounded"]
    battle.refresh_from_db()
    sheet = next(c for c in battle.state["state"]["characters"] if c["id"] == "Black Knight")
    assert {c["id"]: c["state"] for c in sheet["chits"]}[chit] == "wounded"
    assert battle.status == Battle.Status.ENDED
    page = gm_client.get(round_url(battle, 1)).content.decode()
    assert f'id="dues-side-{knight.pk}"' in page and "Settle Black Knight's dues" not in page
    assert notes_of(battle).get().by == gm


def test_a_second_settlement_of_the_black_knight_is_refused_and_a_void_undoes_the_first(gm, gm_client,
                                                                                       ended_by_the_gm):
    battle = ended_by_the_gm
    knight = side_of(battle, 1, "Black Knight")
    [due] = system_dues.dues_of(battle.rounds.get(number=1), [knight])
    chit = due.form.field("wounded").choices[0].value
    gm_client.post(dues_url(battle, 1, knight.pk), {"wounded": ["0"]})
    settled = knight_record(battle)
    refused = gm_client.post(dues_url(battle, 1, knight.pk), {"wounded": ["1"]}, HTTP_HX_REQUEST="true")
    assert "Black Knight has already settled round 1&#x27;s dues: they are settled once." in refused.content.decode()
    assert knight_record(battle) == settled and notes_of(battle).count() == 1

    void.void_round(gm, battle.campaign.slug, battle.pk, 1)
    assert settled["chits"][chit] == "wounded" and knight_record(battle)["chits"].get(chit) != "wounded"
    assert not notes_of(battle).exists() and not CharacterChange.objects.filter(round__battle=battle).exists()
    assert battle.rounds.get(number=1).status == Round.Status.DRAFTING


def test_the_round_page_of_a_battle_the_gm_ended_asks_no_one_to_choose_plays_for_a_round_that_will_not_come(
        gm_client, ended_by_the_gm):
    battle = ended_by_the_gm
    assert battle.rounds.get(number=1).result["must_choose"]  # what the system said before the GM ended it
    page = gm_client.get(round_url(battle, 1)).content.decode()
    assert "must choose</dt>" not in page and "Black Knight owes</dt>" in page
