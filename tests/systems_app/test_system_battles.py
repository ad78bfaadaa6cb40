"""A battle of each new system from its start to its result emails, through the services alone."""

import pytest
from django.core.exceptions import ValidationError

from campaigns.mail.models import OutboxMessage
from combat import services, system_battles
from combat.models import Battle, Round
from combat.system_rounds import battle_starters

from .battles import answer_first_choices, start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("system,key", [
    ("enchanted-realms", "enchanted-realms-goblin-ambush"),
    ("fallen-empire", "joust-first-pass"),
    ("multiverse", "multiverse-astaroth-and-the-goblins"),
])
def test_it_resolves_a_round_and_mails_each_player_what_their_side_saw(gm, make_campaign, system, key):
    campaign = make_campaign(system)
    battle = start(gm, campaign, key)
    round_ = battle.rounds.get(number=1)
    played = {side.side: side.character for side in round_.sides.select_related("character")}
    assert {name for name, character in played.items() if character} == set(
        campaign.characters.values_list("catalogue_name", flat=True))
    answer_first_choices(gm, round_)
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
    last = player_mail.text.rstrip().split("\n-- Herald")[0].rstrip().splitlines()[-1]
    assert last.startswith("Next step: ") and player_mail.text.index("saw this round") < player_mail.text.index(last)


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


def test_the_gms_copy_ends_with_the_next_rounds_page(gm, make_campaign, settings):
    settings.HERALD_BASE_URL = "https://herald.example"
    campaign = make_campaign("fallen-empire")
    battle = a_joust_after_its_first_pass(gm, campaign)
    assert Round.objects.filter(battle=battle, number=2).exists()  # the known seed: the joust goes on
    copy = OutboxMessage.objects.get(campaign=campaign, recipient="gm@example.com", subject__endswith="(GM log)")
    last = copy.text.rstrip().split("\n-- Herald")[0].rstrip().splitlines()[-1]
    assert last == ("Next step: round 2 is open for plays; lock each side, or wait for the players, then resolve it: "
                    f"https://herald.example/campaigns/{campaign.slug}/battles/{battle.pk}/rounds/2/")


def test_each_round_email_says_the_campaigns_date_under_its_heading(gm, make_campaign):
    campaign = make_campaign("fallen-empire")
    a_joust_after_its_first_pass(gm, campaign)
    mails = OutboxMessage.objects.filter(campaign=campaign, subject__contains="round 1").exclude(
        subject__endswith="plays due")
    assert mails.count() == 3  # Alice, Bob and the GM
    for mail in mails:
        assert mail.text.splitlines()[1].startswith("month 1, week 1, day 1")
        assert "month 1, week 1, day 1" in mail.html


def a_joust_after_its_first_pass(gm, campaign):
    """The joust of `campaign` with its first pass thrown, two dice a side, and resolved."""
    battle = start(gm, campaign, "joust-first-pass")
    round_ = battle.rounds.get(number=1)
    for side in round_.sides.all():
        system_battles.save_answers(gm, campaign.slug, battle.pk, 1, side.pk, {"dice": 2})
        system_battles.lock(gm, campaign.slug, battle.pk, 1, side.pk)
    assert services.request_resolve(gm, campaign.slug, battle.pk, 1)
    services.resolve_round(round_.pk)
    return battle
