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
                                       sides_in_battle, summaries, validate, with_options)

NAME = "multiverse"
TITLE = "Magic: the Multiverse (tick combat)"

__all__ = ["KINDS", "NAME", "TITLE", "adjust", "adjustments", "dues_form", "settle", "waiting_forms", "check_options", "options_fingerprint", "input_schema", "odds", "options", "planned_odds",
           "picture", "picture_for", "plays_form", "resolve", "resolve_file", "sides", "sides_in_battle", "asks_anything", "summaries", "validate", "with_options", "with_records", "record_changes", "check_record", "record_form", "new_record", "rename", "standing", "setup_form", "set_up"]

from systems.records import bare_record as new_record  # noqa: E402 (killed is all its record starts with)

from systems.options import fingerprint as options_fingerprint  # noqa: E402 (the digest every system shares)
from systems.renaming import renamer  # noqa: E402

rename = renamer(sides)  # a combatant renamed after the character who plays him, wherever the state names him

from systems.multiverse.standing import standing  # noqa: E402

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
from systems.multiverse.demo import demo_campaign  # noqa: E402

__all__ += ["demo_campaign"]

# A side sees no picture of the table beside its form (systems/interface.py).
from systems.interface import no_side_picture as picture_for  # noqa: E402
