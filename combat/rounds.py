"""The bridge between the battle records and the engine, as one name to import: it re-exports the
modules that build the round file (`combat.round_file`), check the sides' plays (`combat.play_checks`),
resolve it and read the outcome back (`combat.resolution`), and offer the side's plays form
(`systems.magic_realm.side_options`), odds panel (`combat.odds_panel`) and encounter form (`systems.magic_realm.encounter_options`).

Callers that use `rounds.resolve` (services, fairness) look it up here, so a test may patch it here.
"""

from __future__ import annotations

from combat.odds_panel import odds_for_plays
from combat.play_checks import (
    ROUND_FIELD,
    encounter_errors,
    round_errors,
    side_errors,
    validate,
)
from combat.resolution import (
    WAITING_KEYS,
    ChoicePending,
    Outcome,
    Waiting,
    apply_chit_choice,
    owed_for,
    resolve,
    summaries,
)
from combat.round_file import (
    build_input,
    carried_encounter,
    character_entry,
    character_id,
    encounter_section,
    initial_state,
    living_character_ids,
    rules_fingerprint,
    rules_version_number,
    sheets_for,
    unique_ids,
)
from systems.magic_realm.encounter_options import encounter_options
from systems.magic_realm.side_options import SideOptions, side_options

__all__ = [
    "ROUND_FIELD", "WAITING_KEYS", "ChoicePending", "Outcome", "SideOptions", "Waiting", "apply_chit_choice",
    "build_input", "carried_encounter", "character_entry", "character_id", "encounter_errors", "encounter_options",
    "encounter_section", "initial_state", "living_character_ids", "odds_for_plays", "owed_for", "resolve",
    "round_errors", "rules_fingerprint", "rules_version_number", "sheets_for", "side_errors", "side_options",
    "summaries", "unique_ids", "validate",
]
