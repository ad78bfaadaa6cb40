"""The GM's actions on the players' loop: links (revoke, re-send), deadline, ruling, adjustment, settings,
and the round page's status of each side. Each is a 404 for anyone who is not a GM of the campaign."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from campaigns.mail.models import OutboxMessage
from combat import services as combat_services
from players import emails, links, services
from players.models import PlayerLink, PlaySettings, RoundDeadline, RoundNote
from tests.combat.conftest import AMAZON_PLAYS, BLACK_KNIGHT_PLAYS, lock_all

pytestmark = pytest.mark.django_db


def base(battle):
    return f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/"


@pytest.fixture
def outsider_client(make_user):
    client = Client()
    client.force_login(make_user("stranger"))
    return client


def alice(battle):
    return PlayerLink.objects.get(battle=battle, player__name="Alice", revoked_at__isnull=True)


def test_the_round_page_shows_each_sides_status(gm_client, battle, characters, gm):
    services.submit(alice(battle), characters["Black Knight"].pk, dict(BLACK_KNIGHT_PLAYS))
    lock_all(gm, battle.rounds.get(number=1), {"Amazon": dict(AMAZON_PLAYS)})
    body = gm_client.get(base(battle) + "rounds/1/").content.decode()
    knight_status = body.split(f'id="side-status-{characters["Black Knight"].pk}"')[1].split("</li>")[0]
    amazon_status = body.split(f'id="side-status-{characters["Amazon"].pk}"')[1].split("</li>")[0]
    assert "submitted by the player" in knight_status
    assert "entered by GM" in amazon_status and "locked" in amazon_status
    assert "Amazon&#x27;s side locked by the GM" in body  # the history, escaped


def test_resending_a_link_revokes_the_old_one_and_emails_a_fresh_one(gm_client, battle):
    old = alice(battle)
    old_token = links.token_for(old)
    response = gm_client.post(base(battle) + f"players/{old.player_id}/resend/")
    assert response.status_code == 302
    fresh = alice(battle)
    assert fresh.pk != old.pk
    with pytest.raises(Exception):
        links.live_link(old_token)
    email = OutboxMessage.objects.get(idempotency_key__endswith=f"/link-{fresh.pk}")
    assert links.url_for(fresh) in email.text and "fresh link" in email.text


def test_the_results_page_says_a_character_who_ran_away_ran_away(gm_client, gm, campaign, characters):
    from tests.players.conftest import amazon_runs_away

    final = amazon_runs_away(gm, campaign, characters["Amazon"])
    body = gm_client.get(base(final.battle) + "rounds/1/").content.decode()
    results = body.split("<h2>Round 1's result</h2>")[1].split("</section>")[0]
    assert "<h3>Amazon</h3>" in results and "<li>Amazon: RAN AWAY: out of the battle</li>" in results


def test_after_combat_ends_a_fresh_link_points_to_the_final_results_without_plays_due(gm_client, gm, campaign, characters):
    from tests.players.conftest import amazon_runs_away

    final = amazon_runs_away(gm, campaign, characters["Amazon"])
    bob = characters["Amazon"].player
    gm_client.post(base(final.battle) + f"players/{bob.pk}/resend/")
    fresh = PlayerLink.objects.get(battle=final.battle, player=bob, revoked_at__isnull=True)
    email = OutboxMessage.objects.get(idempotency_key=f"players/link-{fresh.pk}")
    assert links.url_for(fresh) in email.text and "Combat is over: the page keeps round 1's results until" in email.text
    assert "plays due" not in email.subject and "due by" not in email.text


def test_a_battle_the_gm_ended_sends_no_fresh_link(gm_client, gm, battle):
    combat_services.end_battle(gm, battle.campaign.slug, battle.pk)
    response = gm_client.post(base(battle) + f"players/{alice(battle).player_id}/resend/", follow=True)
    assert "This battle is over: its players&#x27; links no longer open." in response.content.decode()
    assert not OutboxMessage.objects.filter(idempotency_key__contains="/link-").exists()


def test_revoking_a_link_makes_it_a_404(gm_client, client, battle):
    link = alice(battle)
    token = links.token_for(link)
    gm_client.post(base(battle) + f"players/{link.player_id}/revoke/")
    assert client.get(f"/play/{token}/").status_code == 404
    assert RoundNote.objects.filter(kind=RoundNote.Kind.LINK, text__contains="revoked").exists()


def test_moving_the_deadline_is_kept_with_a_note(gm_client, battle):
    due = (timezone.now() + timedelta(hours=5)).replace(second=0, microsecond=0)
    gm_client.post(base(battle) + "rounds/1/deadline/", {"due_at": due.strftime("%Y-%m-%dT%H:%M")})
    assert RoundDeadline.objects.get(round__battle=battle).due_at == due
    assert RoundNote.objects.filter(kind=RoundNote.Kind.DEADLINE, text__contains="set the deadline").exists()


def resolve_round_one(gm, battle, characters, capture):
    slug = battle.campaign.slug
    lock_all(gm, battle.rounds.get(number=1), {"Black Knight": dict(BLACK_KNIGHT_PLAYS), "Amazon": dict(AMAZON_PLAYS)})
    with capture(execute=True):
        combat_services.request_resolve(gm, slug, battle.pk, 1)


def test_a_ruling_appears_in_the_history_and_in_the_result_emails(gm_client, gm, battle, characters, celery_eager,
                                                                 django_capture_on_commit_callbacks):
    gm_client.post(base(battle) + "rounds/1/ruling/", {"text": "The troll slipped on the wet cave floor."})
    assert gm_client.get(base(battle) + "rounds/1/").content.decode().count("The troll slipped") == 1
    resolve_round_one(gm, battle, characters, django_capture_on_commit_callbacks)
    result = OutboxMessage.objects.get(idempotency_key__startswith="combat/", recipient="alice@example.com")
    assert "GM ruling: The troll slipped on the wet cave floor." in result.text
    gm_log = OutboxMessage.objects.get(idempotency_key__startswith="combat/", recipient=gm.email)
    assert "GM ruling: The troll slipped on the wet cave floor." in gm_log.text
    log = gm_client.get(base(battle) + "rounds/1/").content.decode().split("<h2>The log</h2>")[1].split("</ol>")[0]
    assert "The troll slipped on the wet cave floor." in log and "GM ruling" in log


def test_a_ruling_added_after_the_round_resolved_is_emailed_to_its_players_once(gm_client, gm, battle, characters,
                                                                             celery_eager, django_capture_on_commit_callbacks):
    resolve_round_one(gm, battle, characters, django_capture_on_commit_callbacks)
    gm_client.post(base(battle) + "rounds/1/ruling/", {"text": "The Wolf's bite counts as Light harm."})
    sent = OutboxMessage.objects.filter(idempotency_key__startswith="players/ruling-")
    assert sorted(m.recipient for m in sent) == ["alice@example.com", "bob@example.com"]
    alice_mail = sent.get(recipient="alice@example.com")
    assert "GM ruling: The Wolf's bite counts as Light harm." in alice_mail.text and "round 1, GM ruling" in alice_mail.subject
    assert links.url_for(alice(battle)) in alice_mail.text
    ruling = RoundNote.objects.get(kind=RoundNote.Kind.RULING)
    emails.queue_ruling(ruling, ruling.round, alice(battle).player, alice(battle))  # sent again: still once
    assert sent.count() == 2
    # A ruling on the round still open goes in that round's result emails, not in one of its own.
    gm_client.post(base(battle) + "rounds/2/ruling/", {"text": "The floor is slippery."})
    assert sent.count() == 2 and RoundNote.objects.filter(kind=RoundNote.Kind.RULING).count() == 2


def test_an_adjustment_changes_the_state_and_keeps_who_and_why(gm_client, gm, battle):
    response = gm_client.post(base(battle) + "rounds/1/adjust/",
                              {"change": "wound|Black Knight|MOVE M5", "reason": "Fell into the pit (GM's call)"})
    assert response.status_code == 302
    battle.refresh_from_db()
    knight = next(c for c in battle.state["state"]["characters"] if c["id"] == "Black Knight")
    assert next(c for c in knight["chits"] if c["id"] == "MOVE M5")["state"] == "wounded"
    note = RoundNote.objects.get(kind=RoundNote.Kind.ADJUSTMENT)
    assert note.by == gm and "Fell into the pit" in note.text


def test_an_adjustment_is_written_on_the_characters_record_and_card_as_the_gms(gm_client, battle):
    gm_client.post(base(battle) + "rounds/1/adjust/", {"change": "wound|Black Knight|MOVE M5", "reason": "the pit"})
    knight = battle.characters.get(catalogue_name="Black Knight")
    assert knight.state["chits"] == {"MOVE M5": "wounded"} and knight.state["wounds"] == 1
    cards = gm_client.get(f"/campaigns/{battle.campaign.slug}/characters/").content.decode()
    assert "<dt>Wounds</dt><dd>1" in cards


def test_a_destroyed_shield_is_not_offered_for_an_adjustment(gm_client, battle):
    knight = next(c for c in battle.state["state"]["characters"] if c["id"] == "Black Knight")
    knight["armor"] = [{"name": "Suit of Armor", "state": "intact"}, {"name": "Shield", "state": "destroyed"}]
    battle.save()
    page = gm_client.get(base(battle) + "rounds/1/").content.decode()
    assert "Black Knight: Suit of Armor destroyed" in page and "Black Knight: Shield" not in page


def test_an_adjustment_without_a_reason_changes_nothing(gm_client, battle):
    state = battle.state
    gm_client.post(base(battle) + "rounds/1/adjust/", {"change": "wound|Black Knight|MOVE M5", "reason": ""})
    battle.refresh_from_db()
    assert battle.state == state and not RoundNote.objects.filter(kind=RoundNote.Kind.ADJUSTMENT).exists()


def test_the_campaign_settings_page_saves_deadline_reminders_and_policy(gm_client, campaign):
    url = f"/campaigns/{campaign.slug}/play-settings/"
    assert gm_client.get(url).status_code == 200
    gm_client.post(url, {"deadline_hours": "48", "reminder_hours": "2, 24", "missed_turn": "repeat"})
    saved = PlaySettings.objects.get(campaign=campaign)
    assert (saved.deadline_hours, saved.reminder_hours, saved.missed_turn) == (48, [24, 2], "repeat")


def test_the_settings_page_names_a_bad_reminder_beside_its_field(gm_client, campaign):
    response = gm_client.post(f"/campaigns/{campaign.slug}/play-settings/",
                              {"deadline_hours": "48", "reminder_hours": "soon", "missed_turn": "wait"})
    assert response.status_code == 422 and "id_reminder_hours_error" in response.content.decode()
    assert not PlaySettings.objects.exists()


@pytest.mark.parametrize("suffix, data", [
    ("players/{player}/resend/", {}),
    ("players/{player}/revoke/", {}),
    ("rounds/1/deadline/", {"due_at": "2030-01-01T10:00"}),
    ("rounds/1/ruling/", {"text": "no"}),
    ("rounds/1/adjust/", {"change": "fled|Wolf|", "reason": "no"}),
])
def test_every_gm_action_is_a_404_for_anyone_not_a_gm_of_the_campaign(outsider_client, battle, suffix, data):
    url = base(battle) + suffix.format(player=alice(battle).player_id)
    assert outsider_client.post(url, data).status_code == 404


def test_the_settings_page_is_a_404_for_anyone_not_a_gm(outsider_client, campaign):
    assert outsider_client.get(f"/campaigns/{campaign.slug}/play-settings/").status_code == 404
