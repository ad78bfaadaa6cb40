"""Fixtures for the battle tests: a campaign under the bimr4 rules with its GM, two players and their
characters (Black Knight, Amazon), the demo battle (set up through the interface by Magic Realm's set-up form),
and answers to its plays forms that are valid for its first round."""

import pytest

from campaigns import services as campaign_services
from combat import services, system_battles
from combat.system_rounds import choice_index


@pytest.fixture
def gm(make_user):
    return make_user("gm")


@pytest.fixture
def campaign(gm):
    campaign = campaign_services.create_campaign(gm, "Test campaign", "test", "bimr4")
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    campaign_services.add_player(gm, campaign, {"name": "Carol", "email": "carol@example.com", "time_zone": "UTC"})
    return campaign


@pytest.fixture
def battle(campaign):
    from combat.demo import create_demo_battle

    return create_demo_battle(campaign)


@pytest.fixture
def riding_battle(gm, campaign, characters):
    """The Black Knight on his Warhorse against a Wolf, under the bimr4 rules' riding horses (rule 5.2)."""
    knight = characters["Black Knight"]
    knight.state = {**knight.state, "horse": "Warhorse"}
    knight.save()
    answers = {"characters": ["Black Knight"], "monsters": "Wolf", "attacks": "Wolf -> Black Knight"}
    round_input = campaign.combat_system.set_up(answers, ("Amazon", "Black Knight"))
    return system_battles.start_battle(gm, "test", "Charge", "Valley 2", round_input)


@pytest.fixture
def first_round(battle):
    return battle.rounds.get(number=1)


@pytest.fixture
def characters(campaign):
    return {c.catalogue_name: c for c in campaign.characters.all()}


# Answers to the demo battle's round 1 plays forms (systems/magic_realm/form.py): no encounter play, an attack
# and a maneuver, the attacker's box on the side's sheet.
BLACK_KNIGHT_PLAYS = {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "H Troll", "weapon": "Mace",
                      "attack_box": 2, "maneuver_chit": "MOVE H6", "maneuver_box": 1, "position_0": 2}
AMAZON_PLAYS = {"encounter_play": "none", "attack_chit": "FIGHT M5", "target": "Wolf", "weapon": "Short Sword",
                "attack_box": 1, "maneuver_chit": "MOVE M4", "maneuver_box": 3, "position_0": 1}


@pytest.fixture
def valid_plays():
    return {"Black Knight": dict(BLACK_KNIGHT_PLAYS), "Amazon": dict(AMAZON_PLAYS)}


def side_of(round_, name):
    """The round's side of that name (a campaign character's, or one the GM plays)."""
    return round_.sides.get(side=name)


def form_data(side, answers):
    """The POST data of a side's plays form for `answers`: a choice is posted as its index
    (combat/system_rounds.py `posted_answers`)."""
    data = {}
    for form_field in system_battles.form_of(side).fields:
        if form_field.name not in answers:
            continue
        value = answers[form_field.name]
        data[form_field.name] = choice_index(form_field, value) if form_field.choices else str(value)
    return data


def save(gm, round_, name, answers):
    """The GM saves a side's answers; their errors by field."""
    battle = round_.battle
    _, errors = system_battles.save_answers(gm, battle.campaign.slug, battle.pk, round_.number,
                                            side_of(round_, name).pk, answers)
    return errors


def lock_all(gm, round_, plays):
    """The GM saves and locks every side with its answers in `plays` (by side name)."""
    battle = round_.battle
    for name, answers in plays.items():
        assert save(gm, round_, name, answers) == {}
        system_battles.lock(gm, battle.campaign.slug, battle.pk, round_.number, side_of(round_, name).pk)


def resolve(gm, round_, plays):
    """Every side answered and locked, the round resolved by the task (run here); the round read again."""
    battle = round_.battle
    lock_all(gm, round_, plays)
    services.request_resolve(gm, battle.campaign.slug, battle.pk, round_.number)
    services.resolve_round(round_.pk)
    round_.refresh_from_db()
    return round_


@pytest.fixture
def gm_client(client, gm):
    client.force_login(gm)
    return client


@pytest.fixture
def outsider_client(client, other_user):
    client.force_login(other_user)
    return client


def round_url(battle, number=1, suffix=""):
    return f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/{number}/{suffix}"


def side_url(battle, side, number=1, suffix=""):
    """A side's own URL on the round page (its SidePlays id): save, check/, unlock/."""
    return round_url(battle, number, f"answers/{side.pk}/{suffix}")
