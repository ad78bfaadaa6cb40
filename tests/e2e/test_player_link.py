"""A player's link to a Magic Realm battle fought on the interface's pages, in a real Chromium: from the Mail
page, open Alice's plays-due email and follow her link; enter plays fast with the target missing (its error
beside the field), fix it, submit, see the receipt; the GM sees "submitted"; Bob's link shows nothing of
Alice's plays; a forged and an expired link are 404s; then the deadline passes (the sweep is called with a
later "now", as beat would call it then): the reminder goes once, to Bob only, Bob's Amazon plays nothing by the
campaign's missed-turn policy (every Magic Realm question is optional), the round's notes say so, and the round,
its last side in, resolves by itself; Alice's result email carries the next round's link, after her summary and
before the full log. Sealing nothing asks first ("Amazon plays nothing this round. Seal anyway?"). When combat
is over, the link in the result email still opens the final results."""

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from campaigns import services as campaign_services
from campaigns.mail.models import OutboxMessage
from combat import services as combat_services
from combat.models import Battle, Round
from players import links, services
from players.models import PlayerLink, PlaySettings, RoundDeadline, Submission
from tests.e2e.conftest import DEMO_ANSWERS, demo_party, enter_plays, resolve_round, set_up_battle

pytestmark = pytest.mark.e2e


@pytest.fixture
def battle(gm_user, settings, live_server, monkeypatch):
    settings.HERALD_BASE_URL = live_server.url
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: 1)  # a seed after which combat goes on
    campaign = gm_user.campaign
    campaign.auto_resolve = True
    campaign.save()
    PlaySettings.objects.create(campaign=campaign, missed_turn=PlaySettings.MissedTurn.NO_ACTION, reminder_hours=[24, 2])
    demo_party(gm_user, campaign)
    return set_up_battle(campaign, "Ambush in Cave 4", "Cave 4", DEMO_ANSWERS)


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
    # Fast, as a person chooses: one choice after another, no waiting in between, and no target for the attack:
    # its error appears beside the target.
    for name, label in (("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT H6"),
                        ("weapon", "Mace (unalerted)"), ("attack_box", "Swing"), ("maneuver_chit", "MOVE H6"),
                        ("maneuver_box", "Charge")):
        field(name).select_option(label=label)
    error = player.locator(f"#id_side{knight.pk}-target_error")
    expect(error).to_have_text("Target: choose one")  # worded as the GM's round page words it
    expect(field("weapon").locator("option:checked")).to_have_text("Mace (unalerted)")
    screenshot(player, "player-link-error")
    field("target").select_option(label="H Troll")
    expect(error).to_be_empty()
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
    other = set_up_battle(campaign, "Skirmish", "Woods 2",
                          {"characters": ["Black Knight"], "monsters": "Wolf", "attacks": "Wolf -> Black Knight"})
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
    for _ in range(2):  # a minute past round 1's deadline, twice: the second sweep finds nothing more to do
        services.sweep(deadline.due_at + timedelta(seconds=1))
    # Every question of Magic Realm's form is optional: under the campaign's missed-turn policy "plays nothing" the
    # Amazon plays nothing, and, the last side in, the round resolves by itself (the campaign auto-resolves).
    defaulted = Submission.objects.get(character=amazon, source=Submission.Source.DEFAULT)
    assert defaulted.plays == {}
    assert Round.objects.get(battle=battle, number=1).status == Round.Status.RESOLVED
    page.goto(f"/campaigns/{campaign.slug}/battles/{battle.pk}/rounds/1/")
    expect(page.get_by_role("heading", name="Round 1's result")).to_be_visible()
    notes = page.locator(".round-notes")
    expect(notes).to_contain_text("Amazon missed the deadline: plays nothing this round (the campaign's missed-turn policy).")
    expect(notes).to_contain_text("defaulted: Amazon.")
    expect(notes).not_to_contain_text("the GM enters its plays")
    screenshot(page, "player-link-deadline-plays-nothing")
    next_link = links.url_for(PlayerLink.objects.get(battle=battle, player__name="Alice", revoked_at__isnull=True))

    page.goto("/mail/")
    page.get_by_role("row").filter(has_text="alice@example.com").get_by_role(
        "link", name=re.compile(r"Ambush in Cave 4: round 1$")).click()
    text = page.locator("pre.mail-text")
    expect(text).to_contain_text("What comes next: round 2")
    expect(text).to_contain_text(next_link)
    # The summary, then what comes next, then the full log.
    body = text.inner_text()
    comes_next = body.index("What comes next")
    assert body.index("Black Knight: alive") < comes_next < body.index(next_link, comes_next) < body.index(
        "What your side saw this round")
    screenshot(page, "player-link-result-email")

    # Alice's page now shows round 2's form and what her email showed of round 1.
    player.goto(next_link)
    expect(player.get_by_role("heading", name="Round 1: what you saw")).to_be_visible()
    screenshot(player, "player-link-round-2")


def test_after_combat_ends_the_link_in_the_result_email_opens_the_final_results(signed_in_page, browser, live_server,
                                                                              settings, gm_user, monkeypatch,
                                                                              screenshot):
    """The Amazon, alone against a Wolf, runs away (under the 4th edition rules): combat is over. Bob's
    result email says so and carries his link, which opens the round's results (read-only), not a 404."""
    settings.HERALD_BASE_URL = live_server.url
    monkeypatch.setattr("combat.fairness.draw_seed", lambda: 0)
    page = signed_in_page
    campaign = campaign_services.create_campaign(gm_user, "Fourth edition", "fourth", "bimr4")
    bob = campaign_services.add_player(gm_user, campaign, {"name": "Bob", "email": "bob@example.com", "time_zone": "UTC"})
    campaign_services.add_character(gm_user, campaign, {"player": bob.pk, "catalogue_name": "Amazon"})
    battle = set_up_battle(campaign, "Wolf at the door", "Cave 4",
                           {"characters": ["Amazon"], "monsters": "Wolf", "attacks": "Wolf -> Amazon"})
    enter_plays(gm_user, battle, "Amazon", {"encounter_play": "run", "run_with": {"chit": "MOVE M3*"}})
    final = resolve_round(gm_user, battle)
    battle.refresh_from_db()
    assert final.status == Round.Status.RESOLVED and battle.status == Battle.Status.ENDED, final.log[-4:]
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


def test_sealing_nothing_asks_first_and_seals_once_the_player_confirms(page, live_server, battle, screenshot):
    amazon = battle.characters.get(catalogue_name="Amazon")
    page.goto(links.url_for(PlayerLink.objects.get(battle=battle, player__name="Bob")))
    page.get_by_role("button", name="Submit my plays").click()
    question = page.locator(f"#question-{amazon.pk}")
    expect(question).to_contain_text("Amazon plays nothing this round. Seal anyway?")
    assert not Submission.objects.filter(character=amazon).exists()
    screenshot(page, "player-plays-nothing-asked")
    page.set_viewport_size({"width": 375, "height": 800})
    question.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the page scrolls sideways on a phone"
    screenshot(page, "player-plays-nothing-asked-375")
    question.get_by_role("button", name="Seal anyway").click()
    expect(page.locator(f"#receipt-{amazon.pk}")).to_contain_text("Receipt")
    assert Submission.objects.get(character=amazon, source=Submission.Source.PLAYER).plays == {}


@pytest.mark.phone
def test_the_players_page_works_on_a_phone_with_the_keyboard(page, live_server, battle, screenshot):
    amazon = battle.characters.get(catalogue_name="Amazon")
    page.goto(links.url_for(PlayerLink.objects.get(battle=battle, player__name="Bob")))
    field = lambda name: page.locator(f"#id_side{amazon.pk}-{name}")  # noqa: E731
    for name, label in (("encounter_play", "No charge and no encounter action"), ("attack_chit", "FIGHT M5"),
                        ("target", "Wolf"), ("weapon", "Short Sword (unalerted)"), ("attack_box", "Thrust"),
                        ("maneuver_chit", "MOVE M4"), ("maneuver_box", "Duck")):
        field(name).select_option(label=label)
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
