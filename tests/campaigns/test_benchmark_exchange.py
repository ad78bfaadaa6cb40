"""How long exporting and importing the demo campaign (with its battle) takes."""

from io import StringIO

import pytest
from django.core.management import call_command

from campaigns.exchange import export_campaign, import_campaign
from campaigns.models import Campaign

pytestmark = [pytest.mark.django_db, pytest.mark.benchmark]


@pytest.fixture
def demo():
    call_command("load_demo", stdout=StringIO())
    return Campaign.objects.get(slug="demo")


def test_exporting_the_demo_campaign(benchmark, demo):
    data = benchmark(export_campaign, demo)
    assert data["slug"] == "demo" and len(data["characters"]) == 4


def test_importing_the_demo_campaign_over_itself(benchmark, demo):
    data = export_campaign(demo)
    campaign = benchmark(lambda: import_campaign(data, replace=True))
    assert export_campaign(campaign)["players"] == data["players"]
