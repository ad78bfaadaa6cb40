"""Migration tests: the database migrated to an earlier state, data written through that state's models, then
migrated on, and always left at the latest state for the tests after (the tests need `transaction=True`)."""

from contextlib import contextmanager

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """The database migrated (forwards or backwards) to `targets`; the apps of that state, whose models have the
    columns the tables have then."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@contextmanager
def back_to_latest():
    """Whatever fails inside, the database is migrated back to the latest state afterwards."""
    try:
        yield
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
