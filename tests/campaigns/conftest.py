"""Fixtures of the campaign tests: a GM with the bimr4 campaign, a party, and another campaign's GM."""

import pytest

from campaigns import services
from systems.dice import ScriptedDice


@pytest.fixture
def gm(make_user):
    return make_user("gm-alice")


@pytest.fixture
def rival_gm(make_user):
    """The GM of another campaign: must never see `campaign`."""
    user = make_user("gm-rival")
    services.create_campaign(user, "Rival campaign", "rival", "standard", dice=ScriptedDice([2]))
    return user


@pytest.fixture
def campaign(gm):
    # The first weather chit is the scripted 3.
    return services.create_campaign(gm, "BIMR4", "bimr4", "bimr4", dice=ScriptedDice([3]))


@pytest.fixture
def player(gm, campaign):
    return services.add_player(gm, campaign, {"name": "Alice", "email": "alice@example.com", "time_zone": "Europe/London"})


@pytest.fixture
def black_knight(gm, campaign, player):
    return services.add_character(
        gm, campaign, {"player": player.pk, "catalogue_name": "Black Knight", "starting_native_group": "Company"}
    )


@pytest.fixture
def gm_client(client, gm):
    client.force_login(gm)
    return client


@pytest.fixture
def rival_client(client, rival_gm):
    client.force_login(rival_gm)
    return client
