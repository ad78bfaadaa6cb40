"""The GM's round page of a battle fought through the systems interface whose round stopped half-way: the round
is kept waiting instead of failing, and the page says what it waits for and from whom, with every form."""

import pytest

from combat import services, system_waiting
from combat.services import BattleError
from combat.models import Round
from systems.errors import PlaysInvalid
from tests.systems_app import waiting_system
from tests.systems_app.waiting_battles import key_of, page_url, round_that_waits, waiting_campaign

pytestmark = pytest.mark.django_db


def test_the_round_waits_for_the_sides_choice_instead_of_failing(waiting_round):
    entry = system_waiting.entry_of(waiting_round)
    assert waiting_round.status == Round.Status.FAILED and system_waiting.is_waiting(waiting_round)
    assert waiting_round.error == ("The round waits for Aldric's choice (Alice): Aldric must choose which way to "
                                   "dodge the Goblin's blow")
    assert entry["input"]["plays"] == {"Aldric": {"strike": 2}, "Bryn": {"strike": 2}, "Goblin": {"strike": 2}}
    assert entry["output"]["waiting"] == "choice" and entry["answers"] == {}
    assert all(side.locked for side in waiting_round.sides.all())
    assert waiting_round.result is None and not waiting_round.battle.rounds.filter(number=2).exists()


def test_the_page_says_what_the_round_waits_for_and_from_whom(waiting_round, gm_client):
    page = gm_client.get(page_url(waiting_round)).content.decode()
    assert "Round 1 waits for Aldric&#x27;s choice (Alice)" in page
    assert "Aldric must choose which way to dodge the Goblin&#x27;s blow" in page
    assert "could not be resolved" not in page and "Resolve round 1" not in page
    assert "Round 1 goes on by itself once every answer above is in." in page


def test_the_page_draws_the_sides_form_for_the_gm_to_answer_for_its_player(waiting_round, gm_client):
    key = key_of(waiting_round, "Aldric")
    page = gm_client.get(page_url(waiting_round)).content.decode()
    assert f'action="{page_url(waiting_round, f"waiting/{key}/")}"' in page
    assert f'<select id="wait{key}-dodge" name="dodge"' in page and f'id="wait{key}-steps"' in page
    assert "The Goblin swings first." in page and "Answer for Alice" in page
    assert "You may answer for a player below." in page


def test_the_status_poll_shows_the_waiting_card_once_the_task_has_run(waiting_round, gm_client):
    page = gm_client.get(page_url(waiting_round, "status/"), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' not in page and "Round 1 waits for Aldric" in page


def test_unlocking_a_side_drops_the_wait_and_opens_the_round_for_plays(waiting_round, gm, gm_client):
    side = waiting_round.sides.get(side="Aldric")
    gm_client.post(page_url(waiting_round, f"answers/{side.pk}/unlock/"))
    waiting_round.refresh_from_db()
    assert waiting_round.status == Round.Status.DRAFTING and system_waiting.entry_of(waiting_round) is None
    assert "waits for" not in gm_client.get(page_url(waiting_round)).content.decode()


def test_a_wait_no_form_can_ask_fails_the_round_as_before(gm, monkeypatch):
    campaign = waiting_campaign(gm, monkeypatch)
    monkeypatch.setattr(waiting_system, "waiting_forms", lambda round_input, output: ())
    with pytest.raises(PlaysInvalid):
        round_that_waits(gm, campaign)
    round_ = Round.objects.get(battle__campaign=campaign, number=1)
    assert round_.status == Round.Status.FAILED and "Aldric must choose which way to dodge" in round_.error
    assert system_waiting.entry_of(round_) is None


def test_another_gm_gets_404(waiting_round, client, make_user):
    client.force_login(make_user("other-gm"))
    assert client.get(page_url(waiting_round)).status_code == 404


def test_the_gm_cannot_resolve_a_round_that_still_waits_for_an_answer(waiting_round, gm):
    """Resolving again now would stop at the same place and drop the answers given so far."""
    battle = waiting_round.battle
    with pytest.raises(BattleError, match=r"Round 1 waits for Aldric's choice \(Alice\): it goes on by itself"):
        services.request_resolve(gm, battle.campaign.slug, battle.pk, 1)
    assert Round.objects.get(pk=waiting_round.pk).status == Round.Status.FAILED
    assert system_waiting.is_waiting(Round.objects.get(pk=waiting_round.pk))


def test_the_rounds_history_and_the_dashboard_say_the_round_waits_for_an_answer_not_that_it_failed(waiting_round, gm_client):
    page = gm_client.get(page_url(waiting_round)).content.decode()
    assert "(waiting for an answer)" in page and "(failed)" not in page
    dashboard = gm_client.get("/campaigns/").content.decode()
    assert '<span class="badge status-waiting">Waiting for an answer</span>' in dashboard


def test_a_round_that_failed_for_another_reason_still_says_failed(waiting_round):
    waiting_round.encounter = {}
    assert waiting_round.status_word == "Failed"
