"""The dotted paths a plays form's fields write to (systems/paths.py): `set_path` makes what is missing on the
way, a keyed part names (or appends) the entry of a list, and `get_path` reads back what it wrote."""

from systems.paths import MISSING, get_path, set_path


def test_set_path_makes_lists_for_numbered_parts():
    data: dict = {}
    set_path(data, "actions.Ash.1.kind", "fire")
    assert data == {"actions": {"Ash": [{}, {"kind": "fire"}]}}


def test_set_path_writes_a_keyed_part_into_that_entry_of_the_list_or_appends_it():
    data: dict = {"encounter": {"deployments": [{"hireling": "Rogue 6", "target": "Wolf"}]}}
    set_path(data, "encounter.deployments[hireling=Soldier 1].target", "Bat")
    set_path(data, "encounter.deployments[hireling=Rogue 6].target", "Troll")
    assert data == {"encounter": {"deployments": [{"hireling": "Rogue 6", "target": "Troll"},
                                                  {"hireling": "Soldier 1", "target": "Bat"}]}}
    set_path(data, "encounter.lures[lurer=Amazon].denizen", "Wolf")
    assert data["encounter"]["lures"] == [{"lurer": "Amazon", "denizen": "Wolf"}]


def test_set_path_merges_a_dict_into_the_entry_a_keyed_last_part_names():
    data: dict = {"encounter": {"charges": [{"character": "Captain", "target": "Amazon", "horse": "walking"}]}}
    set_path(data, "encounter.charges[character=Amazon].target", "Captain")
    set_path(data, "encounter.charges[character=Amazon]", {"chit": "MOVE M3"})
    set_path(data, "encounter.charges[character=Captain]", {"horse": "galloping"})
    assert data["encounter"]["charges"] == [{"character": "Captain", "target": "Amazon", "horse": "galloping"},
                                            {"character": "Amazon", "target": "Captain", "chit": "MOVE M3"}]


def test_set_path_with_several_keys_writes_the_entry_that_has_them_all():
    data: dict = {"gm_rulings": [{"attacker": "Demon", "target": "Amazon", "outcome": "killed"},
                                 {"attacker": "Imp", "target": "Swordsman", "outcome": "other"}]}
    set_path(data, "gm_rulings[attacker=Demon][target=Swordsman].outcome", "wounds")
    set_path(data, "gm_rulings[attacker=Demon][target=Swordsman].amount", 2)
    set_path(data, "gm_rulings[attacker=Imp][target=Swordsman].note", "cursed")
    assert data["gm_rulings"] == [{"attacker": "Demon", "target": "Amazon", "outcome": "killed"},
                                  {"attacker": "Imp", "target": "Swordsman", "outcome": "other", "note": "cursed"},
                                  {"attacker": "Demon", "target": "Swordsman", "outcome": "wounds", "amount": 2}]


def test_set_path_with_several_keys_as_the_last_part_merges_a_dict_into_that_entry():
    data: dict = {}
    set_path(data, "gm_rulings[attacker=Demon 1][target=Black Knight]", {"outcome": "no_effect"})
    assert data == {"gm_rulings": [{"attacker": "Demon 1", "target": "Black Knight", "outcome": "no_effect"}]}


def test_get_path_reads_back_what_set_path_wrote_and_missing_where_nothing_is():
    data: dict = {}
    set_path(data, "actions.Ash.1.kind", "fire")
    set_path(data, "gm_rulings[attacker=Demon][target=Amazon].outcome", "wounds")
    assert get_path(data, "actions.Ash.1.kind") == "fire"
    assert get_path(data, "gm_rulings[attacker=Demon][target=Amazon].outcome") == "wounds"
    assert get_path(data, "gm_rulings[attacker=Demon][target=Amazon]") == {
        "attacker": "Demon", "target": "Amazon", "outcome": "wounds"}
    assert get_path(data, "gm_rulings[attacker=Imp][target=Amazon].outcome") is MISSING
    assert get_path(data, "actions.Ash.5.kind") is MISSING
    assert get_path(data, "actions.Ash.1.kind.deeper") is MISSING
