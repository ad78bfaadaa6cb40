"""A GM's hand adjustments to a joust between passes (docs/systems/fallen-empire.md "Hand adjustments"): a
jouster's pool one die at a time, a jouster unhorsed or injured by the GM's call, and an unhorsed jouster
back in the saddle. A finished joust takes no change but that."""

from __future__ import annotations

from systems.adjusting import Change, Entry, Group, arrow
from systems.fallen_empire.joust import Jouster, by_pools
from systems.fallen_empire.joust_file import outcome_to_json

MAX_POOL = 40  # joust.schema.json


def _jousters(state: dict):
    return ((jouster["name"], jouster) for jouster in state["jousters"])


def _opponent(state: dict, jouster: Entry) -> Entry:
    return next(other for other in state["jousters"] if other is not jouster)


def _riding(why_not=lambda state, jouster: None):
    """A change open only while the joust goes on (a finished joust records its `outcome`)."""
    return lambda state, jouster: "cannot be changed: the joust is over" if state.get("outcome") else \
        why_not(state, jouster)


def _lose_die(state: dict, jouster: Entry) -> str:
    jouster["pool"] -= 1
    text = f"{jouster['name']}'s pool loses 1 die {arrow(jouster['pool'] + 1, jouster['pool'])}"
    if jouster["pool"] > 0:
        return text
    outcome = by_pools(tuple(Jouster(j["name"], j["pool"]) for j in state["jousters"]))
    state["outcome"] = outcome_to_json(outcome)
    return text + ": no dice left, the joust is over (FE J.7), " + (
        f"{outcome.winner} wins" if outcome.winner else "a draw")


def _gain_die(state: dict, jouster: Entry) -> str:
    jouster["pool"] += 1
    return f"{jouster['name']}'s pool gains 1 die {arrow(jouster['pool'] - 1, jouster['pool'])}"


def _unhorsed(state: dict, jouster: Entry) -> str:
    winner = _opponent(state, jouster)["name"]
    state["outcome"] = {"how": "unhorsed", "winner": winner, "injured": [], "ejected": [], "damage": {}}
    return f"{jouster['name']} is unhorsed by {winner}: the joust ends and {winner} wins (FE J.6, the GM's call)"


def _injured(state: dict, jouster: Entry) -> str:
    """FE J.8, ruling R3: the injured jouster is recorded as the winner and the other is ejected; the d6s of
    real damage are the GM's to throw, so the outcome records none."""
    injurer = _opponent(state, jouster)["name"]
    state["outcome"] = {"how": "injured", "winner": jouster["name"], "injured": [jouster["name"]],
                        "ejected": [injurer], "damage": {}}
    return (f"{jouster['name']} is injured by {injurer}'s lance: {injurer} is ejected, dishonoured, and "
            f"{jouster['name']} is recorded as the winner (FE J.8, ruling R3, the GM's call)")


def _unseat_undone_why_not(state: dict, jouster: Entry) -> str | None:
    outcome = state.get("outcome")
    if not outcome or outcome["how"] != "unhorsed" or outcome["winner"] == jouster["name"]:
        return "was not unhorsed"
    if any(j["pool"] == 0 for j in state["jousters"]):
        return "cannot ride on: a pool is empty (FE J.7)"
    if state.get("max_passes") is not None and state.get("passes", 0) >= state["max_passes"]:
        return f"cannot ride on: the joust has run its {state['max_passes']} passes (ruling R1)"
    return None


def _remount(state: dict, jouster: Entry) -> str:
    del state["outcome"]
    return f"{jouster['name']} is back in the saddle: the unhorsing is undone and the joust goes on"


JOUSTER_CHANGES = (
    Change("pool-1", _riding(), lambda s, j: f"{j['name']}: pool loses 1 die {arrow(j['pool'], j['pool'] - 1)}"
                                             + (", and the joust ends (FE J.7)" if j["pool"] <= 1 else ""), _lose_die),
    Change("pool+1", _riding(lambda s, j: None if j["pool"] < MAX_POOL else f"has the largest pool, {MAX_POOL}"),
           lambda s, j: f"{j['name']}: pool gains 1 die {arrow(j['pool'], j['pool'] + 1)}", _gain_die),
    Change("unhorsed", _riding(), lambda s, j: f"{j['name']}: unhorsed by {_opponent(s, j)['name']}, who wins "
                                               "(FE J.6)", _unhorsed),
    Change("injured", _riding(), lambda s, j: f"{j['name']}: injured by {_opponent(s, j)['name']}'s lance; "
                                              f"{_opponent(s, j)['name']} ejected (FE J.8)", _injured),
    Change("remount", _unseat_undone_why_not, lambda s, j: f"{j['name']}: back in the saddle, the joust goes on",
           _remount),
)
GROUPS = (Group("jouster", _jousters, JOUSTER_CHANGES),)
