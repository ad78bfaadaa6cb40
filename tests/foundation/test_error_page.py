"""The error page (handler500): 503 with a plain explanation when the database does not answer, else 500."""

import pytest
from django.db import OperationalError
from django.test import RequestFactory

from config import views


def render_error_for(error):
    request = RequestFactory().get("/campaigns/")
    try:
        raise error
    except Exception:
        return views.server_error(request)


def test_a_request_the_database_could_not_answer_gets_a_503_saying_nothing_was_saved(monkeypatch):
    monkeypatch.setattr(views, "database_state", lambda: {"ok": False, "vendor": "postgresql", "error": "refused"})
    response = render_error_for(OperationalError("connection refused"))
    assert response.status_code == 503 and response["Retry-After"] == "60"
    assert "Herald cannot reach its database right now" in response.content.decode()
    assert "Nothing you sent with this request was saved" in response.content.decode()


@pytest.mark.django_db
def test_any_other_error_gets_a_plain_500_page():
    response = render_error_for(ValueError("a bug"))
    assert response.status_code == 500
    assert "Something went wrong on Herald" in response.content.decode()
    assert "Traceback" not in response.content.decode()
