"""House-rule counters: validated field by field, used only by the campaigns that enable them."""

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import Campaign
from systems.magic_realm.django_app.models import HouseCounter
from systems.magic_realm.django_app.services import catalogue_for_campaign, copy_original_to_house_counter
from systems.magic_realm.engine.catalogue_data import counter_to_dict, get_catalogue


def troll_data(**changes):
    data = counter_to_dict(get_catalogue().monster("T Troll"))
    data.pop("key"), data.pop("name")
    data.update(changes)
    return data


@pytest.fixture
def campaigns(db):
    return Campaign.objects.create(slug="bimr4", name="BIMR4"), Campaign.objects.create(slug="other", name="Other")


@pytest.mark.django_db
def test_a_copied_original_keeps_its_statistics():
    house = copy_original_to_house_counter("monster/giant-bat-2")
    assert (house.kind, house.name, house.based_on) == ("monster", "Giant Bat", "monster/giant-bat-2")
    counter = house.to_counter()
    assert counter.key == f"monster/house-{house.pk}"
    assert (counter.light.harm, counter.light.move_time, counter.flying) == ("M", 3, True)


@pytest.mark.django_db
def test_saving_with_only_based_on_copies_the_original():
    house = HouseCounter(kind="native", name="Order 3 (veteran)", based_on="native/order-3")
    house.full_clean()
    house.save()
    assert house.to_counter().horse.walking.move_time == 7


@pytest.mark.django_db
def test_a_bad_harm_letter_is_reported_against_the_field():
    house = HouseCounter(kind="monster", name="Cave Troll", data=troll_data(light={**troll_data()["light"], "harm": "X"}))
    with pytest.raises(ValidationError) as error:
        house.full_clean()
    assert "data" in error.value.message_dict
    assert any("data.light.harm" in message for message in error.value.message_dict["data"])


@pytest.mark.django_db
def test_an_unknown_field_and_a_missing_side_are_named():
    data = troll_data(colour="green")
    del data["dark"]
    house = HouseCounter(kind="monster", name="Cave Troll", data=data)
    with pytest.raises(ValidationError) as error:
        house.full_clean()
    assert error.value.message_dict["data"] == ["data.dark: is required"]
    house.data = troll_data(colour="green")
    with pytest.raises(ValidationError) as error:
        house.full_clean()
    assert error.value.message_dict["data"] == ["data.colour: is not a field of this counter"]


@pytest.mark.django_db
def test_an_unknown_original_or_another_kind_is_refused():
    with pytest.raises(ValidationError) as error:
        HouseCounter(kind="monster", name="X", based_on="monster/t-trol-1").full_clean()
    assert "monster/t-troll-1" in error.value.message_dict["based_on"][0]
    with pytest.raises(ValidationError) as error:
        HouseCounter(kind="weapon", name="X", based_on="monster/t-troll-1").full_clean()
    assert "kind" in error.value.message_dict


@pytest.mark.django_db
def test_empty_data_without_an_original_is_refused():
    with pytest.raises(ValidationError) as error:
        HouseCounter(kind="monster", name="Nothing").full_clean()
    assert "data" in error.value.message_dict


@pytest.mark.django_db
def test_only_the_campaigns_that_enable_a_house_counter_see_it(campaigns):
    bimr4, other = campaigns
    house = HouseCounter(kind="monster", name="Cave Troll", data=troll_data(fame=9))
    house.full_clean()
    house.save()
    house.campaigns.set([bimr4])
    assert catalogue_for_campaign(bimr4).monster("Cave Troll").fame == 9
    assert len(catalogue_for_campaign(bimr4).monsters) == 60
    assert len(catalogue_for_campaign(other).monsters) == 59
    assert catalogue_for_campaign(other).search("cave troll") == []


@pytest.mark.django_db
def test_a_house_counter_named_like_an_original_replaces_it_in_its_campaign(campaigns):
    bimr4, other = campaigns
    house = copy_original_to_house_counter("monster/giant-bat-1", campaigns=[bimr4])
    house.data = {**house.data, "light": {**house.data["light"], "move_time": 4}}
    house.full_clean()
    house.save()
    assert catalogue_for_campaign(bimr4).monster("Giant Bat").light.move_time == 4
    assert catalogue_for_campaign(other).monster("Giant Bat").light.move_time == 3
    assert catalogue_for_campaign(bimr4).by_key("monster/giant-bat-1").light.move_time == 3


@pytest.mark.django_db
def test_a_copy_never_answers_to_the_originals_keys_for_its_parts(campaigns):
    bimr4, _ = campaigns
    giant = copy_original_to_house_counter("monster/giant-1", campaigns=[bimr4])
    order = copy_original_to_house_counter("native/order-3", campaigns=[bimr4])
    knight = copy_original_to_house_counter("character/white-knight", campaigns=[bimr4])
    catalogue = catalogue_for_campaign(bimr4)
    original = get_catalogue()
    assert catalogue.by_key("monster/giant-1/giant-club") is original.by_key("monster/giant-1/giant-club")
    assert catalogue.by_key("horse/order-warhorse-3") is original.by_key("horse/order-warhorse-3")
    assert catalogue.by_key("chit/white-knight-1") is original.by_key("chit/white-knight-1")
    assert catalogue.by_key(f"monster/house-{giant.pk}/weapon").name == "Giant Club"
    assert catalogue.by_key(f"horse/house-{order.pk}-mount").name == "Order Warhorse 3"
    assert catalogue.by_key(f"character/house-{knight.pk}").chits[0].key == f"chit/house-{knight.pk}-chits-1"


@pytest.mark.django_db
def test_a_renamed_copy_does_not_take_the_originals_aliases(campaigns):
    bimr4, _ = campaigns
    cave = copy_original_to_house_counter("monster/t-troll-1", campaigns=[bimr4])
    cave.name = "Cave Troll"
    cave.data = {**cave.data, "aliases": ["Tremendous Troll", "Troll of the Caves"]}
    cave.save()
    same = copy_original_to_house_counter("monster/h-dragon", campaigns=[bimr4])
    catalogue = catalogue_for_campaign(bimr4)
    assert catalogue.monster("Tremendous Troll").name == "T Troll"
    assert catalogue.monster("Troll of the Caves").key == f"monster/house-{cave.pk}"
    assert catalogue.monster("Heavy Dragon").key == f"monster/house-{same.pk}"
