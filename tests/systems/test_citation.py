"""How a log line cites its rule (systems/events.py `citation`): by number and name, by rulebook section, or as the
GM's ruling; a rule without a name is cited without one, nothing dangling after it."""

from systems.events import GM_RULING, Event, citation, section


def test_it_cites_a_numbered_rule_by_its_number_and_name():
    assert citation("8.3.4", "Luring") == "rule 8.3.4 Luring"


def test_it_cites_a_numbered_rule_without_a_name_by_its_number_alone():
    assert citation("8.3.4", "") == "rule 8.3.4"


def test_it_cites_an_unnumbered_rule_by_its_rulebook_section():
    assert citation(section("Harm"), "Harm against vulnerability") == "rulebook section Harm: Harm against vulnerability"
    assert citation(section("Harm"), "Harm: armor") == "rulebook section Harm: armor"
    assert citation(section("Harm"), "") == "rulebook section Harm"


def test_it_cites_an_old_basic_rule_and_a_gm_ruling_without_a_dangling_colon():
    assert citation("basic", "Fumble") == "rulebook: Fumble"
    assert citation("basic", "") == "rulebook"
    assert citation(GM_RULING, "Curse") == "GM ruling: Curse"
    assert citation(GM_RULING, "") == "GM ruling"


def test_an_events_line_ends_with_its_citation_in_brackets():
    assert str(Event("move", "Aldric lures the goblin.", "8.3.4", "")) == "Aldric lures the goblin. (rule 8.3.4)"
