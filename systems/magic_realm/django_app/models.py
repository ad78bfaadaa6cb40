"""The catalogue in the database.

The original game's counters are served from the versioned files by systems.magic_realm.engine.catalogue_data
(pure Python, no query). `OriginalCounter` mirrors them in the database, read-only, so the admin can
list them and copy one into a house counter; `load_catalogue` keeps the mirror in step with the files.
`HouseCounter` is a campaign's own counter (docs/catalogue.md).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from systems.magic_realm.engine.catalogue_data import CatalogueDataError, counter_from_dict

COUNTER_KINDS = [
    ("monster", "Monster"),
    ("native", "Native"),
    ("horse", "Horse"),
    ("weapon", "Weapon"),
    ("armor", "Armor"),
    ("spell", "Spell"),
    ("character", "Character"),
]
ORIGINAL_KINDS = [*COUNTER_KINDS, ("season", "Season")]


class OriginalCounter(models.Model):
    """One counter of the original game as in systems/magic_realm/data/catalogue/ (written only by
    load_catalogue)."""

    key = models.CharField(max_length=120, unique=True)
    kind = models.CharField(max_length=20, choices=ORIGINAL_KINDS)
    name = models.CharField(max_length=100, db_index=True)
    position = models.PositiveIntegerField(help_text="Its place in the catalogue file.")
    data = models.JSONField()
    version = models.CharField(max_length=40, help_text="The catalogue files' version it was loaded from.")

    class Meta:
        ordering = ["kind", "position"]

    def __str__(self) -> str:
        return f"{self.name} ({self.key})"


class HouseCounter(models.Model):
    """A house-rule counter: a campaign's custom monster, or an original copied and changed.

    `data` holds the counter's statistics in the catalogue files' format (without key and name). Only
    the campaigns listed in `campaigns` see it (services.catalogue_for_campaign).
    """

    kind = models.CharField(max_length=20, choices=COUNTER_KINDS)
    name = models.CharField(
        max_length=100,
        help_text="A house counter named like an original replaces it, by name, in its campaigns.",
    )
    based_on = models.CharField(
        max_length=120,
        blank=True,
        help_text="Key of the original counter it copies (e.g. monster/t-troll-1). With empty data, "
        "saving copies that counter's statistics, ready to change.",
    )
    data = models.JSONField(
        default=dict,
        blank=True,
        help_text="The statistics, in the format of systems/magic_realm/data/catalogue/*.json "
        "(docs/catalogue.md).",
    )
    notes = models.TextField(blank=True)
    campaigns = models.ManyToManyField(
        "campaigns.Campaign",
        blank=True,
        related_name="house_counters",
        help_text="The campaigns that use this counter; no other campaign sees it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["kind", "name", "pk"]

    def __str__(self) -> str:
        return f"{self.name} (house {self.kind})"

    @property
    def key(self) -> str:
        return f"{self.kind}/house-{self.pk or 'new'}"

    def counter_data(self) -> dict:
        """The stored statistics with this counter's own keys, also for its parts, so that a copy of an
        original never answers to the original's keys (a head, a horse, a chit)."""
        data = {**self.data, "key": self.key, "name": self.name, "notes": self.data.get("notes") or self.notes}
        if isinstance(data.get("aliases"), list):
            data["aliases"] = self._own_aliases(data["aliases"])
        house = f"house-{self.pk or 'new'}"
        if isinstance(data.get("weapon"), dict):
            data["weapon"] = {**data["weapon"], "key": f"{self.key}/weapon"}
        if isinstance(data.get("horse"), dict):
            data["horse"] = {**data["horse"], "key": f"horse/{house}-mount"}
        for chits in ("chits", "optional_chits"):
            if isinstance(data.get(chits), list):
                data[chits] = [
                    {**chit, "key": f"chit/{house}-{chits}-{index}"} if isinstance(chit, dict) else chit
                    for index, chit in enumerate(data[chits], start=1)
                ]
        return data

    def _own_aliases(self, aliases: list) -> list:
        """Drop the aliases of originals with another name: a "Cave Troll" copied from the T Troll must
        not answer to "Tremendous Troll", while a house "T Troll" keeps it."""
        from systems.magic_realm.engine.catalogue import SEARCH_KINDS, normalize_name
        from systems.magic_realm.engine.catalogue_data import get_catalogue

        if self.kind not in SEARCH_KINDS:
            return aliases
        taken = {
            normalize_name(alias)
            for counter in get_catalogue().all(self.kind)
            if normalize_name(counter.name) != normalize_name(self.name)
            for alias in counter.aliases
        }
        return [alias for alias in aliases if not isinstance(alias, str) or normalize_name(alias) not in taken]

    def to_counter(self):
        """The typed engine counter (raises CatalogueDataError if the data is invalid)."""
        return counter_from_dict(self.kind, self.counter_data(), "data", strict=True)

    def fill_from_original(self) -> None:
        """Copy the statistics of `based_on` into empty data."""
        from systems.magic_realm.engine.catalogue_data import counter_to_dict, get_catalogue

        original = get_catalogue().by_key(self.based_on)
        copied = counter_to_dict(original)
        for field in ("key", "name"):
            copied.pop(field, None)
        self.data = copied

    def clean_fields(self, exclude=None) -> None:
        """Check the statistics as a counter of its kind, unless a field they depend on is already
        in error (a form's text that is not JSON is reported once, by the form)."""
        try:
            super().clean_fields(exclude)
        except ValidationError as error:
            errors = error.error_dict
        else:
            errors = {}
        skip = set(exclude or ()) | set(errors)
        if not {"kind", "based_on", "data"} & skip:
            try:
                self._check_statistics()
            except ValidationError as error:
                errors.update(error.error_dict)
        if errors:
            raise ValidationError(errors)

    def _check_statistics(self) -> None:
        from systems.magic_realm.engine.catalogue import UnknownCounter, kind_of
        from systems.magic_realm.engine.catalogue_data import get_catalogue

        if self.based_on:
            try:
                original = get_catalogue().by_key(self.based_on)
            except UnknownCounter as error:
                hint = f" (did you mean {', '.join(error.suggestions)}?)" if error.suggestions else ""
                raise ValidationError(
                    {"based_on": f"No original counter has the key {self.based_on!r}{hint}."}
                ) from None
            if kind_of(original) != self.kind:
                raise ValidationError(
                    {"kind": f"{self.based_on} is a {kind_of(original)}; "
                     "choose that kind or another original."}
                )
            if not self.data:
                self.fill_from_original()
        if not isinstance(self.data, dict) or not self.data:
            raise ValidationError(
                {"data": "Give the counter's statistics, or the key of an original to copy in “based on”."}
            )
        try:
            self.to_counter()
        except CatalogueDataError as error:
            raise ValidationError(
                {"data": [f"{field}: {reason}" for field, reason in error.errors]}
            ) from None
