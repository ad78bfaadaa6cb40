"""The GM's hand adjustment of a combatant (players.views.adjust) in a battle fought through the systems
interface: the changes are the battle's system's own, and the open round follows the adjusted state."""

from django.contrib.messages import get_messages

from combat import system_battles
from combat.models import Round
from players import adjusting
from players.models import RoundNote
from tests.systems.interface_examples import answer
from tests.systems_app.conftest import round_url, start


def adjust_url(battle, number=1):
    return round_url(battle, number) + "adjust/"


def ambush(gm, make_campaign):
    return start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")


def offered_for(battle, combatant):
    return [a for a in battle.campaign.combat_system.adjustments(battle.state) if a.combatant == combatant]


def test_the_round_page_offers_the_systems_adjustments_grouped_by_combatant(gm, gm_client, make_campaign):
    battle = ambush(gm, make_campaign)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "or adjust a combatant" in page
    for combatant in ("Aldric", "Bryn", "Goblin 1", "Goblin 2"):
        assert f'<optgroup label="{combatant}">' in page
        for adjustment in offered_for(battle, combatant):
            assert f'value="{adjustment.value}"' in page


def test_an_adjustment_changes_the_battle_and_the_open_rounds_input_and_keeps_who_and_why(gm, gm_client, make_campaign):
    battle = ambush(gm, make_campaign)
    adjustment = offered_for(battle, "Goblin 2")[0]
    expected, sentence = battle.campaign.combat_system.adjust(battle.state, adjustment.value)
    response = gm_client.post(adjust_url(battle), {"change": adjustment.value, "reason": "the bridge gave way"})
    assert response.status_code == 302
    battle.refresh_from_db()
    round_ = battle.rounds.get(number=1)
    assert battle.state == expected
    assert {k: v for k, v in round_.input.items() if k in expected} == {
        k: v for k, v in battle.campaign.combat_system.with_options(dict(expected), round_.rules).items() if k in expected}
    note = RoundNote.objects.get(round=round_, kind=RoundNote.Kind.ADJUSTMENT)
    assert note.by == gm and note.text == f"{sentence}. Why: the bridge gave way"
    assert "The adjustment is recorded." in [str(m) for m in get_messages(response.wsgi_request)]


def test_a_round_resolved_after_an_adjustment_starts_from_the_adjusted_state(gm, make_campaign):
    from combat import services

    battle = ambush(gm, make_campaign)
    adjustment = offered_for(battle, "Goblin 1")[0]

    adjusting.adjust(gm, battle.campaign.slug, battle.pk, 1, adjustment.value, "a ruling")
    battle.refresh_from_db()
    round_ = battle.rounds.get(number=1)
    for side in round_.sides.filter(locked=False):
        form = system_battles.form_of(side)
        system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, side.pk, answer(form))
        system_battles.lock(gm, battle.campaign.slug, battle.pk, 1, side.pk)
    services.request_resolve(gm, battle.campaign.slug, battle.pk, 1)
    resolved = services.resolve_round(round_.pk)
    assert resolved.status == Round.Status.RESOLVED
    assert {k: v for k, v in resolved.input.items() if k in battle.state and k != "round"} == {
        k: v for k, v in battle.state.items() if k in resolved.input and k != "round"}


def test_a_change_the_system_does_not_offer_is_refused_naming_the_field_and_changes_nothing(gm, gm_client, make_campaign):
    battle = ambush(gm, make_campaign)
    before, round_input = battle.state, battle.rounds.get(number=1).input
    response = gm_client.post(adjust_url(battle), {"change": "wound|Aldric|FIGHT M4", "reason": "a test"}, follow=True)
    assert "Change:" in response.content.decode()
    battle.refresh_from_db()
    assert battle.state == before and battle.rounds.get(number=1).input == round_input
    assert not RoundNote.objects.filter(kind=RoundNote.Kind.ADJUSTMENT).exists()


def test_a_change_made_between_the_page_and_the_post_is_refused_by_the_system_in_words(gm, make_campaign):
    import pytest

    from combat.services import BattleError

    battle = ambush(gm, make_campaign)
    with pytest.raises(BattleError) as refused:
        adjusting.adjust(gm, battle.campaign.slug, battle.pk, 1, "no-such-change|Goblin 1|", "a test")
    assert set(refused.value.errors) == {"change"} and refused.value.errors["change"].strip()


def test_it_is_a_404_for_a_user_who_is_not_the_campaigns_gm(gm, client, make_campaign, make_user):
    battle = ambush(gm, make_campaign)
    adjustment = offered_for(battle, "Goblin 2")[0]
    client.force_login(make_user("intruder"))
    before = battle.state
    assert client.post(adjust_url(battle), {"change": adjustment.value, "reason": "mine now"}).status_code == 404
    battle.refresh_from_db()
    assert battle.state == before


def test_a_side_the_adjustment_leaves_with_nothing_to_choose_is_locked_as_when_a_round_opens(gm, make_campaign):

    battle = ambush(gm, make_campaign)
    down = next(a for a in offered_for(battle, "Goblin 2") if a.value.startswith("down|"))
    adjusting.adjust(gm, battle.campaign.slug, battle.pk, 1, down.value, "the rockfall")
    sides = {side.side: side.locked for side in battle.rounds.get(number=1).sides.all()}
    assert sides == {"Aldric": False, "Bryn": False, "Goblin 1": False, "Goblin 2": True}


def test_a_combatant_brought_back_opens_the_side_that_was_locked_for_having_nothing_to_choose(gm, make_campaign):

    battle = ambush(gm, make_campaign)
    slug = battle.campaign.slug
    adjusting.adjust(gm, slug, battle.pk, 1, "down|Goblin 2", "the rockfall")
    battle.refresh_from_db()
    back = next(a for a in offered_for(battle, "Goblin 2") if a.value.startswith("back|"))
    adjusting.adjust(gm, slug, battle.pk, 1, back.value, "only stunned")
    goblin = battle.rounds.get(number=1).sides.get(side="Goblin 2")
    assert not goblin.locked and system_battles.form_of(goblin).fields


def test_a_round_already_claimed_to_resolve_is_not_adjusted(gm, make_campaign):
    import pytest

    from combat.services import BattleError

    battle = ambush(gm, make_campaign)
    round_ = battle.rounds.get(number=1)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.RESOLVING)
    before = battle.state
    with pytest.raises(BattleError, match="between rounds"):
        adjusting.adjust(gm, battle.campaign.slug, battle.pk, 1, offered_for(battle, "Goblin 2")[0].value, "late")
    battle.refresh_from_db()
    assert battle.state == before and battle.rounds.get(number=1).input == round_.input
