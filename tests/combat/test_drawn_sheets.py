"""The melee sheet pictures reach the pages through `combat.battle_panel.drawn_sheets`: the plug-in draws
plain strings with every name escaped (tests/systems/test_magic_realm_sheet_picture.py), and the pages put
them in as they are, neither escaped twice nor with a name let through unescaped."""

import json
from pathlib import Path

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from combat.battle_panel import drawn_sheets
from systems.magic_realm.sheet_picture import sheet_svgs

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
HOSTILE = 'Bad & "Co" \'x\' <b>'


def hostile_round():
    """An example round whose first sheet's owner has a name full of HTML's special characters."""
    text = (EXAMPLES / "black-knight-vs-wolf.json").read_text()
    owner = json.loads(text)["sheets"][0]["owner"]
    return json.loads(text.replace(json.dumps(owner), json.dumps(HOSTILE)))


def test_it_marks_the_plug_ins_pictures_safe_without_changing_them():
    round_input = hostile_round()
    drawn = drawn_sheets(round_input, [])
    assert all(isinstance(sheet["svg"], SafeString) for sheet in drawn)
    assert [(sheet["owner"], str(sheet["svg"])) for sheet in drawn] == [
        (sheet["owner"], sheet["svg"]) for sheet in sheet_svgs(round_input, [])]


def test_a_page_shows_the_picture_once_escaped_and_the_owners_name_escaped():
    panel = {"sheets": drawn_sheets(hostile_round(), []), "attacks": [], "characters": []}
    page = render_to_string("combat/_battle_panel.html", {"panel": panel, "round": {"number": 1}})
    assert page.count("<svg") == 1 and "<b>" not in page
    assert 'aria-label="Melee sheet of Bad &amp; &quot;Co&quot; &#x27;x&#x27; &lt;b&gt;"' in page
    assert "&lt;svg" not in page and "&amp;amp;" not in page
