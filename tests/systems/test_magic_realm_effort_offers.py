"""Magic Realm's form offers exactly what the engine accepts under the effort limit (two asterisks a round over
the attack chit, the maneuver chit and the encounter step's chits, each chit once a round): every attack chit
beside every maneuver chit beside every encounter play made every way, offered by the form (each answer applies
and each choice is open, systems/interface.py) exactly when `validate` accepts it. A limit on a sum is no
product of answers, so the form says it with alternatives (`AnyOf`)."""

import itertools

from systems import get_system
from systems.interface import applies, choices_open, fill
from tests.systems.test_magic_realm_encounter_step_form import clearing

MAGIC_REALM = get_system("magic-realm")
CHITS = ["FIGHT L4", "FIGHT L3*", "FIGHT L2**", "MOVE L4", "MOVE L3*", "MOVE M3*", "MOVE L2**"]


def offered(form, answers: dict) -> bool:
    """Whether the form asks every answer given and offers the choice picked, beside the answers before it."""
    before: dict = {}
    for form_field in form.fields:
        if form_field.name in answers:
            if not applies(form_field.shown_when, before):
                return False
            if form_field.choices and answers[form_field.name] not in [
                    choice.value for choice in choices_open(form_field, before)]:
                return False
            before[form_field.name] = answers[form_field.name]
    return True


def accepted(state, form, answers: dict) -> bool:
    return MAGIC_REALM.validate(fill(state, form, answers)) == []


def melee_answers(form):
    """Every attack chit (or none) beside every maneuver chit (or none), with what each needs."""
    for attack in (None, *[c.value for c in form.field("attack_chit").choices]):
        for maneuver in (None, *[c.value for c in form.field("maneuver_chit").choices]):
            answers = {}
            if attack:
                answers |= {"attack_chit": attack, "target": "Wolf", "weapon": "Thrusting Sword", "attack_box": 1}
            if maneuver:
                answers |= {"maneuver_chit": maneuver, "maneuver_box": 3 if maneuver.startswith("DUCK") else 1}
            yield answers


def encounter_plays(state):
    """Every encounter play, made with every chit or horse the character has."""
    moves = [{"chit": chit} for chit in CHITS if chit.startswith("MOVE")]
    fights = [chit for chit in CHITS if chit.startswith("FIGHT")]
    charges = [{"encounter_play": "charge", "charge_target": "Amazon", "charge_with": m} for m in moves]
    alerts = [{"encounter_play": "alert", "alert_weapon": "Thrusting Sword", "alert_chit": f} for f in fights]
    yield from charges
    yield from alerts
    yield from ({"encounter_play": "run", "run_with": m} for m in moves)
    yield from ({**charge, **alert, "encounter_play": "charge_alert"} for charge, alert in itertools.product(charges, alerts))


def test_the_form_offers_every_melee_and_encounter_combination_the_engine_accepts_and_no_other():
    """Among them a one-asterisk run beside a one-asterisk attack and no maneuver, or the other way round (once
    offered only beside the largest product of answers inside the limit), and a charge with an alert."""
    state = clearing(CHITS)
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    differ, plays_offered = [], set()
    for melee in melee_answers(form):
        if not offered(form, melee):
            continue  # beyond the limit in the melee alone: the maneuver chit's own condition
        for play in encounter_plays(state):
            answers = {**melee, **play}
            if offered(form, answers) != accepted(state, form, answers):
                differ.append((answers, offered(form, answers)))
            elif offered(form, answers):
                plays_offered.add(play["encounter_play"])
        open_plays = [c.value for c in choices_open(form.field("encounter_play"), melee)]
        made = {play["encounter_play"] for play in encounter_plays(state) if offered(form, {**melee, **play})}
        assert set(open_plays) - {"none"} == made, melee  # a play offered always leads to a chit (or horse) open
    assert differ == []
    assert plays_offered == {"charge", "alert", "run", "charge_alert"}


def test_a_charge_together_with_an_alert_is_offered_and_resolves_as_the_engine_plays_it():
    state = clearing(["FIGHT L4", "FIGHT L3*", "MOVE L4", "MOVE L3*"])
    form = MAGIC_REALM.plays_form(state, "Swordsman")
    answers = {"maneuver_chit": "MOVE L3*", "maneuver_box": 1, "encounter_play": "charge_alert",
               "charge_target": "Amazon", "charge_with": {"chit": "MOVE L4"},
               "alert_weapon": "Thrusting Sword", "alert_chit": "FIGHT L3*"}
    assert offered(form, answers)
    both = fill(state, form, answers)
    assert MAGIC_REALM.validate(both) == []
    texts = [event.text for event in MAGIC_REALM.resolve(both).events]
    assert "Swordsman charges Amazon with MOVE L4 (move time 4)" in texts
    assert "Swordsman alerts his Thrusting Sword with FIGHT L3*" in texts
