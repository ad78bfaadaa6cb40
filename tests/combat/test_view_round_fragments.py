"""The round page keeps its costly parts (the battle panel, the encounter entries, every side's form with
its errors and odds, the players' card) as cached fragments keyed by everything they are drawn from
(config.fragments, issue #13). A change to any of those inputs must show on the next view: after each
change the page read through the cache is the page drawn from scratch, and its fragment's key moved."""

import re
from datetime import timedelta

import pytest
from django.core.cache import caches
from django.utils import timezone

from campaigns import services as campaign_services
from campaigns.models import Player
from combat import services
from combat.models import Battle
from config.fragments import FRAGMENT_CACHE
from players import services as player_services
from systems import get_system
from players.models import PlayerLink
from tests.combat.conftest import round_url

pytestmark = pytest.mark.django_db

CSRF_VALUE = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+"')


def page_and_keys(client, url) -> tuple[str, str, str]:
    """The page without its CSRF tokens (each response has its own), its plays layout's key and its
    players' card's key."""
    response = client.get(url)
    assert response.status_code == 200
    return CSRF_VALUE.sub(r"\1…", response.content.decode()), response.context["plays_layout_key"], response.context["card_key"]


def drawn_from_scratch(client, url) -> str:
    caches[FRAGMENT_CACHE].clear()
    return page_and_keys(client, url)[0]


def assert_the_page_follows(client, url, change, key: int) -> str:
    """`change` the page's inputs between two views: the page read through the cache equals the page
    drawn without it, and the fragment's key (1: plays layout, 2: players' card) is a new one."""
    before = page_and_keys(client, url)  # drawn, its fragments kept
    assert page_and_keys(client, url) == before  # read back from the cache, the same
    change()
    after = page_and_keys(client, url)
    assert after[key] != before[key]
    assert after[0] == drawn_from_scratch(client, url)
    return after[0]


@pytest.fixture
def url(battle):
    return round_url(battle)


def test_the_cached_round_page_is_the_page_drawn_from_scratch(gm_client, gm, battle, characters, valid_plays, url):
    services.save_plays(gm, "test", battle.pk, 1, characters["Amazon"].pk, valid_plays["Amazon"])
    fresh = drawn_from_scratch(gm_client, url)
    assert page_and_keys(gm_client, url)[0] == fresh
    assert page_and_keys(gm_client, url)[0] == fresh


def test_a_saved_draft_shows_at_once(gm_client, gm, battle, characters, valid_plays, url):
    amazon = characters["Amazon"].pk
    page = assert_the_page_follows(
        gm_client, url, lambda: services.save_plays(gm, "test", battle.pk, 1, amazon, valid_plays["Amazon"]), 1)
    assert 'value="FIGHT M5" selected' in page


def test_another_sides_draft_redraws_every_side(gm_client, gm, battle, characters, valid_plays, url):
    services.save_plays(gm, "test", battle.pk, 1, characters["Amazon"].pk, valid_plays["Amazon"])
    knight = characters["Black Knight"].pk
    assert_the_page_follows(
        gm_client, url, lambda: services.save_plays(gm, "test", battle.pk, 1, knight, valid_plays["Black Knight"]), 1)


def test_a_lock_and_an_unlock_show_at_once(gm_client, gm, battle, characters, valid_plays, url):
    amazon = characters["Amazon"].pk
    services.save_plays(gm, "test", battle.pk, 1, amazon, valid_plays["Amazon"])
    locked = assert_the_page_follows(gm_client, url, lambda: services.lock_side(gm, "test", battle.pk, 1, amazon), 1)
    assert "Unlock Amazon" in locked
    unlocked = assert_the_page_follows(gm_client, url, lambda: services.unlock_side(gm, "test", battle.pk, 1, amazon), 1)
    assert "Unlock Amazon" not in unlocked


def test_a_change_to_the_battles_state_shows_even_written_without_its_time(gm_client, battle, url):
    def wound_a_chit():
        state = battle.state
        chits = state["state"]["characters"][0]
        chits["wounded"] = [*chits.get("wounded", []), "FIGHT H6"]
        Battle.objects.filter(pk=battle.pk).update(state=state)  # no updated_at: the content is the key

    assert_the_page_follows(gm_client, url, wound_a_chit, 1)


def test_a_hand_adjustment_shows_in_the_panel_and_the_players_card(gm_client, gm, battle, url):
    change = get_system("magic-realm").adjustments(battle.state)[0].value
    page = assert_the_page_follows(
        gm_client, url, lambda: player_services.adjust(gm, "test", battle.pk, 1, change, "the troll was tired"), 2)
    assert "the troll was tired" in page


def test_a_rules_change_redraws_the_sides(gm_client, gm, campaign, url):
    riding = campaign.current_rules().riding_horses
    assert_the_page_follows(
        gm_client, url, lambda: campaign_services.change_rules(gm, campaign, {"riding_horses": not riding}, "house rule"), 1)


def test_the_gms_encounter_entries_show_at_once(gm_client, gm, battle, url):
    def enter():
        round_ = battle.rounds.get(number=1)
        round_.encounter = {"choice_needed": {"message": "Pick a treasure", "rule": "8.3", "path": "hirelings[0]",
                                              "character": "Amazon", "denizen": "Wolf", "options": ["Ogre"]}}
        round_.save(update_fields=["encounter"])

    assert "Pick a treasure" in assert_the_page_follows(gm_client, url, enter, 1)


def test_a_players_new_name_shows_on_the_side_and_the_card(gm_client, campaign, url):
    page = assert_the_page_follows(gm_client, url, lambda: Player.objects.filter(campaign=campaign, name="Bob").update(name="Robert"), 1)
    assert "(Robert)" in page and "(Bob)" not in page


def test_a_moved_deadline_shows_at_once(gm_client, gm, battle, url):
    due = (timezone.now() + timedelta(days=9)).replace(second=0, microsecond=0)
    page = assert_the_page_follows(gm_client, url, lambda: player_services.set_deadline(gm, "test", battle.pk, 1, due), 2)
    assert due.strftime("%Y-%m-%dT%H:%M") in page


def test_a_ruling_and_a_revoked_link_show_at_once(gm_client, gm, battle, url):
    page = assert_the_page_follows(
        gm_client, url, lambda: player_services.add_ruling(gm, "test", battle.pk, 1, "The bat flies off"), 2)
    assert "The bat flies off" in page
    player = PlayerLink.objects.filter(battle=battle, revoked_at__isnull=True).first().player
    assert_the_page_follows(gm_client, url, lambda: player_services.revoke_link(gm, "test", battle.pk, player.pk), 2)


def test_the_campaigns_play_settings_show_at_once(gm_client, gm, url):
    page = assert_the_page_follows(
        gm_client, url, lambda: player_services.save_play_settings(gm, "test", 48, [5], "nothing"), 2)
    assert "5 h before" in page


def test_each_session_gets_its_own_csrf_token_in_the_cached_forms(client, gm, battle, url, make_user):
    from django.test import Client

    tokens = []
    for _ in range(2):
        browser = Client(enforce_csrf_checks=True)
        browser.force_login(gm)
        page = browser.get(url).content.decode()
        found = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page))
        assert len(found) == 1  # one token for the page, as Django draws it
        token = found.pop()
        tokens.append(token)
        # The token inside a cached side form is this session's: a POST with it is accepted.
        response = browser.post(reverse_unlock(battle), {"csrfmiddlewaretoken": token})
        assert response.status_code != 403
    assert tokens[0] != tokens[1]


def reverse_unlock(battle):
    from django.urls import reverse

    character = battle.characters.order_by("pk").first()
    return reverse("combat:lock_side", args=["test", battle.pk, 1, character.pk])
