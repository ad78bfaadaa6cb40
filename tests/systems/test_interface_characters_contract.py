"""Every system's characters through the interface (systems/characters.py): the name a campaign keeps is one the
system keeps unchanged, the names it offers are names it keeps, its native groups are distinct names, and a card's
facts are (label, text) pairs; a system of free names keeps any one-line name up to 60 characters and refuses the
rest with a message saying what a name must be."""

import pytest
from hypothesis import given, strategies as st

from systems import SYSTEMS, get_system
from systems.characters import FREE_NAME_MESSAGE, NAME_LENGTH, CharacterFact, is_one_line

CHARACTERS = ("character_name", "character_names", "native_groups", "character_facts")
FREE_NAMES = [name for name in SYSTEMS if get_system(name).character_names() is None]


def options_of(system):
    """Every preset of the system, as the options a campaign of it keeps."""
    return [system.options().complete({"preset": preset.name}) for preset in system.options().presets]


def names_of(system):
    """The names the system offers, or for free names a few a GM might type."""
    return system.character_names() or ("Sir Ash", "Aldric", "Hob the Bold")


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_system_exports_its_characters(name):
    assert set(CHARACTERS) <= set(get_system(name).__all__)


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_name_offered_is_kept_as_it_is_offered(name):
    system = get_system(name)
    offered = system.character_names()
    assert offered is None or (offered and all(system.character_name(each) == each for each in offered))


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_kept_name_is_kept_unchanged_the_second_time(name):
    system = get_system(name)
    for each in names_of(system):
        kept = system.character_name(each.upper() if system.character_names() else each)
        assert system.character_name(kept) == kept and len(kept) <= NAME_LENGTH


@pytest.mark.parametrize("name", SYSTEMS)
def test_native_groups_are_distinct_names(name):
    groups = get_system(name).native_groups()
    assert isinstance(groups, tuple) and len(set(groups)) == len(groups)
    assert all(isinstance(group, str) and group for group in groups)


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_cards_facts_have_a_label_and_a_text_and_badges_toned_minus_two_to_two_under_every_preset(name):
    system = get_system(name)
    for options in options_of(system):
        for each in names_of(system):
            facts = system.character_facts(system.character_name(each), system.new_record(), options)
            assert isinstance(facts, tuple) and all(isinstance(fact, CharacterFact) for fact in facts)
            assert all(fact.label and fact.text for fact in facts)
            assert all(-2 <= badge.tone <= 2 and badge.name and badge.value for fact in facts for badge in fact.badges)


@pytest.mark.parametrize("name", SYSTEMS)
@pytest.mark.parametrize("bad", ["", "   ", "Hob\nthe Bold", "Hob\tthe Bold", "x" * (NAME_LENGTH + 1)])
def test_a_name_that_is_empty_not_one_line_or_too_long_is_refused(name, bad):
    with pytest.raises(ValueError) as error:
        get_system(name).character_name(bad)
    assert str(error.value)


@pytest.mark.parametrize("name", FREE_NAMES)
@given(text=st.text(min_size=1, max_size=NAME_LENGTH))
def test_a_free_name_is_any_one_line_name_kept_stripped(name, text):
    system = get_system(name)
    if text.strip() and is_one_line(text.strip()):  # a line break at either end is stripped off, as typed
        assert system.character_name(text) == text.strip()
    else:
        with pytest.raises(ValueError, match="one line, up to 60 characters"):
            system.character_name(text)


@pytest.mark.parametrize("name", FREE_NAMES)
def test_a_system_of_free_names_has_no_groups_and_nothing_beyond_the_record(name):
    system = get_system(name)
    assert system.native_groups() == ()
    assert system.character_facts("Sir Ash", system.new_record(), options_of(system)[0]) == ()
    assert FREE_NAME_MESSAGE.startswith("Give the character's name")
