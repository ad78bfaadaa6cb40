"""What a player's page shows, built only from what that player may know: their own sides' forms and
answers (players/answers_page.py), the deadline, and, after a round, what their email showed (their sides'
summaries, the events their sides may see, what each owes). Never another side's plays."""

from __future__ import annotations

from typing import Any

from combat import system_battles
from combat.models import Round
from players import answers_page, links, services
from players import waiting as player_waiting
from players.emails import local_time


def services_token(link) -> str:
    return links.token_for(link)


def results_round(battle, round_) -> Round | None:
    """The round whose results the page shows: the battle's last round when combat ended in it, else the
    one before the round open now."""
    if round_.status == Round.Status.RESOLVED:
        return round_
    return battle.rounds.filter(number=round_.number - 1, status=Round.Status.RESOLVED).first()


def page_context(link, overrides: dict[int, dict[str, Any]] | None = None, bound_waiting=None,
                 bound_dues=None) -> dict[str, Any]:
    battle = link.battle
    round_ = services.current_round(battle)
    deadline = services.deadline_of(round_) if round_ else None
    overrides = overrides or {}
    over = links.final_round(battle)  # combat ended: the page keeps the last results and the dues owed
    playing = services.sides_of(link, round_) if over is None else []
    # The system's plays form, its summaries and the events the player's sides may see.
    # What the sides that saved nothing yet start from (last round's plays), read once for them all.
    unsaved = [side.side for side in playing if system_battles.never_saved(side)]
    before = system_battles.last_round_plays(round_, unsaved) if unsaved else {}
    sides = [answers_page.side_view(link, round_, side, before=before, **overrides.get(side.character_id, {}))
             for side in playing]
    results = answers_page.last_results(link, round_, bound_dues) if round_ else None
    # Combat over: nothing is open to answer, but what was answered while the last round waited still shows.
    waiting = (player_waiting.page_forms(link, round_, bound_waiting) if over is None
               else player_waiting.WaitingViews([], player_waiting.answered_views(link, round_)))
    return {
        "link": link,
        "token": services_token(link),
        "battle": battle,
        "campaign": battle.campaign,
        "player": link.player,
        "round": round_,
        "deadline": local_time(deadline.due_at, link.player) if deadline else "",
        "past_deadline": bool(round_ and services.is_past_deadline(round_)),
        "sides": sides,
        "results": results,
        "waiting": waiting, "waiting_open": any(not view["answered"] for view in waiting),
        "combat_over": over is not None,
        "open_until": local_time(links.open_until(battle), link.player) if over is not None else "",
    }
