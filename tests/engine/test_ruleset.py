import pytest

from systems.magic_realm.engine.ruleset import PRESETS, RuleSetError, rules_from


def test_the_bimr4_preset_is_the_2nd_edition_optional_rules_with_the_campaign_options():
    rules = rules_from("bimr4")
    assert rules.missile_table == "optional"
    assert rules.fumble and rules.stumble and rules.riding_horses and rules.penetrating_armor
    assert not rules.kludge
    assert rules.watchful_natives and rules.extended_treachery and rules.knights_adjustment
    assert rules.seasons_and_weather and rules.expanded_meeting_table and rules.unlimited_communication


def test_the_3rd_edition_preset_uses_the_revised_table_and_the_kludge():
    rules = rules_from("optional-3e")
    assert rules.missile_table == "revised" and rules.kludge


def test_an_override_replaces_only_its_setting():
    rules = rules_from({"preset": "optional-3e", "kludge": False})
    assert not rules.kludge and rules.missile_table == "revised"


def test_it_names_an_unknown_setting():
    with pytest.raises(RuleSetError) as error:
        rules_from({"preset": "standard", "fumbel": True})
    assert "fumbel" in error.value.errors


def test_it_refuses_the_optional_missile_table_without_fumble_and_says_why():
    with pytest.raises(RuleSetError) as error:
        rules_from({"preset": "optional-2e", "fumble": False})
    assert "fumble" in error.value.errors and "5.4" in error.value.errors["fumble"]


def test_it_refuses_an_undercut_penalty_with_the_standard_table():
    with pytest.raises(RuleSetError) as error:
        rules_from({"preset": "standard", "fiery_blast_undercut_penalty": 1})
    assert "fiery_blast_undercut_penalty" in error.value.errors


def test_every_preset_is_valid_and_has_a_distinct_fingerprint():
    fingerprints = {rules.fingerprint() for rules in PRESETS.values()}
    assert len(fingerprints) == len(PRESETS)


def test_the_named_community_rule_sets_match_optional_combat_rules():
    je1, je2, jay7 = rules_from("je1"), rules_from("je2"), rules_from("jay7")
    assert je1.missile_table == "revised" and je1.kludge and je1.fiery_blast_undercut_penalty == 1
    assert (je2.kludge, je2.missile_table, je2.alerted_spell_time) == (False, "revised-wound", 1)
    assert (je2.fiery_blast_undercut_penalty, je2.lightning_bolt_undercut_penalty) == (2, 1)
    assert (jay7.kludge, jay7.missile_table, jay7.fiery_blast_undercut_penalty) == (False, "revised-levels", 3)
    assert jay7.fiery_blast_no_riders


def test_it_refuses_riding_horses_when_no_table_uses_the_modifier():
    with pytest.raises(RuleSetError) as error:
        rules_from({"preset": "standard", "riding_horses": True})
    assert "riding_horses" in error.value.errors


def test_it_refuses_the_double_kludge_without_the_kludge():
    with pytest.raises(RuleSetError) as error:
        rules_from({"preset": "optional-2e", "fiery_blast_double_kludge": True})
    assert "fiery_blast_double_kludge" in error.value.errors


def test_it_refuses_an_unknown_missile_table_and_a_negative_penalty():
    with pytest.raises(RuleSetError) as error:
        rules_from({"preset": "optional-3e", "missile_table": "fancy", "lightning_bolt_undercut_penalty": -1})
    assert {"missile_table", "lightning_bolt_undercut_penalty"} <= set(error.value.errors)


def test_it_names_an_unknown_preset():
    with pytest.raises(RuleSetError) as error:
        rules_from("optional-4e")
    assert "preset" in error.value.errors


def test_the_table_modifier_is_used_with_fumble_or_any_table_but_standard():
    assert not rules_from("standard").uses_table_modifier
    assert rules_from({"preset": "standard", "missile_table": "revised"}).uses_table_modifier
    assert rules_from({"preset": "standard", "fumble": True}).uses_table_modifier
