"""Only a campaign's GMs see it: every campaign view is 404 to another GM and sends anonymous users to sign in."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def campaign_urls(campaign, player, character):
    """(method, url) of every campaign-scoped view."""
    slug = campaign.slug
    return [
        ("get", reverse("campaigns:detail", args=[slug])),
        ("get", reverse("campaigns:settings", args=[slug])),
        ("post", reverse("campaigns:settings", args=[slug])),
        ("post", reverse("campaigns:auto_resolve", args=[slug])),
        ("get", reverse("campaigns:rules_history", args=[slug])),
        ("get", reverse("campaigns:calendar", args=[slug])),
        ("post", reverse("campaigns:advance_calendar", args=[slug])),
        ("get", reverse("campaigns:players", args=[slug])),
        ("post", reverse("campaigns:players", args=[slug])),
        ("get", reverse("campaigns:player_edit", args=[slug, player.pk])),
        ("post", reverse("campaigns:player_delete", args=[slug, player.pk])),
        ("post", reverse("campaigns:setup_step", args=[slug])),
        ("get", reverse("campaigns:characters", args=[slug])),
        ("post", reverse("campaigns:characters", args=[slug])),
        ("get", reverse("campaigns:character_edit", args=[slug, character.pk])),
        ("post", reverse("campaigns:character_delete", args=[slug, character.pk])),
        ("get", reverse("campaigns:starting_info", args=[slug, character.pk])),
        ("post", reverse("campaigns:starting_info", args=[slug, character.pk])),
    ]


def test_every_campaign_view_is_404_to_the_gm_of_another_campaign(rival_client, campaign, player, black_knight):
    for method, url in campaign_urls(campaign, player, black_knight):
        response = getattr(rival_client, method)(url)
        assert response.status_code == 404, f"{method.upper()} {url} gave {response.status_code}"
    campaign.refresh_from_db()
    assert campaign.week_ends.count() == 0 and campaign.players.count() == 1


def test_every_view_sends_an_anonymous_user_to_sign_in(client, campaign, player, black_knight):
    urls = campaign_urls(campaign, player, black_knight) + [
        ("get", reverse("campaigns:dashboard")),
        ("get", reverse("campaigns:create")),
        ("post", reverse("campaigns:create")),
    ]
    for method, url in urls:
        response = getattr(client, method)(url)
        assert response.status_code == 302, f"{method.upper()} {url} gave {response.status_code}"
        assert response.url.startswith(reverse("login")), url


def test_a_gm_of_the_campaign_sees_each_page(gm_client, campaign, player, black_knight):
    for method, url in campaign_urls(campaign, player, black_knight):
        if method == "get":
            assert gm_client.get(url).status_code == 200, url
