"""A character's history of battles: its card on the characters page shows the ten latest entries and
links to its own page, which pages through every entry, newest first, 50 a page (issue #13: a long
campaign's character has hundreds)."""

import datetime

import pytest
from django.urls import reverse

from combat.models import Battle, CharacterChange, Round, SidePlays

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_history(campaign, black_knight):
    """A battle of 60 resolved rounds, each with one history line for the Black Knight."""
    battle = Battle.objects.create(campaign=campaign, name="Long siege", clearing="Cave 1", status=Battle.Status.ENDED)
    battle.characters.add(black_knight)
    rounds = Round.objects.bulk_create([Round(battle=battle, number=n, status=Round.Status.RESOLVED) for n in range(1, 61)])
    CharacterChange.objects.bulk_create([
        CharacterChange(character=black_knight, battle=battle, round=r, source="round", lines=[f"Wounded in round {r.number}"])
        for r in rounds])
    # The rows were written at once: make "newest" follow the round's number.
    for change in CharacterChange.objects.filter(character=black_knight):
        CharacterChange.objects.filter(pk=change.pk).update(created_at=battle.created_at + datetime.timedelta(minutes=change.round.number))
    return battle


def history_url(campaign, character, page=None):
    return reverse("campaigns:character_history", args=[campaign.slug, character.pk]) + (f"?page={page}" if page else "")


def test_the_card_shows_the_ten_latest_entries_and_links_to_the_fifty_earlier(gm_client, campaign, black_knight, long_history):
    page = gm_client.get(reverse("campaigns:characters", args=[campaign.slug])).content.decode()
    assert "Wounded in round 60" in page and "Wounded in round 51" in page
    assert "Wounded in round 50" not in page
    assert "The whole history (50 earlier entries)" in page
    assert history_url(campaign, black_knight) in page


def test_the_history_page_lists_fifty_entries_newest_first_then_the_rest_on_page_two(gm_client, campaign, black_knight, long_history):
    first = gm_client.get(history_url(campaign, black_knight)).content.decode()
    assert first.index("Wounded in round 60") < first.index("Wounded in round 11")
    assert "Wounded in round 10<" not in first and "Page 1 of 2" in first
    second = gm_client.get(history_url(campaign, black_knight, 2)).content.decode()
    assert "Wounded in round 10<" in second and "Wounded in round 1<" in second
    assert "Wounded in round 11<" not in second


def test_a_character_without_history_says_so(gm_client, campaign, black_knight):
    page = gm_client.get(history_url(campaign, black_knight)).content.decode()
    assert "No battle has changed this character yet." in page


def test_another_gms_character_history_is_not_found(rival_client, campaign, black_knight):
    assert rival_client.get(history_url(campaign, black_knight)).status_code == 404


@pytest.fixture
def both_kinds(campaign, black_knight):
    """A Magic Realm campaign's two kinds of battle: one begun on the app's own pages (its CharacterChange
    rows), then one fought through the interface (its resolved round, with its summary and what it did to the
    record)."""
    start = datetime.datetime(2026, 3, 1, tzinfo=datetime.timezone.utc)
    own = Battle.objects.create(campaign=campaign, name="Old cave", clearing="Cave 1", status=Battle.Status.ENDED)
    own_round = Round.objects.create(battle=own, number=1, status=Round.Status.RESOLVED, resolved_at=start)
    CharacterChange.objects.create(character=black_knight, battle=own, round=own_round, source="chits",
                                   lines=["FIGHT M5 wounded"])
    new = Battle.objects.create(campaign=campaign, name="New ruins", clearing="Ruins 2", state={"system": "magic-realm"})
    new_round = Round.objects.create(battle=new, number=1, status=Round.Status.RESOLVED,
                                     resolved_at=start + datetime.timedelta(days=1),
                                     result={"summaries": {"Black Knight": ["Killed the Goblin"]}})
    SidePlays.objects.create(round=new_round, character=black_knight, side="Black Knight")
    CharacterChange.objects.create(character=black_knight, battle=new, round=new_round, source="round", lines=["Fame +2"])
    CharacterChange.objects.filter(battle=own).update(created_at=start)
    CharacterChange.objects.filter(battle=new).update(created_at=start + datetime.timedelta(days=1))


def test_the_history_lists_both_kinds_of_battle_newest_first(gm_client, campaign, black_knight, both_kinds):
    for page in (gm_client.get(history_url(campaign, black_knight)).content.decode(),
                 gm_client.get(reverse("campaigns:characters", args=[campaign.slug])).content.decode()):
        new, old = page.index("New ruins, round 1"), page.index("Old cave, round 1")
        assert new < old
        assert "Killed the Goblin; Record: Fame +2" in page
        assert "(wounds and fatigue chosen)</span>: FIGHT M5 wounded" in page
        # The interface's round is one entry, its record change within it, not an entry of its own.
        assert page.count("New ruins, round 1") == 1
