"""Names that reach an email header (a campaign's, a battle's, a player's) must be one line of text: a
line break in a Subject header either breaks every email of the campaign ("Header values may not contain
linefeed or carriage return characters") or, in a mailer that allowed it, injects headers such as Bcc.
Models, forms, the admin and the campaign import all refuse them with this validator."""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError

from systems.characters import is_one_line  # noqa: F401 (the one test; a system's character names use it too)

ONE_LINE_MESSAGE = "Use one line of text: no line breaks, tabs or other control characters."


def validate_one_line(value) -> None:
    if isinstance(value, str) and not is_one_line(value):
        raise ValidationError(ONE_LINE_MESSAGE, code="line_break")


def one_line(value: str) -> str:
    """`value` with every control character or line separator turned into a space: for text that must go
    into a header whatever it holds (the mail code's last line of defence)."""
    return "".join(" " if unicodedata.category(char) in ("Cc", "Zl", "Zp") else char for char in value).strip()
