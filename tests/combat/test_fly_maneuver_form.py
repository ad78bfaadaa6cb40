"""The plays form and the engine agree on FLY chits as maneuvers (docs/rulings.md, "FLY chits as maneuvers"):
every maneuver the form lets the GM pick for a character holding FLY chits validates, and every one it lists
disabled the engine refuses."""

from __future__ import annotations

import pytest

from combat import rounds
from combat.forms import PlaysForm

# The Amazon's heaviest item, her Helmet, weighs M: FLY M2 carries it, FLY L1 does not.
FLY_CHITS = [{"id": label, "label": label, "state": "fresh"} for label in ("FLY M2", "FLY L1")]


def _give(battle, character: str, **entry):
    state = battle.state
    me = next(c for c in state["state"]["characters"] if c["id"] == character)
    me["chits"] = me["chits"] + FLY_CHITS
    me.update(entry)
    battle.state = state
    battle.save()


def _form(battle, character: str) -> PlaysForm:
    riding = battle.campaign.current_rules().riding_horses
    return PlaysForm(options=rounds.side_options(battle.state, character, riders_apart=riding))


def _picks(form: PlaysForm, field: str) -> tuple[list[str], list[str]]:
    """The choices of `field` the GM can pick, and those listed disabled."""
    refused = form.fields[field].widget.refused
    values = [value for value, _ in form.fields[field].choices if value]
    return [v for v in values if v not in refused], [v for v in values if v in refused]


def _errors(battle, character: str, plays: dict) -> dict[str, str]:
    round_ = battle.rounds.get(number=1)
    return rounds.validate(rounds.build_input(battle, round_, {character: plays}), character)


def _maneuver(choice: str, box: int) -> dict:
    if choice.startswith("horse:"):
        return {"horse": choice.removeprefix("horse:"), "box": box}
    return {"chit": choice, "box": box}


@pytest.mark.django_db
def test_every_maneuver_the_form_offers_a_character_holding_fly_chits_validates(battle):
    _give(battle, "Amazon")
    offered, _ = _picks(_form(battle, "Amazon"), "maneuver")
    assert "FLY M2" in offered
    for choice in offered:
        box = 3 if choice.startswith("DUCK") else 2
        assert _errors(battle, "Amazon", {"maneuver": _maneuver(choice, box)}) == {}, choice


@pytest.mark.django_db
def test_a_fly_chit_too_weak_for_the_heaviest_item_is_listed_disabled_and_the_engine_refuses_it(battle):
    _give(battle, "Amazon")
    form = _form(battle, "Amazon")
    _, disabled = _picks(form, "maneuver")
    assert disabled == ["FLY L1"]
    assert form.fields["maneuver"].widget.refused["FLY L1"] == "too weak to carry Helmet (weight M)"
    errors = _errors(battle, "Amazon", {"maneuver": {"chit": "FLY L1", "box": 2}})
    assert "a FLY chit must be as strong as the heaviest item carried" in errors["maneuver"]


@pytest.mark.django_db
def test_a_rider_is_offered_his_horse_and_his_own_move_chits_never_a_fly_chit(riding_battle):
    battle = riding_battle
    assert battle.campaign.current_rules().riding_horses
    _give(battle, "Black Knight")
    form = _form(battle, "Black Knight")
    maneuvers, refused_maneuvers = _picks(form, "maneuver")
    assert maneuvers == ["horse:walking", "horse:galloping"] and "FLY M2" in refused_maneuvers
    for choice in refused_maneuvers:
        assert "maneuver" in _errors(battle, "Black Knight", {"maneuver": _maneuver(choice, 2)}), choice
    own, refused_own = _picks(form, "rider_chit")
    assert own and {"FLY M2", "FLY L1"} <= set(refused_own)
    for choice in maneuvers:
        for chit in own:
            plays = {"maneuver": _maneuver(choice, 1), "rider_maneuver": {"chit": chit, "box": 2}}
            assert _errors(battle, "Black Knight", plays) == {}, (choice, chit)
    for chit in refused_own:
        plays = {"maneuver": {"horse": "galloping", "box": 1}, "rider_maneuver": {"chit": chit, "box": 2}}
        assert "rider_chit" in _errors(battle, "Black Knight", plays), chit
