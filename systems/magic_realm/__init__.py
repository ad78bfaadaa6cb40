"""Magic Realm behind the systems interface (systems/interface.py, plugin.py, form.py). Its rules live in
`systems.magic_realm.engine` (to be moved here: issue #11)."""

from systems.magic_realm.odds import odds
from systems.magic_realm.plugin import (KINDS, check_options, input_schema, options, picture, plays_form, resolve,
                                        sides, summaries, validate, with_options)

NAME = "magic-realm"
TITLE = "Magic Realm"

__all__ = ["KINDS", "NAME", "TITLE", "check_options", "input_schema", "odds", "options", "picture", "plays_form",
           "resolve", "sides", "summaries", "validate", "with_options"]
