"""pytest-benchmark: the resolve task's work in-process for a 10-player battle (build the round file from
the database, resolve, write result, state, 11 outbox rows and the next round), on the test database.

    .venv/bin/python -m pytest tests/combat/test_benchmark_resolve.py --benchmark-enable
"""

import pytest

from benchmarks.battle_setup import make_battle
from campaigns.mail.models import OutboxMessage
from combat import services
from combat.models import Battle, Round


@pytest.mark.benchmark
@pytest.mark.django_db
def test_resolving_a_ten_player_round_in_process(benchmark, make_user):
    gm = make_user("bench-gm")
    battle = make_battle(gm, "bench", 10)
    round_ = battle.rounds.get(number=1)
    services.request_resolve(gm, "bench", battle.pk, 1)
    state_before = battle.state

    def reset():
        """Undo the previous run: the battle's state, the round back to resolving, no outbox rows, no round 2."""
        Battle.objects.filter(pk=battle.pk).update(state=state_before, status=Battle.Status.ACTIVE)
        Round.objects.filter(battle=battle, number=2).delete()
        OutboxMessage.objects.all().delete()
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.RESOLVING, result=None, log=[], attempts=0)
        return (), {}

    result = benchmark.pedantic(lambda: services.resolve_round(round_.pk), setup=reset, rounds=5, iterations=1)
    assert result.status == Round.Status.RESOLVED
    assert OutboxMessage.objects.filter(idempotency_key__startswith="combat/").count() == 11
