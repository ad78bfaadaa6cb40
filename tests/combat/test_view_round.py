"""The GM's round page of a Magic Realm battle fought through the interface (the demo's Ambush in Cave 4): a
form per side with that side's own choices, which sides are locked, and after the round its result with every
event's rule. (What each field of Magic Realm's plays form offers, its weapon, shield, aim and the effort limit,
is tests/systems/test_magic_realm_*; the page's drawing of any system's form, tests/systems_app.)"""

import html

import pytest

from systems.events import citation
from tests.combat.conftest import lock_all, round_url, side_of
from tests.combat.test_services import resolve_first_round


@pytest.mark.django_db
def test_the_battle_page_redirects_to_its_current_round(gm_client, battle):
    response = gm_client.get(f"/campaigns/test/battles/{battle.pk}/")
    assert response.status_code == 302 and response["Location"].endswith("/rounds/1/")


@pytest.mark.django_db
def test_the_round_page_shows_a_form_per_side_offering_only_that_characters_chits(gm_client, battle, first_round):
    page = gm_client.get(round_url(battle)).content.decode()
    knight, amazon = side_of(first_round, "Black Knight"), side_of(first_round, "Amazon")
    assert f'id="side-{amazon.pk}"' in page and f'id="side-{knight.pk}"' in page
    knight_form = page.split(f'id="side-{knight.pk}"')[1].split("</article>")[0]
    assert "FIGHT H6" in knight_form and "Mace" in knight_form and "Short Sword" not in knight_form
    assert f'action="{round_url(battle, suffix=f"answers/{knight.pk}/")}"' in knight_form


@pytest.mark.django_db
def test_the_round_page_shows_which_sides_are_locked(gm_client, gm, battle, valid_plays, first_round):
    lock_all(gm, first_round, {"Amazon": valid_plays["Amazon"]})
    page = gm_client.get(round_url(battle)).content.decode()
    sides = [" ".join(item.split()) for item in page.split('id="round-sides"')[1].split("</ul>")[0].split("<li>")[1:]]
    assert sides[0].startswith('<a href="#side-%d">Amazon</a> <span class="muted">(Bob)</span>: <span class="badge status-sent">locked'
                               % side_of(first_round, "Amazon").pk)
    assert "Black Knight</a> <span class=\"muted\">(Alice)</span>: <span class=\"badge status-failed\">nothing entered" in sides[1]


@pytest.mark.django_db
def test_the_plays_are_a_404_for_a_gm_of_another_campaign(outsider_client, battle):
    assert outsider_client.get(round_url(battle)).status_code == 404


@pytest.mark.django_db
def test_the_results_show_each_sides_summary_and_every_event_citing_its_rule(gm_client, gm, battle, characters,
                                                                          valid_plays, first_round):
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    page = html.unescape(gm_client.get(round_url(battle)).content.decode())
    for event in round_.log:
        assert f'{event["text"]}</span>' in page
        assert f'<cite class="rule">{citation(event["rule"], event["rule_name"])}</cite>' in page
    assert "1 wound, on chits the player chooses" in page
    assert "kills: Wolf (fame 0, notoriety 1)" in page and "1.0" not in page
