"""Fixtures for the battle tests: a campaign under the bimr4 rules with its GM, two players and their
characters (Black Knight, Amazon), the demo battle, and plays that are valid for its first round."""

import pytest

from campaigns import services as campaign_services


@pytest.fixture
def gm(make_user):
    return make_user("gm")


@pytest.fixture
def campaign(gm):
    campaign = campaign_services.create_campaign(gm, "Test campaign", "test", "bimr4")
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    campaign_services.add_player(gm, campaign, {"name": "Carol", "email": "carol@example.com", "time_zone": "UTC"})
    return campaign


@pytest.fixture
def battle(campaign):
    from combat.demo import create_demo_battle

    return create_demo_battle(campaign)


@pytest.fixture
def riding_battle(gm, campaign, characters):
    """The Black Knight on his Warhorse against a Wolf, under the bimr4 rules' riding horses (rule 5.2)."""
    from combat import services

    knight = characters["Black Knight"]
    knight.state = {**knight.state, "horse": "Warhorse"}
    knight.save()
    setup = services.BattleSetup(name="Charge", clearing="Valley 2", character_ids=[knight.pk], monsters=["Wolf"],
                                 attacks=[("Wolf", "Black Knight")])
    return services.start_battle(gm, "test", setup)


@pytest.fixture
def first_round(battle):
    return battle.rounds.get(number=1)


@pytest.fixture
def characters(campaign):
    return {c.catalogue_name: c for c in campaign.characters.all()}


BLACK_KNIGHT_PLAYS = {
    "target": "H Troll",
    "target_part": "horse",
    "attack": {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"},
    "maneuver": {"chit": "MOVE H6", "box": 1},
    "positions": {"H Troll": 2},
}
AMAZON_PLAYS = {
    "target": "Wolf",
    "target_part": "horse",
    "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"},
    "maneuver": {"chit": "MOVE M4", "box": 3},
    "positions": {"Wolf": 1},
}


@pytest.fixture
def valid_plays():
    return {"Black Knight": dict(BLACK_KNIGHT_PLAYS), "Amazon": dict(AMAZON_PLAYS)}


def form_data(character, plays):
    """The POST data of a side's plays form for `plays` (the inverse of PlaysForm.to_plays)."""
    prefix = f"side{character.pk}-"
    data = {prefix + "target": plays.get("target", ""), prefix + "target_part": plays.get("target_part", "horse")}
    attack = plays.get("attack") or {}
    data[prefix + "attack_chit"] = attack.get("chit", "")
    data[prefix + "attack_weapon"] = attack.get("weapon", "")
    data[prefix + "attack_box"] = str(attack.get("box", ""))
    maneuver = plays.get("maneuver") or {}
    data[prefix + "maneuver"] = maneuver.get("chit", "")
    data[prefix + "maneuver_box"] = str(maneuver.get("box", ""))
    for index, box in enumerate((plays.get("positions") or {}).values()):
        data[prefix + f"position_{index}"] = str(box)
    return data


@pytest.fixture
def gm_client(client, gm):
    client.force_login(gm)
    return client


@pytest.fixture
def outsider_client(client, other_user):
    client.force_login(other_user)
    return client


def round_url(battle, number=1, suffix=""):
    return f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/{number}/{suffix}"


def side_url(battle, character, number=1, suffix=""):
    return round_url(battle, number, f"sides/{character.pk}/{suffix}")
