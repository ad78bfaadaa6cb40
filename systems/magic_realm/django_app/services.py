"""Every write to the catalogue tables, and the one call that gives a campaign its catalogue."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from systems.magic_realm.engine.catalogue import SEARCH_KINDS, Catalogue, kind_of
from systems.magic_realm.engine.catalogue_data import counter_to_dict, get_catalogue


@dataclass(frozen=True)
class SyncReport:
    created: int
    updated: int
    unchanged: int
    deleted: int
    version: str

    def __str__(self) -> str:
        return (
            f"catalogue {self.version}: {self.created} created, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.deleted} removed"
        )


def _original_rows(catalogue: Catalogue):
    for kind in [*SEARCH_KINDS, "season"]:
        counters = catalogue.seasons if kind == "season" else catalogue.all(kind)
        for position, counter in enumerate(counters):
            key = counter.key if kind != "season" else f"season/{counter.number}"
            yield key, kind, counter.name, position, counter_to_dict(counter)


def sync_original_counters(model=None, catalogue: Catalogue | None = None) -> SyncReport:
    """Make the OriginalCounter table match the catalogue files: idempotent, one transaction.

    `model` lets a data migration pass its historical model; by default the current one.
    """
    if model is None:
        from systems.magic_realm.django_app.models import OriginalCounter as model
    catalogue = catalogue or get_catalogue()
    created = updated = unchanged = 0
    with transaction.atomic():
        existing = {row.key: row for row in model.objects.all()}
        seen = set()
        for key, kind, name, position, data in _original_rows(catalogue):
            seen.add(key)
            fields = {
                "kind": kind, "name": name, "position": position, "data": data, "version": catalogue.version,
            }
            row = existing.get(key)
            if row is None:
                model.objects.create(key=key, **fields)
                created += 1
            elif any(getattr(row, field) != value for field, value in fields.items()):
                for field, value in fields.items():
                    setattr(row, field, value)
                row.save()
                updated += 1
            else:
                unchanged += 1
        stale = [key for key in existing if key not in seen]
        deleted, _ = model.objects.filter(key__in=stale).delete()
    return SyncReport(created, updated, unchanged, deleted, catalogue.version)


def house_counters_for_campaign(campaign) -> list:
    """The typed house counters a campaign enables (an invalid one is skipped: the admin refuses to
    save invalid data, so only a hand-edited row could be)."""
    from systems.magic_realm.engine.catalogue_data import CatalogueDataError

    counters = []
    for row in campaign.house_counters.order_by("kind", "name", "pk"):
        try:
            counters.append(row.to_counter())
        except CatalogueDataError:
            continue
    return counters


def catalogue_for_campaign(campaign) -> Catalogue:
    """The original counters plus the campaign's house counters, which win lookups by name."""
    if campaign is None:
        return get_catalogue()
    return get_catalogue().with_house_counters(house_counters_for_campaign(campaign))


@transaction.atomic
def copy_original_to_house_counter(key: str, campaigns=()):
    """A new house counter copying an original's statistics (the admin's "copy" action)."""
    from systems.magic_realm.django_app.models import HouseCounter

    original = get_catalogue().by_key(key)
    house = HouseCounter(kind=kind_of(original), name=original.name, based_on=key)
    house.fill_from_original()
    house.full_clean()
    house.save()
    if campaigns:
        house.campaigns.set(campaigns)
    return house


def visible_house_counters(user) -> tuple[list, dict[str, str]]:
    """The house counters a user may see on the catalogue page (those of the campaigns they GM; staff
    see every one), typed, with the names of the campaigns using each, by key."""
    from systems.magic_realm.django_app.models import HouseCounter
    from systems.magic_realm.engine.catalogue_data import CatalogueDataError

    rows = HouseCounter.objects.prefetch_related("campaigns")
    if not user.is_staff:
        rows = rows.filter(campaigns__gms=user).distinct()
    counters, campaigns = [], {}
    for row in rows:
        try:
            counter = row.to_counter()
        except CatalogueDataError:
            continue
        counters.append(counter)
        names = ", ".join(campaign.name for campaign in row.campaigns.all())
        campaigns[counter.key] = names or "no campaign yet"
    return counters, campaigns


def catalogue_for_user(user) -> tuple[Catalogue, dict[str, str]]:
    """The catalogue page's catalogue: the originals and the house counters the user may see."""
    counters, campaigns = visible_house_counters(user)
    catalogue = get_catalogue().with_house_counters(counters) if counters else get_catalogue()
    return catalogue, campaigns
