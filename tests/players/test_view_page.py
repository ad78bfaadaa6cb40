"""The player's page, reached by a personal link: their own side only, 404 for a wrong link."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from combat.models import Round

from players import links, services, throttle
from players.models import PlayerLink
from tests.combat.conftest import BLACK_KNIGHT_PLAYS
from tests.players.conftest import amazon_runs_away, page_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


def test_it_shows_the_players_own_side_form_standing_and_deadline(client, tokens, characters):
    response = client.get(page_url(tokens["Alice"]))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Black Knight" in body and "Submit my plays" in body and "due by" in body
    assert "on his sheet: H Troll" in body  # where he stands, as his system says it
    assert f'id="side-{characters["Black Knight"].pk}"' in body
    assert f'id="side-{characters["Amazon"].pk}"' not in body and "on his sheet: Wolf" not in body


def test_the_players_form_offers_no_move_chit_too_weak_for_the_armor(client, tokens, characters):
    body = client.get(page_url(tokens["Alice"])).content.decode()
    maneuver = body.split(f'id="id_side{characters["Black Knight"].pk}-maneuver_chit"')[1].split("</select>")[0]
    assert "MOVE H6" in maneuver and "MOVE M5" not in maneuver


def test_it_shows_nothing_of_another_sides_plays(client, tokens, battle, characters):
    secret = {**BLACK_KNIGHT_PLAYS, "attack_box": 3}
    submission = services.submit(PlayerLink.objects.get(battle=battle, player__name="Alice"), characters["Black Knight"].pk, secret)
    body = client.get(page_url(tokens["Bob"])).content.decode()
    # The Black Knight is in the clearing (a target the Amazon may choose), but nothing of his plays shows.
    assert "FIGHT H6" not in body and "Mace" not in body and submission.receipt not in body
    assert f'id="side-{characters["Black Knight"].pk}"' not in body
    assert f'id="side-{characters["Amazon"].pk}"' in body


def test_a_forged_link_is_a_404(client, tokens):
    assert client.get(page_url(tokens["Alice"][:-3] + "abc")).status_code == 404


def test_a_revoked_link_is_a_404(client, tokens, battle):
    links.revoke(PlayerLink.objects.get(battle=battle, player__name="Alice"))
    assert client.get(page_url(tokens["Alice"])).status_code == 404


def test_a_link_to_an_ended_battle_is_a_404(client, tokens, battle, gm):
    from combat import services as combat_services

    combat_services.end_battle(gm, battle.campaign.slug, battle.pk)
    assert client.get(page_url(tokens["Alice"])).status_code == 404


def test_after_combat_ends_the_link_shows_the_final_results_until_it_expires(client, gm, campaign, characters):
    amazon = characters["Amazon"]
    final = amazon_runs_away(gm, campaign, amazon)
    token = links.token_for(PlayerLink.objects.get(battle=final.battle, player=amazon.player))
    response = client.get(page_url(token))
    body = response.content.decode()
    assert response.status_code == 200
    assert "Combat is over:" in body and "round 1 was the last" in body and "Round 1: what you saw" in body
    assert "Submit my plays" not in body and "take no part" not in body and "To settle" not in body
    Round.objects.filter(pk=final.pk).update(resolved_at=timezone.now() - timedelta(days=links.FINAL_RESULTS_DAYS, minutes=1))
    assert client.get(page_url(token)).status_code == 404


def test_the_final_results_say_a_character_who_ran_away_is_out_of_the_battle(client, gm, campaign, characters):
    amazon = characters["Amazon"]
    final = amazon_runs_away(gm, campaign, amazon)
    token = links.token_for(PlayerLink.objects.get(battle=final.battle, player=amazon.player))
    body = client.get(page_url(token)).content.decode()
    assert '<p class="summary">Amazon: RAN AWAY: out of the battle</p>' in body
    assert "Amazon: alive" not in body


def test_requests_on_a_link_beyond_its_rate_limit_are_refused(client, tokens, monkeypatch):
    monkeypatch.setattr(throttle, "PER_MINUTE", 3)
    codes = [client.get(page_url(tokens["Alice"])).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert client.get(page_url(tokens["Bob"])).status_code == 200  # another player's link is not held up


def test_an_address_guessing_tokens_is_refused_but_a_real_link_from_it_still_opens(client, tokens, monkeypatch):
    monkeypatch.setattr(throttle, "FAILURES_PER_MINUTE", 3)
    codes = [client.get(page_url(f"guess-{n}")).status_code for n in range(4)]
    assert codes == [404, 404, 404, 429]
    # Wrong tokens never lock out a valid link's owner who shares the guesser's address.
    assert client.get(page_url(tokens["Alice"])).status_code == 200


def guesses(client, forwarded: str, count: int) -> list[int]:
    return [client.get(page_url(f"guess-{n}"), HTTP_X_FORWARDED_FOR=forwarded).status_code for n in range(count)]


def test_behind_a_trusted_proxy_wrong_tokens_are_counted_per_real_client(client, monkeypatch, settings):
    settings.HERALD_TRUSTED_PROXY_COUNT = 1
    monkeypatch.setattr(throttle, "FAILURES_PER_MINUTE", 3)
    assert guesses(client, "203.0.113.5", 4) == [404, 404, 404, 429]
    # A forged entry in front of the one the proxy appended changes nothing.
    assert guesses(client, "198.51.100.7, 203.0.113.5", 1) == [429]
    # Another client behind the same proxy (the same REMOTE_ADDR) is not held up.
    assert guesses(client, "198.51.100.7", 1) == [404]


def test_without_a_trusted_proxy_the_forwarded_header_is_ignored(client, monkeypatch, settings):
    settings.HERALD_TRUSTED_PROXY_COUNT = 0
    monkeypatch.setattr(throttle, "FAILURES_PER_MINUTE", 3)
    assert guesses(client, "203.0.113.5", 3) == [404, 404, 404]
    assert guesses(client, "198.51.100.7", 1) == [429]


def test_with_two_trusted_proxies_the_client_is_the_second_entry_from_the_right(rf, settings):
    settings.HERALD_TRUSTED_PROXY_COUNT = 2
    request = rf.get("/", HTTP_X_FORWARDED_FOR="10.9.9.9, 203.0.113.5, 10.0.0.2", REMOTE_ADDR="10.0.0.3")
    assert throttle.client_address(request) == "203.0.113.5"


def test_after_submitting_it_shows_the_receipt_and_the_sealed_plays(client, tokens, battle, characters):
    submission = services.submit(PlayerLink.objects.get(battle=battle, player__name="Alice"),
                                 characters["Black Knight"].pk, dict(BLACK_KNIGHT_PLAYS))
    body = client.get(page_url(tokens["Alice"])).content.decode()
    assert submission.receipt in body and "Submit my changed plays" in body
