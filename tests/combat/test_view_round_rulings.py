"""The GM's ruling on a magic attack (issue #15.5): a Demon's Power of the Pit has no table in the sources,
so resolving stops; the round page says the round waits for the GM's ruling on that attack and offers a
small form; once given, resolving again applies it and the log cites it as a GM ruling."""

from unittest import mock

import pytest

from combat import fairness, services
from combat.models import Round
from tests.combat.conftest import round_url
from tests.combat.encounter_battles import start


def resolve(gm, battle):
    with mock.patch("combat.services._enqueue"):
        services.request_resolve(gm, battle.campaign.slug, battle.pk, 1)
    return services.resolve_round(Round.objects.get(battle=battle, number=1).pk)


@pytest.fixture
def waiting(gm, campaign, characters):
    """The Amazon, doing nothing, attacked by a Demon: round 1 waits for the GM's ruling."""
    amazon = characters["Amazon"]
    battle = start(campaign, [amazon], monsters=["Demon"], attacks=[("Demon", "Amazon")])
    services.lock_side(gm, campaign.slug, battle.pk, 1, amazon.pk, does_nothing=True)
    resolve(gm, battle)
    return battle


def ruling(**fields) -> dict[str, str]:
    return {f"ruling-{name}_0": str(value) for name, value in fields.items()}


@pytest.mark.django_db
def test_the_round_waits_and_its_page_asks_for_the_gm_s_ruling_on_that_attack(gm_client, waiting):
    round_ = Round.objects.get(battle=waiting, number=1)
    assert round_.status == Round.Status.FAILED and round_.result in (None, {})
    [needed] = round_.encounter["rulings_needed"]
    assert (needed["attacker"], needed["target"], needed["spell"]) == ("Demon", "Amazon", "Power of the Pit")
    page = gm_client.get(round_url(waiting)).content.decode()
    assert "Round 1 waits for the GM's ruling" in page
    assert "Demon attacks Amazon with Power of the Pit (magic V, attack time 2, block 1)" in page
    assert 'name="ruling-outcome_0"' in page and 'name="ruling-amount_0"' in page


@pytest.mark.django_db
def test_wounds_without_a_number_are_refused_beside_the_number(gm_client, waiting):
    response = gm_client.post(round_url(waiting, suffix="rulings/"), ruling(outcome="wounds"), HTTP_HX_REQUEST="true")
    partial = response.content.decode()
    assert response.status_code == 200 and "<html" not in partial
    assert 'id="id_ruling-amount_0_error"' in partial
    assert "How many wounds Amazon takes: a number from 1 to 12." in partial
    assert "gm_rulings" not in Round.objects.get(battle=waiting, number=1).encounter


@pytest.mark.django_db
def test_another_outcome_needs_the_ruling_in_words(gm_client, waiting):
    response = gm_client.post(round_url(waiting, suffix="rulings/"), ruling(outcome="other"), HTTP_HX_REQUEST="true")
    assert 'id="id_ruling-note_0_error"' in response.content.decode()


@pytest.mark.django_db
def test_the_gm_gives_the_ruling_and_the_round_resolves_with_it(gm, gm_client, waiting):
    response = gm_client.post(round_url(waiting, suffix="rulings/"),
                              ruling(outcome="wounds", amount=2, note="a Pit roll of 4"), HTTP_HX_REQUEST="true")
    partial = response.content.decode()
    assert "The GM's ruling is given: resolve round 1 again" in partial and "Saved." in partial
    assert Round.objects.get(battle=waiting, number=1).encounter["gm_rulings"] == [
        {"attacker": "Demon", "target": "Amazon", "outcome": "wounds", "amount": 2, "note": "a Pit roll of 4"}
    ]
    round_ = resolve(gm, waiting)
    assert round_.status == Round.Status.RESOLVED
    assert "rulings_needed" not in round_.encounter
    assert round_.input["gm_rulings"][0]["outcome"] == "wounds"
    lines = [event["line"] for event in round_.log]
    assert any(line.startswith("GM ruling: Amazon takes 2 wound(s) from Power of the Pit (a Pit roll of 4)") for line in lines)
    assert [s for s in round_.result["summaries"] if s["character"] == "Amazon"][0]["wounds_owed"] == 2
    verdict = fairness.verify_round_file(fairness.round_file(round_))  # the ruling is in the file: it replays
    assert verdict.ok, verdict.reason


@pytest.mark.django_db
def test_a_demon_attacking_a_denizen_offers_no_wounds_or_fatigue(gm, gm_client, campaign, characters):
    knight = characters["Black Knight"]
    battle = start(campaign, [knight], monsters=["Demon"], natives=[("Soldier 1", knight.pk)], attacks=[("Demon", "Soldier 1")])
    services.lock_side(gm, campaign.slug, battle.pk, 1, knight.pk, does_nothing=True)
    resolve(gm, battle)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "Demon attacks Soldier 1 with Power of the Pit" in page
    assert 'value="killed"' in page and 'value="wounds"' not in page


@pytest.mark.django_db
def test_without_javascript_saving_the_ruling_redirects_back_to_the_round(gm_client, waiting):
    response = gm_client.post(round_url(waiting, suffix="rulings/"), ruling(outcome="no_effect"))
    assert response.status_code == 302 and response["Location"].endswith(round_url(waiting))
    assert Round.objects.get(battle=waiting, number=1).encounter["gm_rulings"][0]["outcome"] == "no_effect"


@pytest.mark.django_db
def test_the_ruling_cannot_change_once_the_round_is_resolving(gm_client, waiting):
    Round.objects.filter(battle=waiting).update(status=Round.Status.RESOLVING)
    response = gm_client.post(round_url(waiting, suffix="rulings/"), ruling(outcome="no_effect"))
    assert response.status_code == 302
    assert "gm_rulings" not in Round.objects.get(battle=waiting, number=1).encounter


@pytest.mark.django_db
def test_the_ruling_is_a_404_for_a_gm_of_another_campaign(outsider_client, waiting):
    response = outsider_client.post(round_url(waiting, suffix="rulings/"), ruling(outcome="killed"))
    assert response.status_code == 404
