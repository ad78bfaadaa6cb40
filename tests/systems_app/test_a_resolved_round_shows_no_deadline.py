"""The players' box of a resolved round says no deadline: its plays are in, and the next round has its own (a
resolved round's "Deadline: ... At the deadline, a player's side without plays: ..." read as still to come)."""

import pytest

from tests.systems_app.conftest import round_url
from tests.systems_app.test_owed_told_once import resolved_ambush

pytestmark = pytest.mark.django_db


def test_the_open_round_shows_its_deadline_and_the_resolved_one_does_not(gm, gm_client):
    battle = resolved_ambush(gm)
    assert "Deadline: <strong>" not in gm_client.get(round_url(battle, 1)).content.decode()
    assert "Deadline: <strong>" in gm_client.get(round_url(battle, 2)).content.decode()
