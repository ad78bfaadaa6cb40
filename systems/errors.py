"""The errors every combat system raises through the interface, so callers need not know the system."""

from dataclasses import dataclass


@dataclass(frozen=True)
class FieldError:
    """One thing wrong with a system's input: the field's path ("plays.Aldric.attack.dice") and why."""

    path: str
    message: str


class PlaysInvalid(ValueError):
    """Plays that break a system's rules; `errors` lists each FieldError."""

    def __init__(self, errors: list[FieldError]):
        super().__init__("; ".join(f"{error.path}: {error.message}" for error in errors))
        self.errors = errors


class UnknownSystem(ValueError):
    """No combat system has that name; the message names the field `system`."""


class OddsQueryError(ValueError):
    """An odds query that cannot be answered; the message names the field ("attack.dice: ...")."""


class RoundFileError(ValueError):
    """A round file that cannot be resolved: `errors` lists (path, message) pairs, each naming its field."""

    def __init__(self, errors: list[tuple[str, str]]):
        super().__init__("; ".join(f"{path}: {message}" for path, message in errors))
        self.errors = errors


def duplicate_names(names: list[str], path: str = "combatants") -> list[FieldError]:
    """An error for each name that an earlier entry already uses: names identify combatants in plays."""
    return [FieldError(f"{path}.{index}.name", f"two combatants are called {name!r}")
            for index, name in enumerate(names) if names.index(name) != index]
