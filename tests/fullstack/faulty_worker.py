"""A Celery worker with a fault injected from outside Herald's code, for crash tests.

    python -m tests.fullstack.faulty_worker -A config worker ...   (what `start_worker(module=...)` runs)

It sets Django up, replaces one function of the product with a faulty copy, then hands over to Celery's
own command line, so the worker runs the real tasks with the fault in place:

- HERALD_FAULT_PAUSE_RESOLVE=<seconds>: each combat system's `resolve` (systems/interface.py) first sleeps that
  long. `combat.system_battles.resolve_locked` calls it inside the resolve transaction, with the round's row
  locked, so a test can kill the worker there (the log line `round_resolve_started` says it has arrived).
"""

from __future__ import annotations

import os
import sys
import time


def pause_the_engine(seconds: float) -> None:
    from systems import SYSTEMS, get_system

    for name in SYSTEMS:
        system = get_system(name)
        system.resolve = _paused(system.resolve, seconds)


def _paused(real_resolve, seconds: float):
    def paused_resolve(*args, **kwargs):
        time.sleep(seconds)
        return real_resolve(*args, **kwargs)

    return paused_resolve


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    pause = os.environ.get("HERALD_FAULT_PAUSE_RESOLVE")
    if pause:
        pause_the_engine(float(pause))
    from celery.__main__ import main as celery_main

    sys.argv = ["celery", *sys.argv[1:]]
    celery_main()


if __name__ == "__main__":
    main()
