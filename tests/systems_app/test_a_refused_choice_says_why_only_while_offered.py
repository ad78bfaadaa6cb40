"""Why a choice the rules refuse is not possible is said while that choice is offered, and hidden with it while
another answer hides it (combat/system_views.py `field_row`, players/answers_page.py `field_view`): the reason
carries the choice's own condition, so the pages' scripts show and hide it with the choice."""

from django.template.loader import render_to_string

from combat.system_views import field_row
from players.answers_page import field_view
from systems.interface import Choice, Field, PlaysForm

MODE = Field("mode", "choice", "Mode", "plays.mode", choices=(Choice("fight", "Fight"), Choice("run", "Run")))
HOW = Field("how", "choice", "How", "plays.how", choices=(
    Choice("walk", "Walk"),
    Choice("fly", "Fly", shown_when=("mode", ("run",)), disabled="no wings"),
))
FORM = PlaysForm("Aldric", (MODE, HOW))


def test_the_gms_page_hides_the_reason_while_the_choice_is_hidden_and_shows_it_once_offered():
    hidden = field_row("side1", HOW, {}, {"mode": "fight"}, "")
    offered = field_row("side1", HOW, {}, {"mode": "run"}, "")
    assert [(n["label"], n["reason"], n["open"]) for n in hidden["not_possible"]] == [("Fly", "no wings", False)]
    assert offered["not_possible"][0]["open"]
    drawn = render_to_string("combat/_system_fields.html", {"fields": [hidden]})
    assert '<span class="help not-possible" data-shown-when="[&quot;mode&quot;, [&quot;run&quot;]]" hidden>' \
           'Fly: not possible: no wings</span>' in drawn


def test_the_players_page_hides_the_reason_while_the_choice_is_hidden_and_shows_it_once_offered():
    hidden = field_view(FORM, HOW, {}, {"mode": "fight"}, {})
    offered = field_view(FORM, HOW, {}, {"mode": "run"}, {})
    assert hidden["not_possible"][0]["hidden"] and not offered["not_possible"][0]["hidden"]
    assert hidden["not_possible"][0]["shown_when"] == hidden["choices"][1]["shown_when"] != ""
