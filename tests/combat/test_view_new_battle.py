import pytest

from combat.models import Battle


@pytest.mark.django_db
def test_the_new_battle_form_offers_the_campaigns_characters(gm_client, campaign):
    response = gm_client.get("/campaigns/test/battles/new/")
    assert response.status_code == 200
    assert "Black Knight (Alice)" in response.content.decode()


@pytest.mark.django_db
def test_starting_a_battle_redirects_to_round_one(gm_client, campaign, characters):
    response = gm_client.post("/campaigns/test/battles/new/", {
        "clearing": "Ruins 5", "characters": [characters["Amazon"].pk], "monsters": "Giant Bat\nWolf",
        "natives": "", "attacks": "Giant Bat -> Amazon",
    })
    battle = Battle.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/battles/{battle.pk}/")
    denizens = {d["id"]: d for d in battle.state["state"]["denizens"]}
    assert denizens["Giant Bat"]["target"] == "Amazon" and denizens["Wolf"]["target"] is None


@pytest.mark.django_db
def test_an_unknown_monster_is_named_next_to_its_field_and_nothing_is_saved(gm_client, campaign, characters):
    response = gm_client.post("/campaigns/test/battles/new/", {
        "clearing": "Ruins 5", "characters": [characters["Amazon"].pk], "monsters": "Wolff",
    })
    assert response.status_code == 200
    assert "id_monsters_error" in response.content.decode() and "Wolff" in response.content.decode()
    assert not Battle.objects.exists()


@pytest.mark.django_db
def test_a_native_hired_by_an_absent_character_is_refused(gm_client, campaign, characters):
    response = gm_client.post("/campaigns/test/battles/new/", {
        "clearing": "Ruins 5", "characters": [characters["Amazon"].pk], "natives": "Order 3 hired by Black Knight",
    })
    assert "not among the characters present" in response.content.decode()
    assert not Battle.objects.exists()


@pytest.mark.django_db
def test_the_new_battle_form_is_a_404_for_a_gm_of_another_campaign(outsider_client, campaign):
    assert outsider_client.get("/campaigns/test/battles/new/").status_code == 404


@pytest.mark.django_db
def test_an_attack_naming_no_one_in_the_battle_is_an_error_on_that_field(gm_client, campaign, characters):
    response = gm_client.post("/campaigns/test/battles/new/", {
        "clearing": "Ruins 5", "characters": [characters["Amazon"].pk], "monsters": "Wolf",
        "attacks": "Wolf -> White Knight",
    })
    page = response.content.decode()
    assert "id_attacks_error" in page and "White Knight" in page
    assert not Battle.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("field", ["name", "clearing"])
def test_a_battle_name_or_clearing_with_a_line_break_is_refused_next_to_its_field(gm_client, campaign, characters,
                                                                                  field):
    data = {"name": "Ambush", "clearing": "Ruins 5", "characters": [characters["Amazon"].pk], "monsters": "Wolf"}
    data[field] = "Evil\r\nBcc: x@y.z"
    response = gm_client.post("/campaigns/test/battles/new/", data)
    assert response.status_code == 200
    assert f"id_{field}_error" in response.content.decode() and "line break" in response.content.decode()
    assert not Battle.objects.exists()


@pytest.mark.django_db
def test_a_character_killed_in_an_earlier_battle_is_not_offered(gm_client, campaign, characters):
    from campaigns import services as campaign_services

    campaign_services.change_character_state(characters["Black Knight"].pk, lambda state: {**state, "killed": True})
    page = gm_client.get("/campaigns/test/battles/new/").content.decode()
    assert "Black Knight (Alice)" not in page and "Amazon (Bob)" in page
