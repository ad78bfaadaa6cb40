"""A side whose combatant the GM's change puts out of the battle has nothing to choose: it is locked and any plays
it had are set aside (players/adjusting.py), since the rules refuse plays from a combatant out of the battle and
the round would not resolve with them; brought back, the side opens again with nothing saved, said in the history
(a settlement of dues that refuses sealed plays: test_settled_dues_that_refuse_sealed_plays.py)."""

import pytest

from combat.models import Round
from players import adjusting
from players.models import RoundNote
from tests.systems.interface_examples import answer
from tests.systems_app.conftest import gm_plays, resolve, start

pytestmark = pytest.mark.django_db


def bryn_locked_then_down(gm, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    round_ = battle.rounds.get(number=1)
    gm_plays(gm, round_, "Bryn", answer(_form(round_.sides.get(side="Bryn"))))
    adjusting.adjust(gm, battle.campaign.slug, battle.pk, 1, "down|Bryn", "the rockfall")
    return battle, battle.rounds.get(number=1)  # read again: its input is the adjusted state


def _form(side):
    from combat import system_battles

    return system_battles.form_of(side)


def test_the_side_is_locked_with_its_plays_set_aside_and_the_history_says_so(gm, make_campaign):
    battle, round_ = bryn_locked_then_down(gm, make_campaign)

    bryn = round_.sides.get(side="Bryn")
    assert bryn.locked and bryn.plays == {}
    assert RoundNote.objects.filter(round=round_, kind=RoundNote.Kind.ADJUSTMENT, text="Bryn has nothing to choose "
                                    "after this change: the side is locked, its plays set aside.").exists()


def test_the_round_resolves_without_the_plays_of_the_combatant_out_of_the_battle(gm, make_campaign):
    battle, round_ = bryn_locked_then_down(gm, make_campaign)
    for side in round_.sides.filter(locked=False):
        gm_plays(gm, round_, side.side, answer(_form(side)))

    resolved = resolve(gm, round_)

    assert resolved.status == Round.Status.RESOLVED, resolved.error
    assert "Bryn" not in resolved.input.get("plays", {})


def test_brought_back_the_side_opens_again_with_nothing_saved(gm, make_campaign):
    battle, round_ = bryn_locked_then_down(gm, make_campaign)

    adjusting.adjust(gm, battle.campaign.slug, battle.pk, 1, "back|Bryn", "only stunned")

    bryn = round_.sides.get(side="Bryn")
    assert not bryn.locked and bryn.plays == {}
    assert RoundNote.objects.filter(round=round_, text="Bryn has something to choose again: the side is open.").exists()


def test_with_auto_resolve_putting_out_the_last_side_the_round_waits_for_resolves_it(
        gm, make_campaign, celery_eager, django_capture_on_commit_callbacks):
    campaign = make_campaign("enchanted-realms")
    campaign.auto_resolve = True
    campaign.save()
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    round_ = battle.rounds.get(number=1)
    for side in round_.sides.filter(locked=False).exclude(side="Bryn"):  # none attacks Bryn: their plays stand
        target = "Goblin 1" if side.side == "Aldric" else "Aldric"
        gm_plays(gm, round_, side.side, answer(_form(side), {"target": target}))
    assert Round.objects.get(pk=round_.pk).status == Round.Status.DRAFTING  # Bryn has sent nothing

    with django_capture_on_commit_callbacks(execute=True):
        adjusting.adjust(gm, campaign.slug, battle.pk, 1, "down|Bryn", "the rockfall")

    assert Round.objects.get(pk=round_.pk).status == Round.Status.RESOLVED


def test_a_locked_side_attacking_the_combatant_put_out_is_opened_again_to_choose_another_target(gm, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    round_ = battle.rounds.get(number=1)
    goblin = round_.sides.get(side="Goblin 1")
    gm_plays(gm, round_, "Goblin 1", answer(_form(goblin), {"target": "Bryn"}))

    adjusting.adjust(gm, battle.campaign.slug, battle.pk, 1, "down|Bryn", "the rockfall")

    goblin.refresh_from_db()
    assert not goblin.locked and goblin.plays["target"] == "Bryn"  # kept, for the GM to change
    assert RoundNote.objects.filter(round=round_, text__startswith="Goblin 1's plays no longer stand after this "
                                                                  "change (").exists()
