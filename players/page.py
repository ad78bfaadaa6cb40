"""What a player's page shows, built only from what that player may know: their own sides' forms and
plays, the deadline, their own melee sheet before the plays, and, after a round, what their email
showed (the events naming their characters or hirelings, what each owes). Never another side's plays."""

from __future__ import annotations

from typing import Any

from combat import resolution, round_file
from combat.battle_panel import drawn_sheets
from combat.emails import visible_events
from combat.forms import ChitRecordForm
from combat.models import Round
from combat.views import _side_context
from players import answers, answers_page, links, services
from players import waiting as player_waiting
from players.emails import character_state, local_time, next_steps


def own_sheet(battle, round_, side) -> list[dict[str, Any]]:
    """The side's own melee sheet as the GM sees it, drawn from the battle and this side's plays only."""
    name = side.name
    round_input = round_file.build_input(battle, round_, {side.character_id: side.plays or {}})
    drawn = drawn_sheets({**round_input, "plays": {name: round_input["plays"].get(name)}}, [])
    return [sheet for sheet in drawn if sheet["owner"] == name]


def side_view(link, round_, side, *, s=None, error: str = "") -> dict[str, Any]:
    """One of the player's sides: its form (while it can change) or its sealed plays, its receipt."""
    battle = link.battle
    submission = services.last_submission(round_, side.character_id)
    editable = (round_.status == Round.Status.DRAFTING and not side.locked and not services.is_past_deadline(round_))
    view = {
        "side": side,
        "name": side.name,
        "editable": editable,
        "submission": submission,
        "submitted_at": local_time(submission.submitted_at, link.player) if submission else "",
        "sheets": own_sheet(battle, round_, side),
        "state": character_state(battle.state, side.name),
        "error": error,
        "token": services_token(link),
    }
    if editable and s is None:
        # A saved draft's errors, checked alone (services.check_own_plays): never the GM page's check
        # against every side's plays.
        errors = services.check_own_plays(round_, side.character_id, side.plays) if side.plays else {}
        s = _side_context(round_, side, errors=errors)
    if editable:
        view["s"] = s
    return view


def services_token(link) -> str:
    return links.token_for(link)


def results_round(battle, round_) -> Round | None:
    """The round whose results the page shows: the battle's last round when combat ended in it, else the
    one before the round open now."""
    if round_.status == Round.Status.RESOLVED:
        return round_
    return battle.rounds.filter(number=round_.number - 1, status=Round.Status.RESOLVED).first()


def last_results(link, round_, bound=None) -> dict[str, Any] | None:
    """The last resolved round as the player's email told it (plus the chits they must still choose).
    `bound` is (character id, POST data, problems by box) for a choice just refused: its ticks stay and
    each problem shows beside its boxes (issue #14.3)."""
    previous = results_round(link.battle, round_)
    if previous is None:
        return None
    result = previous.result or {}
    summaries = resolution.summaries(result)
    state = (result.get("state") or link.battle.state).get("state", {})
    records = {record.character_id: record for record in previous.chit_records.all()}
    characters = []
    for side in previous.sides.select_related("character").filter(character__player=link.player):
        name = side.name
        hirelings = {d["id"] for d in state.get("denizens", []) if d.get("hired_by") == name}
        owed = resolution.owed_for(result, name)
        entry = {"name": name, "summary": summaries.get(name, {}), "events": visible_events(previous.log, {name} | hirelings),
                 "owed": owed, "record": records.get(side.character_id), "character_id": side.character_id}
        alive = not (round_file.character_entry(link.battle.state, name) or {"dead": True}).get("dead")
        if (owed["wounds"] or owed["fatigue"]) and alive:
            data, problems = (bound[1], bound[2]) if bound and bound[0] == side.character_id else (None, {})
            entry["chit_form"] = ChitRecordForm.for_character(link.battle.state, name, records.get(side.character_id),
                                                              result, f"chits{side.character_id}", data, problems)
        characters.append(entry)
    return {"round": previous, "characters": characters, "next": next_steps(previous, link.player, characters)}


def page_context(link, overrides: dict[int, dict[str, Any]] | None = None, bound_chits=None,
                 bound_waiting=None, bound_dues=None) -> dict[str, Any]:
    battle = link.battle
    round_ = services.current_round(battle)
    deadline = services.deadline_of(round_) if round_ else None
    overrides = overrides or {}
    over = links.final_round(battle)  # combat ended: the page keeps the last results and the chits owed
    playing = services.sides_of(link, round_) if over is None else []
    if answers.through_interface(battle):  # the system's plays form, its summaries and visible events
        sides = [answers_page.side_view(link, round_, side, **overrides.get(side.character_id, {})) for side in playing]
        results = answers_page.last_results(link, round_, bound_dues) if round_ else None
    else:
        sides = [side_view(link, round_, side, **overrides.get(side.character_id, {})) for side in playing]
        results = last_results(link, round_, bound_chits) if round_ else None
    needed = (round_.encounter or {}).get("choice_needed") if round_ else None
    names = {view["name"] for view in sides}
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
        "owes_choice": any("chit_form" in c for c in (results or {}).get("characters", [])),
        "choice_needed": needed if needed and needed.get("character") in names else None,
        "waiting": waiting, "waiting_open": any(not view["answered"] for view in waiting),
        "combat_over": over is not None,
        "open_until": local_time(links.open_until(battle), link.player) if over is not None else "",
    }
