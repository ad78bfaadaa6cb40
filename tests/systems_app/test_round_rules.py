"""The rules a round fought through the systems interface is recorded under (`Round.rules`): the settings of the
campaign's current version of its options when the round opened, which its input holds, with that version's
number and its system's fingerprint, even when the GM changes them while it is open."""

import pytest

from campaigns import services as campaign_services
from systems.options import fingerprint
from tests.migrating import back_to_latest, migrate

from .battles import answer_first_choices, start
from .conftest import resolve

AS_WRITTEN = {"preset": "as-written", "magic_before_melee": False, "surprise": True, "joust_max_passes": None}
THREE_RIDES = {**AS_WRITTEN, "preset": "three-rides", "joust_max_passes": 3}  # ruling R1: three passes at most
EARLIER_ORDER = {"preset": "earlier-order"}  # ruling R5: magic before melee


@pytest.mark.django_db
def test_a_round_keeps_the_rules_it_opened_under_when_the_gm_changes_them_before_it_is_resolved(gm, make_campaign):
    campaign = make_campaign("fallen-empire")
    battle = start(gm, campaign, "joust-first-pass")
    first = battle.rounds.get(number=1)
    assert first.rules == AS_WRITTEN and "max_passes" not in first.input
    assert (first.rules_version_number, first.rules_fingerprint) == (1, fingerprint(AS_WRITTEN))
    campaign_services.change_rules(gm, campaign, {"preset": "three-rides"}, "A tournament")
    answer_first_choices(gm, first)
    resolved = resolve(gm, first)
    assert resolved.rules == AS_WRITTEN and "max_passes" not in resolved.input
    assert (resolved.rules_version_number, resolved.rules_fingerprint) == (1, fingerprint(AS_WRITTEN))
    following = battle.rounds.get(number=2)
    assert following.rules == THREE_RIDES and following.input["max_passes"] == 3
    assert (following.rules_version_number, following.rules_fingerprint) == (2, fingerprint(THREE_RIDES))


# The state before combat's 0007 (and before the campaigns' options had versions), and just after it.
BEFORE = [("combat", "0006_sideplays_side"), ("campaigns", "0003_campaign_system")]
AFTER = [("combat", "0007_open_system_rounds_record_their_rules"), ("campaigns", "0003_campaign_system")]


@pytest.mark.django_db(transaction=True)
def test_a_round_left_open_before_rounds_recorded_their_rules_gets_its_campaigns_options():
    with back_to_latest():
        old = migrate(BEFORE)
        campaign = old.get_model("campaigns", "Campaign").objects.create(
            slug="old", name="Old", system="fallen-empire", system_options=EARLIER_ORDER)
        battle = old.get_model("combat", "Battle").objects.create(campaign=campaign, name="B", clearing="Road", state={})
        old.get_model("combat", "Round").objects.create(battle=battle, number=1, status="drafting", rules={})
        round_ = migrate(AFTER).get_model("combat", "Round").objects.get(number=1)
        assert round_.rules == EARLIER_ORDER
