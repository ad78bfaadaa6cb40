import pytest
from django.urls import reverse

from tests.conftest import TEST_PASSWORD

pytestmark = pytest.mark.django_db


def sign_in(client, username, password):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_the_sign_in_page_has_labelled_fields_and_a_csrf_token(client):
    response = client.get(reverse("login"))
    body = response.content.decode()
    assert response.status_code == 200
    assert '<label for="id_username">' in body and '<label for="id_password">' in body
    assert "csrfmiddlewaretoken" in body


def test_a_gm_signs_in_and_is_sent_on(client, make_user):
    make_user("gm")
    response = client.post(reverse("login") + "?next=/mail/", {"username": "gm", "password": TEST_PASSWORD, "next": "/mail/"})
    assert response.status_code == 302
    assert response["Location"] == "/mail/"
    assert client.get("/mail/").status_code == 200


def test_a_wrong_password_shows_the_error_on_the_form(client, make_user):
    make_user("gm")
    response = sign_in(client, "gm", "wrong")
    assert response.status_code == 200
    assert b'class="form-errors"' in response.content


def test_the_sixth_bad_attempt_is_refused_even_with_the_right_password(client, make_user, settings):
    assert settings.AXES_FAILURE_LIMIT == 5
    make_user("gm")
    for _ in range(4):
        assert sign_in(client, "gm", "wrong").status_code == 200
    fifth = sign_in(client, "gm", "wrong")
    sixth = sign_in(client, "gm", TEST_PASSWORD)
    assert fifth.status_code == 429
    assert sixth.status_code == 429
    assert b"Too many sign-in attempts" in sixth.content
    assert "_auth_user_id" not in client.session


def test_signing_out_takes_a_post_and_ends_the_session(client, make_user):
    user = make_user("gm")
    client.force_login(user)
    assert client.get(reverse("logout")).status_code == 405
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Location"] == reverse("login")
    assert "_auth_user_id" not in client.session


def test_the_admin_is_for_staff_only(client, make_user, staff_user):
    client.force_login(make_user("gm"))
    assert client.get("/admin/").status_code == 302
    client.force_login(staff_user)
    assert client.get("/admin/").status_code == 200
    assert client.get("/admin/mail/outboxmessage/").status_code == 200
