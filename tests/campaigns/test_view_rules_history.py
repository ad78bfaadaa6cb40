import pytest
from django.urls import reverse

from campaigns import services

pytestmark = pytest.mark.django_db


def test_the_history_shows_each_version_with_who_when_why_and_what_changed(gm_client, gm, campaign):
    services.change_rules(gm, campaign, {"extended_treachery": False}, "Table talk went badly")
    page = gm_client.get(reverse("campaigns:rules_history", args=["bimr4"])).content.decode()
    assert 'id="version-1"' in page and 'id="version-2"' in page
    assert "Table talk went badly" in page and "gm-alice" in page
    assert "<code>extended_treachery</code>" in page
    assert page.index('id="version-2"') < page.index('id="version-1"')
