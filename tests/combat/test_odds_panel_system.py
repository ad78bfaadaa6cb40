"""The odds panel of a Magic Realm round page asks the campaign's system's `odds` through the interface, the
function `manage.py combat_odds` calls (spec/odds.md), never the engine by name."""

import io
import json
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from combat import odds_panel, services
from systems import get_system


@pytest.fixture
def hired_help(gm, campaign, characters):
    amazon = characters["Amazon"].pk
    setup = services.BattleSetup(name="Hired help", clearing="Ruins 2", character_ids=[amazon], monsters=["Wolf"],
                                 natives=[services.NativeChoice("Order 3", amazon)],
                                 attacks=[("Wolf", "Amazon"), ("Order 3", "Wolf")])
    return services.start_battle(gm, "test", setup)


PLAYS = {"target": "Wolf", "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"}}


@pytest.mark.django_db
def test_the_panel_asks_the_campaigns_system_for_each_attacks_odds(hired_help, monkeypatch):
    asked = []

    def system_named(name):
        def odds(query):
            asked.append((name, query))
            return get_system(name).odds(query)
        return SimpleNamespace(odds=odds)

    monkeypatch.setattr(odds_panel, "get_system", system_named)
    panel = odds_panel.odds_for_plays(hired_help, PLAYS, "Amazon")
    assert [entry["attacker"] for entry in panel] == ["Amazon", "Order 3"]
    assert [name for name, _ in asked] == [hired_help.campaign.system] * 2
    assert [query["attack"].get("weapon") for _, query in asked] == ["Short Sword", None]
    answers = [get_system("magic-realm").odds(query) for _, query in asked]
    assert [entry["p_kill"] for entry in panel] == [answer["p_kill"] for answer in answers]


@pytest.mark.django_db
def test_the_panel_shows_what_combat_odds_answers_for_the_same_query(hired_help, tmp_path):
    query = odds_panel.odds_query(hired_help.state, PLAYS, "Amazon", odds_panel.rules_dict(hired_help.campaign))
    path = tmp_path / "query.json"
    path.write_text(json.dumps(query))
    out = io.StringIO()
    call_command("combat_odds", str(path), stdout=out)
    answer = json.loads(out.getvalue())
    amazon = odds_panel.odds_for_plays(hired_help, PLAYS, "Amazon")[0]
    assert amazon["p_kill"] == answer["p_kill"] and amazon["outcomes"] == answer["outcomes"]
    assert amazon["explanation"] == answer["explanation"]
