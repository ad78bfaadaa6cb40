"""The state of one Fallen Empire melee round while it is resolved: the combatants as they change, who is
engaged with whom, what has happened so far this round (charges, hits, free attacks used) and the log.

Every rule module (order, moves, attack, harm, missiles, strikes, magic, aftermath, morale) works on a
`Fight`; `round.py` runs them in the order of FE 3. Pure: dice injected, no I/O."""

from __future__ import annotations

from dataclasses import replace

from systems.dice import Dice
from systems.events import Event
from systems.fallen_empire.model import Combatant, Play, RoundInput, Side


class Fight:
    def __init__(self, round_input: RoundInput, dice: Dice):
        self.input = round_input
        self.dice = dice
        self.events: list[Event] = []
        self.order = [combatant.name for combatant in round_input.combatants]
        self.people: dict[str, Combatant] = {c.name: c for c in round_input.combatants}
        self.sides: dict[str, Side] = {side.name: side for side in round_input.sides}
        self.engaged: dict[str, set[str]] = {c.name: set(c.engaged_with) for c in round_input.combatants}
        self.surprised: set[str] = set()  # sides that do not act this round (FE 3.1)
        self.surprisers: set[str] = set()  # sides at +1 to hit this round (FE 3.1)
        self.turn_of: dict[str, int | None] = {}  # the turn each combatant acts in (FE 3.2)
        self.side_turn: dict[str, int] = {}  # the turn each side acts in (FE 3.2, FE 8.3)
        self.turn = 0
        self.phase = "start"
        self.helpless_at_start = {c.name for c in round_input.combatants if c.down}  # FE 5.5
        self.charging: set[str] = set()  # AC 2 worse to the end of the round (FE 8.2)
        self.charge_stopped: set[str] = set()  # chargers stopped or negated: no charge attack (FE 6.4, FE 8.3)
        self.charged_at: dict[str, list[str]] = {}  # setter -> chargers whose charge ended on him (FE 8.3)
        self.opportunity_used: set[str] = set()  # FE 6.4: one a round
        self.hit_this_round: set[str] = set()  # FE 9.2
        self.got_away: set[str] = set()  # retreated, not negated (FE 6.3)
        self.withdrew: dict[str, int] = {}  # withdrawer -> inches backed away (FE 6.2)
        self.unreached: dict[str, str] = {}  # melee attacker -> why its target is out of reach (FE 5.6)
        self.set_struck: set[str] = set()  # setters who have struck a charger (FE 8.3)
        self.engaged_at_phase_start: dict[str, set[str]] = {}  # FE 3.4: a blow in the same phase still lands

    # --- the log -----------------------------------------------------------------------------------------
    def log(self, kind: str, text: str, rule: str, rule_name: str, actors, seen_by=None, **data) -> None:
        """One event; `seen_by` is the sides that may see it (FE 13.2): every side unless given."""
        data["seen_by"] = sorted(self.sides) if seen_by is None else sorted(seen_by)
        data.setdefault("turn", self.turn)
        data.setdefault("phase", self.phase)
        self.events.append(Event(kind, text, rule, rule_name, tuple(actors), data))

    def own_side(self, name: str) -> list[str]:
        return [self.people[name].side]

    # --- combatants --------------------------------------------------------------------------------------
    def __getitem__(self, name: str) -> Combatant:
        return self.people[name]

    def update(self, name: str, **changes) -> Combatant:
        self.people[name] = replace(self.people[name], **changes)
        return self.people[name]

    def play(self, name: str) -> Play:
        return self.input.play(name)

    def side_of(self, name: str) -> str:
        return self.people[name].side

    def enemies(self, a: str, b: str) -> bool:
        return self.side_of(a) != self.side_of(b)

    def surprised_now(self, name: str) -> bool:
        return self.side_of(name) in self.surprised

    def can_act(self, name: str) -> bool:
        """In the fight and not surprised (FE 3.1, FE 12)."""
        return self.people[name].fighting and not self.surprised_now(name)

    def begin_phase(self, phase: str, actors: list[str], action: str | None = None) -> list[str]:
        """FE 3.4: the turn's combatants able to act at the start of the phase (with that action, if given)."""
        self.phase = phase
        self.engaged_at_phase_start = {name: set(others) for name, others in self.engaged.items()}
        return [name for name in actors if self.can_act(name) and action in (None, self.play(name).action)]

    # --- engagement --------------------------------------------------------------------------------------
    def engage(self, a: str, b: str) -> bool:
        """a and b are now in melee; False when they already were."""
        if b in self.engaged[a]:
            return False
        self.engaged[a].add(b)
        self.engaged[b].add(a)
        return True

    def disengage(self, name: str) -> list[str]:
        """name leaves every melee; returns whom he was engaged with."""
        former = sorted(self.engaged[name], key=self.order.index)
        for other in former:
            self.engaged[other].discard(name)
        self.engaged[name].clear()
        return former

    def engaged_with(self, name: str) -> list[str]:
        return sorted(self.engaged[name], key=self.order.index)

    def melee_group(self, name: str) -> list[str]:
        """Everyone in the same instance of melee as name (FE 7.3), in the order listed."""
        seen, stack = {name}, [name]
        while stack:
            for other in self.engaged[stack.pop()]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        return [n for n in self.order if n in seen]

    def state(self) -> tuple[Combatant, ...]:
        return tuple(replace(self.people[n], engaged_with=tuple(self.engaged_with(n))) for n in self.order)

    def gone(self, target: str) -> str | None:
        """Why an attack on target can no longer be made (FE 5.6, ruling R13), or None."""
        combatant = self.people[target]
        if combatant.out:
            return f"{target} has {'died' if combatant.status == 'dead' else combatant.status}"
        if combatant.down and target not in self.helpless_at_start:
            return f"{target} went down earlier this round"
        return None
