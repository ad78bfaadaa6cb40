"""The two scripts that follow a plays form's `shown_when` in the browser (static/combat/system-forms.js on
the GM's round page, players/static/players/shown-when.js on a player's page) read a question not answered
as the server's `applies` does (systems/interface.py): as no answer, so a choice offered "beside no attack
chit" shows until an attack chit is picked. Each script runs on a bare form here, as the pages draw it."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]

GM_FORM = """<form data-plays-form>
  <div class="field" data-field="attack_chit"><select name="attack_chit">
    <option value="">—</option><option value="0" data-value='"FIGHT M4"'>FIGHT M4</option></select></div>
  <div class="field" data-field="maneuver_chit"><select name="maneuver_chit">
    <option value="">—</option>
    <option id="beside-any" value="0" data-value='"MOVE M4"' data-shown-when='["attack_chit", [null, "FIGHT M4"]]'>MOVE M4</option>
    <option id="beside-none" value="1" data-value='"MOVE L2**"' data-shown-when='["attack_chit", [null]]'>MOVE L2**</option>
  </select></div>
</form>"""

PLAYER_FORM = """<form data-shown-when-form>
  <div data-field="attack_chit"><select name="attack_chit"><option value="">Choose…</option><option value="0">FIGHT M4</option></select></div>
  <div data-field="maneuver_chit"><select name="maneuver_chit"><option value="">Choose…</option>
    <option id="beside-any" value="0" data-shown-when='{"field": "attack_chit", "values": ["", "0"]}'>MOVE M4</option>
    <option id="beside-none" value="1" data-shown-when='{"field": "attack_chit", "values": [""]}'>MOVE L2**</option>
  </select></div>
</form>"""


def drawn(page, form: str, script: str) -> None:
    """The bare form with its script, after the page's own first pass."""
    page.set_content(f"<!doctype html><html><body>{form}</body></html>")
    page.add_script_tag(path=str(ROOT / script))
    page.dispatch_event("select[name=attack_chit]", "change")


def on_both_pages(gm_form: str, player_form: str):
    """The test run on the GM's form with its script and on the player's with theirs."""
    return pytest.mark.parametrize("form, script", [(gm_form, "static/combat/system-forms.js"),
                                                    (player_form, "players/static/players/shown-when.js")],
                                   ids=["gm", "player"])


def offered(page, option_id: str) -> bool:
    return page.eval_on_selector(f"#{option_id}", "o => !o.hidden && !o.disabled")


@pytest.mark.parametrize("form, script", [(GM_FORM, "static/combat/system-forms.js"),
                                          (PLAYER_FORM, "players/static/players/shown-when.js")])
def test_a_choice_beside_no_answer_shows_until_the_question_is_answered(page, form, script):
    drawn(page, form, script)
    assert offered(page, "beside-any") and offered(page, "beside-none")

    page.select_option("select[name=attack_chit]", label="FIGHT M4")
    assert offered(page, "beside-any") and not offered(page, "beside-none")

    page.select_option("select[name=attack_chit]", index=0)  # back to no answer
    assert offered(page, "beside-any") and offered(page, "beside-none")


# A run with MOVE L2** only beside no attack (or FIGHT L4) and no maneuver (or MOVE L4): two conditions at once.
GM_TWO_FIELDS = """<form data-plays-form>
  <div class="field" data-field="attack_chit"><select name="attack_chit">
    <option value="">—</option><option value="0" data-value='"FIGHT L4"'>FIGHT L4</option>
    <option value="1" data-value='"FIGHT L3*"'>FIGHT L3*</option></select></div>
  <div class="field" data-field="maneuver_chit"><select name="maneuver_chit">
    <option value="">—</option><option value="0" data-value='"MOVE L4"'>MOVE L4</option>
    <option value="1" data-value='"MOVE L3*"'>MOVE L3*</option></select></div>
  <div class="field" data-field="run_with"><select name="run_with"><option value="">—</option>
    <option id="run-heavy" value="0" data-value='"MOVE L2**"'
            data-shown-when='[["attack_chit", [null, "FIGHT L4"]], ["maneuver_chit", [null, "MOVE L4"]]]'>MOVE L2**</option>
  </select></div>
</form>"""

PLAYER_TWO_FIELDS = """<form data-shown-when-form>
  <div data-field="attack_chit"><select name="attack_chit"><option value="">Choose…</option>
    <option value="0">FIGHT L4</option><option value="1">FIGHT L3*</option></select></div>
  <div data-field="maneuver_chit"><select name="maneuver_chit"><option value="">Choose…</option>
    <option value="0">MOVE L4</option><option value="1">MOVE L3*</option></select></div>
  <div data-field="run_with"><select name="run_with"><option value="">Choose…</option>
    <option id="run-heavy" value="0" data-shown-when='[{"field": "attack_chit", "values": ["0", ""]},
                                                       {"field": "maneuver_chit", "values": ["0", ""]}]'>MOVE L2**</option>
  </select></div>
</form>"""


@on_both_pages(GM_TWO_FIELDS, PLAYER_TWO_FIELDS)
def test_a_choice_with_conditions_on_two_questions_shows_only_while_both_hold(page, form, script):
    drawn(page, form, script)
    assert offered(page, "run-heavy")

    page.select_option("select[name=maneuver_chit]", label="MOVE L4")
    page.select_option("select[name=attack_chit]", label="FIGHT L4")
    assert offered(page, "run-heavy")

    page.select_option("select[name=attack_chit]", label="FIGHT L3*")  # the attack's condition fails
    assert not offered(page, "run-heavy")

    page.select_option("select[name=attack_chit]", label="FIGHT L4")
    page.select_option("select[name=maneuver_chit]", label="MOVE L3*")  # the maneuver's fails
    assert not offered(page, "run-heavy")

    page.select_option("select[name=maneuver_chit]", index=0)  # back to no maneuver: both hold again
    assert offered(page, "run-heavy")


# A run with MOVE M3* beside FIGHT L3* and no maneuver, or beside MOVE L3* and no attack, never beside both: a
# limit on a sum of asterisks, which only alternatives say.
GM_EITHER = """<form data-plays-form>
  <div class="field" data-field="attack_chit"><select name="attack_chit">
    <option value="">—</option><option value="0" data-value='"FIGHT L3*"'>FIGHT L3*</option></select></div>
  <div class="field" data-field="maneuver_chit"><select name="maneuver_chit">
    <option value="">—</option><option value="0" data-value='"MOVE L3*"'>MOVE L3*</option></select></div>
  <div class="field" data-field="run_with"><select name="run_with"><option value="">—</option>
    <option id="run-either" value="0" data-value='"MOVE M3*"'
            data-shown-when='{"any_of": [[["attack_chit", ["FIGHT L3*"]], ["maneuver_chit", [null]]],
                                         [["attack_chit", [null]], ["maneuver_chit", ["MOVE L3*"]]]]}'>MOVE M3*</option>
  </select></div>
</form>"""

PLAYER_EITHER = """<form data-shown-when-form>
  <div data-field="attack_chit"><select name="attack_chit"><option value="">Choose…</option>
    <option value="0">FIGHT L3*</option></select></div>
  <div data-field="maneuver_chit"><select name="maneuver_chit"><option value="">Choose…</option>
    <option value="0">MOVE L3*</option></select></div>
  <div data-field="run_with"><select name="run_with"><option value="">Choose…</option>
    <option id="run-either" value="0" data-shown-when='{"any_of": [
        [{"field": "attack_chit", "values": ["0"]}, {"field": "maneuver_chit", "values": [""]}],
        [{"field": "attack_chit", "values": [""]}, {"field": "maneuver_chit", "values": ["0"]}]]}'>MOVE M3*</option>
  </select></div>
</form>"""


@on_both_pages(GM_EITHER, PLAYER_EITHER)
def test_a_choice_with_alternatives_shows_while_any_of_them_holds(page, form, script):
    drawn(page, form, script)
    assert not offered(page, "run-either")  # neither alternative holds with nothing picked
    # (question, the option picked by its index, offered after it): one alternative, both chits (two asterisks
    # already), then the other alternative
    for question, index, expected in (("attack_chit", 1, True), ("maneuver_chit", 1, False), ("attack_chit", 0, True)):
        page.select_option(f"select[name={question}]", index=index)
        assert offered(page, "run-either") is expected, (question, index)
