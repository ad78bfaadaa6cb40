"""The GM's profile page: their own name and email address (issue #14)."""

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


def test_the_profile_shows_the_gms_name_and_email(client, make_user):
    client.force_login(make_user("anna", email="anna@example.com", first_name="Anna Vale"))
    page = client.get("/accounts/profile/").content.decode()
    assert 'value="Anna Vale"' in page and 'value="anna@example.com"' in page and "Signed in as anna" in page
    assert 'href="/accounts/profile/" aria-current="page">Profile</a>' in page


def test_a_gm_sets_their_name_and_email(client, make_user):
    user = make_user("anna", email="")
    client.force_login(user)
    page = client.get("/accounts/profile/").content.decode()
    assert "No email address yet" in page
    response = client.post("/accounts/profile/", {"name": "Anna Vale", "email": "anna@example.org"})
    assert response.status_code == 302 and response["Location"] == "/accounts/profile/"
    user.refresh_from_db()
    assert (user.get_full_name(), user.email) == ("Anna Vale", "anna@example.org")
    assert "No email address yet" not in client.get("/accounts/profile/").content.decode()


def test_clearing_the_email_says_the_gm_copy_cannot_be_sent(client, make_user):
    user = make_user("anna")
    client.force_login(user)
    page = client.post("/accounts/profile/", {"name": "", "email": ""}, follow=True).content.decode()
    user.refresh_from_db()
    assert user.email == "" and "Herald cannot send you the GM&#x27;s copy of each round" in page


def test_a_bad_email_is_named_beside_its_field_and_nothing_is_saved(client, make_user):
    user = make_user("anna", email="anna@example.com")
    client.force_login(user)
    response = client.post("/accounts/profile/", {"name": "Anna\nVale", "email": "not-an-email"})
    assert response.status_code == 422
    assert response.context["form"].errors.keys() == {"name", "email"}
    user.refresh_from_db()
    assert user.email == "anna@example.com" and user.first_name == ""


def test_a_gm_changes_only_their_own_account(client, make_user):
    other = make_user("bert", email="bert@example.com")
    client.force_login(make_user("anna"))
    client.post("/accounts/profile/", {"name": "Anna", "email": "anna@example.org", "username": "bert"})
    other.refresh_from_db()
    assert other.email == "bert@example.com" and get_user_model().objects.get(username="anna").email == "anna@example.org"


def test_the_profile_sends_anonymous_visitors_to_sign_in(client):
    response = client.get("/accounts/profile/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post("/accounts/profile/", {"email": "x@example.com"}).status_code == 302
