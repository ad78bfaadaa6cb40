"""The round after a round whose sides owe something (owing_system.py: Aldric owes a mark after round 1, the
GM's Goblin two) is not resolved while a side still owes: not at the GM's request, not on the last lock or the
last submission with auto-resolve, not at the deadline sweep; once every side has settled, it resolves with
what they settled."""

from datetime import timedelta

import pytest

from combat import services
from combat.models import Round
from players import dues
from players import services as players_services
from players.models import PlayerLink, PlaySettings, RoundDeadline, RoundNote, Submission
from tests.systems_app.conftest import gm_plays, posted, round_url, side_url
from tests.systems_app.owing_battles import owing_battle, owing_campaign  # noqa: F401 (fixtures)
from tests.systems_app.owing_battles import fighter, play_round, side_of

pytestmark = pytest.mark.django_db

ROUND_TWO = {"Aldric": "Goblin", "Bryn": "Goblin", "Goblin": "Bryn"}


@pytest.fixture
def auto_resolving(owing_battle):
    owing_battle.campaign.auto_resolve = True
    owing_battle.campaign.save(update_fields=["auto_resolve"])
    return owing_battle


def settle(gm, battle, name, answers):
    return dues.settle_by_gm(gm, "owing", battle.pk, 1, side_of(battle, 1, name).pk, answers)


def status_of(battle, number=2):
    return Round.objects.get(battle=battle, number=number).status


def submit(client, battle, player, name, target):
    side = side_of(battle, 2, name)
    return client.post(side_url(battle, player, name, "submit"), posted(side, {"target": target}))


def test_the_gms_resolve_is_refused_naming_the_sides_that_still_owe_until_each_has_settled(gm, owing_battle):
    play_round(gm, owing_battle.rounds.get(number=2), ROUND_TWO)
    with pytest.raises(services.BattleError, match=r"^Settle what round 1 left owing first: Aldric, Goblin have not"):
        services.request_resolve(gm, "owing", owing_battle.pk, 2)
    settle(gm, owing_battle, "Goblin", {"marks": ["arm", "leg"]})
    with pytest.raises(services.BattleError, match="first: Aldric has not settled yet"):
        services.request_resolve(gm, "owing", owing_battle.pk, 2)
    assert status_of(owing_battle) == Round.Status.DRAFTING
    settle(gm, owing_battle, "Aldric", {"marks": ["head"]})
    assert services.request_resolve(gm, "owing", owing_battle.pk, 2)
    resolved = services.resolve_round(owing_battle.rounds.get(number=2).pk)
    assert resolved.status == Round.Status.RESOLVED
    assert fighter(resolved.input, "Goblin")["marks"] == ["arm", "leg"] and fighter(resolved.input, "Aldric")["marks"] == ["head"]


def test_the_round_page_shows_the_gm_the_refusal(gm, gm_client, owing_battle):
    play_round(gm, owing_battle.rounds.get(number=2), ROUND_TWO)
    page = gm_client.post(round_url(owing_battle, 2, "resolve-answers/"), follow=True).content.decode()
    assert "Settle what round 1 left owing first: Aldric, Goblin have not settled yet." in page
    assert status_of(owing_battle) == Round.Status.DRAFTING


def test_the_last_lock_with_auto_resolve_waits_for_the_dues(gm, auto_resolving):
    play_round(gm, auto_resolving.rounds.get(number=2), ROUND_TWO)
    assert not auto_resolving.rounds.get(number=2).sides.filter(locked=False).exists()
    assert status_of(auto_resolving) == Round.Status.DRAFTING


def test_the_last_submission_waits_for_the_dues_and_the_last_settlement_resolves(gm, client, auto_resolving):
    gm_plays(gm, auto_resolving.rounds.get(number=2), "Goblin", {"target": "Bryn"})
    assert submit(client, auto_resolving, "Alice", "Aldric", "Goblin").status_code == 302
    assert submit(client, auto_resolving, "Bob", "Bryn", "Goblin").status_code == 302
    assert status_of(auto_resolving) == Round.Status.DRAFTING
    assert RoundNote.objects.filter(text__startswith="Every side is in, but Aldric, Goblin have not settled what "
                                                     "round 1 left owing").count() == 1
    settle(gm, auto_resolving, "Goblin", {"marks": ["arm", "leg"]})
    assert status_of(auto_resolving) == Round.Status.DRAFTING  # Aldric still owes
    alices_link = PlayerLink.objects.get(battle=auto_resolving, player__name="Alice")
    dues.settle_by_player(alices_link, 1, auto_resolving.characters.get(catalogue_name="Aldric").pk, {"marks": ["leg"]})
    assert status_of(auto_resolving) == Round.Status.RESOLVING
    resolved = services.resolve_round(auto_resolving.rounds.get(number=2).pk)
    assert resolved.status == Round.Status.RESOLVED and fighter(resolved.input, "Aldric")["marks"] == ["leg"]


def test_the_deadline_sweep_leaves_the_round_for_the_gm_losing_nothing_and_doing_nothing_twice(gm, client, auto_resolving):
    PlaySettings.objects.create(campaign=auto_resolving.campaign, missed_turn=PlaySettings.MissedTurn.REPEAT)
    gm_plays(gm, auto_resolving.rounds.get(number=2), "Goblin", {"target": "Bryn"})
    submit(client, auto_resolving, "Alice", "Aldric", "Goblin")
    deadline = RoundDeadline.objects.get(round__battle=auto_resolving, round__number=2)
    after = deadline.due_at + timedelta(seconds=1)

    assert players_services.sweep(after)["deadlines"] == 1
    round_ = auto_resolving.rounds.get(number=2)
    assert round_.status == Round.Status.DRAFTING
    bryn = round_.sides.get(side="Bryn")
    assert bryn.locked and bryn.plays == {"target": "Goblin"}  # Bob's missed turn repeats round 1's play
    assert RoundNote.objects.filter(round=round_, text__startswith="Every side is in, but Aldric, Goblin").count() == 1
    kept = (Submission.objects.count(), RoundNote.objects.count())
    assert players_services.sweep(after + timedelta(hours=1))["deadlines"] == 0
    assert (Submission.objects.count(), RoundNote.objects.count()) == kept

    settle(gm, auto_resolving, "Goblin", {"marks": ["head", "leg"]})
    settle(gm, auto_resolving, "Aldric", {"marks": ["arm"]})
    assert status_of(auto_resolving) == Round.Status.RESOLVING
    resolved = services.resolve_round(round_.pk)
    assert resolved.status == Round.Status.RESOLVED
    assert resolved.input["plays"] == {"Aldric": {"target": "Goblin"}, "Bryn": {"target": "Goblin"},
                                       "Goblin": {"target": "Bryn"}}
