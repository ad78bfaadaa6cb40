"""The campaign side of a system that keeps nothing of its own there: its campaigns count the days in 7-day weeks
(systems/calendar.py), its characters are free names, each its combatant's in battles, with nothing on their card
beyond the record (systems/characters.py), they have no secret starting information (systems/starting.py), and nothing is set up in turn before a campaign
starts (systems/setup_order.py), and it has no battles in a format older than the interface's (systems/old_battles.py).

A system imports these under the interface's names in one line, `from systems.campaign_defaults import *`, and
adds `CAMPAIGN_DEFAULTS` to its `__all__`; a system with a calendar, characters or starting information of its own
(Magic Realm) exports its own instead. Pure Python: no Django."""

from systems.calendar import (any_calendar as check_calendar, date_only as calendar_facts,
                              no_calendar as new_calendar, nothing_hidden as gm_calendar,
                              old_weather_dropped as check_old_calendar, old_weeks_counted as calendar_from_old,
                              seven_day_weeks as end_week)
from systems.characters import (any_name as character_names, free_name as character_name,
                                no_facts as character_facts, no_native_groups as native_groups)
from systems.error_places import round_part as error_place
from systems.old_battles import (no_old_answers as answers_from_old, no_old_battles as battle_from_old,
                                 no_old_gm_answers as gm_answers_from_old, no_old_round_input as round_input_from_old,
                                 no_old_wait as wait_from_old)
from systems.setup_order import no_setup_order as setup_order_kinds
from systems.starting import (no_starting_form as starting_form, nothing_old as starting_from_old,
                              nothing_to_check as check_starting, nothing_to_start_with as starting_record)

CAMPAIGN_DEFAULTS = ["new_calendar", "end_week", "calendar_facts", "gm_calendar", "check_calendar",
                     "check_old_calendar", "calendar_from_old",
                     "character_name", "character_names", "native_groups", "character_facts",
                     "starting_form", "check_starting", "starting_record", "starting_from_old", "setup_order_kinds",
                     "battle_from_old", "answers_from_old", "gm_answers_from_old", "round_input_from_old", "wait_from_old",
                     "error_place"]
__all__ = [*CAMPAIGN_DEFAULTS, "CAMPAIGN_DEFAULTS"]
