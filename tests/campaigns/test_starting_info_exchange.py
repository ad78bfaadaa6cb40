"""The secret starting information in a campaign's file: new files carry the answers and come back the same; a file
from before issue #11 (Magic Realm's four keys) still imports, read as answers; wrong answers name their field."""

import pytest

from campaigns import exchange, services
from campaigns.models import Campaign, StartingInfo

pytestmark = pytest.mark.django_db


def exported_with_info(gm, black_knight):
    services.save_starting_info(gm, black_knight, {"vp_fame": 3, "vp_notoriety": 2, "starting_location": "Inn",
                                                   "recorded_spells": "Peace"})
    return exchange.export_campaign(black_knight.campaign)


def imported(data):
    Campaign.objects.filter(slug=data["slug"]).delete()
    exchange.import_campaign(data)
    return StartingInfo.objects.get(character__catalogue_name="Black Knight")


def test_a_file_carries_the_answers_and_they_come_back_the_same(gm, black_knight):
    data = exported_with_info(gm, black_knight)
    assert data["characters"][0]["starting_info"] == {"answers": {
        "vp_fame": 3, "vp_notoriety": 2, "starting_location": "Inn", "recorded_spells": "Peace"}}
    assert imported(data).answers == data["characters"][0]["starting_info"]["answers"]


def test_a_file_from_before_with_the_four_keys_still_imports(gm, black_knight):
    data = exported_with_info(gm, black_knight)
    data["characters"][0]["starting_info"] = {"victory_requirements": {"fame": 3, "notoriety": 2},
                                              "starting_location": "Inn", "recorded_spells": ["Peace"],
                                              "enchanted_chits": []}
    info = imported(data)
    assert info.answers == {"vp_fame": 3, "vp_notoriety": 2, "starting_location": "Inn", "recorded_spells": "Peace"}
    assert info.character.battle_record()["spells"] == ["Peace"]


def test_answers_that_do_not_check_out_are_refused_naming_the_field(gm, black_knight):
    data = exported_with_info(gm, black_knight)
    data["characters"][0]["starting_info"]["answers"]["recorded_spells"] = "Fiery Blastt"
    Campaign.objects.filter(slug=data["slug"]).delete()
    with pytest.raises(exchange.CampaignFileError) as error:
        exchange.import_campaign(data)
    assert "characters[0].starting_info.answers.recorded_spells" in str(error.value)


@pytest.mark.parametrize("broken", [{"victory_requirements": []}, {"recorded_spells": [1]}, {"enchanted_chits": 5}])
def test_a_file_from_before_whose_keys_cannot_be_read_is_refused_naming_its_starting_info(gm, black_knight, broken):
    data = exported_with_info(gm, black_knight)
    data["characters"][0]["starting_info"] = {"victory_requirements": {}, "starting_location": "",
                                              "recorded_spells": [], "enchanted_chits": [], **broken}
    Campaign.objects.filter(slug=data["slug"]).delete()
    with pytest.raises(exchange.CampaignFileError) as error:
        exchange.import_campaign(data)
    assert error.value.path.startswith("characters[0].starting_info")
    assert not Campaign.objects.filter(slug=data["slug"]).exists()


def test_an_answer_that_is_not_text_where_text_is_asked_is_refused_naming_the_field(gm, black_knight):
    data = exported_with_info(gm, black_knight)
    data["characters"][0]["starting_info"]["answers"]["starting_location"] = {"a": 1}
    Campaign.objects.filter(slug=data["slug"]).delete()
    with pytest.raises(exchange.CampaignFileError) as error:
        exchange.import_campaign(data)
    assert error.value.path == "characters[0].starting_info.answers.starting_location"
