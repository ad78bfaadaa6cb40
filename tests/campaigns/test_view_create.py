import pytest
from django.urls import reverse

from campaigns.models import Campaign
from systems import get_system
from tests.campaigns.conftest import create_form_data
from systems.magic_realm.engine.ruleset import rules_from

pytestmark = pytest.mark.django_db


def test_a_gm_creates_a_campaign_from_a_preset_and_lands_on_it(gm_client, gm):
    response = gm_client.post(reverse("campaigns:create"), create_form_data(
        gm_client, name="Spring game", slug="spring", preset="optional-3e"))
    assert response.status_code == 302 and response.url == reverse("campaigns:detail", args=["spring"])
    campaign = Campaign.objects.get(slug="spring")
    assert rules_from(campaign.round_rules()).preset == "optional-3e" and gm in campaign.gms.all()


def test_with_htmx_success_redirects_the_browser(gm_client):
    response = gm_client.post(
        reverse("campaigns:create"), create_form_data(gm_client, name="Spring game", slug="spring", preset="bimr4"),
        HTTP_HX_REQUEST="true"
    )
    assert response.headers["HX-Redirect"] == reverse("campaigns:detail", args=["spring"])


def test_a_taken_slug_is_shown_next_to_the_slug_field(gm_client, campaign):
    response = gm_client.post(reverse("campaigns:create"),
                              create_form_data(gm_client, name="Again", slug="bimr4", preset="bimr4"))
    assert response.status_code == 200
    assert "already exists" in response.context["form"].errors["slug"][0]
    assert Campaign.objects.filter(slug="bimr4").count() == 1


def test_with_htmx_errors_come_back_as_the_form_alone(gm_client):
    response = gm_client.post(reverse("campaigns:create"), {"name": "", "slug": "x", "preset": "bimr4"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert 'id="create-campaign"' in page and "<html" not in page
    assert "This field is required" in page


def test_the_create_form_draws_magic_realms_options_in_its_groups_at_the_preset(gm_client):
    form = gm_client.get(reverse("campaigns:create"), {"preset": "bimr4"}).context["form"]
    assert [title for title, _ in form.option_groups()] == [
        "Optional Combat Rules", "Campaign options", "Community fixes", "Rulings on contested points"]
    assert form["option_starting_season"].value() == "Spring" and form["option_watchful_natives"].value() is True
    assert form["drawn_preset"].value() == "bimr4"


def test_the_create_form_draws_a_system_without_groups_under_one_heading_named_for_it(gm_client):
    response = gm_client.get(reverse("campaigns:create"), {"system": "fallen-empire"})
    groups = response.context["form"].option_groups()
    assert [(title, [field.name for field in fields]) for title, fields in groups] == [
        ("Fallen Empire (OD&D) and the Joust: options",
         ["option_magic_before_melee", "option_surprise", "option_joust_max_passes"])]
    assert "<legend>Fallen Empire (OD&amp;D) and the Joust: options</legend>" in response.content.decode()


def test_a_preset_posted_with_options_drawn_at_another_preset_takes_its_own_values(gm_client):
    drawn_at_standard = create_form_data(gm_client, name="Spring game", slug="spring", preset="standard")
    response = gm_client.post(reverse("campaigns:create"), {**drawn_at_standard, "preset": "bimr4"})
    assert response.status_code == 302
    assert Campaign.objects.get(slug="spring").round_rules() == get_system("magic-realm").options().complete(
        {"preset": "bimr4"})
