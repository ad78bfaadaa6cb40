"""A player's link in a real Chromium: from the Mail page, open Alice's plays-due email and follow her
link; enter plays fast with one illegal play (its error beside the field), fix it, submit, see the
receipt; the GM sees "submitted"; Bob's link shows nothing of Alice's plays; a forged and an expired
link are 404s; then the deadline passes (the sweep is called with a later "now", as beat would call
it then): the reminder goes once, to Bob only, Bob's side is defaulted, the round resolves and Alice's
result email carries the next round's link, after her summary and before the full log. When combat is
over, the link in the result email still opens the final results."""

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services
from campaigns.mail.models import OutboxMessage
from combat import services as combat_services
from combat.models import Round
from players import links, services
from players.models import PlayerLink, PlaySettings, RoundDeadline, Submission

pytestmark = pytest.mark.e2e


@pytest.fixture
def battle(gm_user, settings, live_server):
    from combat.demo import create_demo_battle

    settings.HERALD_BASE_URL = live_server.url
    campaign = gm_user.campaign
    campaign.auto_resolve = True
    campaign.save()
    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.NO_ACTION, reminder_hours=[24, 2])
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm_user, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm_user, campaign, {"player": player.pk, "catalogue_name": character})
    battle = create_demo_battle(campaign)
    Round.objects.filter(battle=battle, number=1).update(seed=1)  # a seed after which combat goes on
    return battle


def open_email(page, subject_part, recipient):
    page.goto("/mail/")
    page.get_by_role("row").filter(has_text=recipient).get_by_role("link", name=re.compile(re.escape(subject_part))).first.click()
    return page.locator("pre.mail-text")


def test_a_player_plays_a_round_from_the_link_in_their_email(signed_in_page, browser, live_server, battle, gm_user, screenshot):
    page = signed_in_page
    campaign = gm_user.campaign
    knight = battle.characters.get(catalogue_name="Black Knight")
    amazon = battle.characters.get(catalogue_name="Amazon")

    # From the Mail page, the plays-due email and the link on its own line.
    text = open_email(page, "round 1, plays due", "alice@example.com")
    expect(text).to_contain_text("Black Knight")
    alice_url = text.locator("a[href*=\"/play/\"]").first.get_attribute("href")
    assert alice_url.startswith(live_server.url)

    # Alice's page, as a stranger's browser would see it: no session.
    player = browser.new_context(base_url=live_server.url).new_page()
    player.goto(alice_url)
    expect(player.get_by_role("heading", name=re.compile("Black Knight"))).to_be_visible()
    field = lambda name: player.locator(f"#id_side{knight.pk}-{name}")  # noqa: E731
    # Fast, as a person types: one choice after another, no waiting in between. FIGHT H4** and MOVE H5*
    # are three asterisks, over the effort limit: the engine's error appears beside the Maneuver field.
    field("target").select_option("H Troll")
    field("attack_chit").select_option("FIGHT H4**")
    field("attack_weapon").select_option("Mace")
    field("attack_box").select_option("2")
    field("maneuver").select_option("MOVE H5*")
    field("maneuver_box").select_option("1")
    error = player.locator(f"#id_side{knight.pk}-maneuver_engine_error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("at most two asterisks a round")
    expect(field("attack_weapon")).to_have_value("Mace")
    screenshot(player, "player-link-error")
    field("attack_chit").select_option("FIGHT H6")
    field("maneuver").select_option("MOVE H6")
    expect(error).to_have_count(0)
    player.get_by_role("button", name="Submit my plays").click()
    receipt = player.locator(f"#receipt-{knight.pk}")
    expect(receipt).to_be_visible()
    sealed = Submission.objects.get(character=knight, source=Submission.Source.PLAYER)
    expect(receipt.locator(".receipt-hash")).to_have_text(sealed.receipt)
    screenshot(player, "player-link-receipt")

    # The GM sees "submitted".
    page.goto(f"/campaigns/{campaign.slug}/battles/{battle.pk}/rounds/1/")
    expect(page.locator(f"#side-status-{knight.pk}")).to_contain_text("submitted by the player")
    expect(page.locator(f"#side-status-{amazon.pk}")).to_contain_text("waiting")
    screenshot(page, "player-link-gm-status")

    # Bob's link shows nothing of Alice's plays.
    bob_link = PlayerLink.objects.get(battle=battle, player__name="Bob", revoked_at__isnull=True)
    response = player.goto(links.url_for(bob_link))
    assert response.status == 200
    body = player.content()
    assert "FIGHT H6" not in body and "Mace" not in body and sealed.receipt not in body
    expect(player.get_by_role("heading", name=re.compile("Amazon"))).to_be_visible()

    # A forged link and an expired one (its battle is over) are 404s.
    assert player.goto(alice_url[:-4] + "AAAA").status == 404
    other = combat_services.create_battle(campaign, combat_services.BattleSetup(
        name="Skirmish", clearing="Woods 2", character_ids=[knight.pk], monsters=["Wolf"], attacks=[("Wolf", "Black Knight")]))
    expired = links.url_for(PlayerLink.objects.get(battle=other, player__name="Alice"))
    assert player.goto(expired).status == 200
    combat_services.end_battle(gm_user, campaign.slug, other.pk)
    assert player.goto(expired).status == 404

    # The deadline passes. 23 h before it, the 24 h reminder goes to Bob alone, once.
    deadline = RoundDeadline.objects.get(round__battle=battle, round__number=1)
    for _ in range(2):
        services.sweep(deadline.due_at - timedelta(hours=23))
    reminders = OutboxMessage.objects.filter(subject__contains="plays due in")
    assert [m.recipient for m in reminders] == ["bob@example.com"]
    for _ in range(2):  # round 2 opens now with its own deadline, 72 h away: a minute past round 1's
        services.sweep(deadline.due_at + timedelta(seconds=1))
    assert Submission.objects.filter(character=amazon, source=Submission.Source.DEFAULT).count() == 1
    assert Round.objects.get(battle=battle, number=1).status == Round.Status.RESOLVED
    next_link = links.url_for(PlayerLink.objects.get(battle=battle, player__name="Alice", revoked_at__isnull=True))

    page.goto("/mail/")
    page.get_by_role("row").filter(has_text="alice@example.com").get_by_role(
        "link", name=re.compile(r"Ambush in Cave 4: round 1$")).click()
    text = page.locator("pre.mail-text")
    expect(text).to_contain_text("What comes next: round 2")
    expect(text).to_contain_text(next_link)
    # The summary, then what comes next, then the full log.
    body = text.inner_text()
    assert body.index("Black Knight: alive") < body.index("What comes next") < body.index(next_link) < body.index(
        "The full log of what your characters saw")
    screenshot(page, "player-link-result-email")

    # The history on the GM's round page says who was defaulted and why.
    page.goto(f"/campaigns/{campaign.slug}/battles/{battle.pk}/rounds/1/")
    expect(page.locator(".round-notes")).to_contain_text("Amazon missed the deadline: no action this round")

    # Alice's page now shows round 2's form and what her email showed of round 1.
    player.goto(next_link)
    expect(player.get_by_role("heading", name="Round 1: what you saw")).to_be_visible()
    screenshot(player, "player-link-round-2")


def test_after_combat_ends_the_link_in_the_result_email_opens_the_final_results(signed_in_page, browser, live_server,
                                                                              settings, gm_user, screenshot):
    """The Amazon, alone against a Wolf, runs away (under the 4th edition rules): combat is over. Bob's
    result email says so and carries his link, which opens the round's results (read-only), not a 404."""
    from tests.players.conftest import amazon_runs_away

    settings.HERALD_BASE_URL = live_server.url
    page = signed_in_page
    campaign = campaign_services.create_campaign(gm_user, "Fourth edition", "fourth", "bimr4")
    bob = campaign_services.add_player(gm_user, campaign, {"name": "Bob", "email": "bob@example.com", "time_zone": "UTC"})
    amazon = campaign_services.add_character(gm_user, campaign, {"player": bob.pk, "catalogue_name": "Amazon"})
    final = amazon_runs_away(gm_user, campaign, amazon)
    page.goto("/mail/")
    page.get_by_role("row").filter(has_text="bob@example.com").get_by_role(
        "link", name=re.compile(re.escape(f"{final.battle.name}: round 1") + "$")).click()
    text = page.locator("pre.mail-text")
    expect(text).to_contain_text("What comes next: combat is over. Your page keeps this round's results until")
    url = text.locator('a[href*="/play/"]').first.get_attribute("href")
    player = browser.new_context(base_url=live_server.url).new_page()
    assert player.goto(url).status == 200
    expect(player.get_by_role("status")).to_contain_text("Combat is over: round 1 was the last.")
    expect(player.get_by_role("heading", name="Round 1: what you saw")).to_be_visible()
    expect(player.get_by_role("button", name=re.compile("Submit"))).to_have_count(0)
    screenshot(player, "player-link-combat-over")


@pytest.mark.phone
def test_the_players_page_works_on_a_phone_with_the_keyboard(page, live_server, battle, screenshot):
    amazon = battle.characters.get(catalogue_name="Amazon")
    page.goto(links.url_for(PlayerLink.objects.get(battle=battle, player__name="Bob")))
    field = lambda name: page.locator(f"#id_side{amazon.pk}-{name}")  # noqa: E731
    field("target").select_option("Wolf")
    field("attack_chit").select_option("FIGHT M5")
    field("attack_weapon").select_option("Short Sword")
    field("attack_box").select_option("1")
    field("maneuver").select_option("MOVE M4")
    field("maneuver_box").select_option("3")
    expect(page.locator(".odds")).to_contain_text("Odds of Amazon against Wolf")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width} px)"
    screenshot(page, "player-link-phone")
    page.get_by_role("button", name="Submit my plays").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"#receipt-{amazon.pk}")).to_contain_text("Receipt")


def test_the_gm_sets_the_campaigns_deadlines_reminders_and_missed_turn_policy(signed_in_page, gm_user, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/{gm_user.campaign.slug}/play-settings/")
    page.get_by_label("Deadline (hours after a round opens)").fill("48")
    page.get_by_label("Reminders (hours before the deadline)").fill("24, soon")
    page.get_by_label("At the deadline, a side without plays").select_option("repeat")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#id_reminder_hours_error")).to_contain_text("whole hours")
    expect(page.get_by_label("Deadline (hours after a round opens)")).to_have_value("48")
    screenshot(page, "player-settings-error")
    page.get_by_label("Reminders (hours before the deadline)").fill("24, 2")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("saved")
    saved = PlaySettings.objects.get(campaign=gm_user.campaign)
    assert (saved.deadline_hours, saved.reminder_hours, saved.missed_turn) == (48, [24, 2], "repeat")
