"""The miscellany phase and the end of the round (FE 10 bandages and other actions, FE 12.3-12.5 dying)."""

from __future__ import annotations

from systems.fallen_empire.fight import Fight

EXPENDED_ON = 1  # FE 10.2: after a use, 1 on 1d6 expends the supply


def misc_phase(fight: Fight, actors: list[str]) -> None:
    """FE 10: other actions and bandages; a dying character may bandage himself (FE 12.5)."""
    fight.phase = "miscellany"
    able = [name for name in actors if not fight.surprised_now(name) and (
        fight[name].fighting or (fight[name].status == "dying" and fight.play(name).action == "bandage"))]
    for name in able:
        play = fight.play(name)
        if play.action == "other":
            fight.log("other", f"{name}: {play.text}", "FE 10.1", "Other actions", [name])
        elif play.action == "bandage":
            bandage(fight, name, play.patient)


def bandage(fight: Fight, name: str, patient: str) -> None:
    own = fight.own_side(name)
    if fight[name].status == "dying":
        face = fight.dice.throw(1, 20, f"CON check: {name}").faces[0]
        con = fight[name].con
        if face > con:
            fight.log("con", f"{name}, dying, tries to bandage himself: CON check d20 {face} > CON {con}: fails to stay "
                             "awake and focused", "FE 12.5", "Bandaging oneself", [name], seen_by=own, face=face, passed=False)
            return
        fight.log("con", f"{name}, dying, bandages himself: CON check d20 {face} ≤ CON {con}: hit points "
                         f"{fight[name].hp} → 0, stable, no more saves", "FE 12.5", "Bandaging oneself (ruling R27)",
                  [name], seen_by=own, face=face, passed=True)
        fight.update(name, hp=0, status="stable")
    else:
        treat(fight, name, patient)
    face = fight.dice.throw(1, 6, f"Bandages: {name}").faces[0]
    left = fight[name].bandages - (face == EXPENDED_ON)
    fight.update(name, bandages=left)
    fight.log("bandages", f"{name}'s bandages, 1d6 {face}: " + ("that supply is expended" if face == EXPENDED_ON
                                                                 else "the supply lasts") + f" ({left} left)",
              "FE 10.2", "Bandages", [name], seen_by=own, face=face)


def treat(fight: Fight, name: str, patient: str) -> None:
    """FE 10.2, ruling R27: at 0 or more heal 1 (to max_hp); under 0 stabilize the dying."""
    person = fight[patient]
    if person.out:
        fight.log("bandage", f"{name} cannot bandage {patient}: {patient} has {person.status}", "FE 10.2", "Bandages",
                  [name, patient])
        return
    if person.hp < 0:
        if person.status == "dying":
            fight.update(patient, status="stable")
            fight.log("bandage", f"{name} bandages {patient} at {person.hp} hit points: stabilized, no more saves",
                      "FE 12.4", "Stable", [name, patient])
        else:
            fight.log("bandage", f"{name} bandages {patient} at {person.hp} hit points: under 0 a bandage only stabilizes "
                                 f"the dying, and {patient} is {person.status}", "FE 10.2", "Bandages (ruling R27)",
                      [name, patient])
        return
    healed = min(1, person.max_hp - person.hp)
    back = person.status in ("dying", "stable") and person.hp + healed >= 1
    fight.update(patient, hp=person.hp + healed, status="fighting" if back else person.status)
    fight.log("bandage", f"{name} bandages {patient}: hit points {person.hp} + {healed} = {person.hp + healed}"
                         + (" (already unharmed)" if not healed else "") + ("; back in the fight" if back else ""),
              "FE 10.2", "Bandages", [name, patient], healed=healed)


def dying_saves(fight: Fight) -> None:
    """FE 12.3, ruling R26: at the end of the round each dying character throws d20 against save_death."""
    fight.phase = "end"
    for name in fight.order:
        person = fight[name]
        if person.status != "dying":
            continue
        face = fight.dice.throw(1, 20, f"Save or die: {name}").faces[0]
        if face >= person.save_death:
            fight.log("save", f"{name}, dying, saves: d20 {face} ≥ {person.save_death}: hangs on another round", "FE 12.3",
                      "Save or die", [name], seen_by=fight.own_side(name), face=face)
        else:
            fight.update(name, status="dead")
            fight.log("death", f"{name}, dying, fails to save: d20 {face} < {person.save_death}: dead", "FE 12.3",
                      "Save or die", [name], seen_by=fight.own_side(name), face=face)
