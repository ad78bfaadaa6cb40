"""Magic: the Multiverse tick combat: d10 pools against a difficulty (docs/systems/multiverse.md), behind the
systems interface (systems/interface.py, plugin.py)."""

from systems.interface import no_dues_form as dues_form, no_waiting_forms as waiting_forms, nothing_to_settle as settle
from systems.setup import cannot_set_up as set_up, no_setup_form as setup_form  # battles start from the examples
from systems.multiverse.adjustments import adjust, adjustments
from systems.multiverse.cycle_file import resolve_file
from systems.multiverse.odds import odds
from systems.multiverse.planned_odds import planned_odds
from systems.multiverse.records import check_record, record_changes, record_form, with_records
from systems.multiverse.plugin import (KINDS, check_options, input_schema, options, picture, plays_form, resolve, sides,
                                       summaries, validate, with_options)

NAME = "multiverse"
TITLE = "Magic: the Multiverse (tick combat)"

__all__ = ["KINDS", "NAME", "TITLE", "adjust", "adjustments", "dues_form", "settle", "waiting_forms", "check_options", "options_fingerprint", "input_schema", "odds", "options", "planned_odds",
           "picture", "plays_form", "resolve", "resolve_file", "sides", "summaries", "validate", "with_options", "with_records", "record_changes", "check_record", "record_form", "new_record", "rename", "standing", "setup_form", "set_up"]

from systems.records import bare_record as new_record  # noqa: E402 (killed is all its record starts with)

from systems.options import fingerprint as options_fingerprint  # noqa: E402 (the digest every system shares)
from systems.renaming import renamer  # noqa: E402

rename = renamer(sides)  # a combatant renamed after the character who plays him, wherever the state names him

from systems.multiverse.standing import standing  # noqa: E402

# Its campaigns count the days in 7-day weeks and keep nothing more (systems/calendar.py).
from systems.calendar import (any_calendar as check_calendar, date_only as calendar_facts,  # noqa: E402
                              no_calendar as new_calendar, nothing_hidden as gm_calendar,
                              old_weeks_counted as calendar_from_old, seven_day_weeks as end_week)

__all__ += ["new_calendar", "end_week", "calendar_facts", "gm_calendar", "check_calendar", "calendar_from_old"]

# Its characters are free names, each its combatant's in battles (systems/characters.py).
from systems.characters import (any_name as character_names, free_name as character_name,  # noqa: E402
                                no_facts as character_facts, no_native_groups as native_groups)

__all__ += ["character_name", "character_names", "native_groups", "character_facts"]

# Its card shows its record as its record form asks it (systems/records.py).
from systems.records import card_from_form  # noqa: E402

record_card = card_from_form(record_form)
__all__ += ["record_card"]

# Its characters have no secret starting information (systems/starting.py).
from systems.starting import (no_starting_form as starting_form, nothing_old as starting_from_old,  # noqa: E402
                              nothing_to_check as check_starting, nothing_to_start_with as starting_record)

__all__ += ["starting_form", "check_starting", "starting_record", "starting_from_old"]
