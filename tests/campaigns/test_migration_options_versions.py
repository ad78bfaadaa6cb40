"""The migration that gives every campaign its options as rule-set versions: a campaign that kept them unversioned
(`system_options`) gets version 1 of them, every option named and fingerprinted by its system, made by nobody on
the day the campaign was; a campaign that already has versions keeps them as they are; going back gives the
options back to `system_options`."""

import datetime

import pytest

from systems.magic_realm.engine.ruleset import rules_from
from systems.options import fingerprint
from tests.migrating import back_to_latest, migrate

BEFORE = [("campaigns", "0003_campaign_system")]
VERSIONED = [("campaigns", "0004_every_campaign_keeps_its_options_as_versions")]
CREATED = datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.UTC)
TOURNAMENT = {"preset": "three-rides", "surprise": False}
REASON = "Version 1: the options the campaign kept before its options had versions."


def versions(apps, slug):
    RuleSetVersion = apps.get_model("campaigns", "RuleSetVersion")
    return list(RuleSetVersion.objects.filter(campaign__slug=slug).order_by("number"))


@pytest.mark.django_db(transaction=True)
def test_each_campaign_without_versions_gets_version_one_of_its_options_and_going_back_restores_them():
    with back_to_latest():
        old = migrate(BEFORE)
        Campaign = old.get_model("campaigns", "Campaign")
        jousts = Campaign.objects.create(slug="jousts", name="Jousts", system="fallen-empire", system_options=TOURNAMENT)
        Campaign.objects.filter(pk=jousts.pk).update(created_at=CREATED)
        Campaign.objects.create(slug="ticks", name="Ticks", system="multiverse", system_options={})
        realm = Campaign.objects.create(slug="realm", name="Realm", system="magic-realm")
        bimr4 = rules_from("bimr4")
        old.get_model("campaigns", "RuleSetVersion").objects.create(
            campaign=realm, number=1, settings=bimr4.to_dict(), fingerprint=bimr4.fingerprint(), reason="Created")

        new = migrate(VERSIONED)
        [first] = versions(new, "jousts")
        settings = {"preset": "three-rides", "magic_before_melee": False, "surprise": False, "joust_max_passes": 3}
        assert (first.number, first.settings, first.fingerprint) == (1, settings, fingerprint(settings))
        assert (first.created_by_id, first.reason, first.created_at) == (None, REASON, CREATED)
        assert [(v.number, v.settings) for v in versions(new, "ticks")] == [(1, {"preset": "default"})]
        assert [(v.number, v.settings, v.reason) for v in versions(new, "realm")] == [(1, bimr4.to_dict(), "Created")]

        back = migrate(BEFORE)
        assert back.get_model("campaigns", "Campaign").objects.get(slug="jousts").system_options == settings
        assert versions(back, "jousts") == [] and len(versions(back, "realm")) == 1
