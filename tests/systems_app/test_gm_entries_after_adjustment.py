"""The GM's entries of an open round (`plays_form(round_input, GM)`, kept as the side `GM`) after a GM's hand
adjustment (players.services.adjust): the GM's form is asked again of the adjusted round input, its fields are
numbered per native group, and an answer the GM saved goes with its question, or is cleared (the side
unlocked, the history saying so), never onto another group's question. The side goes when the form has no
fields left and comes when it gains some, as when a round opens. A Magic Realm campaign is sent through the
interface from the outside, as tests/systems_app/test_view_gm_entries.py does."""

import copy
import json
from datetime import timedelta
from pathlib import Path

import pytest

from campaigns import services as campaign_services
from combat import system_battles
from combat.models import Round
from players import adjusting
from players import services as players_services
from players.models import PlaySettings, RoundDeadline, RoundNote
from systems.interface import GM
from tests.systems.interface_examples import answer, without_plays, without_waiting_answers
from tests.systems_app.conftest import resolve, round_url

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
BASHKARS = {"group": "Bashkars", "character": "Black Knight"}
COMPANY = {"group": "Company", "character": "Black Knight"}


def battle_of(gm, denizens: list[str], *, company_meeting: bool = True):
    """The Black Knight (Kay's) meeting `denizens` in Valley 4, round 1 open, in a Magic Realm campaign sent
    through the interface; with the GM's Meeting table, and the Company's roll already made unless
    `company_meeting` is False."""
    campaign = campaign_services.create_campaign(gm, "The Company", "company", "standard")
    player = campaign_services.add_player(gm, campaign, {"name": "Kay", "email": "kay@example.com", "time_zone": "UTC"})
    campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": "Black Knight"})
    state = without_waiting_answers(without_plays(json.loads((EXAMPLES / "encounter-knights-adjustment.json").read_text())))
    state["state"]["denizens"] = [{"id": name} for name in denizens]
    if not company_meeting:
        state["encounter"]["meetings"] = []
    return system_battles.start_battle(gm, campaign.slug, "The Company", "Valley 4", state)


def round_of(battle) -> Round:
    return Round.objects.get(battle=battle, number=1)


def entries_of(battle):
    return round_of(battle).sides.filter(side=GM).first()


def enter(gm, battle, answers: dict, *, lock: bool = False):
    entries = entries_of(battle)
    _, errors = system_battles.save_answers(gm, "company", battle.pk, 1, entries.pk, answers)
    assert errors == {}
    if lock:
        system_battles.lock(gm, "company", battle.pk, 1, entries.pk)


def adjust(gm, battle, change: str, reason: str = "a ruling"):
    adjusting.adjust(gm, "company", battle.pk, 1, change, reason)
    battle.refresh_from_db()


def history(battle) -> list[str]:
    return list(RoundNote.objects.filter(round=round_of(battle)).order_by("at", "pk").values_list("text", flat=True))


def paths(form) -> dict[str, str]:
    return {field.name: field.path for field in form.fields}


@pytest.fixture
def two_groups(gm):
    """The Bashkars and the Company: the GM's form asks battling_0, meeting_0 and die_modifier_0 of the
    Bashkars, battling_1, meeting_1 and die_modifier_1 of the Company."""
    return battle_of(gm, ["Bashkar 1", "Company 1", "Company 2", "Wolf"], company_meeting=False)


def test_the_gm_form_is_numbered_per_native_group_so_a_killed_group_renumbers_the_next(gm, two_groups):
    before = paths(system_battles.form_of(entries_of(two_groups)))
    assert before["battling_1"] == "encounter.battling[group=Company][character=Black Knight]"
    adjust(gm, two_groups, "killed|Bashkar 1|")
    after = paths(system_battles.form_of(entries_of(two_groups)))
    table = {name: path for name, path in before.items() if name.startswith("meeting_table")}
    assert after == {**table, "battling_0": before["battling_1"], "meeting_0": before["meeting_1"],
                     "die_modifier_0": before["die_modifier_1"]}


def test_an_answer_goes_with_its_question_when_a_killed_group_renumbers_the_fields(gm, two_groups):
    enter(gm, two_groups, {"meeting_0": BASHKARS, "die_modifier_0": -1, "meeting_1": COMPANY, "die_modifier_1": 2})
    adjust(gm, two_groups, "killed|Bashkar 1|")
    entries = entries_of(two_groups)
    # Not the Bashkars' roll and modifier on the Company's questions, which now carry their numbers.
    assert entries.plays == {"meeting_0": COMPANY, "die_modifier_0": 2}
    assert system_battles.check_answers(entries, entries.plays) == {}


def test_the_answers_of_a_killed_groups_questions_are_cleared_and_the_locked_entries_unlocked_in_words(gm, two_groups):
    enter(gm, two_groups, {"battling_0": BASHKARS, "meeting_1": COMPANY, "die_modifier_1": 2}, lock=True)
    adjust(gm, two_groups, "killed|Bashkar 1|", "the Bashkar fell in the river")
    entries = entries_of(two_groups)
    assert not entries.locked
    assert entries.plays == {"meeting_0": COMPANY, "die_modifier_0": 2}
    assert history(two_groups)[-2:] == [
        "Bashkar 1 killed. Why: the Bashkar fell in the river",
        "The GM's entries after the adjustment: cleared the answer to \"The Bashkars battle the Black Knight this "
        "evening\", no longer asked as it was; unlocked, to enter and lock again.",
    ]


def test_the_round_page_shows_the_cleared_entries_in_the_history_and_the_entries_open_again(gm, gm_client, two_groups):
    enter(gm, two_groups, {"battling_0": BASHKARS}, lock=True)
    response = gm_client.post(round_url(two_groups, tail="adjust/"), {"change": "killed|Bashkar 1|", "reason": "drowned"})
    assert response.status_code == 302
    page = gm_client.get(round_url(two_groups)).content.decode()
    assert "cleared the answer to &quot;The Bashkars battle the Black Knight this evening&quot;" in page
    assert "Unlock the GM's entries</button>" not in page  # open again: nothing to unlock
    assert "The Company battle the Black Knight this evening" in page


def test_entries_whose_questions_all_stand_stay_locked_and_say_nothing(gm, two_groups):
    enter(gm, two_groups, {"battling_1": COMPANY}, lock=True)
    adjust(gm, two_groups, "killed|Bashkar 1|")
    entries = entries_of(two_groups)
    assert entries.locked and entries.plays == {"battling_0": COMPANY}
    assert history(two_groups)[-1] == "Bashkar 1 killed. Why: a ruling"  # nothing said of the entries after it


def test_a_round_resolved_after_the_renumbering_battles_the_group_the_gm_entered(gm, two_groups):
    enter(gm, two_groups, {"battling_1": COMPANY}, lock=True)
    adjust(gm, two_groups, "killed|Bashkar 1|")
    knight = round_of(two_groups).sides.get(side="Black Knight")
    system_battles.save_answers(gm, "company", two_groups.pk, 1, knight.pk, answer(system_battles.form_of(knight)))
    resolved = resolve(gm, round_of(two_groups))
    assert resolved.input["encounter"]["battling"] == [COMPANY]


def test_entries_left_with_no_question_are_removed_as_when_a_round_opens_and_the_history_says_why(gm, gm_client, two_groups):
    enter(gm, two_groups, {"battling_1": COMPANY}, lock=True)
    for native in ("Bashkar 1", "Company 1", "Company 2"):
        adjust(gm, two_groups, f"killed|{native}|")
    assert entries_of(two_groups) is None
    assert history(two_groups)[-1] == (
        "The GM's entries are gone with the adjustment (No native group is in the battle: there is no battle or "
        "Meeting table roll for the GM to enter); cleared: \"The Company battle the Black Knight this evening\".")
    page = gm_client.get(round_url(two_groups)).content.decode()
    assert "<h2>The GM&#x27;s entries" not in page


def test_a_round_whose_entries_were_removed_no_longer_waits_for_them(gm, two_groups):
    for native in ("Bashkar 1", "Company 1", "Company 2"):
        adjust(gm, two_groups, f"killed|{native}|")
    knight = round_of(two_groups).sides.get(side="Black Knight")
    system_battles.save_answers(gm, "company", two_groups.pk, 1, knight.pk, answer(system_battles.form_of(knight)))
    assert resolve(gm, round_of(two_groups)).status == Round.Status.RESOLVED


@pytest.fixture
def natives_join(monkeypatch):
    """A hand adjustment the Magic Realm system does not offer but another system's may make: natives coming
    into the battle ("join|<denizen>"), which gives the GM's form questions it did not ask."""
    from systems import magic_realm
    from systems.magic_realm.battle_state import long_form, sheets_for

    offered = magic_realm.adjust

    def adjust_with_joining(state, change):
        if not change.startswith("join|"):
            return offered(state, change)
        new = copy.deepcopy(state)
        combatants = new["state"] = long_form(new["state"])
        combatants["denizens"].append({"id": change.split("|")[1]})
        new["sheets"] = sheets_for(combatants)
        return new, f"{change.split('|')[1]} joins the battle"

    monkeypatch.setattr(magic_realm, "adjust", adjust_with_joining)


def test_a_round_opened_without_entries_gets_them_unlocked_when_an_adjustment_brings_natives(gm, gm_client, natives_join):
    battle = battle_of(gm, ["Wolf"])
    assert entries_of(battle) is None  # a wolf is no native group: nothing for the GM to enter
    adjust(gm, battle, "join|Company 1", "the Company heard the fight")
    entries = entries_of(battle)
    assert entries is not None and not entries.locked and entries.plays == {} and entries.character is None
    pair = "[group=Company][character=Black Knight]"
    assert list(paths(system_battles.form_of(entries)).values()) == [
        None, *(f"encounter.meeting_table.{column}" for column in ("Allied", "Friendly", "Neutral", "Unfriendly", "Enemy")),
        f"encounter.battling{pair}"]  # the Company's roll is made already
    assert history(battle)[-1] == ("The GM's entries opened by the adjustment: there is something for the GM to "
                                   "enter this round now.")
    page = gm_client.get(round_url(battle)).content.decode()
    assert "<h2>The GM&#x27;s entries" in page and "The Company battle the Black Knight this evening" in page


def test_locked_entries_that_gain_a_question_are_unlocked_keeping_their_answers(gm, natives_join):
    battle = battle_of(gm, ["Company 1", "Company 2"])
    enter(gm, battle, {"battling_0": COMPANY}, lock=True)
    adjust(gm, battle, "join|Bashkar 1")
    entries = entries_of(battle)
    assert not entries.locked
    assert entries.plays == {"battling_1": COMPANY}  # the Bashkars come first now
    assert history(battle)[-1] == (
        "The GM's entries after the adjustment: new: \"The Bashkars battle the Black Knight this evening\"; "
        "\"The Black Knight rolls on the Meeting table against the Bashkars\"; \"The Black Knight's die modifier "
        "on that roll\"; unlocked, to enter and lock again.")


def test_an_adjustment_that_leaves_the_entries_as_they_were_changes_nothing_of_them(gm, two_groups):
    enter(gm, two_groups, {"battling_0": BASHKARS}, lock=True)
    adjust(gm, two_groups, "wound|Black Knight|MOVE M5")
    entries = entries_of(two_groups)
    assert entries.locked and entries.plays == {"battling_0": BASHKARS}
    assert history(two_groups)[-1] == "Black Knight's MOVE M5 is now wounded. Why: a ruling"


def test_the_players_deadline_names_only_the_players_missing_sides_never_the_gms_entries(gm, two_groups):
    PlaySettings.objects.create(campaign=two_groups.campaign, missed_turn=PlaySettings.MissedTurn.WAIT)
    round_ = round_of(two_groups)
    players_services.sweep(RoundDeadline.objects.get(round=round_).due_at + timedelta(seconds=1))
    entries = entries_of(two_groups)
    assert not entries.locked and entries.plays == {}  # not defaulted, not locked for the GM
    assert "The deadline passed without plays from Black Knight: the round waits for the GM." in history(two_groups)


def test_a_deadline_with_every_players_side_in_leaves_the_unentered_gms_entries_open(gm, two_groups):
    PlaySettings.objects.create(campaign=two_groups.campaign, missed_turn=PlaySettings.MissedTurn.WAIT)
    round_ = round_of(two_groups)
    knight = round_.sides.get(side="Black Knight")
    system_battles.save_answers(gm, "company", two_groups.pk, 1, knight.pk, answer(system_battles.form_of(knight)))
    system_battles.lock(gm, "company", two_groups.pk, 1, knight.pk)
    players_services.sweep(RoundDeadline.objects.get(round=round_).due_at + timedelta(seconds=1))
    entries = entries_of(two_groups)
    assert not entries.locked and entries.plays == {}
    assert "The deadline passed; every side was in." in history(two_groups)  # the players' sides: the GM's are not
    assert "The GM's entries for the round are still to be entered and locked." in history(two_groups)
    assert not any("The GM's entries has" in line or "The GM's entries have" in line for line in history(two_groups))
    assert round_of(two_groups).status == Round.Status.DRAFTING  # the GM's entries are still the GM's to lock
