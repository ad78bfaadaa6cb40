"""When an encounter chit keeps the effort limit (at most two asterisks a round) beside the melee's attack and
maneuver chits and a charge's chit, as a condition on those answers (systems/interface.py `shown_when`). Rule: the
chits a character plays in a round, in the encounter step and the melee, count together, and a chit is played
once a round (docs/encounter.md; the engine's `play.effort_errors`).

The melee answers the form lets stand together are the pairs (attack chit or none, maneuver chit or none) whose
asterisks, with those the round input already spends, keep the limit (the maneuver chit's own condition). An
encounter chit is accepted beside those answers that leave room for its asterisks and do not play it already. A
limit on a sum is not one product of answers (a one-asterisk chit beside a one-asterisk attack or maneuver, not
both), so the condition is exact: alternatives (`AnyOf`), each some values of one answer beside the answers the
rest accept with them. The answers are few (a character's chits), so the enumeration stays small."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from systems.interface import ShownWhen, any_of

EFFORT_LIMIT = 2
Pair = tuple[str | None, str | None]  # (attack chit, maneuver chit), None for no chit


@dataclass(frozen=True)
class MeleeChits:
    """What the form's melee fields offer, for the encounter chits to keep the effort limit with: the attack
    chits, the maneuver chits, each chit's asterisks, and the asterisks the round input already spends."""

    attack: tuple[str, ...]
    maneuver: tuple[str, ...]
    effort: dict[str, int]
    spent: int

    def asterisks(self, *chits: str | None) -> int:
        return self.spent + sum(self.effort.get(chit, 0) for chit in chits if chit)

    def pairs(self) -> list[Pair]:
        """The melee answers the form lets stand together (the maneuver chit's condition)."""
        return [(a, m) for a in (None, *self.attack) for m in (None, *self.maneuver)
                if m is None or self.asterisks(a, m) <= EFFORT_LIMIT]

    def fits(self, *chits: str | None) -> bool:
        """Whether these chits (None: no chit) are played together: none twice, within the limit."""
        named = [chit for chit in chits if chit]
        return len(set(named)) == len(named) and self.asterisks(*named) <= EFFORT_LIMIT

    def beside(self, accepted: Iterable[Pair]) -> ShownWhen | bool:
        """The condition on the attack and maneuver chits met exactly beside the `accepted` pairs: None when
        that is every pair the form lets stand, False when there is none."""
        return exact_condition(("attack_chit", "maneuver_chit"), list(accepted), self.pairs(),
                               ((None, *self.attack), (None, *self.maneuver)))


def exact_condition(names: Sequence[str], accepted: Sequence[tuple], standing: Iterable[tuple],
                    domains: Sequence[Sequence[Any]]) -> ShownWhen | bool:
    """A condition on the answers `names` met by exactly the `accepted` tuples of them (values from `domains`,
    hashable or not) among those that can stand together: None when it is all of them, False when none."""
    standing = list(standing)
    if not accepted:
        return False
    if all(answers in accepted for answers in standing):
        return None
    indexed = {tuple(list(domain).index(value) for domain, value in zip(domains, answers)) for answers in accepted}
    return any_of(_products(names, indexed, domains))


def _products(names: Sequence[str], tuples: set[tuple[int, ...]], domains: Sequence[Sequence[Any]]) -> list[tuple]:
    """The accepted tuples (as indexes into the domains) as all-of conditions: the first answer's values grouped
    by the rest they are accepted with, each group beside the conditions of that rest. A group holding every
    value of its domain puts no condition on that answer."""
    if not names:
        return [()]
    groups: dict[frozenset, list[int]] = {}
    for index in range(len(domains[0])):
        rest = frozenset(t[1:] for t in tuples if t[0] == index)
        if rest:
            groups.setdefault(rest, []).append(index)
    conditions = []
    for rest, indexes in groups.items():
        head = () if len(indexes) == len(domains[0]) else ((names[0], tuple(domains[0][i] for i in indexes)),)
        conditions += [head + tail for tail in _products(names[1:], set(rest), domains[1:])]
    return conditions
