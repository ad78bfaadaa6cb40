"""The JSON schema of a round file's `encounter` section (docs/encounter.md).
"""

from __future__ import annotations



# --- The round file's `encounter` section and the melee round (systems.magic_realm.engine.model) ----------------

ENCOUNTER_SCHEMA: dict = {
    "type": "object",
    "description": "The encounter step before the melee step (docs/encounter.md).",
    "additionalProperties": False,
    "properties": {
        "battling": {
            "type": "array",
            "description": "Native groups battling characters this evening (Meeting table, luring, targeting).",
            "items": {
                "type": "object",
                "required": ["group", "character"],
                "additionalProperties": False,
                "properties": {"group": {"type": "string"}, "character": {"type": "string"}},
            },
        },
        "absent": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Characters not in the clearing.",
        },
        "hidden_hirelings": {"type": "array", "items": {"type": "string"}},
        "watchful": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Watchful from an earlier round.",
        },
        "die_modifiers": {"type": "object", "additionalProperties": {"type": "integer"}},
        "lures": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["lurer", "denizen"],
                "additionalProperties": False,
                "properties": {"lurer": {"type": "string"}, "denizen": {"type": "string"}},
            },
        },
        "deployments": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["hireling", "target"],
                "additionalProperties": False,
                "properties": {"hireling": {"type": "string"}, "target": {"type": "string"}},
            },
        },
        "charges": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["character", "target"],
                "additionalProperties": False,
                "description": "One of: chit (a MOVE chit), horse (walking or galloping), boots + time.",
                "properties": {
                    "character": {"type": "string"},
                    "target": {"type": "string"},
                    "chit": {"type": "string"},
                    "horse": {"enum": ["walking", "galloping"]},
                    "boots": {"type": "string"},
                    "time": {"type": "integer", "minimum": 0, "maximum": 8},
                },
            },
        },
        "actions": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["character"],
                "additionalProperties": False,
                "properties": {
                    "character": {"type": "string"},
                    "run": {
                        "type": "object",
                        "additionalProperties": False,
                        "description": "One of: chit (MOVE or FLY), horse (walking or galloping), boots + time.",
                        "properties": {
                            "chit": {"type": "string"},
                            "horse": {"enum": ["walking", "galloping"]},
                            "boots": {"type": "string"},
                            "time": {"type": "integer", "minimum": 0, "maximum": 8},
                        },
                    },
                    "alert": {"type": "string"},
                    "cast": {"type": "string"},
                    "chit": {"type": "string"},
                },
            },
        },
        "targets": {
            "type": "array",
            "description": "Melee-step targets in order; characters not listed take their play's target.",
            "items": {
                "type": "object",
                "required": ["attacker", "target"],
                "additionalProperties": False,
                "properties": {
                    "attacker": {"type": "string"},
                    "target": {"type": "string"},
                    "stays_hidden": {"type": "boolean"},
                },
            },
        },
        "choices": {"type": "object", "additionalProperties": {"type": "string"}},
        "meeting_table": {
            "type": "object",
            # MeetingTable checks that each column has six results and names the column.
            "description": "The Meeting table as the GM entered it: each column's six results, rows 1 to 6.",
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        },
        "meetings": {
            "type": "array",
            "description": "Meeting table rolls for battling natives, made before luring.",
            "items": {
                "type": "object",
                "required": ["group", "character"],
                "additionalProperties": False,
                "properties": {
                    "group": {"type": "string"},
                    "character": {"type": "string"},
                    "die_modifier": {"type": "integer"},
                    "relationship": {"type": "integer", "minimum": -2, "maximum": 2},
                    "take_row_two": {"type": "boolean"},
                },
            },
        },
    },
}
