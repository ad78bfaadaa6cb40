"""Helpers of the tests of battles fought through the systems interface: a battle started from a starter,
every side answered with its first choices and locked, a round resolved."""

from combat import services, system_battles
from combat.system_rounds import battle_starters
from systems.interface import applies, choices_open


def start(gm, campaign, key):
    starter = next(s for s in battle_starters(campaign.combat_system) if s.key == key)
    return system_battles.start_battle(gm, campaign.slug, "The fight", "The road", starter.round_input)


def first_answers(form) -> dict:
    """The plays a hurried GM types: each field that applies gets its first open choice, a number its minimum
    (1 when it has none), a required text "waits". A choice is given as the Choice, to pick by its label."""
    answers, values = {}, {}
    for field in form.fields:
        if not applies(field.shown_when, values):
            continue
        if field.choices:
            open_choices = choices_open(field, values)
            if open_choices:
                answers[field.name] = open_choices[0]
                values[field.name] = open_choices[0].value
        elif field.kind == "number" and field.required:
            answers[field.name] = values[field.name] = field.minimum or 1
        elif field.kind == "text" and field.required:
            answers[field.name] = values[field.name] = "waits"
    return answers


def first_choices(side):
    """The side's answers with each field that applies at its first choice (numbers at their minimum)."""
    return {name: getattr(answer, "value", answer) for name, answer in first_answers(system_battles.form_of(side)).items()}


def answer_first_choices(gm, round_):
    """Every side answers each field that applies with its first choice (numbers at their minimum)."""
    for side in round_.sides.filter(locked=False):
        answers = first_choices(side)
        system_battles.save_answers(gm, round_.battle.campaign.slug, round_.battle_id, round_.number, side.pk, answers)
        system_battles.lock(gm, round_.battle.campaign.slug, round_.battle_id, round_.number, side.pk)


def play_round(gm, battle, number):
    """Round `number` of the battle played with every side's first choices and resolved; the round."""
    round_ = battle.rounds.get(number=number)
    answer_first_choices(gm, round_)
    services.request_resolve(gm, battle.campaign.slug, battle.pk, number)
    services.resolve_round(round_.pk)
    round_.refresh_from_db()
    return round_


def resolve_first_round(gm, campaign, key):
    """A battle started from the starter `key` with its round 1 resolved; the battle and that round."""
    battle = start(gm, campaign, key)
    return battle, play_round(gm, battle, 1)
