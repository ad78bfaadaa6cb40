"""The odds panel shows every outcome with a chance, in whole percentages that add up to 100 (issue #14.4)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combat.odds_panel import percent_shares
from systems.magic_realm.engine.odds import OUTCOMES, attack_odds


def test_the_issue_s_mace_against_a_giant_adds_up():
    """Black Knight, Mace, FIGHT H4**, Smash against a Giant: was "18% to kill, 0% to wound, 0% to miss"."""
    answer = attack_odds({"rules": "bimr4", "attack": {"weapon": "Mace", "fight": {"strength": "H", "time": 4}},
                          "target": {"denizen": "Giant"}, "intercept": None})
    shares = percent_shares(answer["outcomes"])
    assert sum(percent for _, percent in shares) == 100
    assert {name for name, _ in shares} == {name for name, p in answer["outcomes"].items() if p > 0}


@given(st.lists(st.integers(0, 1000), min_size=len(OUTCOMES), max_size=len(OUTCOMES)).filter(any))
def test_the_shares_of_any_outcomes_add_up_to_one_hundred(weights):
    total = sum(weights)
    shares = percent_shares({name: weight / total for name, weight in zip(OUTCOMES, weights)})
    assert sum(percent for _, percent in shares) == 100
    assert all(0 <= percent <= 100 for _, percent in shares)


@pytest.mark.parametrize("outcomes, expected", [
    ({"killed": 1 / 3, "miss": 2 / 3}, [("killed", 33), ("miss", 67)]),
    ({"killed": 1 / 3, "wounded": 1 / 3, "miss": 1 / 3}, [("killed", 34), ("wounded", 33), ("miss", 33)]),
    ({"killed": 0.0, "miss": 1.0}, [("miss", 100)]),
])
def test_largest_remainders_round_to_one_hundred(outcomes, expected):
    assert sorted(percent_shares(outcomes)) == sorted(expected)


# --- the panel's own path on random real queries ----------------------------------------------------------

from types import SimpleNamespace  # noqa: E402

from hypothesis import settings  # noqa: E402

from combat.odds_panel import odds_query  # noqa: E402
from combat.round_file import character_state  # noqa: E402
from systems.magic_realm.engine.catalogue_data import get_catalogue  # noqa: E402

CATALOGUE = get_catalogue()
FIGHTERS = [c for c in CATALOGUE.characters if any(chit.action == "FIGHT" for chit in c.chits)]
WEAPONS = sorted({w.name for w in CATALOGUE.weapons})
DENIZENS = sorted({m.name for m in CATALOGUE.monsters} | {n.name for n in CATALOGUE.natives})
ARMORED = [c.name for c in CATALOGUE.characters]


@st.composite
def panel_queries(draw):
    """What the odds panel asks for a side's planned attack: a character of the catalogue with one of its
    FIGHT chits and a weapon (or none), against a monster, a native or another character whose armor may be
    damaged, under any preset; built by `odds_query` from a battle state as the plays page builds it."""
    attacker = draw(st.sampled_from(FIGHTERS), label="attacker")
    chit = draw(st.sampled_from([chit.label for chit in attacker.chits if chit.action == "FIGHT"]), label="chit")
    weapon = draw(st.sampled_from(["", *WEAPONS]), label="weapon")
    alerted = draw(st.booleans(), label="alerted")
    state = {"weapons": {weapon: "alerted" if alerted else "unalerted"}} if weapon else {}
    characters = [character_state(SimpleNamespace(catalogue_name=attacker.name, state=state))]
    denizens = []
    if draw(st.booleans(), label="a character is the target"):
        other = draw(st.sampled_from([name for name in ARMORED if name != attacker.name]), label="target")
        armor = {piece: draw(st.sampled_from(["intact", "damaged"]), label=piece)
                 for piece in CATALOGUE.character(other).armor}
        characters.append(character_state(SimpleNamespace(catalogue_name=other, state={"armor": armor})))
        target = other
    else:
        target = draw(st.sampled_from(DENIZENS), label="target")
        denizens.append({"id": target, "counter": target, "side": draw(st.sampled_from(["light", "dark"]), label="side")})
    battle_state = {"state": {"characters": characters, "denizens": denizens}, "sheets": []}
    plays = {"target": target, "attack": {"chit": chit, "weapon": weapon}}
    rules = draw(st.sampled_from(["standard", "optional-2e", "optional-3e", "bimr4"]), label="rules")
    return odds_query(battle_state, plays, attacker.name, rules)


@settings(max_examples=150, deadline=None)
@given(panel_queries())
def test_the_panel_s_shares_of_random_real_attacks_add_up_to_one_hundred(query):
    answer = attack_odds(query)
    shares = percent_shares(answer["outcomes"])
    assert sum(percent for _, percent in shares) == 100, (query, answer["outcomes"])
    assert {name for name, _ in shares} == {name for name, p in answer["outcomes"].items() if p > 0}
    assert sum(answer["outcomes"].values()) == pytest.approx(1)
