"""A campaign file exported with battles in the app's own round format (before Magic Realm's campaigns moved to
the interface's pages) is imported with those battles carried over to the interface's format."""

import json

import pytest

from campaigns.exchange import CampaignFileError, import_campaign
from combat import system_dues, system_waiting
from combat.models import Battle
from tests.conversion.old_rows import OLD_EXPORT

pytestmark = pytest.mark.django_db


def old_file():
    return json.loads(OLD_EXPORT.read_text())


def test_an_old_file_is_imported_with_its_battles_carried_over():
    campaign = import_campaign(old_file())

    battles = {battle.name: battle for battle in Battle.objects.filter(campaign=campaign)}
    assert set(battles) == {"Ambush in Cave 4", "Natives at the Inn", "The Pit", "Long ambush"}
    assert all(battle.fought_through_interface for battle in battles.values())
    ambush = battles["Ambush in Cave 4"]
    [due] = system_dues.dues_of(ambush.rounds.get(number=1))
    assert due.settlement is not None and due.answers == {"wounded": ["MOVE M5"]}
    assert ambush.rounds.get(number=2).sides.get(side="Amazon").locked
    assert system_waiting.is_waiting(battles["The Pit"].rounds.get(number=1))


def test_an_old_battle_whose_replay_differs_refuses_the_file_naming_it():
    data = old_file()
    index = next(i for i, battle in enumerate(data["battles"]) if battle["name"] == "Ambush in Cave 4")
    resolved = next(r for r in data["battles"][index]["rounds"] if r["status"] == "resolved")
    resolved["result"]["round"] = 7

    with pytest.raises(CampaignFileError) as refused:
        import_campaign(data)

    assert f"battles[{index}]" in str(refused.value) and "Ambush in Cave 4" in str(refused.value)
    assert not Battle.objects.exists()
