"""What a cycle's declared actions may be (docs/systems/multiverse.md): errors name the field."""

from __future__ import annotations

from systems.errors import FieldError, duplicate_names
from systems.multiverse.model import ACTION_KINDS, ATTACK_ATTRIBUTES, FIRE_TICKS, PACES, Combatant, CycleInput
from systems.multiverse.pool import COVER_PENALTY

MAX_TICKS = 30
COVERS = (*COVER_PENALTY, "total")


def longest_move(combatant: Combatant, pace: str) -> int | None:
    """Ticks a pace can be kept (MV 4): no limit when Finesse x multiplier is within Endurance; else Endurance
    ticks at a run and one fewer at a sprint ("-1 for each multiplier desired")."""
    multiplier = PACES[pace]
    if multiplier == 1 or combatant.finesse * multiplier <= combatant.endurance:
        return None
    return max(0, combatant.endurance - (multiplier - 2))


def validate(cycle_input: CycleInput) -> list[FieldError]:
    names = [c.name for c in cycle_input.combatants]
    errors = duplicate_names(names)
    for name in sorted(set(cycle_input.actions) - set(names)):
        errors.append(FieldError(f"actions.{name}", f"{name} is not in this battle"))
    for name, actions in cycle_input.actions.items():
        if name not in names:
            continue
        combatant = cycle_input.combatant(name)
        if combatant.dead and actions:
            errors.append(FieldError(f"actions.{name}", f"{name} is dead and declares nothing"))
        loaded = combatant.loaded or (name in cycle_input.in_progress and cycle_input.in_progress[name].action.kind == "load")
        counters = 0
        for index, action in enumerate(actions):
            path = f"actions.{name}.{index}"
            if action.kind not in ACTION_KINDS:
                errors.append(FieldError(f"{path}.kind", f"must be one of {', '.join(ACTION_KINDS)}"))
                continue
            if not 1 <= action.ticks <= MAX_TICKS:
                errors.append(FieldError(f"{path}.ticks", f"an action takes 1 to {MAX_TICKS} ticks, not {action.ticks}"))
            if action.kind in ("attack", "fire") or action.counter:
                if action.target not in names:
                    errors.append(FieldError(f"{path}.target", f"{action.target!r} is not in this battle"))
                elif action.target == name:
                    errors.append(FieldError(f"{path}.target", f"{name} cannot target themselves"))
            if action.kind == "attack" and action.attribute not in ATTACK_ATTRIBUTES:
                errors.append(FieldError(f"{path}.attribute", f"must be one of {', '.join(ATTACK_ATTRIBUTES)}"))
            if action.kind == "fire":
                if action.cover not in COVERS:
                    errors.append(FieldError(f"{path}.cover", f"must be one of {', '.join(COVERS)}"))
                if action.ticks != FIRE_TICKS:
                    errors.append(FieldError(f"{path}.ticks", "firing takes one tick (ruling R4)"))
                if not loaded:
                    errors.append(FieldError(f"{path}.kind", "a ranged weapon must be loaded first, by the action "
                                                             "just before the shot (MV 6.1)"))
            if action.kind == "move":
                if action.pace not in PACES:
                    errors.append(FieldError(f"{path}.pace", f"must be one of {', '.join(PACES)}"))
                else:
                    limit = longest_move(combatant, action.pace)
                    if limit is not None and action.ticks > limit:
                        errors.append(FieldError(f"{path}.ticks", f"{name} can {action.pace} for {limit} ticks "
                                                                  f"(Finesse {combatant.finesse}, Endurance "
                                                                  f"{combatant.endurance}), not {action.ticks} (MV 4)"))
            if action.counter:
                counters += 1
                if action.kind != "cast":
                    errors.append(FieldError(f"{path}.kind", "only a spell counters a spell (MV 7.2)"))
                if counters > 1:
                    errors.append(FieldError(f"{path}.counter", "one counterspell a cycle"))
                continue
            loaded = action.kind == "load"
    return errors
