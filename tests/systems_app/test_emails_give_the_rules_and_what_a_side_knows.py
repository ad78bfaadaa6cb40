"""The emails of a battle fought through the systems interface give what Magic Realm's give: the rules the
round was resolved under (the campaign's version of its options and a fingerprint anyone can recompute from
`Round.rules`) in the
players' and the GM's result emails, and, in each player's plays-due email, what he knows of his own
combatants before the plays (the system's `standing`), never of another player's."""

import hashlib
import json

import pytest

from campaigns import services as campaign_services
from campaigns.mail.models import OutboxMessage

from .battles import answer_first_choices, start
from .conftest import resolve

pytestmark = pytest.mark.django_db

AS_WRITTEN = {"preset": "as-written", "magic_before_melee": False, "surprise": True, "joust_max_passes": None}
EARLIER_ORDER = {**AS_WRITTEN, "preset": "earlier-order", "magic_before_melee": True}  # ruling R5: magic first
THREE_RIDES = {**AS_WRITTEN, "preset": "three-rides", "joust_max_passes": 3}  # ruling R1: three passes at most


def recomputed(rules) -> str:
    """The fingerprint as anyone recomputes it from the round's rules, written out here and not imported."""
    return hashlib.sha256(json.dumps(rules, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:10]


def round_emails(campaign, number=1):
    mails = OutboxMessage.objects.filter(campaign=campaign, subject__contains=f"round {number}").exclude(
        subject__contains="plays due")
    gm = mails.get(recipient="gm@example.com")
    return gm, list(mails.exclude(recipient="gm@example.com"))


def test_the_result_emails_give_the_fingerprint_of_the_rules_the_round_opened_under(gm, make_campaign):
    campaign = make_campaign("fallen-empire")
    campaign_services.change_rules(gm, campaign, {"preset": "earlier-order"}, "Magic first")  # version 2
    battle = start(gm, campaign, "fallen-empire-goblin-ambush")
    first = battle.rounds.get(number=1)
    campaign_services.change_rules(gm, campaign, {"preset": "three-rides"}, "A tournament")  # from the next round
    answer_first_choices(gm, first)
    resolved = resolve(gm, first)
    assert resolved.rules == EARLIER_ORDER
    assert resolved.rules_version_number == 2  # the version current when the round opened
    fingerprint = recomputed(EARLIER_ORDER)
    assert fingerprint != recomputed(THREE_RIDES)
    assert fingerprint == campaign.rule_set_versions.get(number=2).fingerprint
    gm_mail, player_mails = round_emails(campaign)
    assert [mail.recipient for mail in player_mails] == ["alice@example.com"]  # Sir Ash; the goblins: the GM's
    assert gm_mail.text.splitlines()[1] == (
        f"month 1, week 1, day 1 · rules version 2, fingerprint {fingerprint} · seed {resolved.seed}")
    assert f"rules version 2, fingerprint <code>{fingerprint}</code>" in gm_mail.html
    for mail in player_mails:
        assert f"\nRules: version 2, fingerprint {fingerprint}.\n" in mail.text
        assert f"<small>Rules: version 2, fingerprint {fingerprint}.</small>" in mail.html
        # Still the log first, then the rules and dice, and last what to do next.
        last = mail.text.rstrip().split("\n-- Herald")[0].rstrip().splitlines()[-1]
        assert last.startswith("Next step: ")
        assert mail.text.index("saw this round") < mail.text.index("Rules: version") < mail.text.index(last)


def test_a_round_of_a_campaign_of_a_system_without_options_gives_version_one_and_the_fingerprint_of_its_preset(
        gm, make_campaign):
    campaign = make_campaign("enchanted-realms")
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    first = battle.rounds.get(number=1)
    answer_first_choices(gm, first)
    resolved = resolve(gm, first)
    assert (resolved.rules, resolved.rules_version_number) == ({"preset": "default"}, 1)
    gm_mail, player_mails = round_emails(campaign)
    fingerprint = recomputed({"preset": "default"})
    assert f"rules version 1, fingerprint {fingerprint} · seed" in gm_mail.text
    assert f"<code>{fingerprint}</code>" in gm_mail.html
    assert player_mails and all(f"Rules: version 1, fingerprint {fingerprint}." in mail.text
                                and f"Rules: version 1, fingerprint {fingerprint}." in mail.html
                                for mail in player_mails)


def plays_due(email):
    return OutboxMessage.objects.get(recipient=email, subject__endswith="round 1, plays due")


def test_the_plays_due_email_gives_what_the_player_knows_of_his_own_side_and_not_of_anothers(gm,
                                                                                             make_campaign):
    campaign = make_campaign("enchanted-realms")
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    round_input = battle.rounds.get(number=1).input
    system = campaign.combat_system
    aldric, bryn = system.standing(round_input, "Aldric"), system.standing(round_input, "Bryn")
    assert aldric == ("Aldric: 14 hit points, 6 static Protective Points, initiative modifier +1",)
    assert bryn and not set(aldric) & set(bryn)
    for email, own, other in (("alice@example.com", aldric, bryn), ("bob@example.com", bryn, aldric)):
        mail = plays_due(email)
        name = own[0].split(":")[0]
        block = mail.text.split(f"== {name} ==\n", 1)[1]
        assert block.startswith("\n".join(own) + "\n")  # under the side's heading, before what to choose
        assert "".join(f"<li>{line}</li>" for line in own) in mail.html
        assert not any(line in mail.text or line in mail.html for line in other)
    # The goblins are the GM's: their standing goes to nobody.
    goblins = [line for side in system.sides(round_input) if side not in ("Aldric", "Bryn")
               for line in system.standing(round_input, side)]
    due = OutboxMessage.objects.filter(subject__endswith="plays due")
    assert goblins and not due.filter(text__contains=goblins[0]).exists()
    assert not due.filter(recipient="gm@example.com").exists()


def test_the_plays_due_email_of_a_player_with_two_sides_gives_each_sides_standing(gm, make_campaign):
    campaign = make_campaign("fallen-empire")
    alice = campaign.players.get(name="Alice")
    knight = campaign.characters.get(catalogue_name="Black Knight")
    knight.player = alice
    knight.save(update_fields=["player"])
    battle = start(gm, campaign, "joust-first-pass")
    round_input = battle.rounds.get(number=1).input
    mail = plays_due("alice@example.com")
    for side in ("Sir Ash", "Black Knight"):
        lines = campaign.combat_system.standing(round_input, side)
        assert lines and f"== {side} ==\n" + "\n".join(lines) + "\n" in mail.text


def test_the_reminder_keeps_to_what_the_side_must_choose(gm, make_campaign):
    from datetime import timedelta

    from players import services
    from players.models import PlaySettings, RoundDeadline

    campaign = make_campaign("enchanted-realms")
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.WAIT,
                                reminder_hours=[24])
    services.sweep(RoundDeadline.objects.get(round__battle=battle).due_at - timedelta(hours=23))
    reminder = OutboxMessage.objects.get(recipient="alice@example.com", subject__contains="plays due in")
    assert "To choose: This round" in reminder.text and "hit points" not in reminder.text  # as Magic Realm's


def test_the_result_email_says_where_each_of_the_players_sides_stands_for_the_next_round(gm, make_campaign):
    from combat import system_battles

    campaign = make_campaign("enchanted-realms")
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    first = battle.rounds.get(number=1)
    answer_first_choices(gm, first)
    resolve(gm, first)
    following = battle.rounds.get(number=2)
    _, players = round_emails(campaign)
    assert len(players) == 2  # Alice's Aldric, Bob's Bryn
    for mail in players:
        mine = following.sides.get(character__player__email=mail.recipient)
        others = following.sides.exclude(pk=mine.pk).exclude(character=None)
        assert "Now, before round 2:" in mail.text and "Now, before round 2:" in mail.html
        assert all(line in mail.text for line in system_battles.standing_of(mine))
        assert not any(line in mail.text for side in others for line in system_battles.standing_of(side)
                       if line not in system_battles.standing_of(mine))


def cited(event) -> str:
    """An event's line in an HTML email: its text, then its rule as `systems.events.citation` cites it."""
    from django.utils.html import escape

    from systems.events import citation

    return f"<li>{escape(event['text'])} <small>({escape(citation(event['rule'], event['rule_name']))})"


def test_the_gms_and_the_players_html_emails_cite_each_event_by_its_rule(gm, make_campaign):
    from combat import system_rounds

    campaign = make_campaign("enchanted-realms")
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    first = battle.rounds.get(number=1)
    answer_first_choices(gm, first)
    resolved = resolve(gm, first)
    numbered = [event for event in resolved.log if event["rule"].startswith("ER ") and event["rule_name"]]
    assert numbered  # "rule ER 3.1 Guard rolls": the number, then the name
    gm_mail, player_mails = round_emails(campaign)
    assert all(cited(event) in gm_mail.html for event in resolved.log)
    assert f"(rule {numbered[0]['rule']} {numbered[0]['rule_name']})" in gm_mail.html
    alices = next(mail for mail in player_mails if mail.recipient == "alice@example.com")
    seen = system_rounds.events_seen_by(resolved.log, ["Aldric"])
    assert seen and all(cited(event) + "</small></li>" in alices.html for event in seen)
