import pytest

from combat.engine.ruleset import PRESETS, RuleSetError, rules_from


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
