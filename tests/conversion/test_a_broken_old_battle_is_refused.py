"""A campaign file's old-format battle whose state is of a shape the old format never had (a hand-edited file) is
refused naming the battle, not a crash, and nothing is imported."""

import json

import pytest

from campaigns.exchange import CampaignFileError, import_campaign
from campaigns.models import Campaign
from tests.conversion.old_rows import OLD_EXPORT

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("broken", [{"characters": "x"}, {"characters": [1]}, {"denizens": [{"x": 1}]}])
def test_an_old_battle_whose_state_cannot_be_read_is_refused_naming_it_and_nothing_is_imported(broken):
    data = json.loads(OLD_EXPORT.read_text())
    index = next(i for i, b in enumerate(data["battles"]) if b["name"] == "Long ambush")
    data["battles"][index]["rounds"] = []
    data["battles"][index]["state"] = {"state": broken, "sheets": []}
    with pytest.raises(CampaignFileError) as refused:
        import_campaign(data)
    assert refused.value.path.startswith(f"battles[{index}]") and "cannot" in refused.value.message
    assert not Campaign.objects.filter(slug=data["slug"]).exists()
