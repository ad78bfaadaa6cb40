"""A GM's hand adjustments to a joust between passes (docs/systems/fallen-empire.md "Hand adjustments"): a
jouster's pool one die at a time, while the joust goes on. A change by hand never ends a joust: the last die of
a pool, an unhorsing and an injury are the passes' own results, and a GM who rules that a joust is over ends the
battle (with the ruling in words), so the battle's page, emails and history say how it ended. A finished joust
takes no change."""

from __future__ import annotations

from systems.adjusting import Change, Entry, Group, arrow

MAX_POOL = 40  # joust.schema.json


def _jousters(state: dict):
    return ((jouster["name"], jouster) for jouster in state["jousters"])


def _riding(why_not=lambda state, jouster: None):
    """A change open only while the joust goes on (a finished joust records its `outcome`)."""
    return lambda state, jouster: "cannot be changed: the joust is over" if state.get("outcome") else \
        why_not(state, jouster)


def _keeps_a_die(state: dict, jouster: Entry) -> str | None:
    if jouster["pool"] <= 1:
        return ("cannot lose the last die of the pool by hand: that would end the joust (FE J.7); "
                "to end it, end the battle with the ruling in words")
    return None


def _lose_die(state: dict, jouster: Entry) -> str:
    jouster["pool"] -= 1
    return f"{jouster['name']}'s pool loses 1 die {arrow(jouster['pool'] + 1, jouster['pool'])}"


def _gain_die(state: dict, jouster: Entry) -> str:
    jouster["pool"] += 1
    return f"{jouster['name']}'s pool gains 1 die {arrow(jouster['pool'] - 1, jouster['pool'])}"


JOUSTER_CHANGES = (
    Change("pool-1", _riding(_keeps_a_die), lambda s, j: f"{j['name']}: pool loses 1 die {arrow(j['pool'], j['pool'] - 1)}",
           _lose_die),
    Change("pool+1", _riding(lambda s, j: None if j["pool"] < MAX_POOL else f"has the largest pool, {MAX_POOL}"),
           lambda s, j: f"{j['name']}: pool gains 1 die {arrow(j['pool'], j['pool'] + 1)}", _gain_die),
)
GROUPS = (Group("jouster", _jousters, JOUSTER_CHANGES),)
