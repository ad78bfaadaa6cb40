"""An old-format Magic Realm battle carried over to the systems interface's format (combat/battle_conversion.py),
then fought on the interface's pages."""

import pytest

from combat import battle_conversion, fairness, services, system_battles, system_dues, system_waiting
from combat.models import SYSTEM_KEY, Battle, CharacterChange, Round, SidePlays
from players.models import RoundNote
from systems.interface import GM
from tests.conversion.old_rows import OLD_BATTLES, old_battle, old_campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def campaign(gm):
    return old_campaign(gm)


@pytest.fixture
def gm(make_user):
    return make_user("gm")


def test_an_old_battle_is_carried_over_with_its_resolved_round_replayed(campaign):
    battle = old_battle(campaign, "ambush")
    old_result = battle.rounds.get(number=1).result

    conversion = battle_conversion.convert_battle(battle)

    battle.refresh_from_db()
    assert conversion.converted and battle.fought_through_interface
    resolved = battle.rounds.get(number=1)
    assert resolved.result["output"]["state"] == old_result["state"]
    assert resolved.result["summaries"]["Black Knight"] and "finished" in resolved.result
    recorded = OLD_BATTLES["ambush"]["rounds"][0]["log"]
    assert [row["text"] for row in resolved.log] == [event["text"] for event in recorded]
    assert all("visible_to" in row for row in resolved.log)
    assert resolved.state_before[SYSTEM_KEY] == "magic-realm" and resolved.state_before["rules"] == "standard"
    assert {side.side for side in resolved.sides.all()} == {"Amazon", "Black Knight"}
    assert CharacterChange.objects.filter(battle=battle).count() == 3  # the characters' history stays
    assert fairness.verify_round_file(fairness.round_file(resolved)).ok  # its dice still verify


def test_the_open_round_gets_the_interfaces_input_and_each_draft_as_answers(campaign):
    battle = old_battle(campaign, "ambush")
    battle_conversion.convert_battle(battle)

    following = Round.objects.get(battle=battle, number=2)
    assert following.input["state"] == {**Battle.objects.get(pk=battle.pk).state["state"]}
    assert following.rules and following.rules_fingerprint
    amazon, knight = (following.sides.get(side=name) for name in ("Amazon", "Black Knight"))
    assert amazon.locked and amazon.plays["attack_chit"] == "FIGHT M5" and amazon.plays["shield_box"] == 3
    assert not system_battles.check_answers(amazon, amazon.plays)
    assert not knight.locked
    assert knight.plays == {"attack_chit": "FIGHT H6", "target": "H Troll", "encounter_play": "none"}


def test_the_chits_recorded_show_settled_on_the_interfaces_dues(campaign):
    battle = old_battle(campaign, "ambush")
    battle_conversion.convert_battle(battle)

    [due] = system_dues.dues_of(Round.objects.get(battle=battle, number=1))
    assert due.name == "Black Knight" and due.settlement is not None
    assert due.answers == {"wounded": ["MOVE M5"]}
    assert system_dues.unsettled(Round.objects.get(battle=battle, number=2)) == []


def ended_after_round_one(data):
    """The ambush as the GM ended it after round 1: round 2 dropped, the battle ended."""
    data["battle"]["status"] = "ended"
    data["rounds"] = [row for row in data["rounds"] if row["number"] == 1]


def test_the_chits_recorded_after_the_last_round_of_a_battle_over_show_settled_in_that_rounds_history(campaign):
    battle = old_battle(campaign, "ambush", change=ended_after_round_one)
    battle_conversion.convert_battle(battle)

    last = Round.objects.get(battle=battle, number=1)
    [due] = system_dues.dues_of(last)
    assert due.last and due.settlement is not None and due.settlement.round == last
    assert due.answers == {"wounded": ["MOVE M5"]}


def test_the_next_round_of_a_carried_over_battle_is_played_on_the_interfaces_pages(gm, campaign):
    battle = old_battle(campaign, "ambush")
    battle_conversion.convert_battle(battle)
    following = Round.objects.get(battle=battle, number=2)
    knight = following.sides.get(side="Black Knight")
    answers = {**knight.plays, "weapon": "Mace", "attack_box": 2}

    _, errors = system_battles.save_answers(gm, "test", battle.pk, 2, knight.pk, answers)
    assert not errors
    system_battles.lock(gm, "test", battle.pk, 2, knight.pk)
    services.request_resolve(gm, "test", battle.pk, 2)
    services.resolve_round(following.pk)

    resolved = Round.objects.get(pk=following.pk)
    assert resolved.status == Round.Status.RESOLVED, resolved.error
    assert resolved.input["plays"]["Black Knight"]["attack"] == {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"}
    assert resolved.input["plays"]["Amazon"]["shield_box"] == 3


def test_a_draft_no_answer_can_say_is_kept_unlocked_and_said_in_the_rounds_history(campaign):
    battle = old_battle(campaign, "inn", change=lambda data: data["rounds"][0]["sides"][0].update(locked=True))

    conversion = battle_conversion.convert_battle(battle)

    first = Round.objects.get(battle=battle, number=1)
    amazon = first.sides.get(side="Amazon")
    assert not amazon.locked and amazon.plays["attack_chit"] == "FIGHT M5"
    [told] = conversion.told
    assert "alerting Short Sword with FIGHT L4" in told and "unlocked" in told
    assert RoundNote.objects.filter(round=first, text=told).exists()


def test_the_gms_old_entries_become_the_gms_entries_side(campaign):
    battle = old_battle(campaign, "inn")
    battle_conversion.convert_battle(battle)

    gm_side = Round.objects.get(battle=battle, number=1).sides.get(side=GM)
    assert gm_side.plays == {"battling_0": {"group": "Company", "character": "Amazon"}} and not gm_side.locked


def test_a_round_waiting_for_the_gms_ruling_waits_on_the_interfaces_form_and_goes_on(gm, campaign):
    battle = old_battle(campaign, "demon")
    battle_conversion.convert_battle(battle)

    waiting = Round.objects.get(battle=battle, number=1)
    assert system_waiting.is_waiting(waiting) and waiting.sides.get(side="Amazon").locked
    [ruling] = system_waiting.forms_of(waiting)
    assert ruling.side == GM
    assert system_waiting.answer(waiting, ruling.key, {"outcome_0": "wounds", "amount_0": 1}) is True
    services.resolve_round(waiting.pk)
    assert Round.objects.get(pk=waiting.pk).status == Round.Status.RESOLVED


def test_a_replay_that_does_not_give_what_the_round_recorded_refuses_the_battle_and_writes_nothing(campaign):
    def tampered(data):
        data["rounds"][0]["result"]["kills"] = [{"victim": "Wolf", "killer": "Amazon"}]

    battle = old_battle(campaign, "ambush", change=tampered)
    state = battle.state

    with pytest.raises(battle_conversion.ConversionRefused, match=r"round 1 of battle \d+ \"Ambush in Cave 4\".*kills"):
        battle_conversion.convert_battle(battle)

    battle.refresh_from_db()
    assert battle.state == state and not battle.fought_through_interface
    assert not SidePlays.objects.filter(round__battle=battle).exclude(side="").exists()
    assert Round.objects.get(battle=battle, number=1).result["kills"] == [{"victim": "Wolf", "killer": "Amazon"}]
    assert not RoundNote.objects.filter(round__battle=battle).exists()


def test_a_battle_carried_over_is_left_alone_the_second_time(campaign):
    battle = old_battle(campaign, "ambush")
    battle_conversion.convert_battle(battle)
    before = list(Round.objects.filter(battle=battle).values())

    again = battle_conversion.convert_battle(battle)

    assert not again.converted
    assert list(Round.objects.filter(battle=battle).values()) == before
    assert RoundNote.objects.filter(round__battle=battle, data__has_key="dues").count() == 1


def test_the_gms_round_pages_and_the_players_page_show_a_carried_over_battle(gm, client, campaign):
    from combat.signals import round_opened
    from players.links import token_for
    from players.models import PlayerLink

    battle = old_battle(campaign, "ambush")
    waiting = old_battle(campaign, "demon")
    for each in (battle, waiting):
        battle_conversion.convert_battle(each)
    round_opened.send(sender=Round, round=Round.objects.get(battle=battle, number=2), user=gm)  # its links
    client.force_login(gm)

    for each, number in ((battle, 1), (battle, 2), (waiting, 1)):
        page = client.get(f"/campaigns/test/battles/{each.pk}/rounds/{number}/")
        assert page.status_code == 200, (each.name, number)
    assert "Black Knight" in client.get(f"/campaigns/test/battles/{battle.pk}/rounds/1/").content.decode()
    client.logout()
    link = PlayerLink.objects.get(battle=battle, player__name="Alice", revoked_at__isnull=True)
    page = client.get(f"/play/{token_for(link)}/").content.decode()
    assert "Black Knight" in page and "FIGHT H6" in page


def chits_not_recorded(data):
    """The ambush before the Black Knight's wound was recorded: no chit record, his MOVE M5 as the round left it."""
    first = data["rounds"][0]
    first["chit_records"] = []
    first["character_changes"] = [c for c in first["character_changes"] if c["source"] != "chits"]
    knight = next(c for c in data["battle"]["state"]["state"]["characters"] if c["id"] == "Black Knight")
    next(chit for chit in knight["chits"] if chit["id"] == "MOVE M5")["state"] = "fresh"


def test_a_wound_not_recorded_yet_is_settled_on_the_interfaces_dues(gm, campaign):
    from players import dues

    battle = old_battle(campaign, "ambush", change=chits_not_recorded)
    battle_conversion.convert_battle(battle)
    first = Round.objects.get(battle=battle, number=1)
    [due] = system_dues.dues_of(first)
    assert due.name == "Black Knight" and due.settlement is None
    assert system_dues.unsettled(Round.objects.get(battle=battle, number=2)) == ["Black Knight"]

    dues.settle_by_gm(gm, "test", battle.pk, 1, due.side.pk, {"wounded": ["MOVE M5"]})

    battle.refresh_from_db()
    knight = next(c for c in battle.state["state"]["characters"] if c["id"] == "Black Knight")
    assert next(chit for chit in knight["chits"] if chit["id"] == "MOVE M5")["state"] == "wounded"
    assert system_dues.unsettled(Round.objects.get(battle=battle, number=2)) == []


def test_a_longer_battle_carries_each_rounds_state_over_and_a_voided_round_replays_the_same(gm, campaign):
    from combat.void import void_round

    battle = old_battle(campaign, "long")
    battle_conversion.convert_battle(battle)
    second = Round.objects.get(battle=battle, number=2)
    knight = next(c for c in second.state_before["state"]["characters"] if c["id"] == "Black Knight")
    assert next(chit for chit in knight["chits"] if chit["id"] == "MOVE H5*")["state"] == "fatigued"
    assert second.state_before[SYSTEM_KEY] == "magic-realm" and second.input[SYSTEM_KEY] == "magic-realm"
    [due] = system_dues.dues_of(Round.objects.get(battle=battle, number=1))
    assert due.settlement is not None
    log = second.log

    void_round(gm, "test", battle.pk, 2)
    reopened = Round.objects.get(pk=second.pk)
    assert reopened.status == Round.Status.DRAFTING and all(side.locked for side in reopened.sides.all())
    services.request_resolve(gm, "test", battle.pk, 2)
    services.resolve_round(second.pk)

    again = Round.objects.get(pk=second.pk)
    assert again.status == Round.Status.RESOLVED, again.error
    assert again.log == log


def test_a_battle_of_a_system_without_an_old_format_only_gets_its_systems_name(gm):
    from tests.systems_app.conftest import system_campaign

    campaign = system_campaign(gm, "fallen-empire", None)
    battle = Battle.objects.create(campaign=campaign, name="B", clearing="Road", state={"round": 1})
    done = battle_conversion.convert_battle(battle)
    battle.refresh_from_db()
    assert done.converted and not done.told
    assert battle.state == {"round": 1, SYSTEM_KEY: "fallen-empire"}


def amazon_killed_in_round_one(data):
    """The ambush as if the Amazon had died in round 1: the battle's state has her dead, and the old pages had
    opened round 2 with her side anyway."""
    for character in data["battle"]["state"]["state"]["characters"]:
        if character["character"] == "Amazon":
            character["dead"] = True


def test_the_open_round_keeps_no_side_for_a_character_out_of_the_battle(campaign):
    battle = old_battle(campaign, "ambush", change=amazon_killed_in_round_one)

    battle_conversion.convert_battle(battle)

    following = Round.objects.get(battle=battle, number=2)
    assert [side.side for side in following.sides.all()] == ["Black Knight"]
    assert following.notes.filter(text__contains="Amazon is out of the battle as the round starts").exists()
    resolved = Round.objects.get(battle=battle, number=1)
    assert {side.side for side in resolved.sides.all()} == {"Amazon", "Black Knight"}  # the round she played
