"""The Mail page pages through a GM's messages newest first, 50 a page, and only theirs (issue #13: a host's
outbox holds hundreds of thousands of rows; the page reads its 50 ids first, then their rows)."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from campaigns import services as campaign_services
from campaigns.mail.models import OutboxMessage

pytestmark = pytest.mark.django_db


@pytest.fixture
def gm_with_mail(make_user):
    """A GM whose campaign sent 60 messages, a minute apart, and another GM's campaign with one."""
    gm, other = make_user("mail-gm"), make_user("mail-other")
    mine = campaign_services.create_campaign(gm, "Mine", "mine", "bimr4")
    theirs = campaign_services.create_campaign(other, "Theirs", "theirs", "bimr4")
    start = timezone.now() - datetime.timedelta(hours=2)
    OutboxMessage.objects.bulk_create(
        [OutboxMessage(campaign=mine, recipient="a@example.com", subject=f"Message {n}", text="t", idempotency_key=f"m{n}",
                       message_id=f"<m{n}@example.com>", created_at=start + datetime.timedelta(minutes=n)) for n in range(1, 61)]
        + [OutboxMessage(campaign=theirs, recipient="b@example.com", subject="Not yours", text="t", idempotency_key="t1",
                         message_id="<t1@example.com>", created_at=start + datetime.timedelta(minutes=30))])
    return gm


def subjects(response) -> list[int]:
    return [int(n) for n in re.findall(r"Message (\d+)<", response.content.decode())]


def test_the_first_page_shows_the_fifty_newest_of_the_gms_messages_newest_first(client, gm_with_mail):
    client.force_login(gm_with_mail)
    response = client.get(reverse("mail:index"))
    assert subjects(response) == list(range(60, 10, -1))
    assert "Not yours" not in response.content.decode()
    assert "Page 1 of 2" in response.content.decode()


def test_the_second_page_shows_the_ten_oldest(client, gm_with_mail):
    client.force_login(gm_with_mail)
    response = client.get(reverse("mail:index") + "?page=2")
    assert subjects(response) == list(range(10, 0, -1))
