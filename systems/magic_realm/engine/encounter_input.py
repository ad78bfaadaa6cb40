"""The EncounterInput of a round file: its BattleState and its `encounter` section (ENCOUNTER_SCHEMA,
systems.magic_realm.engine.encounter_schema), read with the catalogue, including the Meeting table rolls with each
character's relationships (Knight's Adjustment, systems.magic_realm.engine.relationships); and Denizen/Minion read from
the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping

from systems.magic_realm.engine.advantages import FEAR, has_advantage
from systems.magic_realm.engine.encounter_model import (
    AlertWeapon,
    CastSpell,
    CharacterInClearing,
    Charge,
    Denizen,
    Deploy,
    EncounterAction,
    EncounterError,
    EncounterInput,
    EncounterInvalid,
    Lure,
    MeleeTarget,
    Minion,
    RunAway,
)
from systems.magic_realm.engine.lookups import catalogue_or_default
from systems.magic_realm.engine.meeting import MeetingRequest, MeetingTable
from systems.magic_realm.engine.relationships import CharacterRelationships


def denizen_from_catalogue(name: str, counter: str | None = None, side: str = "light", **state) -> Denizen:
    """A Denizen with its kind, group, move time, flying and notoriety read from the catalogue.

    `counter` is the catalogue name when `name` differs ("Soldier 1"); a mounted native's move time in
    the encounter step is its horse's walking side. `state` sets target, watchful, red_side_up.
    """
    from systems.magic_realm.engine.catalogue_data import get_catalogue

    found = get_catalogue().denizen(counter or name)
    face = found.dark if side == "dark" else found.light
    horse = getattr(found, "horse", None)
    move_time = horse.walking.move_time if horse is not None else face.move_time
    group = getattr(found, "group", None)
    return Denizen(
        name=name,
        kind="native" if group else "monster",
        move_time=move_time if move_time is not None else 6,
        group=group,
        flying=getattr(found, "flying", False),
        notoriety=found.notoriety,
        **state,
    )


def minion_from_catalogue(name: str, counter: str | None = None, side: str = "light", **state) -> Minion:
    """A hireling (hired native or monster) read from the catalogue, as denizen_from_catalogue."""
    denizen = denizen_from_catalogue(name, counter, side)
    return Minion(
        name=name,
        move_time=denizen.move_time,
        kind=denizen.kind,
        group=denizen.group,
        notoriety=denizen.notoriety,
        flying=denizen.flying,
        **state,
    )


def _counter_facts(catalogue, denizen) -> dict:
    """Kind, group, move time, flying, notoriety and red side of a DenizenState, from the catalogue.
    A mounted native moves at its horse's walking time in the encounter step."""
    counter = catalogue.denizen(denizen.counter)
    face = counter.dark if denizen.side == "dark" else counter.light
    horse = getattr(counter, "horse", None)
    move_time = face.move_time
    if horse is not None and not denizen.horse_dead:
        move_time = horse.walking.move_time
    group = denizen.group or getattr(counter, "group", None)
    return {
        "kind": "native" if group else "monster",
        "group": group,
        "move_time": move_time if move_time is not None else 6,
        "flying": getattr(counter, "flying", False),
        "notoriety": counter.notoriety,
        "red_side_up": denizen.side == "dark" and bool(getattr(face, "pins", False)),
    }


def _chit_time(label: str, path: str, errors: list[EncounterError]) -> tuple[int, str]:
    from systems.magic_realm.engine.model import ChitLabelError, parse_chit

    try:
        chit = parse_chit(label)
    except ChitLabelError as error:
        errors.append(EncounterError(path, str(error)))
        return 0, "move"
    return chit.time or 0, "fly" if chit.action == "FLY" else "move"


def encounter_from_round(round_input, data: Mapping, catalogue=None) -> EncounterInput:
    """The EncounterInput of a round file: its state (systems.magic_realm.engine.model.BattleState) and its
    `encounter` section (ENCOUNTER_SCHEMA). Raises EncounterInvalid with paths under "encounter."."""
    catalogue = catalogue_or_default(catalogue)
    state = round_input.state
    errors: list[EncounterError] = []
    absent = set(data.get("absent", []))
    hidden_hirelings = set(data.get("hidden_hirelings", []))
    watchful = set(data.get("watchful", []))
    modifiers = data.get("die_modifiers", {})
    facts: dict[str, dict] = {}
    for i, denizen in enumerate(state.denizens):
        if not denizen.active:
            continue
        try:
            facts[denizen.id] = _counter_facts(catalogue, denizen)
        except LookupError as error:
            errors.append(EncounterError(f"state.denizens[{i}].counter", str(error)))
    # A target killed or fled earlier leaves its attacker unassigned (issue #14.1): it is lured or assigned anew.
    # So does a hireling of a character killed or fled: with no one in the clearing to lead it, it takes no
    # part in the encounter step (it is no one's minion, and not unhired), so nothing here is assigned to it.
    gone = {c.id for c in state.characters if c.dead or c.fled}
    in_the_fight = {c.id for c in state.characters if not c.dead and not c.fled}
    in_the_fight |= {d.id for d in state.denizens if d.active and d.hired_by not in gone}
    characters = []
    for character in state.characters:
        if character.dead or character.fled:
            continue
        minions = tuple(
            Minion(
                name=d.id,
                move_time=facts[d.id]["move_time"],
                kind=facts[d.id]["kind"],
                group=facts[d.id]["group"],
                notoriety=facts[d.id]["notoriety"],
                hidden=d.id in hidden_hirelings,
                flying=facts[d.id]["flying"],
                target=d.target if d.target in in_the_fight else None,
            )
            for d in state.denizens
            if d.hired_by == character.id and d.id in facts
        )
        characters.append(
            CharacterInClearing(
                name=character.id,
                present=character.id not in absent,
                hidden=character.hidden,
                minions=minions,
                die_modifier=modifiers.get(character.id, 0),
                horse=character.horse.counter if character.rides else None,
            )
        )
    denizens = tuple(
        Denizen(
            name=d.id,
            kind=facts[d.id]["kind"],
            move_time=facts[d.id]["move_time"],
            group=facts[d.id]["group"],
            flying=facts[d.id]["flying"],
            red_side_up=facts[d.id]["red_side_up"],
            notoriety=facts[d.id]["notoriety"],
            target=d.target if d.target in in_the_fight else None,
            watchful=d.id in watchful,
        )
        for d in state.denizens
        if d.hired_by is None and d.id in facts
    )
    charges = []
    for i, raw in enumerate(data.get("charges", [])):
        run = _run_from_json(raw["character"], raw, state, catalogue, f"encounter.charges[{i}]", errors)
        charges.append(Charge(raw["character"], raw["target"], run.move_time, run.chit, run.using))
    actions: list[EncounterAction] = []
    for i, raw in enumerate(data.get("actions", [])):
        path = f"encounter.actions[{i}]"
        given = [key for key in ("run", "alert", "cast") if key in raw]
        if len(given) != 1:
            errors.append(EncounterError(path, "give exactly one of run, alert or cast"))
            continue
        if "chit" in raw:
            _own_chit(
                state,
                raw["character"],
                raw["chit"],
                ("FIGHT", "BERSERK") if "alert" in raw else ("MAGIC",),
                path,
                errors,
            )
        if "alert" in raw:
            who = state.character(raw["character"])
            weapon = who.weapon(raw["alert"]) if who is not None else None
            if who is not None and weapon is None:
                errors.append(EncounterError(f"{path}.alert", f"{raw['character']} has no {raw['alert']!r}"))
            elif weapon is not None and weapon.alerted:
                errors.append(EncounterError(f"{path}.alert", f"{weapon.name} is already alerted"))
            actions.append(AlertWeapon(raw["character"], raw["alert"], raw.get("chit", "")))
        elif "cast" in raw:
            _known_spell(state, raw["character"], raw["cast"], catalogue, f"{path}.cast", errors)
            actions.append(CastSpell(raw["character"], raw["cast"], raw.get("chit", "")))
        else:
            actions.append(
                _run_from_json(raw["character"], raw["run"], state, catalogue, f"{path}.run", errors)
            )
    targets = [
        MeleeTarget(raw["attacker"], raw["target"], raw.get("stays_hidden", False))
        for raw in data.get("targets", [])
    ]
    meeting_table = None
    if "meeting_table" in data:
        from systems.magic_realm.engine.meeting import MeetingTableError

        try:
            meeting_table = MeetingTable({k: tuple(v) for k, v in data["meeting_table"].items()})
        except MeetingTableError as error:
            errors.extend(
                EncounterError(f"encounter.meeting_table.{k[8:]}", v) for k, v in error.errors.items()
            )
    meetings = []
    for i, raw in enumerate(data.get("meetings", [])):
        who = state.character(raw["character"])
        if who is None:
            errors.append(
                EncounterError(f"encounter.meetings[{i}].character", f"no character {raw['character']!r}")
            )
            continue
        counter = catalogue.character(who.character)
        meetings.append(
            MeetingRequest(
                CharacterRelationships(who.id, counter.knight, dict(counter.relationships)),
                raw["group"],
                raw.get("die_modifier", 0),
                raw.get("relationship"),
                raw.get("take_row_two"),
                one_die=has_advantage(counter, FEAR),  # issue #15.4: the Black Knight rolls one die
            )
        )
    listed = {target.attacker for target in targets}
    targets += [
        MeleeTarget(p.character, p.target)
        for p in round_input.plays
        if p.target and p.character not in listed
    ]
    if errors:
        raise EncounterInvalid(errors)
    return EncounterInput(
        rules=round_input.rules,
        characters=tuple(characters),
        denizens=denizens,
        # Natives battling a character who has since died or fled battle no one (issue #14.1).
        battling=frozenset((b["group"], b["character"]) for b in data.get("battling", []) if b["character"] not in gone),
        round_number=state.round_number,
        lures=tuple(Lure(raw["lurer"], raw["denizen"]) for raw in data.get("lures", [])),
        deployments=tuple(Deploy(raw["hireling"], raw["target"]) for raw in data.get("deployments", [])),
        charges=tuple(charges),
        actions=tuple(actions),
        targets=tuple(targets),
        choices=dict(data.get("choices", {})),
        meetings=tuple(meetings),
        meeting_table=meeting_table,
    )


def _known_spell(state, character: str, spell: str, catalogue, path: str, errors) -> None:
    """When the character's entry lists the spells he knows, the spell he casts must be one of them
    (docs/rulings.md, "Spells a character knows"); without the list any spell is his to cast, as before."""
    who = state.character(character)
    if who is None or who.spells is None:
        return
    try:
        name = catalogue.spell(spell).name
    except LookupError:
        name = spell
    if not who.knows(name):
        known = ", ".join(who.spells) or "none"
        errors.append(EncounterError(path, f"{character} does not know {spell} (his spells: {known})"))


def _own_chit(state, character: str, label: str, actions: tuple[str, ...], path: str, errors) -> None:
    """The chit must be one of the character's, fresh, and of the right action."""
    who = state.character(character)
    if who is None:
        return
    chit = who.chit(label)
    if chit is None:
        errors.append(EncounterError(path, f"{character} has no chit {label!r}"))
    elif not chit.usable:
        errors.append(EncounterError(path, f"{character}'s {label} is {chit.state}"))
    elif chit.action not in actions:
        errors.append(EncounterError(path, f"{label} is not a {' or '.join(actions)} chit"))


def _run_from_json(
    character: str, raw: Mapping, state, catalogue, path: str, errors: list[EncounterError]
) -> RunAway:
    if "chit" in raw:
        known = len(errors)
        # A chit is named by its id ("MOVE M4 #2" for a character's second MOVE M4) or by its label.
        who = state.character(character)
        chit = who.chit(raw["chit"]) if who is not None else None
        time, using = _chit_time(chit.label if chit is not None else raw["chit"], f"{path}.chit", errors)
        if len(errors) == known:
            _own_chit(state, character, raw["chit"], ("MOVE", "FLY"), f"{path}.chit", errors)
        return RunAway(character, time, using, raw["chit"])
    if "horse" in raw:
        rider = state.character(character)
        if rider is None or not rider.rides:
            errors.append(EncounterError(f"{path}.horse", f"{character} has no active horse"))
            return RunAway(character, 0, "horse")
        horse = catalogue.horse(rider.horse.counter)
        side = horse.galloping if raw["horse"] == "galloping" else horse.walking
        return RunAway(character, side.move_time, "horse", f"{horse.name} ({raw['horse']})")
    if "boots" in raw and "time" in raw:
        return RunAway(character, raw["time"], "boots", raw["boots"])
    errors.append(EncounterError(path, "give a chit, a horse side, or boots with their time"))
    return RunAway(character, 0)
