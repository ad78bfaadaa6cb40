"""The data migration carries every old-format battle over to the interface's format, and stops, naming the
battle, when one cannot be."""

import pytest

from combat.models import Battle, Round
from tests.conversion.old_rows import old_battle, old_campaign
from tests.migrating import back_to_latest, migrate

BEFORE = [("combat", "0008_character_changes_adjusted_by_the_gm")]
AFTER = [("combat", "0009_carry_the_old_magic_realm_battles_over")]
MODELS = ("Battle", "Round", "SidePlays", "ChitRecord", "CharacterChange")


def written_before(campaign, key, change=None):
    apps = migrate(BEFORE)
    return old_battle(campaign, key, {name: apps.get_model("combat", name) for name in MODELS}, change)


@pytest.mark.django_db(transaction=True)
def test_the_migration_carries_every_old_battle_over(make_user):
    with back_to_latest():
        campaign = old_campaign(make_user("gm"))
        ambush, demon = (written_before(campaign, key) for key in ("ambush", "demon"))

        after = migrate(AFTER)

        assert all(Battle.objects.get(pk=battle.pk).fought_through_interface for battle in (ambush, demon))
        assert Round.objects.get(battle_id=ambush.pk, number=1).result["output"]["round"] == 1
        # The sides as the tables stand right after this migration (a later one adds to them).
        sides = after.get_model("combat", "SidePlays").objects
        assert sides.get(round__battle_id=ambush.pk, round__number=2, side="Amazon").locked
        assert "waiting" in Round.objects.get(battle_id=demon.pk, number=1).encounter


@pytest.mark.django_db(transaction=True)
def test_the_migration_stops_naming_a_battle_it_cannot_carry_over(make_user):
    def tampered(data):
        data["rounds"][0]["log"] = data["rounds"][0]["log"][1:]

    with back_to_latest():
        campaign = old_campaign(make_user("gm"))
        battle = written_before(campaign, "ambush", tampered)
        written_before(campaign, "inn")

        with pytest.raises(RuntimeError, match=rf"round 1 of battle {battle.pk} \"Ambush in Cave 4\".*log"):
            migrate(AFTER)

        assert not Battle.objects.filter(state__has_key="system").exists()
        Battle.objects.filter(pk=battle.pk).delete()  # what the operator does, so that the migration goes on
