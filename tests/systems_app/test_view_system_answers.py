"""A side's answers on the round page: checked while typed, saved as typed, locked when complete, unlocked."""

import pytest

from combat import system_battles
from tests.systems_app.conftest import round_url, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def multiverse(gm, make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-astaroth-and-the-goblins")
    return battle, battle.rounds.get().sides.get(side="Astaroth")


def _index(side, field_name, value):
    form = system_battles.form_of(side)
    return str(next(i for i, c in enumerate(form.field(field_name).choices) if c.value == value))


def test_checking_returns_only_the_errors_never_the_inputs(gm_client, multiverse):
    battle, side = multiverse
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/check/"),
                              {"kind_0": _index(side, "kind_0", "attack"), "ticks_0": "40"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    assert "<input" not in page and "<select" not in page
    # the bounds said as the player's page says them (systems.answers.out_of_range)
    assert f'id="side{side.pk}-ticks_0-error" hx-swap-oob="true">Ticks: from 1 to 30, not 40</p>' in page
    assert f'<p class="error" id="side{side.pk}-attribute_0-error" hx-swap-oob="true">With: choose one</p>' in page
    side.refresh_from_db()
    assert side.plays == {}, "checking saves nothing"


def test_it_saves_answers_as_typed_with_the_error_beside_the_field(gm_client, multiverse):
    battle, side = multiverse
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/"),
                              {"kind_0": _index(side, "kind_0", "attack"), "ticks_0": "3"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    side.refresh_from_db()
    assert side.plays == {"kind_0": "attack", "ticks_0": 3}
    assert f'<p class="error" id="side{side.pk}-attribute_0-error">With: choose one</p>' in page
    assert f'name="ticks_0" value="3"' in page and "Saved, with errors to fix before locking." in page
    assert 'id="round-sides" hx-swap-oob="true"' in page


def test_it_refuses_to_lock_an_incomplete_side(gm_client, multiverse):
    battle, side = multiverse
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/"),
                              {"kind_0": _index(side, "kind_0", "attack"), "lock": "1"})
    side.refresh_from_db()
    assert response.status_code == 422 and not side.locked
    page = response.content.decode()
    assert "Fix the plays before locking this side." in page and "Ticks: required" in page


def test_it_locks_a_complete_side_and_unlocks_it(gm_client, multiverse):
    battle, side = multiverse
    goblin = battle.rounds.get().sides.get(side="Goblin 1")
    answers = {"kind_0": _index(side, "kind_0", "attack"), "ticks_0": "2", "target_0": _index(side, "target_0", goblin.side),
               "attribute_0": _index(side, "attribute_0", "acuity"), "lock": "1"}
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/"), answers)
    side.refresh_from_db()
    assert response.status_code == 302 and side.locked
    page = gm_client.get(round_url(battle)).content.decode()
    assert "<dt>Target</dt><dd>Goblin 1 (goblins)</dd>" in page
    gm_client.post(round_url(battle, tail=f"answers/{side.pk}/unlock/"))
    side.refresh_from_db()
    assert not side.locked and side.plays["target_0"] == "Goblin 1"


def test_it_404s_for_another_gm(gm, make_campaign, client, make_user, multiverse):
    battle, side = multiverse
    client.force_login(make_user("other-gm"))
    make_campaign("enchanted-realms", "other")  # the other GM's campaign is not this one
    for tail in ("", "check/", "unlock/"):
        assert client.post(round_url(battle, tail=f"answers/{side.pk}/{tail}"), {}).status_code == 404
    side.refresh_from_db()
    assert side.plays == {} and not side.locked


def test_unlocking_with_htmx_swaps_only_that_sides_card_so_the_other_forms_keep_what_is_typed(gm_client, multiverse):
    battle, side = multiverse
    goblin = battle.rounds.get().sides.get(side="Goblin 1")
    answers = {"kind_0": _index(side, "kind_0", "attack"), "ticks_0": "2", "target_0": _index(side, "target_0", goblin.side),
               "attribute_0": _index(side, "attribute_0", "acuity"), "lock": "1"}
    gm_client.post(round_url(battle, tail=f"answers/{side.pk}/"), answers)
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/unlock/"), HTTP_HX_REQUEST="true")
    page = response.content.decode()
    side.refresh_from_db()
    assert response.status_code == 200 and "HX-Redirect" not in response.headers and not side.locked
    assert f'id="side-{side.pk}"' in page and f'id="side-{goblin.pk}"' not in page  # the other cards stay as typed
    assert 'hx-swap-oob' in page  # the Sides box, its locks, redrawn beside it


def test_unlocking_a_side_of_a_round_no_longer_open_redraws_the_whole_page(gm, gm_client, multiverse):
    from combat.models import Round

    battle, side = multiverse
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, side.pk, {})
    Round.objects.filter(pk=side.round_id).update(status=Round.Status.FAILED)
    side.__class__.objects.filter(pk=side.pk).update(locked=True)
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/unlock/"), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response.headers["HX-Redirect"] == round_url(battle)
