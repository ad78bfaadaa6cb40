"""One GM's campaign with something behind every URL (a battle with round 1 resolved and round 2 open,
players, characters, an email in the outbox, a house counter), and another GM with a campaign of his own:
the world the URL access test and the form fuzz request every URL of."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

from campaigns import services as campaign_services
from campaigns.mail.models import OutboxMessage
from combat import services as combat_services
from systems.magic_realm.django_app.models import HouseCounter
from systems.dice import ScriptedDice
from tests.ambush import create_ambush, resolve_wounding

FORGED_TOKEN = "forged-token-" + "x" * 30

# Text of the victim's campaign that must never reach another GM or an anonymous client.
SECRETS = ("Zeta Secret Campaign", "zebulon@secret.example", "Zebulon Secret", "Veteran of Zeta")


@dataclass
class World:
    victim: Any
    outsider: Any
    campaign: Any
    battle: Any
    system_campaign: Any
    system_battle: Any
    characters: dict
    player: Any
    message: Any
    house: Any
    values: dict = field(default_factory=dict)
    # Values that belong together (a campaign's slug with its own battles and sides): a URL is filled from
    # one scope at a time, so that the count of URLs grows by the scopes, not by their product.
    scopes: list = field(default_factory=list)


def build_world(make_user) -> World:
    victim, outsider = make_user("victim-gm"), make_user("outsider-gm")
    campaign = campaign_services.create_campaign(victim, SECRETS[0], "zeta", "bimr4", dice=ScriptedDice([3]))
    campaign_services.create_campaign(outsider, "Outsider's own", "outsiders-own", "standard", dice=ScriptedDice([2]))
    player = campaign_services.add_player(victim, campaign, {"name": SECRETS[2], "email": SECRETS[1], "time_zone": "UTC"})
    other = campaign_services.add_player(victim, campaign, {"name": "Yvette", "email": "yvette@secret.example",
                                                            "time_zone": "UTC"})
    for owner, name in ((player, "Black Knight"), (other, "Amazon")):
        campaign_services.add_character(victim, campaign, {"player": owner.pk, "catalogue_name": name})
    characters = {c.catalogue_name: c for c in campaign.characters.all()}
    # The demo's Ambush in Cave 4, set up and fought on the interface's pages; round 1 resolved with the seed
    # that wounds the Black Knight (tests/ambush.py), committed as Herald would, so that the pages are the same
    # on every run (the chits he owes to choose).
    battle = create_ambush(campaign)
    resolve_wounding(victim, battle)
    house = HouseCounter(kind="native", name=SECRETS[3], based_on="native/order-3")
    house.full_clean()
    house.save()
    house.campaigns.add(campaign)
    message = OutboxMessage.objects.filter(campaign=campaign).first()
    system_campaign, system_battle = _battle_through_the_interface(victim)
    world = World(victim, outsider, campaign, battle, system_campaign, system_battle, characters, player, message, house)
    # What each URL keyword is filled with: every value is tried (round 1 resolved, round 2 open).
    world.values = {
        "slug": [campaign.slug],
        "battle_id": [battle.pk],
        "number": [1, 2],
        "character_id": [characters["Black Knight"].pk],
        # The Black Knight's side of round 1, which owes the chits of his wound.
        "side_id": [battle.rounds.get(number=1).sides.get(side="Black Knight").pk],
        "player_id": [player.pk],
        "pk": [message.pk],
        "key": [house.key],
        "form_key": ["1-0"],  # a form a round waits on (combat/system_waiting.py): none waits here
        # A player's link is its own credential (players/): here a forged token, which must be refused to
        # everyone; the real links are tested in tests/players and tests/e2e/test_player_link.py.
        "token": [FORGED_TOKEN],
    }
    world.scopes = [{}, {"slug": [system_campaign.slug], "battle_id": [system_battle.pk],
                         "side_id": [system_battle.rounds.get(number=2).sides.get(side="Aldric").pk]}]
    return world


def _battle_through_the_interface(victim):
    """A campaign of another combat system with its battle's round 1 resolved and round 2 open: the pages
    of battles fought through the systems interface (combat/system_views.py) have their own URLs."""
    from combat import system_battles
    from combat.system_rounds import battle_starters

    campaign = campaign_services.create_campaign(victim, f"{SECRETS[0]} of the Realms", "zeta-realms", "",
                                                 system="enchanted-realms", dice=ScriptedDice([4]))
    player = campaign_services.add_player(victim, campaign, {"name": SECRETS[2], "email": SECRETS[1], "time_zone": "UTC"})
    campaign_services.add_character(victim, campaign, {"player": player.pk, "catalogue_name": "Aldric"})
    starter = next(s for s in battle_starters(campaign.combat_system) if s.key == "enchanted-realms-goblin-ambush")
    battle = system_battles.start_battle(victim, campaign.slug, "Ambush", "The road", starter.round_input)
    for side in battle.rounds.get(number=1).sides.all():
        system_battles.save_answers(victim, campaign.slug, battle.pk, 1, side.pk, {"action": "none"})
        system_battles.lock(victim, campaign.slug, battle.pk, 1, side.pk)
    combat_services.request_resolve(victim, campaign.slug, battle.pk, 1)
    combat_services.resolve_round(battle.rounds.get(number=1).pk)
    return campaign, battle


# URLs outside the project's own views: Django's admin (staff only, its own permission checks) and the
# sign-in pages of django.contrib.auth. Everything else in the URL configuration is requested.
NOT_OURS = ("admin:", "login", "logout", "password_", "password-")


def url_patterns(resolver: URLResolver | None = None, prefix: str = "", namespace: str = ""):
    """(name, route, keywords) for every URL pattern of the URL configuration, included ones too."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from url_patterns(entry, prefix + str(entry.pattern), inner)
        elif isinstance(entry, URLPattern):
            route = prefix + str(entry.pattern)
            keywords = sorted(set(_keywords(resolver, prefix)) | set(_keywords_of(entry)))
            yield f"{namespace}{entry.name or ''}", route, keywords


def _keywords_of(entry) -> list[str]:
    converters = getattr(entry.pattern, "converters", None)
    if converters is not None:
        return list(converters)
    return list(entry.pattern.regex.groupindex)


def _keywords(resolver, prefix) -> list[str]:
    import re

    return re.findall(r"<(?:\w+:)?(\w+)>", prefix)


def ours(name: str) -> bool:
    return not name.startswith(NOT_OURS) and name not in ("",)


def filled(world: World, keywords: list[str]) -> list[dict]:
    """Every combination of the world's values for a URL's keywords; KeyError names a keyword the test
    does not know how to fill (a new kind of URL: teach `build_world` its value)."""
    combinations: list[dict] = []
    for scope in world.scopes or [{}]:
        values = {**world.values, **scope}
        choices = [[(keyword, value) for value in values[keyword]] for keyword in keywords]
        for combination in map(dict, itertools.product(*choices)):
            if combination not in combinations:
                combinations.append(combination)
    return combinations
