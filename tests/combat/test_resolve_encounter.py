"""The resolve task with an encounter step (issue #7): the encounter runs first from the round's seeded
dice, then the melee round; the same seed replays the same round, a second delivery changes nothing, the
round file keeps the `encounter` section, and the page and the emails show the encounter's events."""

import pytest

from campaigns.mail.models import OutboxMessage
from combat import services
from combat.models import Round
from combat.tasks import resolve_round_task
from tests.combat.conftest import round_url
from tests.combat.encounter_battles import start

SEED = 7


@pytest.fixture
def lure_and_run(gm, campaign, characters):
    """The Black Knight lures the unassigned Giant Bat; the Amazon runs from her Wolf with MOVE M4."""
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = start(campaign, [knight, amazon], monsters=["Wolf", "Giant Bat"], attacks=[("Wolf", "Amazon")])
    services.save_plays(gm, campaign.slug, battle.pk, 1, knight.pk, {"encounter": {"lures": ["Giant Bat"]}})
    services.save_plays(gm, campaign.slug, battle.pk, 1, amazon.pk, {"encounter": {"run": {"chit": "MOVE M4"}}})
    for character in (knight, amazon):
        services.lock_side(gm, campaign.slug, battle.pk, 1, character.pk)
    round_ = battle.rounds.get(number=1)
    Round.objects.filter(pk=round_.pk).update(seed=SEED)
    services.request_resolve(gm, campaign.slug, battle.pk, 1)
    return battle


def resolved(battle) -> Round:
    resolve_round_task.apply(args=[battle.rounds.get(number=1).pk])
    return battle.rounds.get(number=1)


@pytest.mark.django_db
def test_the_task_resolves_the_encounter_before_the_melee_and_keeps_its_section_in_the_round_file(lure_and_run):
    round_ = resolved(lure_and_run)
    assert round_.status == Round.Status.RESOLVED
    assert round_.input["encounter"]["lures"] == [{"lurer": "Black Knight", "denizen": "Giant Bat"}]
    assert round_.input["encounter"]["actions"] == [{"character": "Amazon", "run": {"chit": "MOVE M4"}}]
    count = round_.result["encounter"]["event_count"]
    encounter_events = round_.log[:count]
    assert any(event["rule"] == "8.3.4" and "Giant Bat" in event["text"] for event in encounter_events)
    assert any(event["rule"] == "5.1" and "Amazon" in event["text"] for event in encounter_events)
    assert all(event["rule"] for event in round_.log)


@pytest.mark.django_db
def test_the_stored_round_file_and_its_seed_replay_the_same_encounter_and_melee(lure_and_run):
    from combat import rounds

    first = resolved(lure_and_run)
    replay = rounds.resolve(first.input, first.seed)
    assert replay.events == first.log and replay.result == first.result


@pytest.mark.django_db
def test_another_seed_rolls_other_dice_for_the_encounter(lure_and_run):
    from combat import rounds

    first = resolved(lure_and_run)
    dice = {rounds.resolve(first.input, seed).result["encounter"]["dice"][0][0] for seed in range(8)}
    assert len(dice) > 1


@pytest.mark.django_db
def test_a_second_delivery_of_the_task_changes_nothing(lure_and_run):
    first = resolved(lure_and_run)
    emails = OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count()
    again = resolved(lure_and_run)
    assert again.log == first.log and again.attempts == 1 and OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == emails


@pytest.mark.django_db
def test_the_results_page_and_the_emails_show_the_encounter_events_with_their_rules(lure_and_run, gm_client):
    round_ = resolved(lure_and_run)
    lure_event = next(event for event in round_.log if event["rule"] == "8.3.4")
    page = gm_client.get(round_url(lure_and_run)).content.decode()
    encounter_section = page.split('id="encounter-heading"')[1].split("<h2>")[0]
    assert lure_event["text"] in encounter_section and "rule 8.3.4 Luring" in encounter_section
    assert "rule 5.1" in encounter_section
    alice = OutboxMessage.objects.filter(idempotency_key__startswith="combat/").get(recipient="alice@example.com")  # the Black Knight's player
    assert lure_event["text"] in alice.text


@pytest.mark.django_db
def test_the_results_page_draws_the_sheets_the_encounter_left(lure_and_run, gm_client):
    round_ = resolved(lure_and_run)
    knight_sheet = next(sheet for sheet in round_.result["encounter"]["sheets"] if sheet["owner"] == "Black Knight")
    assert "Giant Bat" in knight_sheet["attackers"]
    page = gm_client.get(round_url(lure_and_run)).content.decode()
    sheets = page.split("<h2>Melee sheets</h2>")[1].split("<h2>")[0]
    assert "Giant Bat" in sheets.split("Black Knight&#x27;s sheet")[0].rsplit("<figure", 1)[-1]


@pytest.mark.django_db
def test_the_downloaded_round_file_replays_through_the_engines_play_round_file(lure_and_run, gm_client):
    import json

    from systems.magic_realm.engine.encounter import play_round_file
    from systems.magic_realm.engine.round_format import read_round

    round_ = resolved(lure_and_run)
    downloaded = json.loads(gm_client.get(round_url(lure_and_run, suffix="round.json")).content)
    assert downloaded["encounter"] and downloaded["seed"] == round_.seed
    encounter, melee = play_round_file(read_round(downloaded))
    assert [str(event) for event in (*encounter.events, *melee.events)] == [
        event["line"] for event in round_.log
    ]


@pytest.mark.django_db
def test_a_chit_played_in_the_encounter_step_counts_toward_the_fatigue_owed(gm, campaign, characters):
    amazon = characters["Amazon"]
    battle = start(campaign, [amazon], monsters=["Wolf"], attacks=[("Wolf", "Amazon")])
    plays = {"encounter": {"alert": {"weapon": "Short Sword", "chit": "FIGHT M4*"}},
             "maneuver": {"chit": "MOVE M3*", "box": 1}}
    _, errors = services.save_plays(gm, campaign.slug, battle.pk, 1, amazon.pk, plays)
    assert errors == {}
    services.lock_side(gm, campaign.slug, battle.pk, 1, amazon.pk)
    services.request_resolve(gm, campaign.slug, battle.pk, 1)
    round_ = resolved(battle)
    summary = next(s for s in round_.result["summaries"] if s["character"] == "Amazon")
    assert summary["encounter_asterisks"] == 1 and summary["asterisks_played"] == 2 and summary["fatigue_owed"] == 1
    assert any(e["kind"] == "fatigue" and "FIGHT M4*" in e["text"] and e["rule"] for e in round_.log)


@pytest.mark.django_db
def test_resolve_round_replays_the_downloaded_round_file_with_its_encounter(lure_and_run, gm_client, tmp_path):
    from io import StringIO

    from django.core.management import call_command

    round_ = resolved(lure_and_run)
    path = tmp_path / "round.json"
    path.write_bytes(gm_client.get(round_url(lure_and_run, suffix="round.json")).content)
    out = StringIO()
    call_command("resolve_round", str(path), "--text", stdout=out)
    printed = out.getvalue().split("\n{", 1)[0].splitlines()
    assert printed == [event["line"] for event in round_.log]


@pytest.mark.django_db
def test_a_side_attacks_the_denizen_it_lures_in_the_same_round(gm, campaign, characters):
    """Luring the unassigned Giant puts it on the Amazon's sheet for the melee (8.3.4): her attack on it was
    refused as "on no melee sheet", so luring the Giant did not help (issue #14.1)."""
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = start(campaign, [knight, amazon], monsters=["Wolf", "Giant"], attacks=[("Wolf", "Black Knight")])
    plays = {"encounter": {"lures": ["Giant"]}, "target": "Giant",
             "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"}, "maneuver": {"chit": "MOVE M4", "box": 2}}
    _, errors = services.save_plays(gm, campaign.slug, battle.pk, 1, amazon.pk, plays)
    assert errors == {}
    services.lock_side(gm, campaign.slug, battle.pk, 1, amazon.pk)
    services.lock_side(gm, campaign.slug, battle.pk, 1, knight.pk, does_nothing=True)
    Round.objects.filter(battle=battle, number=1).update(seed=SEED)
    services.request_resolve(gm, campaign.slug, battle.pk, 1)
    round_ = resolved(battle)
    assert round_.status == Round.Status.RESOLVED, round_.error
    assert any(e["kind"] == "attack" and e["actors"][:2] == ["Amazon", "Giant"] for e in round_.log), \
        [e["line"] for e in round_.log]
