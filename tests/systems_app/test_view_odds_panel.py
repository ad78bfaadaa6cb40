"""The odds panel beside each side's plays form on the GM's round page of a battle fought through the
interface (combat/system_odds.py): the chances of what the side plans, from its system's `planned_odds`, the
same as `manage.py combat_odds` answers for the same query, and redrawn out of band as the GM types."""

import pytest

from combat import system_battles
from systems import system_odds
from systems.interface import percent_shares
from tests.systems_app.conftest import posted, round_url, start

pytestmark = pytest.mark.django_db

ALDRIC_ATTACKS_BRYN = {"action": "attack", "method": "melee", "dice": 2, "bonus": 3, "target": "Bryn"}


@pytest.fixture
def ambush(gm, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    return battle, battle.rounds.get().sides.get(side="Aldric")


def expected_shares(side, answers) -> str:
    """The shares `manage.py combat_odds` gives for the query the panel asks, as the panel writes them."""
    from systems.interface import fill

    system = side.round.battle.campaign.combat_system
    [planned] = system.planned_odds(fill(side.round.input, system_battles.form_of(side), answers), side.side)
    answer = system_odds(dict(planned.query))
    return ", ".join(f"{percent}% {name}" for name, percent in percent_shares(answer["outcomes"]))


def test_the_panel_shows_the_chances_of_the_attack_a_side_has_saved(gm, gm_client, ambush):
    battle, side = ambush
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, side.pk, ALDRIC_ATTACKS_BRYN)
    page = gm_client.get(round_url(battle)).content.decode()
    panel = page[page.index(f'id="side-odds-{side.pk}"'):].split("</aside>")[0]
    assert "Odds of Aldric against Bryn" in panel
    shares = expected_shares(side, ALDRIC_ATTACKS_BRYN)
    assert shares.startswith(("1", "2", "3", "4", "5", "6", "7", "8", "9")) and "hit" in shares
    assert shares.replace(", ", "") in "".join(part.split(">")[-1] for part in panel.split("</span>"))


def test_checking_as_the_gm_types_redraws_the_panel_out_of_band_and_no_input(gm_client, ambush):
    battle, side = ambush
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/check/"), posted(side, ALDRIC_ATTACKS_BRYN),
                              HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert "<input" not in body and "<select" not in body
    assert f"id=\"side-odds-{side.pk}\" aria-label=\"Odds of Aldric's plans\" aria-live=\"polite\" hx-swap-oob=\"true\"" in body
    assert "Odds of Aldric against Bryn" in body


def test_a_side_planning_no_attack_has_an_empty_panel_kept_for_its_answers_to_fill(gm_client, ambush):
    battle, side = ambush
    page = gm_client.get(round_url(battle)).content.decode()
    assert f'<aside class="odds odds-none" id="side-odds-{side.pk}"' in page


def test_a_fallen_empire_jousters_throw_shows_its_chance_to_unhorse(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("fallen-empire"), "joust-first-pass")
    side = battle.rounds.get().sides.exclude(character=None).first()
    form = system_battles.form_of(side)
    dice = next(f for f in form.fields if f.kind in ("choice", "number"))
    answers = {dice.name: dice.choices[-1].value if dice.choices else dice.maximum}
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, side.pk, answers)
    page = gm_client.get(round_url(battle)).content.decode()
    panel = page[page.index(f'id="side-odds-{side.pk}"'):].split("</aside>")[0]
    assert "unhorses" in panel and "%" in panel
