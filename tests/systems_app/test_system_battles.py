"""A battle of each new system from its start to its result emails, through the services alone."""

import pytest
from django.core.exceptions import ValidationError

from campaigns.mail.models import OutboxMessage
from combat import services, system_battles
from combat.models import Battle, Round
from combat.system_rounds import battle_starters

pytestmark = pytest.mark.django_db


def _start(gm, campaign, key):
    starter = next(s for s in battle_starters(campaign.combat_system) if s.key == key)
    return system_battles.start_battle(gm, campaign.slug, "The fight", "The road", starter.round_input)


def _answer_first_choices(gm, round_):
    """Every side answers each field that applies with its first choice (numbers at their minimum)."""
    for side in round_.sides.filter(locked=False):
        form = system_battles.form_of(side)
        answers = {}
        for field in form.fields:
            if field.shown_when and answers.get(field.shown_when[0]) not in field.shown_when[1]:
                continue
            if field.choices:
                open_choices = [c for c in field.choices
                                if not c.shown_when or answers.get(c.shown_when[0]) in c.shown_when[1]]
                if open_choices:
                    answers[field.name] = open_choices[0].value
            elif field.kind == "number" and field.required:
                answers[field.name] = field.minimum or 1
            elif field.kind == "text" and field.required:
                answers[field.name] = "waits"
        system_battles.save_answers(gm, round_.battle.campaign.slug, round_.battle_id, round_.number, side.pk, answers)
        system_battles.lock(gm, round_.battle.campaign.slug, round_.battle_id, round_.number, side.pk)


@pytest.mark.parametrize("system,key", [
    ("enchanted-realms", "enchanted-realms-goblin-ambush"),
    ("fallen-empire", "joust-first-pass"),
    ("multiverse", "multiverse-astaroth-and-the-goblins"),
])
def test_it_resolves_a_round_and_mails_each_player_what_their_side_saw(gm, make_campaign, system, key):
    campaign = make_campaign(system)
    battle = _start(gm, campaign, key)
    round_ = battle.rounds.get(number=1)
    played = {side.side: side.character for side in round_.sides.select_related("character")}
    assert {name for name, character in played.items() if character} == set(
        campaign.characters.values_list("catalogue_name", flat=True))
    _answer_first_choices(gm, round_)
    assert services.request_resolve(gm, campaign.slug, battle.pk, 1)
    services.resolve_round(round_.pk)
    round_.refresh_from_db()
    assert round_.status == Round.Status.RESOLVED, round_.error
    assert round_.log and all(event["rule"] for event in round_.log)
    assert Round.objects.filter(battle=battle, number=2).exists() or Battle.objects.get(pk=battle.pk).status == "ended"
    mails = OutboxMessage.objects.filter(campaign=campaign)
    recipients = set(mails.values_list("recipient", flat=True))
    assert {c.player.email for c in campaign.characters.select_related("player")} | {"gm@example.com"} == recipients
    player_mail = mails.exclude(recipient="gm@example.com").first()
    assert player_mail.text.index("Dear") < player_mail.text.index("What comes next") < player_mail.text.index("saw this round")


def test_it_refuses_a_campaign_with_an_unknown_option(gm):
    from campaigns import services as campaign_services

    with pytest.raises(ValidationError) as error:
        campaign_services.create_campaign(gm, "Jousts", "jousts", "", system="fallen-empire", options={"nonsense": 1})
    assert "nonsense" in str(error.value)


def test_it_refuses_a_starting_state_of_another_system(gm, make_campaign):
    campaign = make_campaign("multiverse")
    starter = battle_starters(campaign.combat_system)[0]
    with pytest.raises(services.BattleError) as error:
        system_battles.start_battle(gm, campaign.slug, "x", "y", {**starter.round_input, "system": "enchanted-realms"})
    assert "state" in error.value.errors
