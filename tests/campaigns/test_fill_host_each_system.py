"""`fill_host --system` fills a host with any system's demo campaign (docs/performance.md): the template is the
system's demo party and first demo battle, its round 1 resolved with the battle going, and each copy repeats it;
a system whose demo battle no seed leaves going is named in the refusal."""

import pytest
from django.core.management import CommandError, call_command

from campaigns.models import Campaign, Player
from combat.models import Battle, Round
from systems import get_system

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("system", ["magic-realm", "enchanted-realms", "fallen-empire", "multiverse"])
def test_a_small_host_of_each_system_has_its_demo_party_and_twenty_battles_of_five_resolved_rounds_a_copy(system):
    call_command("fill_host", scale=0.002, prefix="each", system=system)
    party = get_system(system).demo_campaign().party
    campaigns = Campaign.objects.filter(slug__startswith="each-")
    assert set(campaigns.values_list("system", flat=True)) == {system}
    assert campaigns.count() == 2
    assert Player.objects.filter(campaign__in=campaigns).count() == 2 * len(party)
    assert set(Player.objects.filter(campaign__slug="each-0001").values_list("name", flat=True)) == {m.player for m in party}
    assert Battle.objects.filter(campaign__in=campaigns).count() == 1 + 20
    assert Round.objects.filter(battle__campaign__in=campaigns, status=Round.Status.RESOLVED).count() == 1 + 100
    assert Battle.objects.get(campaign__slug="each-0000").status == Battle.Status.ACTIVE


def test_a_system_whose_template_battle_no_seed_leaves_going_is_named_in_the_refusal(monkeypatch):
    monkeypatch.setattr("campaigns.management.commands.fill_host.SEEDS", range(1, 1))
    with pytest.raises(CommandError, match="no seed in .* 'fallen-empire' going"):
        call_command("fill_host", scale=0.001, prefix="none", system="fallen-empire")
    assert not Campaign.objects.filter(slug__startswith="none-").exists()
