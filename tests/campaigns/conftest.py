"""Fixtures of the campaign tests: a GM with the bimr4 campaign, a party, and another campaign's GM."""

import pytest
from django.urls import reverse

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


def create_form_data(client, **values) -> dict:
    """What the create page posts for `values` (name, slug, preset, system): every option as the page draws it
    at that preset (a ticked checkbox "on", an unticked one left out)."""
    drawn_at = {key: values[key] for key in ("system", "preset") if key in values}
    form = client.get(reverse("campaigns:create"), drawn_at).context["form"]
    drawn = {field.html_name: field.value() for field in form.option_fields()}
    posted = {name: ("on" if value is True else value) for name, value in drawn.items()
              if value is not False and value is not None}
    return {**posted, "drawn_preset": form["drawn_preset"].value(), **values}
