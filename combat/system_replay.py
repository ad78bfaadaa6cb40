"""A resolved round of a battle fought through the systems interface, replayed: the stored result keeps no
`Resolution`, so what needs one (the picture of the table after the round, the state the round ended in) resolves
the round's input again with its committed seed, and the same dice give the same round. Once per process for
that input and seed: the fragment cache keeps it under a fingerprint of both (config/fragments.py), so a voided
and resolved-again round is replayed afresh."""

from __future__ import annotations

from django.core.cache import caches

from config import fragments
from systems.interface import Resolution


def replayed(round_) -> Resolution:
    campaign = round_.battle.campaign
    key = fragments.fingerprint("system-replay", campaign.system, round_.input, round_.seed)
    return caches[fragments.FRAGMENT_CACHE].get_or_set(
        key, lambda: campaign.combat_system.resolve(round_.input, seed=round_.seed))
