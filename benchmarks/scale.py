"""Pages on a host's worth of data, as ratios to the demo database (issue #13, goal 3).

Makes a scratch PostgreSQL database with the demo campaign (`load_demo`) and measures, as the demo GM,
the median latency of `--requests` requests (Django's test client in this process, DEBUG off) of each
page: the dashboard, the demo battle's round page, the Mail page, the campaign's rules history, its
characters (each card with its history of battles) and its battle list. Then `fill_host --scale S`
adds a host's worth of data (1,000 campaigns, 20,000 battles, 100,000 resolved rounds, 300,000 emails
at scale 1), the tables are analysed as autovacuum would, and the same pages are measured again, for
the demo GM and for a host GM (five campaigns, twenty battles each, a resolved round and the round
open for plays). Each page's query count is printed beside it; `--explain` prints, for every query of
the filled pages, the plan's sequential scans and its time (EXPLAIN ANALYZE). The last line, `ratio: X`,
is the worst filled latency over the same page's on the demo database.

    .venv/bin/python benchmarks/scale.py [--scale 1] [--requests 15] [--explain]

Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "herald_bench_scale"
BIG_TABLES = {"combat_round", "combat_sideplays", "combat_characterchange", "mail_outboxmessage", "combat_battle",
              "campaigns_character", "campaigns_player", "campaigns_campaign", "combat_battle_characters"}


def pages_of(user) -> list[tuple[str, str]]:
    """(name, path) of the pages measured, for the user's first campaign (a host GM's second one, whose
    battles are copies) and its first battle."""
    from combat.models import Battle, Round

    campaigns = list(user.gm_campaigns.order_by("slug"))
    campaign = campaigns[1] if len(campaigns) > 1 else campaigns[0]
    battles = Battle.objects.filter(campaign=campaign)
    resolved = Round.objects.filter(battle__in=battles, status=Round.Status.RESOLVED).order_by("-number", "battle_id").first()
    drafting = Round.objects.filter(battle__in=battles, status=Round.Status.DRAFTING).order_by("battle_id").first()
    pages = [("dashboard", "/campaigns/"), ("Mail page", "/mail/"),
             ("rules history", f"/campaigns/{campaign.slug}/rules/history/"),
             ("characters and their history", f"/campaigns/{campaign.slug}/characters/"),
             ("battle list", f"/campaigns/{campaign.slug}/battles/")]
    for label, round_ in (("round page, drafting", drafting), ("round page, resolved", resolved)):
        if round_ is not None:
            pages.append((label, f"/campaigns/{campaign.slug}/battles/{round_.battle_id}/rounds/{round_.number}/"))
    return pages


def measure(user, requests: int, explain: bool = False) -> dict[str, tuple[float, int]]:
    """Each page's median latency (s) and query count, as `user`."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(user)
    found = {}
    for name, path in pages_of(user):
        for _ in range(2):  # warm caches (templates, catalogue, the rule sets)
            response = client.get(path)
            if response.status_code != 200:
                raise SystemExit(f"{name} ({path}) answered {response.status_code}")
        timings = []
        for _ in range(requests):
            started = time.perf_counter()
            client.get(path)
            timings.append(time.perf_counter() - started)
        with CaptureQueriesContext(connection) as captured:
            client.get(path)
        found[name] = (statistics.median(timings), len(captured.captured_queries))
        if explain:
            explain_queries(name, [query["sql"] for query in captured.captured_queries])
    return found


def explain_queries(page: str, queries: list[str]) -> None:
    """EXPLAIN ANALYZE of each SELECT: its time, and any sequential scan of a big table."""
    from django.db import connection

    print(f"-- {page}: {len(queries)} queries")
    with connection.cursor() as cursor:
        for sql in queries:
            if not sql.lstrip().upper().startswith("SELECT"):
                continue
            cursor.execute("EXPLAIN (ANALYZE, COSTS OFF, TIMING ON) " + sql)
            plan = [row[0] for row in cursor.fetchall()]
            total = next((line for line in plan if line.startswith("Execution Time")), "")
            scans = sorted({match for line in plan for match in re.findall(r"Seq Scan on (\w+)", line)} & BIG_TABLES)
            tables = sorted(set(re.findall(r'FROM "(\w+)"', sql)))
            print(f"   {total:<28} {', '.join(tables)[:70]:<70} {'SEQ SCAN ' + ', '.join(scans) if scans else ''}")
            if scans:
                print("\n".join("      " + line for line in plan))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--requests", type=int, default=15)
    parser.add_argument("--explain", action="store_true")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    from benchmarks.pages import web_environment

    web_environment(DATABASE)
    import django

    django.setup()
    from django.conf import settings

    # Goal 3 is about drawing a page on a big database: whole pages kept under the database's snapshot
    # (config/page_cache.py) would hide it after the first request, so none are kept here.
    settings.CACHES["pages"] = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    call_command("load_demo", stdout=open(os.devnull, "w"))
    demo = get_user_model().objects.get(username="demo")
    load = [os.getloadavg()[0]]
    alone = measure(demo, args.requests)
    started = time.monotonic()
    call_command("fill_host", scale=args.scale, verbosity=0)
    filled_in = time.monotonic() - started
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    host = get_user_model().objects.get(username="host-gm-0")
    load.append(os.getloadavg()[0])
    on_host = measure(demo, args.requests, args.explain)
    host_pages = measure(host, args.requests, args.explain)
    load.append(os.getloadavg()[0])

    print(f"fill_host --scale {args.scale}: {filled_in:.0f} s; load average {', '.join(f'{value:.1f}' for value in load)}; "
          f"median of {args.requests} requests, Django test client, DEBUG off, PostgreSQL")
    print(f"{'page':<30} {'demo DB':>9} {'q':>3} | {'filled, demo GM':>15} {'q':>3} {'ratio':>6} | {'filled, host GM':>15} {'q':>3} {'ratio':>6}")
    ratios = []
    for name, (base, queries) in alone.items():
        row = f"{name:<30} {base * 1000:7.1f}ms {queries:>3} |"
        for found in (on_host, host_pages):
            if name in found:
                latency, count = found[name]
                ratios.append(latency / base)
                row += f" {latency * 1000:13.1f}ms {count:>3} {latency / base:6.2f} |"
        print(row)
    for name, (latency, count) in host_pages.items():
        if name not in alone:  # the demo has no resolved round
            print(f"{name:<30} {'':>9} {'':>3} | {'':>15} {'':>3} {'':>6} | {latency * 1000:13.1f}ms {count:>3}")
    print(f"ratio: {max(ratios):.2f}")
    connection.close()


if __name__ == "__main__":
    main()
