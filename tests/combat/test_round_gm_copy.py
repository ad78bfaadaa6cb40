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
