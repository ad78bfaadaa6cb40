"""Committed dice (docs/fair-dice.md): drawn and committed when a round opens, kept through a failed
resolve, revealed with the result, and checked by `manage.py verify_round`."""

import hashlib
import json

import pytest
from django.core.management import call_command

from campaigns.mail.models import OutboxMessage
from combat import fairness, services
from combat.models import Round
from tests.combat.conftest import round_url
from tests.combat.test_services import enter_and_lock


def resolve_committed(gm, battle, characters, valid_plays, first_round):
    """Resolve round 1 with the dice drawn when it opened (unlike resolve_first_round, no seed is forced)."""
    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    return services.resolve_round(first_round.pk)


def downloaded_file(gm_client, battle, tmp_path, change=None):
    data = json.loads(gm_client.get(round_url(battle, suffix="round.json")).content)
    if change:
        change(data)
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data))
    return path


def verify(path, capsys):
    capsys.readouterr()
    try:
        call_command("verify_round", str(path))
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, capsys.readouterr().out


@pytest.mark.django_db
def test_a_round_has_its_seed_and_commitment_from_the_moment_it_opens(battle, first_round):
    identity = f"campaign={battle.campaign.slug}\nbattle={battle.pk}\nround=1"
    text = f"herald-dice/1\n{identity}\nseed={first_round.seed}\nsalt={first_round.salt}"
    assert first_round.seed is not None and len(first_round.salt) == 32
    assert first_round.commitment == hashlib.sha256(text.encode()).hexdigest()
    assert first_round.committed_at is not None


@pytest.mark.django_db
def test_the_round_page_shows_the_commitment_but_not_the_seed_before_resolution(gm_client, battle, first_round):
    page = gm_client.get(round_url(battle)).content.decode()
    assert first_round.commitment in page
    assert str(first_round.seed) not in page and first_round.salt not in page


@pytest.mark.django_db
def test_resolving_keeps_the_committed_seed_and_the_page_shows_it_matches(gm, gm_client, battle, characters,
                                                                           valid_plays, first_round):
    seed, committed = first_round.seed, first_round.commitment
    round_ = resolve_committed(gm, battle, characters, valid_plays, first_round)
    assert (round_.seed, round_.commitment) == (seed, committed)
    page = gm_client.get(round_url(battle)).content.decode()
    assert str(seed) in page and "match the commitment" in page


@pytest.mark.django_db
def test_re_resolving_a_failed_round_keeps_the_same_seed(gm, battle, characters, valid_plays, first_round,
                                                        monkeypatch):
    from combat import system_battles

    seed, committed = first_round.seed, first_round.commitment
    enter_and_lock(gm, battle, characters, valid_plays)
    services.request_resolve(gm, "test", battle.pk, 1)
    real_resolve = system_battles.resolve_locked

    def broken(*args, **kwargs):
        raise RuntimeError("worker lost its catalogue")

    monkeypatch.setattr(system_battles, "resolve_locked", broken)
    with pytest.raises(RuntimeError):
        services.resolve_round(first_round.pk)
    monkeypatch.setattr(system_battles, "resolve_locked", real_resolve)
    services.request_resolve(gm, "test", battle.pk, 1)
    round_ = services.resolve_round(first_round.pk)
    assert round_.status == Round.Status.RESOLVED and (round_.seed, round_.commitment) == (seed, committed)


@pytest.mark.django_db
def test_the_next_round_opens_with_its_own_commitment(gm, battle, characters, valid_plays, first_round):
    resolve_committed(gm, battle, characters, valid_plays, first_round)
    second = battle.rounds.get(number=2)
    assert second.commitment and second.commitment != first_round.commitment
    assert second.commitment_for == {"campaign": "test", "battle": battle.pk, "round": 2}


@pytest.mark.django_db
def test_the_result_emails_carry_the_commitment_and_the_seed(gm, battle, characters, valid_plays, first_round):
    round_ = resolve_committed(gm, battle, characters, valid_plays, first_round)
    messages = list(OutboxMessage.objects.filter(idempotency_key__startswith=f"combat/round-{round_.pk}/"))
    assert messages
    for message in messages:
        assert round_.commitment in message.text and f"Seed {round_.seed}" in message.text
        assert round_.commitment in message.html


@pytest.mark.django_db
def test_commitment_text_gives_the_line_for_a_plays_due_email(battle, first_round):
    line = fairness.commitment_text(first_round)
    assert first_round.commitment in line and "round 1" in line and str(first_round.seed) not in line


@pytest.mark.django_db
def test_verify_round_exits_0_for_the_downloaded_round_file(gm, gm_client, battle, characters, valid_plays,
                                                             first_round, tmp_path, capsys):
    resolve_committed(gm, battle, characters, valid_plays, first_round)
    code, out = verify(downloaded_file(gm_client, battle, tmp_path), capsys)
    assert code == 0, out
    assert "Verified" in out and "stored result" in out


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda data: data.update(seed=data["seed"] + 1), "commitment: the seed and salt do not hash"),
        (lambda data: data.update(salt="0" * 32), "commitment: the seed and salt do not hash"),
        (lambda data: data["commitment"].update(round=2), "commitment: the seed and salt do not hash"),
        (lambda data: data.pop("commitment"), "commitment: the file has no commitment"),
        (lambda data: data["result"]["summaries"]["Amazon"].append("9 wounds"), "result.summaries.Amazon"),
        (lambda data: data["plays"]["Amazon"]["maneuver"].update(box=1), "result"),
        (lambda data: data.pop("result"), "result: the file carries no stored result"),
    ],
    ids=["another seed", "another salt", "another round's commitment", "no commitment", "edited result",
         "edited plays", "no result"],
)
def test_verify_round_exits_1_with_the_reason_for_a_changed_file(gm, gm_client, battle, characters, valid_plays,
                                                                 first_round, tmp_path, capsys, change, reason):
    resolve_committed(gm, battle, characters, valid_plays, first_round)
    code, out = verify(downloaded_file(gm_client, battle, tmp_path, change), capsys)
    assert code == 1
    assert "NOT VERIFIED" in out and reason in out


@pytest.mark.django_db
def test_a_seed_changed_behind_heralds_back_shows_on_the_round_page(gm, gm_client, battle, characters, valid_plays,
                                                                   first_round):
    enter_and_lock(gm, battle, characters, valid_plays)
    Round.objects.filter(pk=first_round.pk).update(seed=first_round.seed + 1)  # a GM re-rolling in the database
    services.request_resolve(gm, "test", battle.pk, 1)
    services.resolve_round(first_round.pk)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "do NOT match the commitment" in page


@pytest.mark.django_db
def test_verify_round_exits_1_for_a_file_that_is_not_json(tmp_path, capsys):
    path = tmp_path / "round.json"
    path.write_text("{not json")
    code, out = verify(path, capsys)
    assert code == 1 and "NOT VERIFIED: file: not valid JSON" in out


@pytest.mark.django_db
def test_the_round_file_keeps_its_commitment_through_export_and_import(gm, battle, characters, valid_plays,
                                                                      first_round):
    from campaigns import exchange

    round_ = resolve_committed(gm, battle, characters, valid_plays, first_round)
    exported = exchange.export_campaign(battle.campaign)
    exported["slug"], exported["name"] = "copy", "Copy"
    copy = exchange.import_campaign(exported)
    copied = Round.objects.get(battle__campaign=copy, number=1)
    assert (copied.seed, copied.salt, copied.commitment) == (round_.seed, round_.salt, round_.commitment)
    assert fairness.verify_round_file(fairness.round_file(copied)).ok


@pytest.mark.django_db
def test_a_voided_round_is_resolved_again_with_the_same_seed_and_shows_it_meanwhile(
        gm, gm_client, battle, characters, valid_plays, first_round, tmp_path, capsys):
    from combat.void import void_round

    first = resolve_committed(gm, battle, characters, valid_plays, first_round)
    dice = (first.seed, first.salt, first.commitment)
    voided = void_round(gm, "test", battle.pk, 1)
    assert voided.status == Round.Status.DRAFTING and (voided.seed, voided.salt, voided.commitment) == dice
    page = gm_client.get(round_url(battle)).content.decode()
    assert f"Seed {first.seed}" in page and "resolved again with this same seed" in page
    for message in OutboxMessage.objects.filter(idempotency_key__contains="/voided-1/"):
        assert f"the same seed, {first.seed}" in message.text and first.commitment in message.text
    services.request_resolve(gm, "test", battle.pk, 1)
    again = services.resolve_round(first_round.pk)
    assert again.status == Round.Status.RESOLVED and (again.seed, again.salt, again.commitment) == dice
    assert "resolved again with this same seed" not in gm_client.get(round_url(battle)).content.decode()
    code, out = verify(downloaded_file(gm_client, battle, tmp_path), capsys)
    assert code == 0, out
