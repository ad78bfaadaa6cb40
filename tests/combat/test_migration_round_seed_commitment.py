"""The migration that adds committed dice commits the dice of rounds still open (keeping a seed a failed
resolve already drew) and leaves resolved rounds without a commitment."""

import pytest

from systems.commitment import RoundIdentity, commitment
from tests.migrating import back_to_latest, migrate

# The campaigns app as it was then (its 0005 needs combat's 0007, so it goes back too), so that the historical
# Campaign model has every column the table has.
BEFORE = [("combat", "0002_round_encounter"), ("campaigns", "0003_campaign_system")]
AFTER = [("combat", "0003_round_seed_commitment"), ("campaigns", "0003_campaign_system")]


@pytest.mark.django_db(transaction=True)
def test_open_rounds_get_committed_dice_and_resolved_rounds_none():
    with back_to_latest():
        old = migrate(BEFORE)
        campaign = old.get_model("campaigns", "Campaign").objects.create(slug="old", name="Old", weather="clear",
                                                                        weather_chit=3, month=1, day=1)
        battle = old.get_model("combat", "Battle").objects.create(campaign=campaign, name="B", clearing="Cave 1", state={})
        Round = old.get_model("combat", "Round")
        Round.objects.create(battle=battle, number=1, status="resolved", seed=11)
        Round.objects.create(battle=battle, number=2, status="failed", seed=22)
        Round.objects.create(battle=battle, number=3, status="drafting")
        rounds = {r.number: r for r in migrate(AFTER).get_model("combat", "Round").objects.all()}
        assert rounds[1].commitment == "" and rounds[1].seed == 11
        assert rounds[2].seed == 22
        for number in (2, 3):
            round_ = rounds[number]
            identity = RoundIdentity("old", battle.pk, number)
            assert round_.commitment == commitment(round_.seed, round_.salt, identity)
            assert round_.commitment_for == identity.as_json() and round_.committed_at is not None
        # Rounds with no input to replay: no battle could be carried over to the interface's format (combat's
        # 0009, on the way back to the latest state), so this test's battle goes before then.
        migrate(AFTER).get_model("combat", "Battle").objects.all().delete()
