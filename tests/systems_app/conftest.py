"""Fixtures for battles fought through the systems interface: a campaign of each new system with its GM
and players whose characters are named like the combatants of the system's example battles."""

import pytest

from campaigns import services as campaign_services

PLAYERS = {
    "enchanted-realms": {"Aldric": "alice@example.com", "Bryn": "bob@example.com"},
    "fallen-empire": {"Sir Ash": "alice@example.com", "Black Knight": "bob@example.com"},
    "multiverse": {"Astaroth": "alice@example.com"},
}


@pytest.fixture
def gm(make_user):
    return make_user("gm", email="gm@example.com")


def system_campaign(gm, system: str, slug: str | None = None):
    campaign = campaign_services.create_campaign(gm, f"A {system} campaign", slug or system, "", system=system)
    for character, email in PLAYERS[system].items():
        player = campaign_services.add_player(gm, campaign, {"name": email.split("@")[0].title(), "email": email,
                                                             "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    return campaign


@pytest.fixture
def make_campaign(gm):
    return lambda system, slug=None: system_campaign(gm, system, slug)


@pytest.fixture
def gm_client(client, gm):
    client.force_login(gm)
    return client


def start(gm, campaign, key: str):
    """A battle of `campaign` started from the starter `key`, round 1 open."""
    from combat import system_battles
    from combat.system_rounds import battle_starters

    starter = next(s for s in battle_starters(campaign.combat_system) if s.key == key)
    return system_battles.start_battle(gm, campaign.slug, "The fight", "The road", starter.round_input)


def round_url(battle, number: int = 1, tail: str = "") -> str:
    return f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/{number}/{tail}"
