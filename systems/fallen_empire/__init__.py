"""Fallen Empire (OD&D): melee rounds and the Joust (docs/systems/fallen-empire.md), behind the systems
interface (systems/interface.py, plugin.py)."""

from systems.interface import no_dues_form as dues_form, no_waiting_forms as waiting_forms, nothing_to_settle as settle
from systems.setup import cannot_set_up as set_up, no_setup_form as setup_form  # battles start from the examples
from systems.fallen_empire.adjustments import adjust, adjustments
from systems.fallen_empire.files import resolve_file
from systems.fallen_empire.odds import odds
from systems.fallen_empire.planned_odds import planned_odds
from systems.fallen_empire.records import check_record, new_record, record_changes, record_form, with_records
from systems.fallen_empire.plugin import (KINDS, check_options, input_schema, options, picture, picture_for, plays_form, resolve,
                                          sides, sides_in_battle, summaries, validate, with_options)

NAME = "fallen-empire"
TITLE = "Fallen Empire (OD&D) and the Joust"

__all__ = ["KINDS", "NAME", "TITLE", "adjust", "adjustments", "dues_form", "settle", "waiting_forms", "check_options", "options_fingerprint", "input_schema", "odds", "options", "planned_odds",
           "picture", "picture_for", "plays_form", "resolve", "resolve_file", "sides", "sides_in_battle", "asks_anything", "summaries", "validate", "with_options", "with_records", "record_changes", "check_record", "record_form", "new_record", "rename", "standing", "setup_form", "set_up"]

from systems.options import fingerprint as options_fingerprint  # noqa: E402 (the digest every system shares)
from systems.renaming import renamer  # noqa: E402

rename = renamer(sides)  # a combatant renamed after the character who plays him, wherever the state names him

from systems.fallen_empire.standing import standing  # noqa: E402

# Whether a side's form asks anything: its forms are cheap to build, so from the form (systems/interface.py).
from systems.interface import asks_from_form  # noqa: E402

asks_anything = asks_from_form(plays_form)

# Its card shows its record as its record form asks it (systems/records.py).
from systems.records import card_from_form  # noqa: E402

record_card = card_from_form(record_form)
__all__ += ["record_card"]

# Its campaigns: 7-day weeks, free character names, no secret starting information (systems/campaign_defaults.py).
from systems.campaign_defaults import *  # noqa: E402,F403 (the defaults under the interface's names)
from systems.campaign_defaults import CAMPAIGN_DEFAULTS  # noqa: E402

__all__ += CAMPAIGN_DEFAULTS

# Its demo campaign, as `manage.py load_demo` makes it (systems/demo.py).
from systems.fallen_empire.demo import demo_campaign  # noqa: E402

__all__ += ["demo_campaign"]
