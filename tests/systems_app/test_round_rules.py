"""The rules a round fought through the systems interface is recorded under (`Round.rules`): the campaign's
options when the round opened, which its input holds, even when the GM changes them while it is open."""

import importlib

import pytest
from django.apps import apps

from campaigns import services as campaign_services
from combat.models import Round

from .battles import answer_first_choices, start
from .conftest import resolve

pytestmark = pytest.mark.django_db

EARLIER_ORDER = {"preset": "earlier-order"}  # ruling R5: magic before melee
THREE_RIDES = {"preset": "three-rides"}  # ruling R1: a joust stops after three passes


def test_a_round_keeps_the_rules_it_opened_under_when_the_gm_changes_them_before_it_is_resolved(gm, make_campaign):
    campaign = make_campaign("fallen-empire")
    opened_under = dict(campaign.system_options)
    battle = start(gm, campaign, "joust-first-pass")
    first = battle.rounds.get(number=1)
    assert first.rules == opened_under and "max_passes" not in first.input
    campaign_services.change_system_options(gm, campaign, THREE_RIDES)
    answer_first_choices(gm, first)
    resolved = resolve(gm, first)
    assert resolved.rules == opened_under and "max_passes" not in resolved.input
    following = battle.rounds.get(number=2)
    assert following.rules == THREE_RIDES and following.input["max_passes"] == 3


def test_a_round_left_open_before_rounds_recorded_their_rules_gets_its_campaigns_options(gm, make_campaign):
    campaign = make_campaign("fallen-empire")
    campaign_services.change_system_options(gm, campaign, EARLIER_ORDER)
    battle = start(gm, campaign, "fallen-empire-goblin-ambush")
    Round.objects.filter(battle=battle).update(rules={})  # opened by the code that recorded them at resolve
    migration = importlib.import_module("combat.migrations.0007_open_system_rounds_record_their_rules")
    migration.record_rules(apps, None)
    assert battle.rounds.get(number=1).rules == EARLIER_ORDER
