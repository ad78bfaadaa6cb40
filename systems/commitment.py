"""Committed dice (docs/fair-dice.md): the seed of a round is drawn when the round opens and only its
SHA-256 commitment is published; after resolution the seed (and its salt) are revealed, and anyone can check
that they hash to the commitment and that they replay to the published result.

The commitment hashes the seed with the round's identity (campaign, battle, round number), so that one
round's seed cannot be passed off as another's, and with a random salt of 128 bits, so that nobody can find
the seed from the commitment by trying every seed before the round is resolved.

Pure Python, no Django: `manage.py verify_round`, the public verify page and the emails all call this.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

SCHEME = "herald-dice/1"
SEED_BITS = 63  # the seed is stored in a signed 64-bit column
SALT_BYTES = 16


@dataclass(frozen=True)
class RoundIdentity:
    """Which round a commitment is for: the campaign's slug, the battle's id and the round's number."""

    campaign: str
    battle: int
    round: int

    def as_json(self) -> dict[str, str | int]:
        return {"campaign": self.campaign, "battle": self.battle, "round": self.round}


def draw_seed() -> int:
    return secrets.randbits(SEED_BITS)


def draw_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def committed_text(seed: int, salt: str, identity: RoundIdentity) -> str:
    """The exact text that is hashed; docs/fair-dice.md shows it so that anyone can hash it by hand."""
    return (
        f"{SCHEME}\ncampaign={identity.campaign}\nbattle={identity.battle}\nround={identity.round}\n"
        f"seed={seed}\nsalt={salt}"
    )


def commitment(seed: int, salt: str, identity: RoundIdentity) -> str:
    """The SHA-256 (hex) of the seed, its salt and the round's identity."""
    return hashlib.sha256(committed_text(seed, salt, identity).encode("utf-8")).hexdigest()


def matches(seed: int, salt: str, identity: RoundIdentity, published: str) -> bool:
    return secrets.compare_digest(commitment(seed, salt, identity), str(published).lower())


def commitment_line(published: str, identity: RoundIdentity) -> str:
    """One line for an email or a page: the commitment a player keeps to check the dice later."""
    return (
        f"Dice commitment for round {identity.round} of battle {identity.battle} "
        f"(campaign {identity.campaign}): SHA-256 {published}"
    )
