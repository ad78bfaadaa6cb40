"""A run the rules will refuse, shown while the player chooses (docs/encounter.md "Running away"): the system's
disabled choice is drawn disabled, "not possible", with its reason under the field, on the player's page and on
the GM's round page (players/templates/players/page.html, combat/_system_fields.html)."""

import html

import pytest

from combat.models import Round
from tests.systems_app.conftest import posted, round_url, side_url, start_ambush, token_of

pytestmark = pytest.mark.django_db

# The Amazon's MOVE chits are none faster than the Wolf on her sheet (move time 3), under the standard rules.
REASON = "his move time 3 is not strictly faster than Wolf (move time 3)"


def run_field(body: str) -> str:
    play = body[body.index('data-field="encounter_play"'):]
    return html.unescape(play[:play.index("</div>")])


def test_the_players_page_shows_running_away_not_possible_and_why(client, gm):
    battle = start_ambush(gm)
    field = run_field(client.get(f"/play/{token_of(battle, 'Bob')}/").content.decode())
    assert "disabled data-unavailable>Run away (not possible)</option>" in field
    assert "Run away: not possible: " in field and REASON in field


def test_the_gms_round_page_shows_running_away_not_possible_and_why(client, gm):
    battle = start_ambush(gm)
    client.force_login(gm)
    body = html.unescape(client.get(round_url(battle)).content.decode())
    assert 'data-value="\"run\"" disabled data-unavailable>Run away (not possible)</option>' in body
    assert '<span class="help not-possible">Run away: not possible: ' in body and REASON in body


def test_a_run_posted_anyway_is_refused_beside_the_question_with_the_reason(client, gm):
    battle = start_ambush(gm)
    side = Round.objects.get(battle=battle, number=1).sides.get(side="Amazon")
    body = html.unescape(client.post(side_url(battle, "Bob", "Amazon", "validate"), posted(side, {"encounter_play": "run"}),
                                     HTTP_HX_REQUEST="true").content.decode())
    error = body[body.index("-encounter_play_error"):].split("</div>")[0]
    assert "In the encounter step: Run away is not possible: " in error and REASON in error
