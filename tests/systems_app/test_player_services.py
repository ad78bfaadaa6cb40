"""The players' loop for battles fought through the systems interface (players/services.py, emails.py):
plays-due and reminder emails in the system's words, the deadline's missed-turn policies, the GM's sides,
no chits or encounter choice of the app's own round format, links re-sent and revoked."""

from datetime import timedelta

import pytest

from campaigns.mail.models import OutboxMessage
from combat.models import Round
from players import links, services
from players.models import PlayerLink, PlaySettings, RoundDeadline, RoundNote, Submission
from tests.systems_app.conftest import gm_plays, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def ambush(gm, make_campaign):
    return start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")


def policy(campaign, missed_turn):
    PlaySettings.objects.create(campaign=campaign, missed_turn=missed_turn, reminder_hours=[24])


def pass_the_deadline(battle, number=1):
    deadline = RoundDeadline.objects.get(round__battle=battle, round__number=number)
    services.sweep(deadline.due_at + timedelta(seconds=1))


def test_the_plays_due_email_says_what_the_side_must_choose_and_carries_the_link(ambush):
    mail = OutboxMessage.objects.get(recipient="alice@example.com", subject__endswith="plays due")
    link = PlayerLink.objects.get(battle=ambush, player__name="Alice")
    assert "== Aldric ==" in mail.text and "To choose: This round, Reaction if struck." in mail.text
    assert links.url_for(link) in mail.text and "due by" in mail.text
    assert "Fresh chits" not in mail.text and "Bryn" not in mail.text and "Goblin" not in mail.text
    assert "To choose: This round" in mail.html


def test_the_reminder_goes_once_to_the_sides_not_in_in_the_systems_words(client, ambush):
    deadline = RoundDeadline.objects.get(round__battle=ambush)
    policy(ambush.campaign, PlaySettings.MissedTurn.WAIT)
    Round.objects.get(battle=ambush, number=1).sides.filter(side="Bryn").update(locked=True)
    for _ in range(2):
        services.sweep(deadline.due_at - timedelta(hours=23))
    reminders = OutboxMessage.objects.filter(subject__contains="plays due in")
    assert [m.recipient for m in reminders] == ["alice@example.com"]
    assert "no plays from you yet for Aldric" in reminders[0].text and "To choose: This round" in reminders[0].text


def test_playing_nothing_waits_for_the_gm_where_the_system_needs_an_answer(ambush):
    policy(ambush.campaign, PlaySettings.MissedTurn.NO_ACTION)
    pass_the_deadline(ambush)
    round_ = Round.objects.get(battle=ambush, number=1)
    assert round_.status == Round.Status.DRAFTING
    assert not round_.sides.filter(locked=True).exists()
    assert not Submission.objects.exists()
    notes = " ".join(RoundNote.objects.filter(round=round_).values_list("text", flat=True))
    assert "Aldric missed the deadline: playing nothing is not an answer here (This round: choose one)" in notes
    assert "waiting for the GM: Aldric, Bryn" in notes


def test_playing_nothing_locks_the_empty_answers_where_the_system_takes_them(gm, make_campaign):
    battle = start(gm, make_campaign("multiverse"), "multiverse-counterspell")  # Astaroth's spell carries over
    policy(battle.campaign, PlaySettings.MissedTurn.NO_ACTION)
    pass_the_deadline(battle)
    astaroth = Round.objects.get(battle=battle, number=1).sides.get(side="Astaroth")
    assert astaroth.locked and astaroth.plays == {}
    assert Submission.objects.get(character=astaroth.character).source == Submission.Source.DEFAULT
    goblins = Round.objects.get(battle=battle, number=1).sides.filter(character=None)
    assert not goblins.filter(locked=True).exists()  # the GM's sides are never defaulted for them
    assert RoundNote.objects.filter(text__contains="Goblin 1, Shaman have no complete, legal plays yet").exists()


def test_repeat_plays_last_rounds_answers_when_they_still_stand(gm, ambush):
    from tests.systems_app.conftest import resolve

    round_ = Round.objects.get(battle=ambush, number=1)
    answers = {"action": "attack", "method": "melee", "dice": 2, "target": "Goblin 1"}
    for name in ("Aldric", "Bryn", "Goblin 1", "Goblin 2"):
        gm_plays(gm, round_, name, answers if name == "Aldric" else {"action": "none"})
    resolve(gm, round_)
    policy(ambush.campaign, PlaySettings.MissedTurn.REPEAT)
    pass_the_deadline(ambush, 2)
    second = Round.objects.get(battle=ambush, number=2)
    assert second.sides.get(side="Aldric").plays == answers
    assert second.sides.get(side="Aldric").locked
    assert RoundNote.objects.filter(round=second, text__contains="Aldric missed the deadline: repeats round 1's answers").exists()


def test_the_gms_sides_show_as_the_gms_on_the_round_card(ambush):
    statuses = {st["name"]: st for st in services.side_statuses(Round.objects.get(battle=ambush, number=1))}
    assert statuses["Goblin 1"]["player"] is None
    assert statuses["Aldric"]["player"].name == "Alice"


def test_the_gms_round_card_draws_with_the_gms_sides(gm, ambush):
    from django.template import Context, Template

    html = Template("{% load players_tags %}{% players_round_panel round %}").render(
        Context({"round": Round.objects.get(battle=ambush, number=1)}))
    assert "Goblin 1 (the GM's)" in html and "Aldric (Alice)" in html


def test_a_players_link_has_no_chits_or_encounter_choice_of_the_apps_own_round_format(client, ambush):
    """What a side owes is settled on its dues form and a choice a round waits for on its waiting form: the
    link offers no page of the app's own round format, and its chits are no page at all."""
    link = PlayerLink.objects.get(battle=ambush, player__name="Alice")
    aldric = ambush.characters.get(catalogue_name="Aldric")
    token = links.token_for(link)
    page = client.get(f"/play/{token}/").content.decode()
    assert "/chits/" not in page and "/choice/" not in page
    assert client.post(f"/play/{token}/rounds/1/chits/{aldric.pk}/", {}).status_code == 404


def test_the_gm_resends_and_revokes_a_players_link(gm, client, ambush):
    old = PlayerLink.objects.get(battle=ambush, player__name="Alice")
    fresh = services.resend_link(gm, ambush.campaign.slug, ambush.pk, old.player_id)
    assert client.get(f"/play/{links.token_for(old)}/").status_code == 404
    assert client.get(f"/play/{links.token_for(fresh)}/").status_code == 200
    mail = OutboxMessage.objects.filter(recipient="alice@example.com", subject__endswith="plays due").order_by("pk").last()
    assert "fresh link" in mail.text and links.url_for(fresh) in mail.text and "To choose" in mail.text
    services.revoke_link(gm, ambush.campaign.slug, ambush.pk, old.player_id)
    assert client.get(f"/play/{links.token_for(fresh)}/").status_code == 404


def test_the_gms_own_side_is_kept_in_the_history_without_a_submission(gm, ambush):
    round_ = Round.objects.get(battle=ambush, number=1)
    gm_plays(gm, round_, "Goblin 1", {"action": "none"})
    assert not Submission.objects.exists()  # nobody else's plays to keep apart from
    assert RoundNote.objects.filter(round=round_, kind=RoundNote.Kind.LOCK, text="Goblin 1's side locked by the GM.").exists()
    gm_plays(gm, round_, "Aldric", {"action": "none"})
    entered = Submission.objects.get(character__catalogue_name="Aldric")
    assert entered.source == Submission.Source.GM and entered.plays == {"action": "none"}
