"""The Rules history of a campaign of another combat system: each version of its options, newest first, with its
fingerprint, who, when, why and what changed, linked from every page of the campaign as Magic Realm's is."""

import pytest
from django.urls import reverse

from campaigns import services
from systems.options import fingerprint

pytestmark = pytest.mark.django_db

AS_WRITTEN = {"preset": "as-written", "magic_before_melee": False, "surprise": True, "joust_max_passes": None}


@pytest.fixture
def jousts(make_campaign):
    return make_campaign("fallen-empire", "jousts")


def test_the_history_lists_each_version_of_the_options_with_who_why_and_what_changed(gm, gm_client, jousts):
    services.change_rules(gm, jousts, {"preset": "three-rides"}, "A tournament this month")
    page = gm_client.get(reverse("campaigns:rules_history", args=["jousts"])).content.decode()
    assert page.index('id="version-2"') < page.index('id="version-1"')
    assert f'<span class="fingerprint">{fingerprint(AS_WRITTEN)}</span>' in page
    assert f'<span class="fingerprint">{fingerprint({**AS_WRITTEN, "preset": "three-rides", "joust_max_passes": 3})}' \
           f"</span>" in page
    assert "A tournament this month" in page and "Created from the preset &#x27;as-written&#x27;." in page
    assert "<code>preset</code>: <del>as-written</del> → <ins>three-rides</ins>" in page
    assert "<code>joust_max_passes</code>: <del>none</del> → <ins>3</ins>" in page
    assert "first version (as-written)" in page and page.count("<td>gm</td>") == 2


def test_every_page_of_the_campaign_links_its_rules_history(gm_client, jousts):
    history = reverse("campaigns:rules_history", args=["jousts"])
    for page in ("detail", "settings", "players", "characters", "calendar"):
        assert f'href="{history}"' in gm_client.get(reverse(f"campaigns:{page}", args=["jousts"])).content.decode()


def test_another_gm_gets_404(client, make_user, jousts):
    client.force_login(make_user("other-gm"))
    assert client.get(reverse("campaigns:rules_history", args=["jousts"])).status_code == 404
