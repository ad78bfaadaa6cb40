"""Helpers of the tests of a round that stops half-way: a campaign of the test-only system whose rounds wait
(tests/systems_app/waiting_system.py), Alice playing Aldric, Bob playing Bryn and the GM the Goblin, and its
round 1 resolved until it waits for Aldric's choice."""

from campaigns import services as campaign_services
from combat import services, system_battles, system_waiting
from combat.models import Round
from tests.systems_app import waiting_system

PLAYERS = {"Aldric": ("Alice", "alice@example.com"), "Bryn": ("Bob", "bob@example.com")}


def waiting_campaign(gm, monkeypatch):
    waiting_system.register(monkeypatch)
    campaign = campaign_services.create_campaign(gm, "A campaign that waits", "waits", "",
                                                 system=waiting_system.NAME)
    for character, (name, email) in PLAYERS.items():
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    return campaign


def round_that_waits(gm, campaign) -> Round:
    """Round 1 of a new battle, every side striking 2 and locked, resolved by the task: it waits for Aldric's
    choice."""
    state = dict(waiting_system.STARTING_STATE)
    battle = system_battles.start_battle(gm, campaign.slug, "The ambush", "The ford", state)
    round_ = battle.rounds.get(number=1)
    for side in round_.sides.all():
        system_battles.save_answers(gm, campaign.slug, battle.pk, 1, side.pk, {"strike": 2})
        system_battles.lock(gm, campaign.slug, battle.pk, 1, side.pk)
    services.request_resolve(gm, campaign.slug, battle.pk, 1)
    services.resolve_round(round_.pk)
    return Round.objects.get(pk=round_.pk)


def key_of(round_, side: str) -> str:
    """The key of the form the round waits on for `side` ("@gm": the GM's ruling)."""
    return next(waiting.key for waiting in system_waiting.forms_of(round_) if waiting.side == side)


def page_url(round_, tail: str = "") -> str:
    battle = round_.battle
    return f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/{round_.number}/{tail}"


def answer_url(round_, key: str) -> str:
    return page_url(round_, f"waiting/{key}/")


def run_resolve(round_) -> Round:
    """The resolve task, run here as Celery would once the last answer requested it."""
    services.resolve_round(round_.pk)
    return Round.objects.get(pk=round_.pk)


def nothing_answered(round_) -> bool:
    """The round, read again, still waits with no answer kept: what a refused answer leaves."""
    fresh = Round.objects.get(pk=round_.pk)
    return system_waiting.is_waiting(fresh) and system_waiting.entry_of(fresh)["answers"] == {}
