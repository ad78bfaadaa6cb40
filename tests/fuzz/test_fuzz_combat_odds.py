"""Fuzz of `manage.py combat_odds` (issue #12): mutated queries exit 0 with an answer or 2 with an error
naming the field; never a traceback."""

import io
import json
import re
from collections import Counter

import pytest
from django.core.management import call_command
from hypothesis import given

from tests.fuzz.mutate import FUZZ_SETTINGS, mutated

QUERIES = [
    {"rules": "optional-3e", "attack": {"spell": "Fiery Blast", "time": 0}, "target": {"denizen": "T Troll"},
     "intercept": None},
    {"rules": {"preset": "optional-2e", "kludge": True}, "attack": {"weapon": "Light Bow", "alerted": True,
     "fight": {"strength": "M", "time": 3}}, "target": {"character": "Amazon", "armor": [{"name": "Helmet"}], "move_time": 4}},
    {"rules": "standard", "attack": {"denizen": "Giant Bat", "side": "light"},
     "target": {"horse": "Pony", "side": "galloping"}},
    {"rules": "bimr4", "attack": {"harm": "H", "sharpness": 2, "time": 1, "missile": True},
     "target": {"vulnerability": "T", "armored": True, "move_time": 4}, "intercept": True},
    {"rules": "bimr4", "attack": {"weapon": "Mace", "fight": {"strength": "H", "time": 4}}, "target": {"character": True, "vulnerability": "H", "armor": [{"toughness": "H"}]},
     "maneuvers": [{"time": 4, "intercept": True}, {"time": None}]},
]
# An error names its field first: "target.side: must be light or dark, not {...}".
FIELD_FIRST = re.compile(r"^(query|rules|attack|target|intercept|maneuvers|run)[\w.\[\]-]*( |:)")


def ask(query, tmp_path):
    path = tmp_path / "query.json"
    path.write_text(json.dumps(query))
    out = io.StringIO()
    try:
        call_command("combat_odds", str(path), stdout=out)
    except SystemExit as exited:
        return exited.code, json.loads(out.getvalue())
    return 0, json.loads(out.getvalue())


def test_the_hostile_query_of_issue_12_exits_2_naming_the_field(tmp_path):
    query = dict(QUERIES[0], target={"denizen": "Giant Bat", "side": {"light": True}})
    code, answer = ask(query, tmp_path)
    assert code == 2 and answer["error"].startswith("target.side")


@pytest.mark.parametrize("side_field", ["target", "attack"])
def test_a_horse_or_denizen_side_given_as_an_object_or_list_is_refused(tmp_path, side_field):
    base = QUERIES[2]
    for hostile in ({"x": 1}, ["light"]):
        query = json.loads(json.dumps(base))
        query[side_field]["side"] = hostile
        code, answer = ask(query, tmp_path)
        assert code == 2 and answer["error"].startswith(f"{side_field}."), answer


@pytest.mark.parametrize("base", QUERIES, ids=[f"query{index}" for index in range(len(QUERIES))])
def test_mutated_queries_are_answered_or_refused_naming_the_field(tmp_path_factory, base):
    tmp_path = tmp_path_factory.mktemp("odds")
    tally = Counter()

    @FUZZ_SETTINGS
    @given(query=mutated(base))
    def check(query):
        code, answer = ask(query, tmp_path)
        tally[{0: "answered", 2: "refused"}.get(code, code)] += 1
        assert code in (0, 2)
        if code == 2:
            assert FIELD_FIRST.match(answer["error"]), answer["error"]

    check()
    print(f"\nfuzz combat_odds: {dict(tally)}")  # the figures of docs/reliability.md (pytest -s)
