"""Why a round could not be resolved, in the game's words (issue #14.6): a GM reads "Black Knight's melee sheet:
Black Knight is dead", never "RoundInvalid: sheets.Black Knight.owner". Each error names its field by a path; the
campaign's system says which part of the round that is (`error_place`, systems/error_places.py by default).

Pure functions, no Django."""

from __future__ import annotations

from systems.error_places import round_part


def failure(error: Exception, system=None) -> str:
    """Why a round could not be resolved: each rule the round breaks with the part of the round it is in (in
    `system`'s words; without one, the default's), or, for anything else, what went wrong without the program's
    names for it."""
    place = getattr(system, "error_place", round_part)
    errors = getattr(error, "errors", None)
    if isinstance(errors, (list, tuple)) and errors:
        lines = []
        for item in errors:
            path, message = str(getattr(item, "path", "") or ""), str(getattr(item, "message", item))
            where = place(path)
            lines.append(f"{where[:1].upper()}{where[1:]}: {message}." if path else f"{message}.")
        return "The round breaks the rules: " + " ".join(dict.fromkeys(lines))
    return f"Herald could not resolve the round: {error}."
