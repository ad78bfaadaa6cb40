"""Magic Realm's odds: the queries of spec/odds.md, answered by the engine's `attack_odds`."""

from __future__ import annotations

from systems.errors import OddsQueryError
from systems.magic_realm.engine.odds import OddsError, attack_odds


def odds(query: dict) -> dict:
    # The "system" key is the registry's; the engine reads the rest exactly as spec/odds.md says.
    engine_query = {key: value for key, value in query.items() if key != "system"}
    try:
        return attack_odds(engine_query)
    except OddsError as error:
        raise OddsQueryError(str(error)) from error
