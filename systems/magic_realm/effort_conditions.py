"""When an encounter chit keeps the effort limit (at most two asterisks a round) beside the melee's attack and
maneuver chits, as a condition on both answers (systems/interface.py `shown_when`, several pairs that must all
hold). Rule: the chits a character plays in a round, in the encounter step and the melee, count together, and a
chit is played once a round (docs/encounter.md; the engine's `play.effort_errors`).

The melee answers the form lets stand together are the pairs (attack chit or none, maneuver chit or none) whose
asterisks, with those the round input already spends, keep the limit (the maneuver chit's own condition). An
encounter chit is accepted beside those of the pairs that leave room for its asterisks. A condition of several
pairs is a product: some attack answers beside some maneuver answers. Where the accepted pairs are one (a chit
with two asterisks beside two chits without), the condition is exact; where they are not (a one-asterisk chit
beside an attack or a maneuver of one asterisk, but not both), the form offers the largest product inside them,
never a pair the engine refuses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from systems.interface import Choice, Condition, applies

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

    def accepted_beside(self, chit: str) -> set[Pair]:
        """The melee answers an encounter chit keeps the limit with, and is not one of."""
        return {(a, m) for a, m in self.pairs() if chit not in (a, m) and self.asterisks(a, m, chit) <= EFFORT_LIMIT}

    def opened_by(self, choice: Choice) -> set[Pair]:
        """The melee answers a choice's condition is open beside."""
        return {(a, m) for a, m in self.pairs() if applies(choice.shown_when, {"attack_chit": a, "maneuver_chit": m})}

    def condition(self, accepted: set[Pair]) -> tuple[Condition, ...] | None | bool:
        """The condition on the attack and maneuver chits open beside the largest product of answers inside
        `accepted`: None when that is every pair, False when there is none."""
        product = self._largest_product(accepted)
        return False if product is None else self._as_condition(*product)

    def covering(self, opened: set[Pair]) -> tuple[Condition, ...] | None | bool:
        """The condition on the attack and maneuver chits open beside the smallest product of answers that
        holds all of `opened` (the attack answers of its pairs beside their maneuver answers)."""
        if not opened:
            return False
        return self._as_condition(tuple(a for a in (None, *self.attack) if any(p[0] == a for p in opened)),
                                  tuple(m for m in (None, *self.maneuver) if any(p[1] == m for p in opened)))

    def _as_condition(self, attacks: tuple, maneuvers: tuple) -> tuple[Condition, ...] | None:
        pairs = [("attack_chit", attacks, (None, *self.attack)), ("maneuver_chit", maneuvers, (None, *self.maneuver))]
        kept = tuple((name, values) for name, values, every in pairs if set(values) != set(every))
        return kept or None

    def _largest_product(self, accepted: set[Pair]) -> tuple[tuple, tuple] | None:
        """Some attack answers and some maneuver answers, every standing pair of which is accepted, covering as
        many accepted pairs as can be: the attack answers up to some asterisks beside every maneuver answer
        they all keep, or the other way round."""
        standing = self.pairs()
        attacks = [a for a in (None, *self.attack) if any(p[0] == a for p in accepted)]
        maneuvers = [m for m in (None, *self.maneuver) if any(p[1] == m for p in accepted)]
        candidates = []
        for most in sorted({self.effort.get(a, 0) for a in attacks}):
            chosen = [a for a in attacks if self.effort.get(a, 0) <= most]
            candidates.append((chosen, [m for m in maneuvers if _all_in(((a, m) for a in chosen), standing, accepted)]))
        for most in sorted({self.effort.get(m, 0) for m in maneuvers}):
            chosen = [m for m in maneuvers if self.effort.get(m, 0) <= most]
            candidates.append(([a for a in attacks if _all_in(((a, m) for m in chosen), standing, accepted)], chosen))
        def covered(candidate) -> int:
            return sum(1 for a, m in standing if a in candidate[0] and m in candidate[1])
        best = max(candidates, default=None, key=covered)
        return None if best is None or not covered(best) else (tuple(best[0]), tuple(best[1]))


def _all_in(pairs: Iterable[Pair], standing: list[Pair], accepted: set[Any]) -> bool:
    return all(pair in accepted for pair in pairs if pair in standing)
