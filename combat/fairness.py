"""Committed dice for battle rounds (docs/fair-dice.md): drawing a round's seed when it opens, the lines the
pages and emails show, the round file that reveals the seed, and the check that `manage.py verify_round`
and the public verify page run on such a file.

The hashing itself is pure (systems/commitment.py); the replay goes through the round's system's `resolve`, the
very function the worker resolves with, so a verified file replays exactly as the round was resolved.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from combat import system_rounds
from combat.models import SYSTEM_KEY
from systems import get_system, system_of
from systems.commitment import (
    RoundIdentity,
    commitment,
    commitment_line,
    draw_salt,
    draw_seed,
    matches,
)

# The keys a downloaded round file adds to the engine's input; a replay leaves them out.
REVEALED_KEYS = ("seed", "salt", "commitment", "result", "log")


def new_dice(campaign_slug: str, battle_id: int, number: int) -> dict[str, Any]:
    """The Round fields of a freshly drawn, committed seed (for Round.objects.create)."""
    identity = RoundIdentity(campaign_slug, battle_id, number)
    seed, salt = draw_seed(), draw_salt()
    return {
        "seed": seed,
        "salt": salt,
        "commitment": commitment(seed, salt, identity),
        "commitment_for": identity.as_json(),
        "committed_at": timezone.now(),
    }


def identity_of(round_) -> RoundIdentity | None:
    raw = round_.commitment_for or {}
    try:
        return RoundIdentity(str(raw["campaign"]), int(raw["battle"]), int(raw["round"]))
    except (KeyError, TypeError, ValueError):
        return None


def commitment_text(round_) -> str:
    """The commitment as one line of plain text (for the plays-due and result emails); "" for a round
    resolved before Herald committed its dice."""
    identity = identity_of(round_)
    if not round_.commitment or identity is None:
        return ""
    return commitment_line(round_.commitment, identity)


def dice_facts(round_) -> dict[str, Any]:
    """What the round page and the emails show: the commitment always; the seed and salt once resolved,
    with whether they match the commitment (a seed changed behind Herald's back shows here). A voided
    round keeps its dice (combat/void.py) and their seed was already sent with its first result: it stays
    shown, so everyone can see that the round is resolved again with the same seed."""
    identity = identity_of(round_)
    resolved = round_.status == round_.Status.RESOLVED
    voided = bool(round_.voided_count)
    facts: dict[str, Any] = {
        "commitment": round_.commitment,
        "line": commitment_text(round_),
        "identity": identity,
        "committed_at": round_.committed_at,
        "revealed": (resolved or voided) and round_.seed is not None,
        "voided": voided and not resolved,
    }
    if facts["revealed"]:
        facts.update(seed=round_.seed, salt=round_.salt)
        facts["matches"] = bool(identity and round_.commitment and matches(round_.seed, round_.salt, identity, round_.commitment))
    return facts


def round_file(round_) -> dict[str, Any]:
    """The resolved round as a round file that carries its seed, salt and commitment and the stored result
    and log, so that `manage.py verify_round` (or the verify page) can check it on its own."""
    data: dict[str, Any] = {**(round_.input or {}), "seed": round_.seed}
    if round_.commitment:
        data["salt"] = round_.salt
        data["commitment"] = {"sha256": round_.commitment, **(round_.commitment_for or {})}
    data["result"] = round_.result
    data["log"] = round_.log
    return data


# --- verifying a round file ----------------------------------------------------------------------------


@dataclass
class Verdict:
    """The outcome of checking a round file: `ok`, the checks that passed, and the reason it failed."""

    checks: list[str] = field(default_factory=list)
    reason: str = ""

    @property
    def ok(self) -> bool:
        return not self.reason


def verify_round_file(data: Any) -> Verdict:
    """Check that the file's seed and salt hash to its commitment, that the commitment is for this round,
    and that replaying the file with that seed gives the result and log it carries."""
    verdict = Verdict()
    if not isinstance(data, dict):
        verdict.reason = "the file is not a round file (a JSON object)"
        return verdict
    identity, problem = _committed_identity(data)
    if problem:
        verdict.reason = problem
        return verdict
    seed, salt = data.get("seed"), data.get("salt")
    if not isinstance(seed, int) or isinstance(seed, bool):
        verdict.reason = "seed: the file has no seed (is the round resolved?)"
        return verdict
    if not isinstance(salt, str) or not salt:
        verdict.reason = "salt: the file has no salt"
        return verdict
    if not matches(seed, salt, identity, data["commitment"]["sha256"]):
        verdict.reason = "commitment: the seed and salt do not hash to the commitment (the dice were changed)"
        return verdict
    verdict.checks.append(f"the seed {seed} and its salt hash to the commitment {data['commitment']['sha256']}")
    if SYSTEM_KEY in data:  # a round of a battle fought through the interface: its input names its system
        return _verify_replay_through_interface(verdict, data, seed, identity)
    state_round = (data.get("state") or {}).get("round") if isinstance(data.get("state"), dict) else None
    if state_round != identity.round:
        verdict.reason = f"commitment.round: the commitment is for round {identity.round}, the file is round {state_round}"
        return verdict
    verdict.checks.append(f"the commitment is for this round ({identity.round})")
    if not isinstance(data.get("result"), dict):
        verdict.reason = "result: the file carries no stored result to compare with"
        return verdict
    # A file of a round resolved on the app's own Magic Realm pages, before its battles moved to the interface:
    # its result was the system's output without its events (the log) and with the seed.
    replay_input = {key: value for key, value in data.items() if key not in REVEALED_KEYS}
    try:
        resolution = get_system(system_of(replay_input)).resolve(replay_input, seed=seed)
    except Exception as error:  # a hostile file must get a reason, not a traceback
        verdict.reason = f"replay: the round file cannot be replayed: {error}"
        return verdict
    if resolution.waiting_for:
        verdict.reason = f"replay: the round stops half-way: {'; '.join(e.message for e in resolution.waiting_for)}"
        return verdict
    output = dict(resolution.output)
    events = output.pop("events", [])
    difference = _first_difference(_plain(data["result"]), _plain({**output, "seed": seed}), "result")
    if difference:
        verdict.reason = f"{difference}: replaying with the seed gives a different result"
        return verdict
    verdict.checks.append("replaying the round with the seed gives the stored result")
    if "log" in data:
        difference = _first_difference(_plain(data["log"]), _plain(events), "log")
        if difference:
            verdict.reason = f"{difference}: replaying with the seed gives a different log"
            return verdict
        verdict.checks.append(f"and the same log ({len(events)} events)")
    return verdict


def _verify_replay_through_interface(verdict: Verdict, data: dict[str, Any], seed: int, identity) -> Verdict:
    """A round of a battle fought through the systems interface: its own round counter is the system's (a
    battle may start at a system's round 3), so the commitment's round is Herald's and is only reported;
    the replay is the system's `resolve` with the seed, compared with the stored result and log."""
    verdict.checks.append(f"the commitment is for round {identity.round} of battle {identity.battle} of "
                          f"campaign {identity.campaign}")
    if not isinstance(data.get("result"), dict):
        verdict.reason = "result: the file carries no stored result to compare with"
        return verdict
    replay_input = {key: value for key, value in data.items() if key not in REVEALED_KEYS}
    try:
        system = get_system(system_of(data))
        resolution = system.resolve(replay_input, seed=seed)
        result = system_rounds.stored_result(system, replay_input, resolution)
        log = system_rounds.event_rows(resolution)
    except Exception as error:  # a hostile file must get a reason, not a traceback
        verdict.reason = f"replay: the round file cannot be replayed: {error}"
        return verdict
    compared = [("result", data["result"], result)] + ([("log", data["log"], log)] if "log" in data else [])
    for name, stored, replayed in compared:
        difference = _first_difference(_plain(stored), _plain(replayed), name)
        if difference:
            verdict.reason = f"{difference}: replaying with the seed gives a different {name}"
            return verdict
    verdict.checks.append("replaying the round with the seed gives the stored result" +
                          (f" and log ({len(log)} events)" if "log" in data else " (the file carries no log)"))
    return verdict


def _committed_identity(data: dict[str, Any]) -> tuple[RoundIdentity | None, str]:
    committed = data.get("commitment")
    if not isinstance(committed, dict):
        return None, "commitment: the file has no commitment (rounds resolved before committed dice have none)"
    sha = committed.get("sha256")
    if not isinstance(sha, str) or len(sha) != 64:
        return None, "commitment.sha256: not a SHA-256 in hex"
    for key, kind in (("campaign", str), ("battle", int), ("round", int)):
        value = committed.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            return None, f"commitment.{key}: missing or not {'text' if kind is str else 'a whole number'}"
    return RoundIdentity(committed["campaign"], committed["battle"], committed["round"]), ""


def _plain(value: Any) -> Any:
    """JSON as the database keeps it (tuples become lists), so stored and replayed compare equal."""
    return json.loads(json.dumps(value))


def _first_difference(stored: Any, replayed: Any, path: str) -> str:
    """The path of the first place the two differ, or "" when they are equal."""
    if type(stored) is not type(replayed):
        return path
    if isinstance(stored, dict):
        for key in sorted(set(stored) | set(replayed)):
            if key not in stored or key not in replayed:
                return f"{path}.{key}"
            inner = _first_difference(stored[key], replayed[key], f"{path}.{key}")
            if inner:
                return inner
        return ""
    if isinstance(stored, list):
        for index, (a, b) in enumerate(zip(stored, replayed)):
            inner = _first_difference(a, b, f"{path}[{index}]")
            if inner:
                return inner
        return f"{path}[{min(len(stored), len(replayed))}]" if len(stored) != len(replayed) else ""
    return "" if stored == replayed else path
