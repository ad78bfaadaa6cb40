"""A Magic Realm round of the app resolves through its campaign's combat system (`systems.get_system(...).resolve`,
docs/systems.md), not the engine: the outcome, the waits and the failures come back from the system's
Resolution as the round page, the chit records and the emails read them."""

from unittest import mock

import pytest

from combat import resolution, rounds, services
from combat.models import Round
from systems import get_system
from tests.combat.encounter_battles import start


def amazon_against(gm, campaign, characters, monster: str) -> Round:
    """Round 1 of the Amazon, doing nothing, attacked by `monster`, after the task ran it."""
    amazon = characters["Amazon"]
    battle = start(campaign, [amazon], monsters=[monster], attacks=[(monster, "Amazon")])
    services.lock_side(gm, campaign.slug, battle.pk, 1, amazon.pk, does_nothing=True)
    with mock.patch("combat.services._enqueue"):
        services.request_resolve(gm, campaign.slug, battle.pk, 1)
    return services.resolve_round(Round.objects.get(battle=battle, number=1).pk)


@pytest.fixture
def asked(monkeypatch):
    """Every system `combat.resolution` asks for, by name."""
    names = []

    def recording(name):
        names.append(name)
        return get_system(name)

    monkeypatch.setattr(resolution, "get_system", recording)
    return names


@pytest.mark.django_db
def test_the_task_asks_the_campaigns_system_to_resolve_the_round(gm, campaign, characters, asked):
    round_ = amazon_against(gm, campaign, characters, "Wolf")
    assert round_.status == Round.Status.RESOLVED
    assert asked == [campaign.system]


@pytest.mark.django_db
def test_the_stored_round_is_the_systems_output_with_the_seed_and_without_its_events(gm, campaign, characters):
    round_ = amazon_against(gm, campaign, characters, "Wolf")
    output = get_system(campaign.system).resolve(round_.input, seed=round_.seed).output
    assert round_.log == output["events"]
    assert round_.result == {key: value for key, value in output.items() if key != "events"}
    battle = round_.battle
    battle.refresh_from_db()
    assert battle.state["state"]["round"] == output["round"] + 1


@pytest.mark.django_db
def test_a_wait_for_the_gms_ruling_keeps_the_rulings_the_system_names(gm, campaign, characters):
    round_ = amazon_against(gm, campaign, characters, "Demon")
    round_input = rounds.build_input(round_.battle, round_, {side.character_id: side.plays for side in round_.sides.all()})
    waiting = get_system(campaign.system).resolve(round_input, seed=round_.seed)
    assert round_.status == Round.Status.FAILED
    assert round_.encounter["rulings_needed"] == waiting.output["rulings_needed"]
    assert round_.error == "The round waits for the GM's ruling: " + "; ".join(
        ruling["message"] for ruling in waiting.output["rulings_needed"])
