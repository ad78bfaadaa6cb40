"""A Magic Realm round page on the interface's pages: the 10-character page against a 1-character one.

Every Magic Realm battle is set up and fought on the pages every system uses (combat/system_views.py); the app's
own round page, which this benchmark once timed beside it, is gone. This sets up a `--players`-character battle
(benchmarks/battle_setup.py: Magic Realm's set-up form, one monster on each character) and a 1-character battle
the same way, round 1 open with every side unlocked and nothing entered (the GM's page draws every side's form
with its odds), and times the GM's GET of each round page in-process on SQLite (Django's test client), after a
warm-up. It prints each median and their ratio, the cost of the larger page in pages of one side, which holds
when the machine is loaded: the figure docs/performance.md keeps.

    .venv/bin/python benchmarks/magic_realm_round_pages.py [--players 10] [--repeat 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()

    for name in ("DATABASE_URL", "REDIS_URL", "EMAIL_HOST"):
        os.environ.pop(name, None)
    os.environ.update({"HERALD_VAR_DIR": tempfile.mkdtemp(prefix="herald-mr-pages-"),
                       "DJANGO_SETTINGS_MODULE": "config.settings", "LOG_LEVEL": "warning"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from benchmarks.battle_setup import set_up_battle

    setup_test_environment()
    call_command("migrate", verbosity=0)
    gm = get_user_model().objects.create_user("bench-gm", "gm@example.com", "x")
    large, _ = set_up_battle(gm, "bench", args.players)
    single, _ = set_up_battle(gm, "bench-one", 1)

    client = Client()
    client.force_login(gm)

    def timed(battle) -> list[float]:
        path = f"/campaigns/{battle.campaign.slug}/battles/{battle.pk}/rounds/1/"
        response = client.get(path)  # warm-up, not counted
        assert response.status_code == 200 and battle.fought_through_interface
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            response = client.get(path)
            times.append(time.perf_counter() - started)
            assert response.status_code == 200
        return times

    large_times, single_times = timed(large), timed(single)
    large_median, single_median = statistics.median(large_times), statistics.median(single_times)
    print(f"the interface's round page, {args.repeat} GETs each after a warm-up, in-process on SQLite, load average "
          f"{os.getloadavg()[0]:.2f}")
    print(f"{args.players} characters: median {large_median * 1000:.0f} ms (min {min(large_times) * 1000:.0f})")
    print(f"1 character:   median {single_median * 1000:.0f} ms (min {min(single_times) * 1000:.0f})")
    print(f"ratio: {large_median / single_median:.2f}")


if __name__ == "__main__":
    main()
