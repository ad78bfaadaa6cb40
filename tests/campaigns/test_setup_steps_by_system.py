"""A campaign's setup order is its system's (`setup_order_kinds`): the players page offers those kinds, the
service, the admin and the import refuse any other naming the field, and nothing is saved."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from campaigns import services
from campaigns.admin import SetupStepAdminForm
from campaigns.exchange import CampaignFileError, export_campaign, import_campaign
from campaigns.models import SetupStep

pytestmark = pytest.mark.django_db


@pytest.fixture
def realm(gm):
    campaign = services.create_campaign(gm, "Realm", "realm", "bimr4")
    services.add_player(gm, campaign, {"name": "Alice", "email": "alice@example.com", "time_zone": "UTC"})
    return campaign


def test_the_players_page_offers_its_systems_kinds_of_step(gm_client, realm):
    page = gm_client.get(reverse("campaigns:players", args=["realm"])).content.decode()
    assert '<option value="tile">Placed a tile</option>' in page
    assert "(placed a tile; selected a character; placed a visitor/mission chit)" in page


def test_a_kind_its_system_has_not_is_refused_naming_the_field_and_nothing_is_saved(gm, realm):
    with pytest.raises(ValidationError) as refused:
        services.record_setup_step(gm, realm, {"player": realm.players.get().pk, "kind": "portal", "detail": "x"})
    assert "kind" in refused.value.message_dict and not SetupStep.objects.exists()


def test_a_step_recorded_reads_in_its_systems_words(gm, gm_client, realm):
    services.record_setup_step(gm, realm, {"player": realm.players.get().pk, "kind": "tile", "detail": "Borderland"})
    page = gm_client.get(reverse("campaigns:players", args=["realm"])).content.decode()
    assert "Alice: placed a tile — Borderland" in page


def test_the_admin_refuses_a_kind_its_campaigns_system_has_not_beside_the_field(realm):
    form = SetupStepAdminForm(data={"campaign": realm.pk, "position": 1, "player": realm.players.get().pk,
                                    "kind": "portal", "detail": "x"})
    assert not form.is_valid() and "must be one of tile, character, chit" in form.errors["kind"][0]


def test_an_import_refuses_a_step_of_a_kind_the_system_has_not_naming_it(gm, realm):
    services.record_setup_step(gm, realm, {"player": realm.players.get().pk, "kind": "tile", "detail": "Borderland"})
    exported = export_campaign(realm)
    exported["setup_steps"][0]["kind"] = "portal"
    with pytest.raises(CampaignFileError) as refused:
        import_campaign(exported, replace=True)
    assert refused.value.path == "setup_steps[0].kind" and "tile" in refused.value.message


def test_the_admin_refuses_a_player_of_another_campaign_beside_the_field(gm, realm):
    other = services.create_campaign(gm, "Other", "other", "bimr4")
    stranger = services.add_player(gm, other, {"name": "Zed", "email": "zed@example.com", "time_zone": "UTC"})
    form = SetupStepAdminForm(data={"campaign": realm.pk, "position": 1, "player": stranger.pk, "kind": "tile",
                                    "detail": "x"})
    assert not form.is_valid() and "one of this campaign's players" in form.errors["player"][0]
