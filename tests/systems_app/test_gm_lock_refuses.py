"""The GM's lock refuses what the player's seal refuses (combat.system_battles.check_answers): a choice the
form does not offer with the side's other answers, a number outside its question's bounds. The error names
the field and nothing saved changes."""

import pytest

from combat import services, system_battles
from combat.models import Round
from players import answers as player_answers
from tests.systems_app.conftest import round_url, start

pytestmark = pytest.mark.django_db

# Fire follows a Load: with an attack before it, Fire is not offered.
FIRE_WITHOUT_LOAD = {"kind_0": "attack", "ticks_0": 3, "target_0": "Astaroth", "attribute_0": "finesse",
                     "kind_1": "fire", "fire_ticks_1": 1, "target_1": "Astaroth"}
# A goblin runs for at most 2 ticks.
RUNS_TOO_LONG = {"kind_0": "move", "pace_0": "run", "ticks_run_0": 3}


@pytest.fixture
def battle(gm, make_campaign):
    return start(gm, make_campaign("multiverse"), "multiverse-astaroth-and-the-goblins")


def _goblin(battle):
    return Round.objects.get(battle=battle, number=1).sides.get(side="Goblin 1")


def _lock(gm, battle, side):
    system_battles.lock(gm, battle.campaign.slug, battle.pk, 1, side.pk)


@pytest.mark.parametrize("answers, field, message", [
    (FIRE_WITHOUT_LOAD, "kind_1", "Fire is not offered with your other answers"),
    (RUNS_TOO_LONG, "ticks_run_0", "from 1 to 2, not 3"),
])
def test_the_gm_locking_a_side_with_an_answer_the_form_refuses_is_refused_naming_the_field(gm, battle, answers,
                                                                                          field, message):
    goblin = _goblin(battle)
    _, errors = system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, goblin.pk, answers)
    assert message in errors[field]
    with pytest.raises(services.BattleError) as refused:
        _lock(gm, battle, goblin)
    assert message in refused.value.errors[field]
    goblin.refresh_from_db()
    assert not goblin.locked and goblin.plays == answers


def test_save_and_lock_on_the_round_page_is_refused_with_the_error_beside_the_field(gm_client, battle):
    goblin = _goblin(battle)
    form = system_battles.form_of(goblin)
    index = {name: str(next(i for i, c in enumerate(form.field(name).choices) if c.value == value))
             for name, value in RUNS_TOO_LONG.items() if form.field(name).choices}
    response = gm_client.post(round_url(battle, tail=f"answers/{goblin.pk}/"),
                              {**index, "ticks_run_0": "3", "lock": "1"})
    page = response.content.decode()
    assert response.status_code == 422 and "Fix the plays before locking this side." in page
    assert f'id="side{goblin.pk}-ticks_run_0-error">' in page
    assert "from 1 to 2, not 3" in page.split(f'id="side{goblin.pk}-ticks_run_0-error">')[1].split("</p>")[0]
    goblin.refresh_from_db()
    assert not goblin.locked


@pytest.mark.parametrize("answers, field, message", [
    (FIRE_WITHOUT_LOAD, "kind_1", "Fire is not offered with your other answers"),
    (RUNS_TOO_LONG, "ticks_run_0", "from 1 to 2, not 3"),
])
def test_the_players_seal_refuses_the_same_answers_naming_the_same_field(battle, answers, field, message):
    assert message in player_answers.sealing_errors(_goblin(battle), answers)[field]


def test_a_side_whose_answers_the_form_offers_still_locks(gm, battle):
    goblin = _goblin(battle)
    answers = {"kind_0": "load", "ticks_0": 3, "kind_1": "fire", "fire_ticks_1": 1, "target_1": "Astaroth"}
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, goblin.pk, answers)
    _lock(gm, battle, goblin)
    goblin.refresh_from_db()
    assert goblin.locked
