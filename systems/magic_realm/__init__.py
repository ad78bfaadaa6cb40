"""Magic Realm behind the systems interface (systems/interface.py, plugin.py, form.py). Its rules are the
pure engine in `engine/`; `side_options.py` and `battle_state.py` read a battle's state for the plays form;
`dues.py` asks and settles the chits a character's wounds and fatigue fall on after a round; `waiting.py` asks
what a round that stopped half-way waits for (a player's choice, the GM's rulings); `planned_odds.py` asks the odds of
the attacks a side plans; `gm_entries.py` gives the GM's own entries for a round (`plays_form(round_input, GM)`:
who battles whom this evening, the Meeting table rolls); `setup.py` sets a new battle up from the GM's answers
(`setup_form`, `set_up`: the characters present, the monsters and natives, who attacks whom, the dwelling)."""

from systems.magic_realm.adjustments import adjust, adjustments
from systems.magic_realm.dues import dues_form, settle
from systems.magic_realm.odds import odds
from systems.magic_realm.planned_odds import planned_odds
from systems.magic_realm.plugin import (KINDS, asks_anything, check_options, input_schema, options, options_fingerprint,
                                        picture, picture_for, plays_form, resolve, sides, sides_in_battle, summaries, validate,
                                        with_options)
from systems.magic_realm.waiting import waiting_forms
from systems.magic_realm.record_form import record_form
from systems.magic_realm.records import check_record, new_record, record_changes, with_records
from systems.magic_realm.setup import set_up, setup_form

NAME = "magic-realm"
TITLE = "Magic Realm"

__all__ = ["KINDS", "NAME", "TITLE", "adjust", "adjustments", "dues_form", "settle", "waiting_forms", "check_options", "options_fingerprint", "input_schema", "odds", "options", "planned_odds", "picture", "picture_for", "plays_form",
           "resolve", "sides", "sides_in_battle", "asks_anything", "summaries", "validate", "with_options", "with_records", "record_changes", "check_record", "record_form", "new_record", "rename", "standing", "setup_form", "set_up"]

from systems.magic_realm.battle_state import with_counters_named  # noqa: E402
from systems.renaming import renamer  # noqa: E402

_renamed = renamer(sides)


def rename(round_input, names):
    """A character's id renamed wherever the state and the encounter section name him, never his catalogue
    counter (`character` in his entry, written out first where the file left it to the id) nor a denizen's
    (`counter`)."""
    named = with_counters_named(round_input)
    cast = _renamed(named, names)
    for kind, counter in (("characters", "character"), ("denizens", "counter")):
        for was, now in zip(named.get("state", {}).get(kind, []), cast.get("state", {}).get(kind, [])):
            if isinstance(was, dict) and counter in was:
                now[counter] = was[counter]
    return cast

from systems.magic_realm.standing import standing  # noqa: E402

# Its calendar: Seasons and Weather (systems/magic_realm/calendar.py).
from systems.magic_realm.calendar import (calendar_facts, calendar_from_old, check_calendar,  # noqa: E402
                                          check_old_calendar, end_week, gm_calendar, new_calendar)

__all__ += ["new_calendar", "end_week", "calendar_facts", "gm_calendar", "check_calendar", "check_old_calendar",
            "calendar_from_old"]

# Its characters: the catalogue's counters, native groups and relationships (systems/magic_realm/characters.py).
from systems.magic_realm.characters import (character_facts, character_name, character_names,  # noqa: E402
                                            native_groups)

__all__ += ["character_name", "character_names", "native_groups", "character_facts"]

# Its card: wounds and fatigue with their chits, gold, fame, notoriety, horse, hirelings, armor and weapons by state.
from systems.magic_realm.record_card import record_card  # noqa: E402

__all__ += ["record_card"]

# Its secret starting information: victory requirements, location, spells, enchanted chits (systems/magic_realm/starting.py).
from systems.magic_realm.starting import (check_starting, starting_form, starting_from_old,  # noqa: E402
                                          starting_record)

__all__ += ["starting_form", "check_starting", "starting_record", "starting_from_old"]

# Its board building and character selection, recorded in turn before a campaign starts (systems/setup_order.py).
from systems.magic_realm.setup_order import setup_order_kinds  # noqa: E402

__all__ += ["setup_order_kinds"]

# Its battles begun before its campaigns moved to the interface's pages, carried over (systems/magic_realm/old_battles.py).
from systems.magic_realm.old_battles import (answers_from_old, battle_from_old, gm_answers_from_old,  # noqa: E402
                                             round_input_from_old, wait_from_old)

__all__ += ["battle_from_old", "answers_from_old", "gm_answers_from_old", "round_input_from_old", "wait_from_old"]

from systems.magic_realm.error_places import error_place  # noqa: E402

__all__ += ["error_place"]

# Its demo campaign, as `manage.py load_demo` makes it (systems/demo.py).
from systems.magic_realm.demo import demo_campaign  # noqa: E402

__all__ += ["demo_campaign"]
