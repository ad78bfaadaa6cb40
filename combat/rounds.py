"""The bridge between the battle records and the engine, as one name to import: it re-exports the
modules that build the round file (`combat.round_file`), check the sides' plays (`combat.play_checks`),
resolve it and read the outcome back (`combat.resolution`), and offer the side's plays form
(`combat.side_options`), odds panel (`combat.odds_panel`) and encounter form (`combat.encounter_options`).

Callers that use `rounds.resolve` (services, fairness) look it up here, so a test may patch it here.
"""

from __future__ import annotations

from combat.encounter_options import EncounterOptions, encounter_options, native_groups
from combat.odds_panel import odds_for_plays, odds_query, percent_shares
from combat.play_checks import (
    FIELD_FOR_PATH,
    ROUND_FIELD,
    encounter_errors,
    parse_input,
    round_errors,
    side_errors,
    validate,
)
from combat.resolution import (
    WAITING_KEYS,
    ChoicePending,
    Outcome,
    RulingsPending,
    Waiting,
    apply_chit_choice,
    normalized_state,
    owed_for,
    resolve,
    summaries,
)
from combat.round_file import (
    build_input,
    character_entry,
    character_id,
    character_state,
    encounter_section,
    engine_play,
    has_unassigned_denizens,
    initial_state,
    living_character_ids,
    rules_dict,
    rules_fingerprint,
    rules_version_number,
    sheets_for,
    unique_ids,
)
from combat.side_options import SideOptions, side_options

__all__ = [
    "FIELD_FOR_PATH", "ROUND_FIELD", "WAITING_KEYS", "ChoicePending", "EncounterOptions", "Outcome", "RulingsPending",
    "SideOptions", "Waiting", "apply_chit_choice", "build_input", "character_entry", "character_id", "character_state",
    "encounter_errors", "encounter_options", "encounter_section", "engine_play", "has_unassigned_denizens",
    "initial_state", "living_character_ids", "native_groups", "normalized_state", "odds_for_plays", "odds_query",
    "owed_for", "parse_input", "percent_shares", "resolve", "round_errors", "rules_dict", "rules_fingerprint",
    "rules_version_number", "sheets_for", "side_errors", "side_options", "summaries", "unique_ids", "validate",
]
