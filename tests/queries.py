"""Counting a page's queries, for the tests that check a page asks a fixed number of them."""

from django.db import connection
from django.test.utils import CaptureQueriesContext


def queries_for(client, url) -> int:
    """How many queries a GET of `url` asks (it must answer 200)."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured.captured_queries)
