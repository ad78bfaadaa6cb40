"""One tick cycle of Multiverse combat (docs/systems/multiverse.md, MV 1-8, rulings R1-R7). Pure.

The dice are thrown in this order, so a cycle replays from its seed or its list: in the first cycle each
combatant's initiative d10 (in the order listed); then, tick by tick, the d10 pools of the actions that
resolve (in the order listed), the mana-burn and counter checks they cause, and the Acuity checks (MV 3) of
those whose target has just died."""

from __future__ import annotations

from dataclasses import dataclass, replace

from systems.dice import Dice
from systems.errors import PlaysInvalid
from systems.events import Event
from systems.multiverse.attack import difficulty_against
from systems.multiverse.checks import ACUITY_CHECK, CHALLENGING, faces_text, pool_test
from systems.multiverse.initiative import roll_initiative
from systems.multiverse.model import TICKS_PER_CYCLE, Action, Combatant, CycleInput, InProgress
from systems.multiverse.validation import validate


@dataclass
class _Doing:
    action: Action
    starts: int  # the tick it begins on
    resolves: int  # the tick at whose end it resolves (may pass 10: ruling R2)


@dataclass(frozen=True)
class CycleResult:
    events: tuple[Event, ...]
    combatants: tuple[Combatant, ...]
    in_progress: dict[str, InProgress]
    combat_ends: bool


class _Cycle:
    def __init__(self, cycle_input: CycleInput, dice: Dice):
        self.dice = dice
        self.events: list[Event] = []
        self.state = {c.name: c for c in cycle_input.combatants}
        self.order = [c.name for c in cycle_input.combatants]
        self.queues = {name: [a for a in cycle_input.actions.get(name, ()) if not a.counter] for name in self.order}
        self.counters = {name: next((a for a in cycle_input.actions.get(name, ()) if a.counter), None) for name in self.order}
        self.doing: dict[str, _Doing | None] = {name: None for name in self.order}
        self.cycle_input = cycle_input

    def log(self, kind, text, rule, rule_name, actors, **data):
        self.events.append(Event(kind, text, rule, rule_name, tuple(actors), data))

    def alive(self, name: str) -> bool:
        return not self.state[name].dead

    def begin_next(self, name: str, tick: int) -> None:
        """`name` begins their next declared action on `tick` (MV 2); a readied weapon is lost unless it is fired."""
        queue = self.queues[name]
        if not queue:
            self.doing[name] = None
            if tick <= TICKS_PER_CYCLE:
                self.log("idle", f"{name} has no declared action left from tick {tick}: the next round declares one",
                         "MV 2", "Ticks", [name])
            return
        action = queue.pop(0)
        if self.state[name].loaded and action.kind != "fire":
            self.state[name] = replace(self.state[name], loaded=False)
            self.log("load", f"{name} turns to {action.describe()} and loses the readied shot", "MV 6.1", "Loading", [name])
        self.doing[name] = _Doing(action, tick, tick + action.ticks - 1)

    def start(self) -> None:
        cycle_input = self.cycle_input
        living = [c for c in cycle_input.combatants if not c.dead]
        if cycle_input.cycle == 1:
            begins, events = roll_initiative(living, self.dice)
            self.events += events
        else:
            begins = {c.name: 1 for c in living}
        for combatant in living:
            carried = cycle_input.in_progress.get(combatant.name)
            if carried:
                self.doing[combatant.name] = _Doing(carried.action, 1, carried.ticks_left)
                self.log("carry", f"{combatant.name} goes on with {carried.action.describe()}: {carried.ticks_left} more "
                                  "ticks", "MV 2", "Ticks (ruling R2)", [combatant.name])
            else:
                self.begin_next(combatant.name, begins[combatant.name])

    def run(self) -> CycleResult:
        self.start()
        for tick in range(1, TICKS_PER_CYCLE + 1):
            resolving = [n for n in self.order if self.alive(n) and self.doing[n] and self.doing[n].resolves == tick]
            if not resolving:
                continue
            # what each combatant is in the middle of as the tick resolves (an action not yet begun does not count)
            before = {name: doing.action if (doing := self.doing[name]) and doing.starts <= tick else None
                      for name in self.order}
            for name in resolving:
                self.resolve(name, self.doing[name].action, tick, before)
            self.deaths(tick)
            for name in resolving:
                if self.alive(name) and self.doing[name] and self.doing[name].resolves == tick:
                    self.begin_next(name, tick + 1)
        return self.finish()

    def resolve(self, name: str, action: Action, tick: int, before: dict) -> None:
        at = f"Tick {tick}: "
        if action.kind in ("attack", "fire"):
            self.attack(name, action, tick, before)
        elif action.kind == "load":
            self.state[name] = replace(self.state[name], loaded=True)
            self.log("load", f"{at}{name} has loaded and must fire next", "MV 6.1", "Loading", [name])
        elif action.kind == "cast":
            self.cast(name, action, tick)
        else:
            self.log(action.kind, f"{at}{name} completes: {action.describe()}", "MV 2", "Ticks", [name])

    def attack(self, name: str, action: Action, tick: int, before: dict) -> None:
        at = f"Tick {tick}: "
        target = self.state[action.target]
        if target.dead:
            self.log("wasted", f"{at}{name}'s {action.describe()} is wasted: {target.name} is already dead", "MV 3",
                     "Changing an action", [name, target.name])
            return
        if action.kind == "fire":
            if not self.state[name].loaded:
                self.log("wasted", f"{at}{name} fires with no readied shot: wasted", "MV 6.1", "Loading", [name])
                return
            self.state[name] = replace(self.state[name], loaded=False)
            if action.cover == "total":
                self.log("wasted", f"{at}{name} fires at {target.name}, who is totally obscured: no roll to hit",
                         "MV 6.2", "Ranged attacks", [name, target.name])
                return
        attribute = "finesse" if action.kind == "fire" else action.attribute
        pool = self.state[name].attribute(attribute)
        difficulty, steps = difficulty_against(target, before.get(target.name), cover=action.cover if action.kind == "fire" else "none")
        successes, faces = pool_test(self.dice, pool, difficulty, f"{action.kind.title()}: {name} → {target.name}")
        life = self.state[target.name].life - successes
        rule = ("MV 6.2", "Ranged attacks") if action.kind == "fire" else ("MV 5.2", "Damage")
        self.log("attack", f"{at}{name} {'fires at' if action.kind == 'fire' else 'strikes at'} {target.name}: "
                           f"{attribute.title()} {faces_text(faces)} against difficulty {' '.join(steps)} = {difficulty}: "
                           f"{_successes(successes)}; life {self.state[target.name].life} "
                           f"- {successes} = {life}", *rule, [name, target.name], faces=list(faces), damage=successes)
        self.state[target.name] = replace(self.state[target.name], life=life)
        doing = self.doing[target.name]
        if successes and doing and doing.action.kind == "cast" and doing.starts <= tick < doing.resolves:
            self.interrupt(target.name, doing.action, tick)

    def interrupt(self, caster: str, spell: Action, tick: int) -> None:
        """MV 7.1: a caster hurt mid-cast tests their highest stat; failing loses the spell to mana burn."""
        combatant = self.state[caster]
        passed, faces = pool_test(self.dice, combatant.magic_high, CHALLENGING, f"Keep casting: {caster}")
        if passed:
            self.log("spell", f"Tick {tick}: {caster} is hurt while casting {spell.spell}: {faces_text(faces)} against "
                              f"{CHALLENGING}: {_successes(passed)}, the casting goes on", "MV 7.1", "Interruption", [caster])
            return
        resisted, resist_faces = pool_test(self.dice, combatant.magic_low, CHALLENGING, f"Resist mana burn: {caster}")
        burn = max(0, spell.ticks - resisted)
        life = combatant.life - burn
        self.log("spell", f"Tick {tick}: {caster} is hurt while casting {spell.spell}: {faces_text(faces)} against "
                          f"{CHALLENGING}, no success: the spell is lost. Mana burn {spell.ticks}, resisted with "
                          f"{faces_text(resist_faces)}: {resisted}; life {combatant.life} - {burn} = {life}",
                 "MV 7.1", "Interruption and mana burn", [caster], burn=burn)
        self.state[caster] = replace(combatant, life=life)
        self.begin_next(caster, tick + 1)

    def cast(self, caster: str, spell: Action, tick: int) -> None:
        for name in self.order:
            counter = self.counters[name]
            if not counter or counter.target != caster or not self.alive(name):
                continue
            self.counters[name] = None
            passed, faces = pool_test(self.dice, self.state[name].acuity, ACUITY_CHECK, f"Counter: {name}")
            if not passed:
                self.log("spell", f"Tick {tick}: {name} tries to counter {caster}'s {spell.spell}: Acuity {faces_text(faces)} "
                                  f"against {ACUITY_CHECK}, no success", "MV 7.2", "Countermagic", [name, caster])
                continue
            self.log("spell", f"Tick {tick}: {name} counters {caster}'s {spell.spell} with {counter.spell}: Acuity "
                              f"{faces_text(faces)} against {ACUITY_CHECK}, {_successes(passed)}; the spell resolves with no "
                              "effect and costs no mana burn", "MV 7.2", "Countermagic", [name, caster])
            if self.doing[name] and self.doing[name].resolves > tick:
                self.log("spell", f"Tick {tick}: {name} drops {self.doing[name].action.describe()} to counter", "MV 3",
                         "Changing an action", [name])
                self.begin_next(name, tick + 1)
            return
        self.log("spell", f"Tick {tick}: {caster} casts {spell.spell} ({spell.ticks} mana): it takes effect (the GM "
                          "applies what the spell does)", "MV 7", "Spells", [caster])

    def deaths(self, tick: int) -> None:
        newly_dead = [n for n in self.order if self.alive(n) and self.state[n].life <= 0]
        for name in newly_dead:
            self.state[name] = replace(self.state[name], dead=True)
            self.doing[name] = None
            self.log("death", f"Tick {tick}: {name} is dead ({self.state[name].life} life)", "MV 5.3", "Death (ruling R6)", [name])
        for dead in newly_dead:
            for name in self.order:
                doing = self.doing[name]
                if not self.alive(name) or not doing or doing.action.target != dead or doing.resolves <= tick:
                    continue
                passed, faces = pool_test(self.dice, self.state[name].acuity, ACUITY_CHECK, f"Change action: {name}")
                if passed:
                    self.log("change", f"Tick {tick}: {name}'s target {dead} is dead: Acuity {faces_text(faces)} against "
                                       f"{ACUITY_CHECK}, {_successes(passed)}: {name} drops the action", "MV 3",
                             "Changing an action", [name, dead])
                    self.begin_next(name, tick + 1)
                else:
                    self.log("change", f"Tick {tick}: {name}'s target {dead} is dead: Acuity {faces_text(faces)} against "
                                       f"{ACUITY_CHECK}, no success: {name} must finish {doing.action.describe()}",
                             "MV 3", "Changing an action", [name, dead])

    def finish(self) -> CycleResult:
        carried = {}
        for name in self.order:
            doing = self.doing[name]
            if self.alive(name) and doing and doing.resolves > TICKS_PER_CYCLE:
                carried[name] = InProgress(doing.action, doing.resolves - TICKS_PER_CYCLE)
                self.log("carry", f"{name}'s {doing.action.describe()} needs {carried[name].ticks_left} more ticks: it "
                                  "carries into the next round", "MV 2", "Ticks (ruling R2)", [name])
            for action in self.queues[name] if self.alive(name) else ():
                self.log("idle", f"{name} did not begin {action.describe()} this cycle", "MV 2", "Ticks", [name])
        sides = {c.side for c in self.state.values() if not c.dead}
        ends = len(sides) <= 1
        if ends:
            self.log("end", "Combat ends: " + (f"only {sides.pop()} is left standing" if sides else "no one is left standing"),
                     "MV 8", "End of combat", self.order)
        return CycleResult(tuple(self.events), tuple(self.state[n] for n in self.order), carried, ends)


def _successes(count: int) -> str:
    return f"{count} success" if count == 1 else f"{count} successes"


def resolve_cycle(cycle_input: CycleInput, dice: Dice) -> CycleResult:
    errors = validate(cycle_input)
    if errors:
        raise PlaysInvalid(errors)
    return _Cycle(cycle_input, dice).run()

