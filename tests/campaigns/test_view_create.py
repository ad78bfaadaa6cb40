import pytest
from django.urls import reverse

from campaigns.models import Campaign

pytestmark = pytest.mark.django_db


def test_a_gm_creates_a_campaign_from_a_preset_and_lands_on_it(gm_client, gm):
    response = gm_client.post(reverse("campaigns:create"), {"name": "Spring game", "slug": "spring", "preset": "optional-3e"})
    assert response.status_code == 302 and response.url == reverse("campaigns:detail", args=["spring"])
    campaign = Campaign.objects.get(slug="spring")
    assert campaign.current_rules().preset == "optional-3e" and gm in campaign.gms.all()


def test_with_htmx_success_redirects_the_browser(gm_client):
    response = gm_client.post(
        reverse("campaigns:create"), {"name": "Spring game", "slug": "spring", "preset": "bimr4"}, HTTP_HX_REQUEST="true"
    )
    assert response.headers["HX-Redirect"] == reverse("campaigns:detail", args=["spring"])


def test_a_taken_slug_is_shown_next_to_the_slug_field(gm_client, campaign):
    response = gm_client.post(reverse("campaigns:create"), {"name": "Again", "slug": "bimr4", "preset": "bimr4"})
    assert response.status_code == 200
    assert "already exists" in response.context["form"].errors["slug"][0]
    assert Campaign.objects.filter(slug="bimr4").count() == 1


def test_with_htmx_errors_come_back_as_the_form_alone(gm_client):
    response = gm_client.post(reverse("campaigns:create"), {"name": "", "slug": "x", "preset": "bimr4"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert 'id="create-campaign"' in page and "<html" not in page
    assert "This field is required" in page
