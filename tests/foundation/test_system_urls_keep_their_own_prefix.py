"""config/urls.py mounts each system's Django part's URL conf at the site's root, ahead of the app's own routes:
a system pattern that began with a converter (`<slug>/`) or with one of the app's prefixes (`campaigns/...`) would
shadow the app's pages. So every pattern of every system's URL conf starts with a literal segment of its own: not a
converter, not the app's, not another system's. Mounting the confs under their labels instead would move no URL
today, but this keeps /catalogue/... where the systems put it."""

import re
from importlib import import_module

from django.urls import URLResolver, path
from django.urls.resolvers import RegexPattern

from config import urls as root_urls
from systems import django_urlconfs


def first_segment(pattern) -> str | None:
    """The literal first segment of a pattern's route (`catalogue` of `catalogue/<path:key>/`); None when the route
    is empty or starts with a converter or a regular expression's group."""
    route = str(pattern.pattern)
    if isinstance(pattern.pattern, RegexPattern):
        route = route.removeprefix("^")
    head = route.split("/", 1)[0]
    return head if re.fullmatch(r"[\w.-]+", head) else None


def app_prefixes() -> set[str]:
    """The first segments of the app's own routes (not the systems'), through the includes mounted at the root."""
    systems = set(django_urlconfs())
    found = set()

    def walk(patterns):
        for pattern in patterns:
            if isinstance(pattern, URLResolver) and getattr(pattern.urlconf_module, "__name__", None) in systems:
                continue
            head = first_segment(pattern)
            if head is not None:
                found.add(head)
            elif isinstance(pattern, URLResolver) and str(pattern.pattern) == "":
                walk(pattern.url_patterns)

    walk(root_urls.urlpatterns)
    return found


def shadowing(confs: dict[str, list], app: set[str]) -> list[str]:
    """What in the systems' URL confs (module name: its patterns) would shadow the app's routes or another
    system's: each pattern without a literal first segment, or whose first segment is the app's or another's."""
    problems, owner = [], {}
    for name, patterns in confs.items():
        for pattern in patterns:
            head = first_segment(pattern)
            if head is None:
                problems.append(f"{name}: {str(pattern.pattern)!r} starts with no literal prefix")
            elif head in app:
                problems.append(f"{name}: {str(pattern.pattern)!r} uses the app's prefix {head!r}")
            elif owner.setdefault(head, name) != name:
                problems.append(f"{name}: {str(pattern.pattern)!r} uses {owner[head]}'s prefix {head!r}")
    return problems


def test_the_app_prefixes_are_read_through_the_includes_at_the_root():
    assert {"healthz", "verify", "admin", "accounts", "mail", "campaigns", "play"} <= app_prefixes()


def test_every_pattern_of_every_systems_url_conf_starts_with_a_literal_prefix_of_its_own():
    confs = {name: import_module(name).urlpatterns for name in django_urlconfs()}
    assert confs  # Magic Realm's catalogue pages at least
    assert shadowing(confs, app_prefixes()) == []


def test_a_pattern_that_would_shadow_the_apps_routes_is_named():
    def view(request):
        return None

    confs = {"one.urls": [path("<slug:slug>/", view), path("campaigns/x/", view), path("", view),
                          path("own/<int:n>/", view)],
             "two.urls": [path("own/", view)]}
    assert shadowing(confs, app_prefixes()) == [
        "one.urls: '<slug:slug>/' starts with no literal prefix",
        "one.urls: 'campaigns/x/' uses the app's prefix 'campaigns'",
        "one.urls: '' starts with no literal prefix",
        "two.urls: 'own/' uses one.urls's prefix 'own'",
    ]
