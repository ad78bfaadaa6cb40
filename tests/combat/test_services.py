"""The battle services: one per GM intent, each checking access and the round's state."""

import pytest
from django.http import Http404

from campaigns.mail.models import OutboxMessage
from combat import battle_exchange, services
from combat.models import Battle, ChitRecord, Round, SidePlays


def enter_and_lock(gm, battle, characters, plays, number=1):
    for name, side_plays in plays.items():
        _, errors = services.save_plays(gm, "test", battle.pk, number, characters[name].pk, side_plays)
        assert errors == {}
        services.lock_side(gm, "test", battle.pk, number, characters[name].pk, does_nothing=not side_plays)


@pytest.mark.django_db
def test_start_battle_opens_round_one_with_a_side_per_character(gm, campaign, characters):
    setup = services.BattleSetup(
        name="", clearing="Ruins 2", character_ids=[c.pk for c in characters.values()],
        monsters=["Wolf", "Wolf"], natives=[services.NativeChoice("Order 3", characters["Amazon"].pk)],
        attacks=[("Wolf", "Amazon"), ("Wolf #2", "Black Knight"), ("Order 3", "Wolf")],
    )
    battle = services.start_battle(gm, "test", setup)
    assert battle.name == "Battle in Ruins 2"
    round_ = battle.rounds.get()
    assert round_.number == 1 and round_.status == Round.Status.DRAFTING
    assert set(round_.sides.values_list("character__catalogue_name", flat=True)) == {"Amazon", "Black Knight"}
    denizens = {d["id"]: d for d in battle.state["state"]["denizens"]}
    assert denizens["Order 3"]["hired_by"] == "Amazon"
    assert denizens["Wolf #2"]["target"] == "Black Knight"
    sheets = {sheet["owner"]: [a["combatant"] for a in sheet["attackers"]] for sheet in battle.state["sheets"]}
    assert sheets["Amazon"] == ["Wolf"] and sheets["Black Knight"] == ["Wolf #2"]


@pytest.mark.django_db
def test_start_battle_is_a_404_for_a_gm_of_another_campaign(other_user, campaign, characters):
    setup = services.BattleSetup(name="x", clearing="Cave 1", character_ids=[characters["Amazon"].pk])
    with pytest.raises(Http404):
        services.start_battle(other_user, "test", setup)
    assert not Battle.objects.exists()


@pytest.mark.django_db
def test_save_plays_keeps_the_draft_and_names_the_field_the_engine_rejects(gm, battle, characters, valid_plays):
    weak_move = dict(valid_plays["Black Knight"], maneuver={"chit": "MOVE M5", "box": 1})
    side, errors = services.save_plays(gm, "test", battle.pk, 1, characters["Black Knight"].pk, weak_move)
    assert "Armor" in errors["maneuver"]
    assert SidePlays.objects.get(pk=side.pk).plays["maneuver"]["chit"] == "MOVE M5"


@pytest.mark.django_db
def test_save_plays_rejects_three_asterisks(gm, battle, characters, valid_plays):
    three_stars = dict(valid_plays["Black Knight"], attack={"chit": "FIGHT H5*", "box": 2, "weapon": "Mace"},
                       maneuver={"chit": "MOVE H4**", "box": 1})
    _, errors = services.save_plays(gm, "test", battle.pk, 1, characters["Black Knight"].pk, three_stars)
    assert "asterisk" in " ".join(errors.values()).lower()


@pytest.mark.django_db
def test_lock_side_refuses_plays_with_errors_and_leaves_the_side_unlocked(gm, battle, characters, valid_plays):
    weak_move = dict(valid_plays["Black Knight"], maneuver={"chit": "MOVE M5", "box": 1})
    services.save_plays(gm, "test", battle.pk, 1, characters["Black Knight"].pk, weak_move)
    with pytest.raises(services.BattleError) as raised:
        services.lock_side(gm, "test", battle.pk, 1, characters["Black Knight"].pk)
    assert "maneuver" in raised.value.errors
    assert not SidePlays.objects.get(character=characters["Black Knight"]).locked


@pytest.mark.django_db
def test_a_locked_side_refuses_new_plays_until_unlocked(gm, battle, characters, valid_plays):
    enter_and_lock(gm, battle, characters, {"Amazon": valid_plays["Amazon"]})
    with pytest.raises(services.BattleError):
        services.save_plays(gm, "test", battle.pk, 1, characters["Amazon"].pk, {})
    services.unlock_side(gm, "test", battle.pk, 1, characters["Amazon"].pk)
    side, _ = services.save_plays(gm, "test", battle.pk, 1, characters["Amazon"].pk, {})
    assert side.plays == {} and not side.locked


@pytest.mark.django_db
def test_request_resolve_needs_every_side_locked(gm, battle, characters, valid_plays, first_round):
    enter_and_lock(gm, battle, characters, {"Amazon": valid_plays["Amazon"]})
    committed = (first_round.seed, first_round.commitment)
    with pytest.raises(services.BattleError):
        services.request_resolve(gm, "test", battle.pk, 1)
    first_round.refresh_from_db()
    assert first_round.status == Round.Status.DRAFTING and (first_round.seed, first_round.commitment) == committed


@pytest.mark.django_db
def test_a_second_click_on_resolve_does_nothing(gm, battle, characters, valid_plays, first_round,
                                               django_capture_on_commit_callbacks):
    enter_and_lock(gm, battle, characters, valid_plays)
    with django_capture_on_commit_callbacks() as callbacks:
        assert services.request_resolve(gm, "test", battle.pk, 1) is True
        assert services.request_resolve(gm, "test", battle.pk, 1) is False
    assert len(callbacks) == 1
    first_round.refresh_from_db()
    assert first_round.status == Round.Status.RESOLVING and first_round.seed is not None


@pytest.mark.django_db
def test_unlocking_is_refused_once_the_round_is_resolving(gm, battle, characters, valid_plays):
    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    with pytest.raises(services.BattleError):
        services.unlock_side(gm, "test", battle.pk, 1, characters["Amazon"].pk)


WOUNDING_SEED = 2  # with the valid plays: the H Troll wounds the Black Knight and the Amazon kills the Wolf


def resolve_first_round(gm, battle, characters, valid_plays, first_round):
    enter_and_lock(gm, battle, characters, valid_plays)
    Round.objects.filter(pk=first_round.pk).update(seed=WOUNDING_SEED)
    services.request_resolve(gm, "test", battle.pk, 1)
    return services.resolve_round(first_round.pk)


@pytest.mark.django_db
def test_resolving_writes_the_result_state_next_round_and_one_email_per_player_and_gm(
    gm, battle, characters, valid_plays, first_round
):
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    assert round_.status == Round.Status.RESOLVED and round_.resolved_at is not None
    assert round_.log and all(event["rule"] for event in round_.log)
    assert round_.input["plays"]["Amazon"]["attack"]["weapon"] == "Short Sword"
    assert round_.rules_fingerprint == battle.campaign.current_rules().fingerprint()
    battle.refresh_from_db()
    assert battle.state["state"]["round"] == 2
    assert battle.rounds.filter(number=2, status=Round.Status.DRAFTING).exists()
    recipients = sorted(OutboxMessage.objects.filter(idempotency_key__startswith="combat/").values_list("recipient", flat=True))
    assert recipients == ["alice@example.com", "bob@example.com", "gm@example.com"]  # not Carol: not in the battle


@pytest.mark.django_db
def test_each_player_email_holds_only_events_naming_that_players_character(gm, battle, characters, valid_plays, first_round):
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    alice = OutboxMessage.objects.filter(idempotency_key__startswith="combat/").get(recipient="alice@example.com")
    gm_mail = OutboxMessage.objects.filter(idempotency_key__startswith="combat/").get(recipient="gm@example.com")
    only_amazon = [e["text"] for e in round_.log if "Amazon" in e["actors"] and "Black Knight" not in e["actors"]]
    assert only_amazon and not any(text in alice.text for text in only_amazon)
    assert all(event["text"] in gm_mail.text for event in round_.log)
    assert alice.thread_key == gm_mail.thread_key and alice.in_reply_to
    assert round_.rules_fingerprint in alice.text and "Spring" in alice.text


@pytest.mark.django_db
def test_the_killers_email_shows_the_kill_with_its_fame_and_notoriety(gm, battle, characters, valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    bob = OutboxMessage.objects.filter(idempotency_key__startswith="combat/").get(recipient="bob@example.com")
    assert "Kills: Wolf (fame 0, notoriety 1)" in bob.text
    assert "Kills: Wolf (fame 0, notoriety 1)" in bob.html


@pytest.mark.django_db
def test_resolving_twice_keeps_one_result_and_queues_no_second_email(gm, battle, characters, valid_plays, first_round):
    first = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    log, count = first.log, OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count()
    again = services.resolve_round(first_round.pk)
    assert again.log == log and again.attempts == 1
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == count
    assert battle.rounds.count() == 2


class WorkerKilled(BaseException):
    """What the process dying looks like from inside: not an Exception, so no handler records it."""


@pytest.mark.django_db
def test_a_crash_inside_the_transaction_writes_nothing_and_the_round_stays_resolvable(
    gm, battle, characters, valid_plays, first_round, monkeypatch
):
    from combat import emails

    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    state_before = Battle.objects.get(pk=battle.pk).state
    real_queue_round_emails = emails.queue_round_emails

    def queue_then_die(*args, **kwargs):  # the last write of the transaction, then the process dies
        real_queue_round_emails(*args, **kwargs)
        raise WorkerKilled

    monkeypatch.setattr(emails, "queue_round_emails", queue_then_die)
    with pytest.raises(WorkerKilled):
        services.resolve_round(first_round.pk)
    monkeypatch.setattr(emails, "queue_round_emails", real_queue_round_emails)
    first_round.refresh_from_db()
    assert first_round.status == Round.Status.RESOLVING and first_round.result is None
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == 0 and battle.rounds.count() == 1
    assert Battle.objects.get(pk=battle.pk).state == state_before
    assert services.resolve_round(first_round.pk).status == Round.Status.RESOLVED
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == 3


@pytest.mark.django_db
def test_the_same_seed_replays_the_same_log(gm, battle, characters, valid_plays, first_round):
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    from combat import rounds

    assert rounds.resolve(round_.input, round_.seed).events == round_.log


@pytest.mark.django_db
def test_a_failing_round_is_marked_failed_and_can_be_resolved_again(gm, battle, characters, valid_plays, first_round,
                                                                   monkeypatch):
    from combat import rounds

    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    real_resolve = rounds.resolve

    def broken(*args, **kwargs):
        raise RuntimeError("worker lost its catalogue")

    monkeypatch.setattr(rounds, "resolve", broken)
    with pytest.raises(RuntimeError):
        services.resolve_round(first_round.pk)
    first_round.refresh_from_db()
    assert first_round.status == Round.Status.FAILED and "catalogue" in first_round.error
    monkeypatch.setattr(rounds, "resolve", real_resolve)
    assert services.request_resolve(gm, "test", battle.pk, 1) is True
    assert services.resolve_round(first_round.pk).status == Round.Status.RESOLVED


@pytest.mark.django_db
def test_auto_resolve_starts_resolving_when_the_last_side_locks(gm, campaign, battle, characters, valid_plays,
                                                               django_capture_on_commit_callbacks):
    campaign.auto_resolve = True
    campaign.save()
    with django_capture_on_commit_callbacks() as callbacks:
        enter_and_lock(gm, battle, characters, valid_plays)
    assert battle.rounds.get(number=1).status == Round.Status.RESOLVING
    assert len(callbacks) == 1


@pytest.mark.django_db
def test_recording_wounds_checks_what_is_owed_and_marks_the_chits(gm, battle, characters, valid_plays, first_round):
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    owed = {s["character"]: s for s in round_.result["summaries"]}
    assert owed["Black Knight"]["wounds_owed"] == 1 and owed["Black Knight"]["fatigue_owed"] == 0
    knight = characters["Black Knight"]
    with pytest.raises(services.BattleError) as raised:
        services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, knight.pk, ["MOVE M5", "FIGHT M5"], [])
    assert "owes 1 wound" in raised.value.errors["wounded"]
    record = services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, knight.pk, ["FIGHT M5"], [])
    assert record.wounded == ["FIGHT M5"]
    # changing one's mind before the next round undoes the first choice
    services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, knight.pk, ["MOVE M5"], [])
    entry = next(c for c in Battle.objects.get(pk=battle.pk).state["state"]["characters"] if c["id"] == "Black Knight")
    states = {chit["id"]: chit["state"] for chit in entry["chits"]}
    assert states["MOVE M5"] == "wounded" and states["FIGHT M5"] == "fresh"
    assert ChitRecord.objects.get().wounded == ["MOVE M5"]


@pytest.mark.django_db
def test_recording_fatigue_must_add_up_to_the_asterisks_owed(gm, battle, characters, valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    with pytest.raises(services.BattleError) as raised:
        services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, characters["Black Knight"].pk, ["FIGHT M5"], ["MOVE H5*"])
    assert "owes 0 asterisk" in raised.value.errors["fatigued"]


@pytest.mark.django_db
def test_export_and_import_recreate_battles_rounds_and_plays(gm, battle, characters, valid_plays, first_round, make_user):
    from campaigns import services as campaign_services

    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    exported = battle_exchange.export_battles(battle.campaign)
    other = campaign_services.create_campaign(gm, "Copy", "copy", "bimr4")
    for name in ("Alice", "Bob"):
        player = campaign_services.add_player(gm, other, {"name": name, "email": f"{name}@x.org", "time_zone": "UTC"})
        campaign_services.add_character(gm, other, {"player": player.pk,
                                                    "catalogue_name": {"Alice": "Black Knight", "Bob": "Amazon"}[name]})
    [copy] = battle_exchange.import_battles(other, exported)
    assert copy.rounds.count() == 2
    assert copy.rounds.get(number=1).log == first_round.__class__.objects.get(pk=first_round.pk).log
    assert battle_exchange.export_battles(other)[0]["rounds"] == exported[0]["rounds"]


@pytest.mark.django_db
def test_import_names_the_unknown_character_and_saves_nothing(gm, battle):
    exported = battle_exchange.export_battles(battle.campaign)
    exported[0]["characters"] = ["Wizard"]
    with pytest.raises(services.BattleError) as raised:
        battle_exchange.import_battles(battle.campaign, exported)
    assert "Wizard" in str(raised.value)
    assert Battle.objects.count() == 1


@pytest.mark.django_db
def test_dashboard_lists_rounds_waiting_in_the_gms_campaigns_only(gm, other_user, battle):
    assert [r.battle for r in services.dashboard_battles(gm)] == [battle]
    assert list(services.dashboard_battles(other_user)) == []


@pytest.mark.django_db
def test_a_round_stuck_resolving_after_a_dead_worker_can_be_claimed_again_with_its_seed(
    gm, battle, characters, valid_plays, first_round, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.utils import timezone

    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    seed = Round.objects.get(pk=first_round.pk).seed
    with django_capture_on_commit_callbacks() as callbacks:
        assert services.request_resolve(gm, "test", battle.pk, 1) is False  # a live worker may hold it
        Round.objects.filter(pk=first_round.pk).update(
            resolve_requested_at=timezone.now() - timedelta(seconds=services.STUCK_RESOLVING_SECONDS + 1))
        assert services.request_resolve(gm, "test", battle.pk, 1) is True
    assert len(callbacks) == 1
    assert Round.objects.get(pk=first_round.pk).seed == seed


@pytest.mark.django_db
def test_a_rider_must_play_his_horse_to_move_under_the_optional_rules(gm, riding_battle, characters):
    knight = characters["Black Knight"]
    on_foot = {"target": "Wolf", "attack": {"chit": "FIGHT H6", "box": 1, "weapon": "Mace"},
               "maneuver": {"chit": "MOVE H6", "box": 2}}
    _, errors = services.save_plays(gm, "test", riding_battle.pk, 1, knight.pk, on_foot)
    assert "horse" in errors["maneuver"]
    galloping = dict(on_foot, maneuver={"horse": "galloping", "box": 2}, rider_maneuver={"chit": "MOVE H6", "box": 3})
    _, errors = services.save_plays(gm, "test", riding_battle.pk, 1, knight.pk, galloping)
    assert errors == {}


@pytest.mark.django_db
def test_the_plays_form_offers_a_riders_horse_sides_and_his_own_maneuver(riding_battle):
    from combat import rounds
    from combat.forms import PlaysForm

    form = PlaysForm(options=rounds.side_options(riding_battle.state, "Black Knight"))
    maneuvers = dict(form.fields["maneuver"].choices)
    assert "horse:galloping" in maneuvers and "horse:walking" in maneuvers
    assert "rider_chit" in form.fields and "shield_box" in form.fields


@pytest.mark.django_db
def test_the_next_round_waits_for_the_wounds_owed_to_be_recorded(gm, battle, characters, valid_plays, first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)  # the Black Knight owes a wound
    enter_and_lock(gm, battle, characters, {"Amazon": {}, "Black Knight": {}}, number=2)
    with pytest.raises(services.BattleError) as raised:
        services.request_resolve(gm, "test", battle.pk, 2)
    assert "Black Knight" in str(raised.value)
    services.record_wounds_and_fatigue(gm, "test", battle.pk, 1, characters["Black Knight"].pk, ["FIGHT M5"], [])
    assert services.request_resolve(gm, "test", battle.pk, 2) is True
    round_two = services.resolve_round(battle.rounds.get(number=2).pk)
    knight = next(c for c in round_two.input["state"]["characters"] if c["id"] == "Black Knight")
    states = {c["id"]: c["state"] for c in knight["chits"]}
    assert states["FIGHT M5"] == "wounded"


@pytest.mark.django_db
def test_a_side_sends_its_hireling_against_a_new_target_for_the_round(gm, campaign, characters):
    setup = services.BattleSetup(
        name="Hired help", clearing="Ruins 2", character_ids=[c.pk for c in characters.values()],
        monsters=["Wolf", "H Troll"], natives=[services.NativeChoice("Order 3", characters["Amazon"].pk)],
        attacks=[("Wolf", "Amazon"), ("H Troll", "Black Knight"), ("Order 3", "Wolf")],
    )
    battle = services.start_battle(gm, "test", setup)
    plays = {"Amazon": {"target": "Wolf", "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"},
                        "maneuver": {"chit": "MOVE M4", "box": 3}, "hirelings": {"Order 3": "H Troll"}},
             "Black Knight": {"target": "H Troll", "attack": {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"},
                              "maneuver": {"chit": "MOVE H6", "box": 1}}}
    enter_and_lock(gm, battle, characters, plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    round_ = services.resolve_round(battle.rounds.get(number=1).pk)
    assert round_.status == Round.Status.RESOLVED
    sheets = {sheet["owner"]: [a["combatant"] for a in sheet["attackers"]] for sheet in round_.input["sheets"]}
    assert "Order 3" in sheets["H Troll"] and "Order 3" not in sheets.get("Wolf", [])
    assert any("Order 3" in event["actors"] for event in round_.log)


@pytest.mark.django_db
def test_the_plays_form_offers_the_hirelings_targets(gm, campaign, characters):
    from combat import rounds
    from combat.forms import PlaysForm

    setup = services.BattleSetup(name="Hired help", clearing="Ruins 2", character_ids=[characters["Amazon"].pk],
                                 monsters=["Wolf"], natives=[services.NativeChoice("Order 3", characters["Amazon"].pk)])
    battle = services.start_battle(gm, "test", setup)
    form = PlaysForm(options=rounds.side_options(battle.state, "Amazon"))
    assert form.fields["hireling_0"].label == "Order 3 (hireling) attacks"
    assert ("Wolf", "Wolf") in form.fields["hireling_0"].choices


@pytest.mark.django_db
def test_the_plays_form_offers_magic_chits_only_for_a_recorded_attack_spell_of_their_type(battle):
    from combat import rounds

    state = battle.state
    amazon = next(c for c in state["state"]["characters"] if c["id"] == "Amazon")
    amazon["chits"].append({"id": "MAGIC IV4", "label": "MAGIC IV4", "state": "fresh"})
    amazon["chits"].append({"id": "MAGIC II3", "label": "MAGIC II3", "state": "fresh"})
    options = rounds.side_options(state, "Amazon", ["Fiery Blast", "Peace"])
    chits = [chit for chit, _ in options.fight_chits]
    assert "MAGIC IV4" in chits and "MAGIC II3" not in chits
    assert [value for value, _ in options.spells] == ["spell:Fiery Blast"]
    assert "MAGIC IV4" not in [chit for chit, _ in rounds.side_options(state, "Amazon", []).fight_chits]


@pytest.mark.django_db
def test_the_odds_panel_covers_the_sides_attack_and_its_hirelings(gm, campaign, characters):
    from combat import rounds

    setup = services.BattleSetup(name="Hired help", clearing="Ruins 2", character_ids=[characters["Amazon"].pk],
                                 monsters=["Wolf"], natives=[services.NativeChoice("Order 3", characters["Amazon"].pk)],
                                 attacks=[("Wolf", "Amazon"), ("Order 3", "Wolf")])
    battle = services.start_battle(gm, "test", setup)
    plays = {"target": "Wolf", "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"}}
    panel = {entry["attacker"]: entry for entry in rounds.odds_for_plays(battle, plays, "Amazon")}
    assert set(panel) == {"Amazon", "Order 3"}
    assert panel["Order 3"]["target"] == "Wolf" and 0 < panel["Order 3"]["p_kill"] <= 1
    assert abs(sum(panel["Amazon"]["outcomes"].values()) - 1) < 1e-9


@pytest.mark.django_db
def test_import_restores_each_battles_creation_time(gm, battle):
    from campaigns import services as campaign_services

    Battle.objects.filter(pk=battle.pk).update(created_at="2026-03-01T09:30:00+00:00")
    exported = battle_exchange.export_battles(battle.campaign)
    other = campaign_services.create_campaign(gm, "Copy", "copy", "bimr4")
    for name, character in (("Alice", "Black Knight"), ("Bob", "Amazon")):
        player = campaign_services.add_player(gm, other, {"name": name, "email": f"{name}@x.org", "time_zone": "UTC"})
        campaign_services.add_character(gm, other, {"player": player.pk, "catalogue_name": character})
    [copy] = battle_exchange.import_battles(other, exported)
    copy.refresh_from_db()
    assert copy.created_at.isoformat() == exported[0]["created_at"] == "2026-03-01T09:30:00+00:00"


@pytest.mark.django_db
def test_import_refuses_a_creation_time_that_is_not_one(gm, battle):
    exported = battle_exchange.export_battles(battle.campaign)
    exported[0].update(created_at="last spring", demo_key="")
    count = Battle.objects.count()
    with pytest.raises(services.BattleError) as refused:
        battle_exchange.import_battles(battle.campaign, exported)
    assert "battles[0].created_at" in refused.value.errors and Battle.objects.count() == count


@pytest.mark.django_db
def test_the_round_encounter_entries_are_exported_and_imported(gm, battle, first_round):
    Round.objects.filter(pk=first_round.pk).update(encounter={"battling": [{"group": "Soldiers", "character": "Amazon"}]})
    exported = battle_exchange.export_battles(battle.campaign)
    Battle.objects.all().delete()
    [copy] = battle_exchange.import_battles(battle.campaign, exported)
    assert copy.rounds.get(number=1).encounter == {"battling": [{"group": "Soldiers", "character": "Amazon"}]}


@pytest.mark.django_db
def test_save_round_encounter_is_refused_once_the_round_is_resolved(gm, battle, first_round):
    Round.objects.filter(pk=first_round.pk).update(status=Round.Status.RESOLVED)
    with pytest.raises(services.BattleError):
        services.save_round_encounter(gm, "test", battle.pk, 1, {"battling": []})
