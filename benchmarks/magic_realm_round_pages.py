"""A Magic Realm round page on the app's own pages against the same battle on the interface's pages.

Magic Realm's new battles are fought on the pages every system uses (combat/system_views.py); battles begun
before keep the app's own (combat/views.py). This sets up one 10-character battle each way, the same characters,
monsters and attacks, round 1 open with every side unlocked and nothing entered (the GM's page draws ten plays
forms), and times the GM's GET of each round page in-process on SQLite (Django's test client), after a warm-up.
It prints each median and their ratio: the figure docs/performance.md keeps.

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

    from benchmarks.battle_setup import CHARACTERS, MONSTERS
    from campaigns import services as campaign_services
    from combat import rounds, services, system_battles

    setup_test_environment()
    call_command("migrate", verbosity=0)
    gm = get_user_model().objects.create_user("bench-gm", "gm@example.com", "x")
    campaign = campaign_services.create_campaign(gm, "Benchmark", "bench", "bimr4")
    characters = []
    for index in range(args.players):
        player = campaign_services.add_player(gm, campaign, {"name": f"Player {index + 1}", "time_zone": "UTC",
                                                             "email": f"player{index + 1}@example.com"})
        characters.append(campaign_services.add_character(gm, campaign, {"player": player.pk,
                                                                          "catalogue_name": CHARACTERS[index]}))
    monsters = [MONSTERS[index % len(MONSTERS)] for index in range(args.players)]
    ids = rounds.unique_ids(monsters, set(CHARACTERS))
    attacks = [(monster, character.catalogue_name) for monster, character in zip(ids, characters)]
    apps = services.create_battle(campaign, services.BattleSetup(
        name="On the app's pages", clearing="Cave 1", character_ids=[c.pk for c in characters],
        monsters=monsters, attacks=attacks))
    names = tuple(sorted(c.catalogue_name for c in characters))
    answers = {"characters": list(names), "monsters": "\n".join(monsters),
               "attacks": "\n".join(f"{attacker} -> {target}" for attacker, target in attacks)}
    interfaces = system_battles.create_battle(campaign, "On the interface's pages", "Cave 2",
                                              campaign.combat_system.set_up(answers, names))

    client = Client()
    client.force_login(gm)

    def timed(battle) -> list[float]:
        path = f"/campaigns/bench/battles/{battle.pk}/rounds/1/"
        assert client.get(path).status_code == 200  # warm-up, not counted
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            response = client.get(path)
            times.append(time.perf_counter() - started)
            assert response.status_code == 200
        return times

    app_times, interface_times = timed(apps), timed(interfaces)
    app_median, interface_median = statistics.median(app_times), statistics.median(interface_times)
    print(f"{args.players} characters, {args.repeat} GETs each after a warm-up, in-process on SQLite")
    print(f"the app's own round page:       median {app_median * 1000:.0f} ms (min {min(app_times) * 1000:.0f})")
    print(f"the interface's round page:     median {interface_median * 1000:.0f} ms (min {min(interface_times) * 1000:.0f})")
    print(f"interface / app: {interface_median / app_median:.2f}")


if __name__ == "__main__":
    main()
