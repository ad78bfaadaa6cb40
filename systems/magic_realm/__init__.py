"""Magic Realm behind the systems interface (systems/interface.py, plugin.py, form.py). Its rules are the
pure engine in `engine/`; `side_options.py` and `battle_state.py` read a battle's state for the plays form."""

from systems.magic_realm.adjustments import adjust, adjustments
from systems.magic_realm.odds import odds
from systems.magic_realm.plugin import (KINDS, check_options, input_schema, options, picture, plays_form, resolve,
                                        sides, summaries, validate, with_options)

NAME = "magic-realm"
TITLE = "Magic Realm"

__all__ = ["KINDS", "NAME", "TITLE", "adjust", "adjustments", "check_options", "input_schema", "odds", "options", "picture", "plays_form",
           "resolve", "sides", "summaries", "validate", "with_options"]
