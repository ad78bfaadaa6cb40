"""The create form of a campaign of each combat system: the system picked, its preset and options as fields,
the system's own errors beside the option they name, and nothing saved on an error."""

import pytest
from django.urls import reverse

from campaigns.models import Campaign
from systems import SYSTEMS, get_system

pytestmark = pytest.mark.django_db

URL = reverse("campaigns:create")


@pytest.fixture
def gm_client(client, gm):
    client.force_login(gm)
    return client


def test_the_form_offers_every_registered_system_by_title_with_the_default_first(gm_client):
    form = gm_client.get(URL).context["form"]
    choices = form.fields["system"].choices
    assert [name for name, _ in choices][0] == "magic-realm"
    assert {name for name, _ in choices} == set(SYSTEMS)
    assert dict(choices)["fallen-empire"] == get_system("fallen-empire").TITLE


@pytest.mark.parametrize("system", ["enchanted-realms", "fallen-empire", "multiverse"])
def test_a_gm_creates_a_campaign_of_each_system_with_its_first_preset(gm_client, system):
    preset = get_system(system).options().presets[0].name
    form = gm_client.get(URL, {"system": system}).context["form"]
    drawn = {field.html_name: field.value() for field in form.option_fields()}
    posted = {name: ("on" if value is True else value) for name, value in drawn.items() if value not in (False, None)}
    response = gm_client.post(URL, {"name": "New", "slug": "fresh", "system": system, "preset": preset, **posted})
    assert response.status_code == 302, response.context["form"].errors
    campaign = Campaign.objects.get(slug="fresh")
    version = campaign.rule_set_versions.get()  # version 1, with who and why
    assert campaign.system == system and version.number == 1 and version.created_by.username == "gm"
    assert version.settings == {"preset": preset, **get_system(system).options().defaults()}
    assert version.reason == f"Created from the preset {preset!r}."


def test_options_that_differ_from_the_preset_are_kept_as_overrides(gm_client):
    response = gm_client.post(URL, {"name": "Jousts", "slug": "jousts", "system": "fallen-empire", "preset": "three-rides",
                                    "option_joust_max_passes": "5", "option_surprise": "on"})
    assert response.status_code == 302
    assert Campaign.objects.get(slug="jousts").round_rules() == {
        "preset": "three-rides", "magic_before_melee": False, "surprise": True, "joust_max_passes": 5}


def test_an_unticked_option_turns_off_what_the_preset_turns_on(gm_client):
    gm_client.post(URL, {"name": "Jousts", "slug": "jousts", "system": "fallen-empire", "preset": "as-written"})
    assert Campaign.objects.get(slug="jousts").round_rules() == {
        "preset": "as-written", "magic_before_melee": False, "surprise": False, "joust_max_passes": None}


def test_an_option_out_of_its_bounds_is_shown_beside_its_field_and_nothing_is_saved(gm_client):
    response = gm_client.post(URL, {"name": "Jousts", "slug": "jousts", "system": "fallen-empire", "preset": "as-written",
                                    "option_surprise": "on", "option_joust_max_passes": "99"})
    assert response.status_code == 200
    assert response.context["form"].errors["option_joust_max_passes"]
    assert 'id="id_option_joust_max_passes"' in response.content.decode()
    assert not Campaign.objects.filter(slug="jousts").exists()


def test_the_systems_own_error_is_shown_beside_the_option_it_names(gm_client, monkeypatch):
    from systems.errors import FieldError

    system = get_system("fallen-empire")
    monkeypatch.setattr(system, "check_options", lambda values: [FieldError("surprise", "not with this preset")])
    response = gm_client.post(URL, {"name": "Jousts", "slug": "jousts", "system": "fallen-empire", "preset": "as-written"})
    assert response.context["form"].errors["option_surprise"] == ["not with this preset"]
    assert not Campaign.objects.filter(slug="jousts").exists()


def test_picking_a_system_redraws_only_its_presets_and_options(gm_client):
    response = gm_client.post(URL, {"name": "Jousts", "system": "fallen-empire", "preset": "bimr4"}, HTTP_HX_REQUEST="true",
                              HTTP_HX_TARGET="system-part")
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="system-part">') and "<form" not in page
    assert "three-rides" in page and 'name="option_joust_max_passes"' in page and "bimr4" not in page


def test_picking_a_preset_draws_the_options_at_its_values(gm_client):
    response = gm_client.post(URL, {"system": "fallen-empire", "preset": "three-rides"}, HTTP_HX_REQUEST="true",
                              HTTP_HX_TARGET="system-part")
    assert response.context["form"]["option_joust_max_passes"].value() == 3
    assert not Campaign.objects.exists()


def test_without_javascript_the_show_button_draws_the_whole_form_for_the_system(gm_client):
    response = gm_client.post(URL, {"name": "Jousts", "slug": "jousts", "system": "multiverse", "show_system": "1"})
    page = response.content.decode()
    assert "<html" in page and 'value="Jousts"' in page and not response.context["form"].errors
    assert "has no options beyond its preset" in page and not Campaign.objects.exists()


def test_an_unknown_system_is_refused_beside_the_system_field(gm_client):
    response = gm_client.post(URL, {"name": "X", "slug": "x", "system": "chess", "preset": "bimr4"})
    assert "system" in response.context["form"].errors
    assert not Campaign.objects.filter(slug="x").exists()
