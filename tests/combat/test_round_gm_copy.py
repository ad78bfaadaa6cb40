"""A round's GM copy (the full log) goes to every GM of the campaign who has an email address (issue #14)."""

import pytest

from campaigns.mail.models import OutboxMessage

from .test_services import resolve_first_round

pytestmark = pytest.mark.django_db


def test_every_gm_with_an_email_gets_the_gms_copy_and_a_gm_without_one_gets_nothing(
    gm, make_user, campaign, battle, characters, valid_plays, first_round
):
    campaign.gms.add(make_user("second", email="second@example.com"), make_user("quiet", email=""))
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    copies = OutboxMessage.objects.filter(idempotency_key__startswith=f"combat/round-{round_.pk}/gm-")
    assert sorted(copies.values_list("recipient", flat=True)) == ["gm@example.com", "second@example.com"]
    assert all(message.subject.endswith("(GM log)") for message in copies)


def test_the_gms_copy_ends_with_the_next_rounds_page_above_the_signature(gm, settings, battle, characters, valid_plays, first_round):
    settings.HERALD_BASE_URL = "https://herald.example"
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    copy = OutboxMessage.objects.get(idempotency_key__startswith=f"combat/round-{round_.pk}/gm-")
    url = f"https://herald.example/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/2/"
    assert [line for line in copy.text.splitlines() if line][-2:] == [
        f"Next step: round 2 is open for plays; lock each side, or wait for the players, then resolve it: {url}",
        "-- Herald"]
    assert f'<a href="{url}">{url}</a>' in copy.html


def test_once_the_battle_is_over_the_gms_copy_points_at_the_battles_page(gm, settings, battle, characters, valid_plays,
                                                                         first_round):
    from combat import emails

    settings.HERALD_BASE_URL = "https://herald.example"
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    battle.rounds.filter(number=2).delete()  # as when the round ended the battle: no round opens after it
    assert emails.gm_next_step(round_) == {
        "text": "the battle is over; its page keeps every round",
        "url": f"https://herald.example/campaigns/{battle.campaign.slug}/battles/{battle.pk}/"}
