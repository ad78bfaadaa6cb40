"""Committed dice, the pure part: the commitment is the SHA-256 of the documented text."""

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from systems.commitment import (
    RoundIdentity,
    commitment,
    committed_text,
    draw_salt,
    draw_seed,
    matches,
)

IDENTITY = RoundIdentity("demo", 7, 2)


def test_the_commitment_is_the_sha256_of_the_text_docs_fair_dice_shows():
    text = "herald-dice/1\ncampaign=demo\nbattle=7\nround=2\nseed=12345\nsalt=00ff"
    assert committed_text(12345, "00ff", IDENTITY) == text
    assert commitment(12345, "00ff", IDENTITY) == hashlib.sha256(text.encode()).hexdigest()


@given(st.integers(min_value=0, max_value=2**63 - 1), st.integers(min_value=0, max_value=2**63 - 1))
def test_another_seed_never_matches_the_commitment(seed, other):
    salt = "ab" * 16
    published = commitment(seed, salt, IDENTITY)
    assert matches(seed, salt, IDENTITY, published)
    assert matches(other, salt, IDENTITY, published) == (other == seed)


def test_the_same_seed_for_another_round_gives_another_commitment():
    salt = draw_salt()
    seed = draw_seed()
    assert commitment(seed, salt, IDENTITY) != commitment(seed, salt, RoundIdentity("demo", 7, 3))
    assert commitment(seed, salt, IDENTITY) != commitment(seed, salt, RoundIdentity("other", 7, 2))


def test_drawn_seeds_fit_the_database_column_and_salts_are_128_bits():
    assert all(0 <= draw_seed() < 2**63 for _ in range(50))
    assert len(draw_salt()) == 32
