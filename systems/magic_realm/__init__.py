"""Magic Realm behind the systems interface. Its rules live in `combat.engine` (to be moved here)."""

from systems.magic_realm.odds import odds

NAME = "magic-realm"
TITLE = "Magic Realm"

__all__ = ["NAME", "TITLE", "odds"]
