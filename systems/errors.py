"""The errors every combat system raises through the interface, so callers need not know the system."""


class OddsQueryError(ValueError):
    """An odds query that cannot be answered; the message names the field ("attack.dice: ...")."""
