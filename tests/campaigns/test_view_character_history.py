"""A character's history of battles: its card on the characters page shows the ten latest entries and
links to its own page, which pages through every entry, newest first, 50 a page (issue #13: a long
campaign's character has hundreds). Every battle is fought through the systems interface: an entry is a
resolved round the character's side fought (combat/system_history.py), an old-format battle carried over
first (combat/battle_conversion.py)."""

import datetime

import pytest
from django.urls import reverse
from django.utils.html import escape

from combat import battle_conversion
from combat.models import SYSTEM_KEY, Battle, CharacterChange, Round, SidePlays
from tests.conversion.old_rows import old_battle, old_campaign
from tests.systems_app.battles import play_round, start

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 3, 1, tzinfo=datetime.timezone.utc)


@pytest.fixture
def long_history(campaign, black_knight):
    """A battle fought through the interface, as its resolves leave it: 60 resolved rounds, each with the Black
    Knight's side, its summary, and what the round did to his record ("Wounded in round N")."""
    battle = Battle.objects.create(campaign=campaign, name="Long siege", clearing="Cave 1", status=Battle.Status.ENDED,
                                   state={SYSTEM_KEY: campaign.system})
    battle.characters.add(black_knight)
    rounds = Round.objects.bulk_create([
        Round(battle=battle, number=n, status=Round.Status.RESOLVED, resolved_at=START + datetime.timedelta(minutes=n),
              result={"summaries": {"Black Knight": ["Struck by the Wolf"]}})
        for n in range(1, 61)])
    SidePlays.objects.bulk_create([SidePlays(round=r, character=black_knight, side="Black Knight", locked=True)
                                   for r in rounds])
    CharacterChange.objects.bulk_create([
        CharacterChange(character=black_knight, battle=battle, round=r, source="round", lines=[f"Wounded in round {r.number}"])
        for r in rounds])
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
def both_kinds(gm):
    """A Magic Realm campaign's two kinds of battle, both fought through the interface now: one begun in the
    app's old round format and carried over (its round 1 resolved on the first of March, with what it did to the
    Black Knight's record and the wound he chose), then one begun on the interface (its round 1 resolved a day
    later). The campaign is the one the old rows were captured in."""
    campaign = old_campaign(gm, "old-rows")
    old = old_battle(campaign, "ambush")
    Round.objects.filter(battle=old, number=1).update(resolved_at=START)  # as the old pages wrote it
    battle_conversion.convert_battle(old)
    new = start(gm, campaign, "black-knight-vs-wolf")
    Battle.objects.filter(pk=new.pk).update(name="New ruins")
    new_round = play_round(gm, new, 1)
    Round.objects.filter(pk=new_round.pk).update(resolved_at=START + datetime.timedelta(days=1))
    return campaign, campaign.characters.get(catalogue_name="Black Knight"), new_round


def test_the_history_lists_both_kinds_of_battle_newest_first(gm_client, both_kinds):
    campaign, black_knight, new_round = both_kinds
    summary = escape("; ".join(new_round.result["summaries"]["Black Knight"]))
    characters = gm_client.get(reverse("campaigns:characters", args=[campaign.slug])).content.decode()
    card = characters[characters.index(f'id="character-{black_knight.pk}"'):].split("</article>")[0]
    for page in (gm_client.get(history_url(campaign, black_knight)).content.decode(), card):
        new, old = page.index("New ruins, round 1"), page.index("Ambush in Cave 4, round 1")
        assert new < old
        assert f"New ruins, round 1</a>: {summary}" in page
        # What the carried-over round did to the record, and the wound chosen after it, are in its entry.
        assert "Record: Armor damaged; Mace alerted; Dues settled: MOVE M5 wounded" in page
        # Each round is one entry, its record changes within it, not entries of their own.
        assert page.count("New ruins, round 1") == 1 and page.count("Ambush in Cave 4, round 1") == 1
