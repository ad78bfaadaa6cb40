"""Fallen Empire's odds query (spec/odds-systems.md): one jouster's throw.

{"system": "fallen-empire", "joust": {"dice": 3}} answers `p_unhorse` and `p_injure`."""

from __future__ import annotations

from systems.fallen_empire.joust_throw import MAX_THROW, throw_chances
from systems.pools import exact
from systems.query import integer_at, object_at


def odds(query: dict) -> dict:
    joust = object_at(query, "joust", "joust")
    dice = integer_at(joust, "dice", "joust.dice", low=1, high=MAX_THROW)
    p_unhorse, p_injure = throw_chances(dice)
    return {
        "system": "fallen-empire",
        "p_unhorse": float(p_unhorse),
        "p_unhorse_exact": exact(p_unhorse),
        "p_injure": float(p_injure),
        "p_injure_exact": exact(p_injure),
        "explanation": [
            f"Unhorsing needs three dice showing the same number other than 1: {exact(p_unhorse)} with {dice} "
            "(Fallen Empire, the Joust: Unhorsing and Helm Tipping)",
            f"Injuring: every one of the {dice} dice shows a 1: (1/6)^{dice} = {exact(p_injure)} (Fallen Empire, the Joust: Injuring the Opponent)",
        ],
    }
