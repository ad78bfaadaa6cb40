"""Magic Realm's plays form and the spells a character's entry lists (docs/round-format.md, `spells`): the form
offers the attack spells he knows beside those the round input names, each with the MAGIC chits of its type, and
never one the engine would refuse him."""

from systems import get_system
from systems.interface import choices_open, fill

MAGIC_REALM = get_system("magic-realm")


def sorceror(spells=None, encounter: bool = False) -> dict:
    """The Sorceror (his catalogue chits: MAGIC IV and VI), a Wolf on his sheet."""
    entry = {"id": "Sorceror", **({"spells": spells} if spells is not None else {})}
    return {"format": "herald-round/1", "rules": "standard",
            "state": {"round": 1, "characters": [entry], "denizens": [{"id": "Wolf", "target": "Sorceror"}]},
            "sheets": [{"owner": "Sorceror", "attackers": [{"combatant": "Wolf", "box": 2}]}], "seed": 5,
            **({"encounter": {}} if encounter else {})}


def values(form, name, answers=None) -> list:
    return [choice.value for choice in choices_open(form.field(name), answers or {})]


def magic_chits(form) -> list[str]:
    return [chit for chit in values(form, "attack_chit") if chit.startswith("MAGIC")]


def test_the_form_offers_the_attack_spells_the_characters_entry_lists_with_the_magic_chits_of_their_type():
    form = MAGIC_REALM.plays_form(sorceror(["Fiery Blast", "Peace"]), "Sorceror")
    chits = magic_chits(form)
    assert chits and all(chit.startswith("MAGIC IV") for chit in chits)  # no type VI attack spell is his
    assert values(form, "spell", {"attack_chit": chits[0]}) == ["Fiery Blast"]  # Peace is no attack spell


def test_an_entry_without_attack_spells_offers_no_magic_chit():
    for spells in (None, [], ["Peace"]):
        form = MAGIC_REALM.plays_form(sorceror(spells), "Sorceror")
        assert magic_chits(form) == [] and "spell" not in [f.name for f in form.fields]


def test_the_form_offers_the_entrys_spells_beside_a_spell_the_round_input_names():
    state = sorceror(["Lightning Bolt", "Fiery Blast"])
    state["plays"] = {"Sorceror": {"target": "Wolf", "attack": {"chit": "MAGIC IV4*", "box": 1,
                                                                 "spell": "Fiery Blast"}}}
    form = MAGIC_REALM.plays_form(state, "Sorceror")
    assert values(form, "spell", {"attack_chit": "MAGIC IV4*"}) == ["Lightning Bolt", "Fiery Blast"]


def test_a_spell_the_round_input_names_is_not_offered_when_the_entry_lists_spells_without_it():
    state = sorceror(["Lightning Bolt"])
    state["plays"] = {"Sorceror": {"target": "Wolf", "attack": {"chit": "MAGIC IV4*", "box": 1,
                                                                 "spell": "Fiery Blast"}}}
    form = MAGIC_REALM.plays_form(state, "Sorceror")
    assert values(form, "spell", {"attack_chit": "MAGIC IV4*"}) == ["Lightning Bolt"]


def test_an_attack_with_a_spell_the_entry_lists_from_the_form_is_valid_and_resolves_as_the_spell():
    state = sorceror(["Lightning Bolt"])
    played = fill(state, MAGIC_REALM.plays_form(state, "Sorceror"),
                  {"attack_chit": "MAGIC IV4*", "target": "Wolf", "spell": "Lightning Bolt", "attack_box": 2})
    assert played["plays"]["Sorceror"]["attack"] == {"chit": "MAGIC IV4*", "spell": "Lightning Bolt", "box": 2}
    assert MAGIC_REALM.validate(played) == []
    texts = [event.text for event in MAGIC_REALM.resolve(played, seed=5).events]
    assert "Sorceror's MAGIC IV4* cast Lightning Bolt: it is fatigued" in texts


def test_the_encounter_step_offers_to_cast_any_spell_the_entry_lists():
    form = MAGIC_REALM.plays_form(sorceror(["Fiery Blast", "Peace"], encounter=True), "Sorceror")
    assert values(form, "cast_spell") == ["Fiery Blast", "Peace"]
