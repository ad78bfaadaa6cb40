"""The deadline sweep (players.services.sweep) and the GM's own sides of a battle fought through the systems
interface: a side no character plays is the GM's to enter, and one the GM never entered is never locked for
them, even where its empty answers would stand."""

from datetime import timedelta

import pytest

from campaigns import services as campaign_services
from combat import system_battles
from combat.models import Round
from players import answers, services
from players.models import PlaySettings, RoundDeadline, RoundNote
from tests.systems_app.conftest import gm_plays, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def counterspell(gm):
    """Astaroth's spell carries over, so empty answers are a legal play for Astaroth; with no character of
    that name in the campaign, Astaroth is the GM's side. The goblins are entered and locked by the GM."""
    campaign = campaign_services.create_campaign(gm, "A counterspell", "counterspell", "", system="multiverse")
    campaign.auto_resolve = True
    campaign.save(update_fields=["auto_resolve"])
    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.NO_ACTION)
    battle = start(gm, campaign, "multiverse-counterspell")
    round_ = battle.rounds.get(number=1)
    for goblin in ("Goblin 1", "Shaman"):
        gm_plays(gm, round_, goblin, {"kind_0": "other", "ticks_0": 1})
    return battle


def test_a_gm_side_never_entered_is_not_locked_at_the_deadline_though_its_empty_answers_would_stand(counterspell):
    round_ = Round.objects.get(battle=counterspell, number=1)
    astaroth = round_.sides.get(side="Astaroth")
    assert astaroth.character is None and not astaroth.plays
    assert system_battles.check_answers(astaroth, {}) == {} and answers.sealing_errors(astaroth, {}) == {}

    deadline = RoundDeadline.objects.get(round=round_)
    services.sweep(deadline.due_at + timedelta(seconds=1))

    round_.refresh_from_db()
    astaroth.refresh_from_db()
    assert not astaroth.locked and astaroth.plays == {}
    assert round_.status == Round.Status.DRAFTING  # every other side locked, auto-resolve on: still the GM's
    assert RoundDeadline.objects.get(round=round_).passed_at is not None
    assert RoundNote.objects.filter(round=round_, text__contains="Astaroth has no complete, legal plays yet").exists()
