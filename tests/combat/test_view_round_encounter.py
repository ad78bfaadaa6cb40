"""The GM's round-level encounter entries (issue #7): which native groups battle which characters this
evening, and the player's choice the engine asks for before the round can be resolved."""

from unittest import mock

import pytest

from combat import services
from combat.models import Round
from tests.combat.conftest import round_url
from tests.combat.encounter_battles import start


@pytest.fixture
def soldiers(campaign, characters):
    """The Amazon with two unhired Soldiers, one attacking her and one unassigned."""
    return start(campaign, [characters["Amazon"]], natives=[("Soldier 1", None), ("Soldier 2", None)],
                 attacks=[("Soldier 1", "Amazon")])


@pytest.mark.django_db
def test_the_gm_records_which_native_groups_battle_whom_this_evening(gm_client, soldiers):
    response = gm_client.post(round_url(soldiers, suffix="encounter/"), {"encounter-battling": ["Soldiers|Amazon"]},
                              HTTP_HX_REQUEST="true")
    partial = response.content.decode()
    assert response.status_code == 200 and "<html" not in partial and "Saved." in partial
    assert Round.objects.get(battle=soldiers, number=1).encounter == {
        "battling": [{"group": "Soldiers", "character": "Amazon"}]
    }


@pytest.mark.django_db
def test_the_round_page_offers_each_group_present_against_each_character(gm_client, soldiers):
    page = gm_client.get(round_url(soldiers)).content.decode()
    assert 'value="Soldiers|Amazon"' in page and "the Soldiers battle Amazon" in page


@pytest.mark.django_db
def test_without_javascript_saving_the_entries_redirects_back_to_the_round(gm_client, soldiers):
    response = gm_client.post(round_url(soldiers, suffix="encounter/"), {"encounter-battling": ["Soldiers|Amazon"]})
    assert response.status_code == 302 and response["Location"].endswith(round_url(soldiers))


@pytest.mark.django_db
def test_a_pair_not_offered_is_refused_and_nothing_changes(gm_client, soldiers):
    response = gm_client.post(round_url(soldiers, suffix="encounter/"), {"encounter-battling": ["Order|Amazon"]},
                              HTTP_HX_REQUEST="true")
    assert "Order|Amazon is not one of the available choices" in response.content.decode()
    assert Round.objects.get(battle=soldiers, number=1).encounter == {}


@pytest.mark.django_db
def test_the_entries_cannot_change_once_the_round_is_resolving(gm_client, soldiers):
    Round.objects.filter(battle=soldiers).update(status=Round.Status.RESOLVING)
    response = gm_client.post(round_url(soldiers, suffix="encounter/"), {"encounter-battling": ["Soldiers|Amazon"]})
    assert response.status_code == 302
    assert Round.objects.get(battle=soldiers, number=1).encounter == {}


@pytest.mark.django_db
def test_the_entries_are_a_404_for_a_gm_of_another_campaign(outsider_client, soldiers):
    response = outsider_client.post(round_url(soldiers, suffix="encounter/"), {"encounter-battling": ["Soldiers|Amazon"]})
    assert response.status_code == 404


@pytest.mark.django_db
def test_the_gm_answers_the_choice_the_engine_needs_and_the_round_resolves(gm, gm_client, campaign, characters):
    knight = characters["Black Knight"]
    battle = start(campaign, [knight], monsters=["Wolf"], natives=[("Soldier 1", knight.pk), ("Soldier 2", knight.pk)],
                   attacks=[("Soldier 1", "Soldier 2")])  # the Wolf is unassigned
    battle.state["state"]["characters"][0]["hidden"] = True  # a hidden character: his hirelings take the Wolf
    battle.save()
    slug = campaign.slug
    services.lock_side(gm, slug, battle.pk, 1, knight.pk, does_nothing=True)
    with mock.patch("combat.services._enqueue"):
        services.request_resolve(gm, slug, battle.pk, 1)
    round_ = services.resolve_round(Round.objects.get(battle=battle, number=1).pk)
    assert round_.status == Round.Status.FAILED and round_.encounter["choice_needed"]["denizen"] == "Wolf"
    page = gm_client.get(round_url(battle)).content.decode()
    assert "Which of Black Knight&#x27;s hirelings takes Wolf" in page
    gm_client.post(round_url(battle, suffix="encounter/"), {"encounter-choice": "Soldier 2"})
    assert Round.objects.get(pk=round_.pk).encounter["choices"] == {"Wolf": "Soldier 2"}
    with mock.patch("combat.services._enqueue"):
        assert services.request_resolve(gm, slug, battle.pk, 1)
    round_ = services.resolve_round(round_.pk)
    assert round_.status == Round.Status.RESOLVED
    assert any("Wolf" in event["text"] and "Soldier 2" in event["text"] for event in round_.log[: round_.result["encounter"]["event_count"]])


COLUMN_ROWS = {column: ["BLOCK/BATTLE"] * 6 for column in ("Allied", "Friendly", "Neutral", "Unfriendly", "Enemy")}


def meeting_table_data(rows=None) -> dict[str, str]:
    return {f"encounter-meeting_{column}": " | ".join(cells) for column, cells in (rows or COLUMN_ROWS).items()}


@pytest.mark.django_db
def test_a_meeting_table_column_without_six_results_is_named_beside_its_field(gm_client, soldiers):
    rows = dict(COLUMN_ROWS, Neutral=["TRADE", "NOTHING"])
    response = gm_client.post(round_url(soldiers, suffix="encounter/"),
                              {"encounter-meetings": ["Soldiers|Amazon"], **meeting_table_data(rows)}, HTTP_HX_REQUEST="true")
    partial = response.content.decode()
    neutral = partial.split('id="id_encounter-meeting_Neutral"')[1].split("</div>")[0]
    assert 'id="id_encounter-meeting_Neutral_engine_error"' in neutral and "six results" in neutral


@pytest.mark.django_db
def test_a_meeting_table_roll_of_block_battle_makes_the_group_battle_the_character(gm, gm_client, soldiers, characters):
    gm_client.post(round_url(soldiers, suffix="encounter/"), {"encounter-meetings": ["Soldiers|Amazon"], **meeting_table_data()})
    amazon = characters["Amazon"]
    services.lock_side(gm, soldiers.campaign.slug, soldiers.pk, 1, amazon.pk, does_nothing=True)
    # Dice that leave the combat going (a round 2 to inherit the battling); the drawn seed ended it 1 run in 8.
    Round.objects.filter(battle=soldiers, number=1).update(seed=4)
    with mock.patch("combat.services._enqueue"):
        services.request_resolve(gm, soldiers.campaign.slug, soldiers.pk, 1)
    round_ = services.resolve_round(Round.objects.get(battle=soldiers, number=1).pk)
    assert round_.status == Round.Status.RESOLVED, round_.error
    assert ["Soldiers", "Amazon"] in round_.result["encounter"]["battling"]
    assert any(event["rule"] == "section Meeting table" for event in round_.log)
    next_round = Round.objects.get(battle=soldiers, number=2)
    assert next_round.encounter["meeting_table"] == COLUMN_ROWS
    assert {"group": "Soldiers", "character": "Amazon"} in next_round.encounter["battling"]


@pytest.fixture
def dice_rolling_opportunity(monkeypatch):
    """The round's dice, drawn when it opens, fixed to a seed whose Meeting table roll is not a 1: row 1 of the
    table below is BLOCK/BATTLE, so a seed drawn at random made this test fail about one run in six."""
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: OPPORTUNITY_SEED)


OPPORTUNITY_SEED = 7


@pytest.mark.django_db
def test_an_opportunity_asks_whether_the_player_takes_the_row_two_result(dice_rolling_opportunity, gm, gm_client,
                                                                        soldiers, characters):
    rows = {column: ["BLOCK/BATTLE"] + ["OPPORTUNITY"] * 5 for column in COLUMN_ROWS}
    gm_client.post(round_url(soldiers, suffix="encounter/"), {"encounter-meetings": ["Soldiers|Amazon"], **meeting_table_data(rows)})
    amazon = characters["Amazon"]
    slug = soldiers.campaign.slug
    services.lock_side(gm, slug, soldiers.pk, 1, amazon.pk, does_nothing=True)
    with mock.patch("combat.services._enqueue"):
        services.request_resolve(gm, slug, soldiers.pk, 1)
    round_ = services.resolve_round(Round.objects.get(battle=soldiers, number=1).pk)
    assert round_.status == Round.Status.FAILED
    assert round_.encounter["choice_needed"]["path"] == "meetings[0].take_row_two"
    page = gm_client.get(round_url(soldiers)).content.decode()
    assert "Amazon rolled OPPORTUNITY against the Soldiers" in page and "waits for a player's choice" in page
    gm_client.post(round_url(soldiers, suffix="encounter/"), {
        "encounter-meetings": ["Soldiers|Amazon"], **meeting_table_data(rows), "encounter-choice": "true"})
    assert Round.objects.get(pk=round_.pk).encounter["meetings"] == [
        {"group": "Soldiers", "character": "Amazon", "take_row_two": True}]
    with mock.patch("combat.services._enqueue"):
        services.request_resolve(gm, slug, soldiers.pk, 1)
    round_ = services.resolve_round(round_.pk)
    assert round_.status == Round.Status.RESOLVED, round_.error
    # Row 2 of every column here is OPPORTUNITY, not BLOCK/BATTLE: taking it does not battle.
    assert ["Soldiers", "Amazon"] not in round_.result["encounter"]["battling"]
    assert any("OPPORTUNITY" in event["text"] for event in round_.log)
