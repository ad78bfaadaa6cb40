"""The data migration combat 0011: a round opened before rounds opened no side for the dead (or carried over with
one) drops the side of a character killed in an earlier round, said in its history; a resolved round keeps its
sides."""

import pytest

from combat.models import SidePlays
from players.models import RoundNote
from tests.migrating import back_to_latest, migrate
from tests.systems_app.test_a_combatant_out_of_the_battle_plays_no_later_round import the_amazon_killed_in_round_one

BEFORE = [("combat", "0010_side_plays_saved_at")]
AFTER = [("combat", "0011_open_rounds_drop_the_sides_of_the_dead")]


@pytest.mark.django_db(transaction=True)
def test_an_open_round_drops_the_side_of_a_character_killed_in_an_earlier_round(gm):
    battle = the_amazon_killed_in_round_one(gm)
    second = battle.rounds.get(number=2)
    amazon = battle.characters.get(catalogue_name="Amazon")
    SidePlays.objects.create(round=second, side="Amazon", character=amazon, locked=True)  # as rounds were opened

    with back_to_latest():
        migrate(BEFORE)
        migrate(AFTER)

    assert list(second.sides.values_list("side", flat=True)) == ["Black Knight"]
    [note] = RoundNote.objects.filter(round=second, kind=RoundNote.Kind.ADJUSTMENT)
    assert note.text == "Amazon is out of the battle as round 2 starts: no side, so no email of this round"
    assert set(battle.rounds.get(number=1).sides.values_list("side", flat=True)) == {"Amazon", "Black Knight"}


@pytest.mark.django_db(transaction=True)
def test_a_round_with_no_side_for_the_dead_is_left_as_it_is(gm):
    battle = the_amazon_killed_in_round_one(gm)
    second = battle.rounds.get(number=2)

    with back_to_latest():
        migrate(BEFORE)
        migrate(AFTER)

    assert list(second.sides.values_list("side", flat=True)) == ["Black Knight"]
    assert not RoundNote.objects.filter(round=second, kind=RoundNote.Kind.ADJUSTMENT).exists()


@pytest.mark.django_db(transaction=True)
def test_a_round_whose_input_was_never_written_is_left_as_it_is(gm):
    battle = the_amazon_killed_in_round_one(gm)
    second = battle.rounds.get(number=2)
    type(second).objects.filter(pk=second.pk).update(input={})

    with back_to_latest():
        migrate(BEFORE)
        migrate(AFTER)

    assert list(second.sides.values_list("side", flat=True)) == ["Black Knight"]
