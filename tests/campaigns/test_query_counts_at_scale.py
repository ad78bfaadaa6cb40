"""The pages a GM opens every day ask the database a fixed number of queries whether the host holds one
campaign or many, each of twenty battles of five resolved rounds with their mail (issue #13, with
`fill_host`): the dashboard, the Mail page, the rules history, the characters with their history, a
character's history page, the battle list and a round page."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from campaigns.models import Campaign
from combat.models import Battle, Round
from tests.queries import queries_for

pytestmark = pytest.mark.django_db


def urls_of(slug: str) -> dict[str, str]:
    campaign = Campaign.objects.get(slug=slug)
    battle = Battle.objects.filter(campaign=campaign).order_by("id").first()
    resolved = Round.objects.filter(battle=battle, status=Round.Status.RESOLVED).order_by("-number").first()
    knight = campaign.characters.get(catalogue_name="Black Knight")
    return {
        "dashboard": reverse("campaigns:dashboard"),
        "mail": reverse("mail:index"),
        "rules history": reverse("campaigns:rules_history", args=[slug]),
        "characters": reverse("campaigns:characters", args=[slug]),
        "character history": reverse("campaigns:character_history", args=[slug, knight.pk]),
        "battle list": reverse("combat:list", args=[slug]),
        "resolved round": reverse("combat:round", args=[slug, battle.pk, resolved.number]),
    }


@pytest.fixture(scope="module")
def hosts(django_db_setup, django_db_blocker):
    """A host of one campaign (its GM's only one) and a host of five (twenty battles each but the first)."""
    with django_db_blocker.unblock():
        call_command("fill_host", scale=0.001, prefix="one")
        call_command("fill_host", scale=0.005, prefix="many")
        yield
        Campaign.objects.filter(slug__regex=r"^(one|many)-").delete()
        get_user_model().objects.filter(username__regex=r"^(one|many)-gm-").delete()


@pytest.mark.parametrize("page", ["dashboard", "mail", "rules history", "characters", "character history", "battle list", "resolved round"])
def test_a_page_asks_no_more_queries_for_five_campaigns_of_a_hundred_rounds_than_for_one_of_one_round(
        hosts, client, django_assert_max_num_queries, page):
    small, large = urls_of("one-0000")[page], urls_of("many-0001")[page]
    client.force_login(get_user_model().objects.get(username="one-gm-0"))
    counted = queries_for(client, small)
    client.force_login(get_user_model().objects.get(username="many-gm-0"))
    queries_for(client, large)  # the first request of a session may refresh it
    # No more than the small host's: a page of the large host may ask fewer where its data spares a question (a
    # round followed by a resolved one is not voidable, a round nobody owes dues after reads no settlements).
    with django_assert_max_num_queries(counted):
        response = client.get(large)
    assert response.status_code == 200
