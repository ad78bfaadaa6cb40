"""Every kind of field a system's plays form may ask is drawn and read back: a form with a multi-choice, one of
whose choices is offered only after another answer, stands in for the system's (no system asks one yet)."""

import pytest

from combat import system_battles
from systems.interface import Choice, Field, PlaysForm
from tests.systems_app.conftest import round_url, start

pytestmark = pytest.mark.django_db

FORM = PlaysForm("Astaroth", "Astaroth, cycle 1", fields=(
    Field("stance", "choice", "Stance", None, choices=(Choice("bold", "Bold"), Choice("wary", "Wary"))),
    Field("tricks", "multi-choice", "Tricks", None, help="any of them", required=False, choices=(
        Choice("feint", "Feint"), Choice("shout", "Shout", shown_when=("stance", ("bold",))))),
    Field("note", "text", "Note", None, required=False),
    Field("damage", "text", "Damage", None, required=False, pattern="[0-9]d[0-9]"),
), notes=("Stands in for a system's form.",))


@pytest.fixture
def side(gm, make_campaign, monkeypatch):
    battle = start(gm, make_campaign("multiverse"), "multiverse-astaroth-and-the-goblins")
    side = battle.rounds.get().sides.get(side="Astaroth")
    monkeypatch.setattr(system_battles, "form_of", lambda of: FORM if of.side == "Astaroth" else PlaysForm(of.side, of.side))
    monkeypatch.setattr(system_battles, "check_answers", lambda of, answers: {})
    return side


def test_a_multi_choice_is_drawn_as_checkboxes_with_its_conditional_choice_hidden(gm_client, side):
    page = gm_client.get(round_url(side.round.battle)).content.decode()
    assert '<input type="checkbox" name="tricks" value="0" data-value="&quot;feint&quot;"' in page
    assert ('<label hidden data-shown-when="[&quot;stance&quot;, [&quot;bold&quot;]]"><input type="checkbox" '
            'name="tricks" value="1"') in page
    assert "Stands in for a system&#x27;s form." in page and "any of them" in page


def test_the_posted_checkboxes_are_saved_as_the_choices_values(gm_client, side):
    gm_client.post(round_url(side.round.battle, tail=f"answers/{side.pk}/"),
                   {"stance": "0", "tricks": ["0", "1"], "note": "quietly"})
    side.refresh_from_db()
    assert side.plays == {"stance": "bold", "tricks": ["feint", "shout"], "note": "quietly"}
    page = gm_client.get(round_url(side.round.battle)).content.decode()
    assert 'name="tricks" value="1" data-value="&quot;shout&quot;" checked' in page
    assert 'name="note" value="quietly"' in page


def test_a_text_field_with_a_pattern_carries_it_on_its_input(gm_client, side):
    page = gm_client.get(round_url(side.round.battle)).content.decode()
    assert 'name="damage" value="" pattern="[0-9]d[0-9]"' in page
    assert 'name="note" value=""' in page and 'name="note" value="" pattern' not in page
