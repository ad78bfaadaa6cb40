"""Every system's `options_fingerprint`: the digest anyone recomputes from the option values (SHA-256 of their
sorted compact JSON, 10 hex digits), but Magic Realm's, which is its rule set's own, so that its versions keep
the fingerprints they have always had; and `Options.complete`, every option named, which for Magic Realm is
`RuleSet.to_dict()` (the settings its versions have always kept)."""

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from systems import SYSTEMS, get_system
from systems.magic_realm.engine.ruleset import PRESETS, rules_from
from systems.options import fingerprint

OTHERS = sorted(name for name in SYSTEMS if name != "magic-realm")


def recomputed(values) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:10]


@pytest.mark.parametrize("name", OTHERS)
def test_every_other_systems_fingerprint_is_the_digest_of_the_values(name):
    system = get_system(name)
    for preset in system.options().presets:
        values = system.options().complete({"preset": preset.name})
        assert system.options_fingerprint(values) == fingerprint(values) == recomputed(values)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_magic_realms_fingerprint_is_its_rule_sets_and_its_complete_values_are_the_rule_sets(preset):
    system = get_system("magic-realm")
    values = system.options().complete({"preset": preset})
    assert values == PRESETS[preset].to_dict()
    assert system.options_fingerprint(values) == system.options_fingerprint({"preset": preset}) == \
        PRESETS[preset].fingerprint()


@given(st.sampled_from(sorted(PRESETS)), st.booleans(), st.booleans())
def test_magic_realms_complete_values_of_a_valid_choice_are_its_rule_sets(preset, stumble, riding_horses):
    system = get_system("magic-realm")
    chosen = {"preset": preset, "stumble": stumble, "riding_horses": riding_horses}
    if system.check_options(chosen):
        return  # a combination the rules refuse keeps no version
    assert system.options().complete(chosen) == rules_from(chosen).to_dict()


def test_complete_names_the_first_preset_when_none_is_chosen():
    options = get_system("fallen-empire").options()
    assert options.complete({"surprise": False}) == {"preset": "as-written", "magic_before_melee": False,
                                                     "surprise": False, "joust_max_passes": None}


# Fingerprints are stored with every rule-set version and round: these known values must never change.
def test_a_known_options_fingerprint_keeps_its_stored_value():
    values = get_system("fallen-empire").options().complete({"preset": "three-rides"})
    assert values == {"preset": "three-rides", "magic_before_melee": False, "surprise": True, "joust_max_passes": 3}
    assert fingerprint(values) == get_system("fallen-empire").options_fingerprint(values) == "74f876d6d4"


def test_a_known_rule_set_fingerprint_keeps_its_stored_value_with_a_ruling_at_its_default_or_not():
    assert PRESETS["bimr4"].fingerprint() == get_system("magic-realm").options_fingerprint({"preset": "bimr4"}) \
        == "5b03ecfc07"
    assert rules_from({"preset": "bimr4", "gold_only_to_leaders": True}).fingerprint() == "76173fb3c4"
