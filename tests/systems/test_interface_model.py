"""The interface's own values (systems/interface.py): options with presets, implications and exclusions; writing
a side's answers into the round input (the paths themselves: test_paths.py); the errors a side is shown; who sees
an event."""

from systems.errors import FieldError
from systems.interface import (ALL, Choice, Constraint, Field, Option, Options, PlaysForm, Preset, ResolvedEvent,
                               answers_that_apply, choices_open, fill, side_errors)

OPTIONS = Options(
    options=(Option("fumble", "Fumble", "bool", False), Option("table", "Table", "choice", "standard",
                                                               choices=("standard", "optional")),
             Option("rides", "Rides", "number", None, minimum=1, maximum=5, nullable=True)),
    presets=(Preset("plain", "Plain"), Preset("optional", "Optional", {"fumble": True, "table": "optional"})),
    constraints=(Constraint("table", "optional", "fumble", True, "one rule"),
                 Constraint("fumble", False, "rides", 3, "three rides need the fumble", forbids=True)),
)


def test_options_take_the_defaults_then_the_preset_then_the_overrides():
    assert OPTIONS.values({}) == {"fumble": False, "table": "standard", "rides": None}
    assert OPTIONS.values({"preset": "optional", "rides": 2}) == {"fumble": True, "table": "optional", "rides": 2}


def test_an_option_that_implies_another_is_refused_naming_it_when_the_other_is_off():
    errors = OPTIONS.check({"table": "optional"})
    assert [error.path for error in errors] == ["table"]
    assert "requires fumble=True" in errors[0].message


def test_an_option_that_forbids_another_is_refused_naming_it():
    assert [error.path for error in OPTIONS.check({"rides": 3})] == ["fumble"]
    assert OPTIONS.check({"rides": 3, "fumble": True}) == []


def test_a_number_out_of_its_range_and_a_choice_not_offered_are_refused_by_name():
    errors = OPTIONS.check({"rides": 9, "table": "revised"})
    assert {error.path for error in errors} == {"rides", "table"}


def test_a_preset_is_valid_when_its_values_keep_the_constraints():
    assert OPTIONS.check({"preset": "optional"}) == []


FORM = PlaysForm("Ash", "Ash, round 1", (
    Field("action", "choice", "Action", None, choices=(Choice("attack", "Attack"), Choice("rest", "Rest"))),
    Field("target", "choice", "Target", "plays.Ash.attack.target", choices=(Choice("Wolf", "Wolf"),),
          shown_when=("action", ("attack",))),
    Field("weapon", "choice", "Weapon", "plays.Ash.attack", choices=(Choice({"weapon": "Mace", "box": 2}, "Mace"),),
          shown_when=("target", ("Wolf",))),
    Field("box", "choice", "Box", "plays.Ash.box", choices=(
        Choice(1, "Thrust", ("action", ("attack",))), Choice(3, "Duck")), required=False),
))


def test_fill_writes_each_answer_at_its_path_and_merges_objects():
    data = fill({"plays": {}}, FORM, {"action": "attack", "target": "Wolf", "weapon": {"weapon": "Mace", "box": 2}})
    assert data == {"plays": {"Ash": {"attack": {"target": "Wolf", "weapon": "Mace", "box": 2}}}}


def test_a_stale_answer_behind_a_changed_choice_is_not_written():
    answers = {"action": "rest", "target": "Wolf", "weapon": {"weapon": "Mace", "box": 2}}
    assert answers_that_apply(FORM, answers) == {"action": "rest"}
    assert fill({"plays": {}}, FORM, answers) == {"plays": {}}


def test_a_choice_is_offered_only_when_its_condition_holds():
    assert [c.value for c in choices_open(FORM.field("box"), {"action": "rest"})] == [3]
    assert [c.value for c in choices_open(FORM.field("box"), {"action": "attack"})] == [1, 3]


def test_a_side_is_shown_only_the_errors_of_its_own_plays():
    errors = [FieldError("plays.Ash.attack.target", "gone"), FieldError("plays.Bryn", "missing"),
              FieldError("plays.Ashley.attack", "not Ash's")]
    assert side_errors(errors, FORM) == errors[:1]


def test_an_event_is_seen_by_everyone_or_only_by_the_sides_it_names():
    public = ResolvedEvent("hit", "text", "1", "Rule", "text (rule 1 Rule)", (), ALL)
    private = ResolvedEvent("wound", "text", "1", "Rule", "text (rule 1 Rule)", ("Ash",), frozenset({"Ash"}))
    assert public.seen_by("Bryn") and private.seen_by("Ash") and not private.seen_by("Bryn")


def test_options_in_no_group_are_shown_together_under_the_pages_heading():
    assert [(title, [o.name for o in group]) for title, group in OPTIONS.groups("Options")] == [
        ("Options", ["fumble", "table", "rides"])]


def test_grouped_options_are_shown_by_group_in_the_order_the_groups_first_appear_then_the_rest():
    grouped = Options(options=(Option("a", "A", "bool", False, group="Second"), Option("b", "B", "bool", False),
                               Option("c", "C", "bool", False, group="First"),
                               Option("d", "D", "bool", False, group="Second")))
    assert [(title, [o.name for o in group]) for title, group in grouped.groups()] == [
        ("Second", ["a", "d"]), ("First", ["c"]), ("Other settings", ["b"])]


def test_magic_realms_options_are_described_in_its_four_groups_with_the_engines_labels_and_help():
    from systems import get_system

    options = get_system("magic-realm").options()
    assert [title for title, _ in options.groups()] == [
        "Optional Combat Rules", "Campaign options", "Community fixes", "Rulings on contested points"]
    knights = next(option for option in options.options if option.name == "knights_adjustment")
    assert (knights.label, knights.group) == ("Knight's Adjustment", "Campaign options")
    assert "White Knight" in knights.help
    assert options.preset_help == "The preset these settings started from; it only labels the rule set."


def test_a_disabled_choice_is_shown_but_never_open_and_is_refused_with_its_reason_if_picked():
    from systems.answers import closed_choices

    form = PlaysForm("Aldric", "Plays", (Field("move", "choice", "Move", "plays.Aldric.move", choices=(
        Choice("walk", "Walk"), Choice("run", "Run", disabled="the ogre holds him"))),))
    assert [choice.value for choice in choices_open(form.field("move"), {})] == ["walk"]
    assert closed_choices(form, {"move": "run"}) == {"move": "Move: Run is not possible: the ogre holds him"}
    assert closed_choices(form, {"move": "walk"}) == {}
