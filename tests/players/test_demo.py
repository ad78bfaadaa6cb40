"""`load_demo` opens round 1 of the demo battle with the plays-due emails queued, so a newcomer finds
them on the Mail page and can follow a link as a player."""

import re
from io import StringIO

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command

from campaigns.mail.models import OutboxMessage

pytestmark = pytest.mark.django_db


def test_load_demo_queues_one_plays_due_email_per_player_in_the_demo_battle_once(client):
    cache.clear()
    call_command("load_demo", stdout=StringIO())
    call_command("load_demo", stdout=StringIO())
    due = OutboxMessage.objects.filter(campaign__slug="demo", subject__endswith="round 1, plays due")
    assert sorted(m.recipient for m in due) == ["alice@example.com", "bob@example.com", "carol@example.com",
                                                "dave@example.com"]  # Ambush in Cave 4, and Wolves at the Inn
    due = due.filter(subject__contains="Ambush in Cave 4")
    base = re.escape(settings.HERALD_BASE_URL)
    path = re.search(rf"^{base}(/play/\S+/)$", due.get(recipient="alice@example.com").text, re.M).group(1)
    page = client.get(path)
    assert page.status_code == 200 and "Black Knight" in page.content.decode()
