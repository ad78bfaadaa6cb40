"""A GM's hand adjustments to a Fallen Empire melee between rounds (docs/systems/fallen-empire.md "Hand
adjustments"): a combatant's hit points one at a time (falling or rising as the rules of FE 10.2 and FE 12
say), slain, fled, surrendered or back, a dying man stabilized, the unconscious woken, broken or rallied,
a shield splintered, a bandage more or less, out of melee; and a side's morale score one at a time.

The dead, the fled and the surrendered take no change but coming back (the fled and surrendered only:
death is final), and only with hit points left to fight on."""

from __future__ import annotations

from systems.adjusting import Change, Entry, Group, arrow
from systems.fallen_empire.harm import DEAD_AT
from systems.fallen_empire.model import CHARACTER_ROLES, DEFAULT_MORALE, DOWN, MORALE_ROLES, OUT

BANDAGES = range(0, 21)  # round.schema.json
MORALE = range(2, 13)  # FE 4.3


def _status(combatant: Entry) -> str:
    return combatant.get("status", "fighting")


def _combatants(state: dict):
    return ((combatant["name"], combatant) for combatant in state["combatants"])


def _sides(state: dict):
    return ((side["name"], side) for side in state["sides"])


def _in_battle(why_not=lambda combatant: None):
    """A change open only to one not out of the battle (FE 1: dead, fled or surrendered)."""
    return lambda state, combatant: f"has {_status(combatant)}: only coming back changes that" \
        if _status(combatant) in OUT else why_not(combatant)


def _fighting(why_not=lambda combatant: None):
    return lambda state, combatant: why_not(combatant) if _status(combatant) == "fighting" else \
        f"is {_status(combatant)}, not fighting"


def leave_melee(state: dict, combatant: Entry) -> str:
    """Out of every melee, both ways (only those in the fight are engaged, FE 1)."""
    former = combatant.get("engaged_with", [])
    for other in state["combatants"]:
        if combatant["name"] in other.get("engaged_with", []):
            other["engaged_with"].remove(combatant["name"])
    combatant["engaged_with"] = []
    return f"; out of melee with {', '.join(former)}" if former else ""


def _fall(state: dict, combatant: Entry) -> str:
    """What losing a hit point at 0 or less does (FE 12, rulings R26, R28), as a lethal blow would."""
    name, hp, status = combatant["name"], combatant["hp"], _status(combatant)
    character = combatant.get("role", "pc") in CHARACTER_ROLES
    if status == "fighting" and combatant.get("subdual", 0) > 0:
        combatant.update(status="unconscious", wakes=None)
        return (": knocked out, having taken subdual damage; when he wakes is the GM's (FE 12.6)"
                + leave_melee(state, combatant))
    if status in ("fighting", "unconscious") and not character:
        combatant.update(status="dead", wakes=None)
        return f": a {combatant.get('role')} at {hp} hit points is dead (FE 12.1){leave_melee(state, combatant)}"
    if hp <= DEAD_AT:
        combatant.update(status="dead", wakes=None)
        return f": at -11 or less {name} is dead (FE 12.2){leave_melee(state, combatant)}"
    if status != "dying":
        combatant.update(status="dying", wakes=None)
        return f": dying, saves at the end of each round (FE 12.2){leave_melee(state, combatant)}"
    return ""


def _lose_hp(state: dict, combatant: Entry) -> str:
    combatant["hp"] -= 1
    text = f"{combatant['name']} loses 1 hit point {arrow(combatant['hp'] + 1, combatant['hp'])}"
    return text + (_fall(state, combatant) if combatant["hp"] <= 0 else "")


def _gain_hp(state: dict, combatant: Entry) -> str:
    combatant["hp"] += 1
    text = f"{combatant['name']} heals 1 hit point {arrow(combatant['hp'] - 1, combatant['hp'])}"
    if _status(combatant) in ("dying", "stable") and combatant["hp"] > 0:
        combatant["status"] = "fighting"
        return text + ": back in the fight (FE 10.2)"
    return text


def _may_break(combatant: Entry) -> str | None:
    if combatant.get("broken"):
        return "is broken already"
    return None if combatant.get("role", "pc") in MORALE_ROLES else "is a player character: never checks morale (FE 4.1)"


def _become(status: str, sentence: str):
    def apply(state: dict, combatant: Entry) -> str:
        combatant.update(status=status, wakes=None)
        return f"{combatant['name']} {sentence}{leave_melee(state, combatant)}"
    return apply


def _come_back(state: dict, combatant: Entry) -> str:
    was = _status(combatant)
    combatant["status"] = "fighting"
    return f"{combatant['name']} is back in the fight (had {was})"


def _wake(state: dict, combatant: Entry) -> str:
    """FE 12.6: he wakes with the hit points thrown when he fell (1 when none were), never above max_hp."""
    before = combatant["hp"]
    woken = (combatant.get("wakes") or {}).get("hp", 1)
    combatant.update(status="fighting", wakes=None, hp=min(max(before, woken), combatant["max_hp"]))
    return f"{combatant['name']} wakes {arrow(before, combatant['hp'])} hit points and is back in the fight (FE 12.6)"


def _splinter(state: dict, combatant: Entry) -> str:
    shield = combatant["shield"]
    if shield.get("kind") == "magic" and not shield.get("spent"):
        combatant["shield"] = {**shield, "spent": True, "bonus": 1}
        return f"{combatant['name']}'s magic shield is given up: nonmagical for the rest of the day, bonus 1 (FE 11.3)"
    combatant["shield"] = None
    return f"{combatant['name']}'s {shield.get('kind', 'plain')} shield is splintered and discarded (FE 11.2)"


def _shield_label(state: dict, combatant: Entry) -> str:
    shield = combatant["shield"]
    if shield.get("kind") == "magic" and not shield.get("spent"):
        return f"{combatant['name']}: give up the magic shield (nonmagical for the day, FE 11.3)"
    return f"{combatant['name']}: {shield.get('kind', 'plain')} shield splintered (FE 11.2)"


def _set(field: str, value, sentence: str):
    def apply(state: dict, combatant: Entry) -> str:
        combatant[field] = value
        return f"{combatant['name']} {sentence}"
    return apply


def _step(field: str, step: int, default: int, noun: str, allowed: range):
    """Lose or gain 1 of a number kept in `allowed`: (why_not, label, apply)."""
    def why_not(entry: Entry) -> str | None:
        now = entry.get(field, default)
        return None if now + step in allowed else f"has {now} {noun}: it stays {allowed.start} to {allowed.stop - 1}"

    def label(state: dict, entry: Entry) -> str:
        now = entry.get(field, default)
        return f"{entry['name']}: {noun} {'-' if step < 0 else '+'}1 {arrow(now, now + step)}"

    def apply(state: dict, entry: Entry) -> str:
        now = entry.get(field, default)
        entry[field] = now + step
        return f"{entry['name']}'s {noun} {'down' if step < 0 else 'up'} by 1 {arrow(now, now + step)} (the GM's hand)"

    return why_not, label, apply


def _stepping(kind: str, step: int, field: str, default: int, noun: str, allowed: range, gate) -> Change:
    why_not, label, apply = _step(field, step, default, noun, allowed)
    return Change(kind, gate(why_not), label, apply)


def _side_gate(why_not):
    return lambda state, side: why_not(side)


def _hp_label(step: int):
    def label(state: dict, combatant: Entry) -> str:
        hp = combatant["hp"]
        falls = step < 0 and hp - 1 <= 0 and (_status(combatant) in ("fighting", "unconscious") or hp - 1 <= DEAD_AT
                                               or _status(combatant) == "stable")
        rises = step > 0 and hp + 1 > 0 and _status(combatant) in ("dying", "stable")
        return (f"{combatant['name']}: {'lose' if step < 0 else 'heal'} 1 hit point {arrow(hp, hp + step)}"
                + (", and fall (FE 12)" if falls else ", back in the fight (FE 10.2)" if rises else ""))
    return label


COMBATANT_CHANGES = (
    Change("hp-1", _in_battle(), _hp_label(-1), _lose_hp),
    Change("hp+1", _in_battle(lambda c: None if c["hp"] < c["max_hp"] else f"is at full hit points ({c['max_hp']})"),
           _hp_label(+1), _gain_hp),
    Change("dead", _in_battle(), lambda s, c: f"{c['name']}: slain (dead)",
           _become("dead", "is slain (the GM's ruling)")),
    Change("fled", _fighting(), lambda s, c: f"{c['name']}: fled the battle",
           _become("fled", "has fled the battle (the GM's ruling)")),
    Change("surrendered", _fighting(), lambda s, c: f"{c['name']}: surrendered",
           _become("surrendered", "has surrendered (FE 10.3, the GM's ruling)")),
    Change("back", lambda s, c: None if _status(c) in ("fled", "surrendered") and c["hp"] > 0 else
           f"has {_status(c)}: only the fled and the surrendered come back" if _status(c) in OUT else
           "is not out of the battle", lambda s, c: f"{c['name']}: back in the fight (has {_status(c)})", _come_back),
    Change("stable", lambda s, c: None if _status(c) == "dying" else "is not dying",
           lambda s, c: f"{c['name']}: stable, throws no more saves (FE 12.4)",
           _become("stable", "is stable and throws no more saves (FE 12.4, the GM's ruling)")),
    Change("wake", lambda s, c: None if _status(c) == "unconscious" else "is not unconscious",
           lambda s, c: f"{c['name']}: wakes and is back in the fight (FE 12.6)", _wake),
    Change("broken", _fighting(_may_break),
           lambda s, c: f"{c['name']}: broken (FE 4.4)", _set("broken", True, "is broken (FE 4.4, the GM's ruling)")),
    Change("rallied", _fighting(lambda c: None if c.get("broken") else "is not broken"),
           lambda s, c: f"{c['name']}: rallied, no longer broken", _set("broken", False, "rallies: no longer broken")),
    Change("splinter", _in_battle(lambda c: None if c.get("shield") else "has no shield"), _shield_label, _splinter),
    _stepping("bandages-1", -1, "bandages", 0, "bandages", BANDAGES, _in_battle),
    _stepping("bandages+1", +1, "bandages", 0, "bandages", BANDAGES, _in_battle),
    Change("out-of-melee", _fighting(lambda c: None if c.get("engaged_with") else "is not engaged in melee"),
           lambda s, c: f"{c['name']}: out of melee with {', '.join(c['engaged_with'])}",
           lambda s, c: f"{c['name']} gets clear" + leave_melee(s, c)),
)
SIDE_CHANGES = (
    _stepping("morale-1", -1, "morale", DEFAULT_MORALE, "morale", MORALE, _side_gate),
    _stepping("morale+1", +1, "morale", DEFAULT_MORALE, "morale", MORALE, _side_gate),
)
GROUPS = (Group("combatant", _combatants, COMBATANT_CHANGES), Group("side", _sides, SIDE_CHANGES))
