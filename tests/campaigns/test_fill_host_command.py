"""`fill_host` fills a database with a host's worth of data (issue #13): at `--scale 0.002`, the real
template campaign and one copy of it, of the default system's demo party and twenty battles of five
resolved rounds, each round with its sides, log, history entries and result emails."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from campaigns.mail.models import OutboxMessage
from campaigns.models import Campaign, Character, Player
from combat.models import Battle, CharacterChange, Round, SidePlays
from systems import DEFAULT_SYSTEM, get_system

pytestmark = pytest.mark.django_db


@pytest.fixture
def copied():
    call_command("fill_host", scale=0.002, prefix="fill")
    return Campaign.objects.get(slug="fill-0001")


def test_a_copied_campaign_has_the_demo_partys_players_and_twenty_battles_of_five_resolved_rounds_with_the_template_log(copied):
    template = Round.objects.get(battle__campaign__slug="fill-0000", number=1)
    rounds = Round.objects.filter(battle__campaign=copied, status=Round.Status.RESOLVED)
    assert Campaign.objects.filter(slug__startswith="fill-").count() == 2
    party = get_system(DEFAULT_SYSTEM).demo_campaign().party
    assert (Player.objects.filter(campaign=copied).count(), Character.objects.filter(campaign=copied).count()) == (len(party), len(party))
    assert set(Character.objects.filter(campaign=copied).values_list("catalogue_name", flat=True)) == {m.character for m in party}
    assert Battle.objects.filter(campaign=copied).count() == 20
    assert rounds.count() == 100
    assert template.log and all(r.log == template.log and r.result == template.result for r in rounds)
    assert SidePlays.objects.filter(round__in=rounds, locked=True).count() == 200
    going = Battle.objects.get(campaign=copied, status=Battle.Status.ACTIVE)
    assert list(going.rounds.exclude(status=Round.Status.RESOLVED).values_list("number", "status")) == [(6, "drafting")]


def test_each_copied_round_has_the_template_rounds_result_emails_sent_and_history_entries(copied):
    template = Round.objects.get(battle__campaign__slug="fill-0000", number=1)
    results = OutboxMessage.objects.filter(campaign__slug="fill-0000", subject__contains="round 1").exclude(subject__contains="plays due")
    emails = OutboxMessage.objects.filter(campaign=copied)
    assert results.count() == 3  # the two players' and the GM's
    assert emails.count() == 100 * 3
    assert set(emails.values_list("status", flat=True)) == {OutboxMessage.Status.SENT}
    assert emails.filter(recipient="alice@fill-0001.example.com", subject__endswith="round 5").count() == 20
    assert CharacterChange.objects.filter(battle__campaign=copied).count() == 100 * template.character_changes.count()


def test_its_gms_run_five_campaigns_each_and_sign_in_with_the_printed_password(copied):
    gm = get_user_model().objects.get(username="fill-gm-0")
    assert list(gm.gm_campaigns.values_list("slug", flat=True)) == ["fill-0000", "fill-0001"]
    assert gm.check_password("host-gm-pass")


def test_a_second_fill_with_the_same_prefix_is_refused():
    call_command("fill_host", scale=0.001, prefix="again")
    with pytest.raises(CommandError, match="again-"):
        call_command("fill_host", scale=0.001, prefix="again")


def test_a_scale_of_zero_is_refused_by_name():
    with pytest.raises(CommandError, match="--scale"):
        call_command("fill_host", scale=0)
