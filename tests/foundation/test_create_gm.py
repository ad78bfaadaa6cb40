import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

pytestmark = pytest.mark.django_db
GOOD_PASSWORD = "lantern-moss-ford-42"


def test_it_creates_a_gm_who_can_sign_in(client):
    call_command("create_gm", "wizard", "wizard@example.com", "--password", GOOD_PASSWORD)
    user = get_user_model().objects.get(username="wizard")
    assert user.email == "wizard@example.com"
    assert not user.is_staff
    response = client.post("/accounts/login/", {"username": "wizard", "password": GOOD_PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_admin_makes_an_administrator():
    call_command("create_gm", "boss", "boss@example.com", "--password", GOOD_PASSWORD, "--admin")
    user = get_user_model().objects.get(username="boss")
    assert user.is_staff and user.is_superuser


def test_it_asks_for_the_password_twice_when_not_given(monkeypatch):
    answers = iter([GOOD_PASSWORD, GOOD_PASSWORD])
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(answers))
    call_command("create_gm", "wizard", "wizard@example.com")
    assert get_user_model().objects.get(username="wizard").check_password(GOOD_PASSWORD)


def test_two_different_passwords_are_refused(monkeypatch):
    answers = iter([GOOD_PASSWORD, "something-else-entirely"])
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(answers))
    with pytest.raises(CommandError, match="password: the two passwords differ"):
        call_command("create_gm", "wizard", "wizard@example.com")
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["wizard", "not-an-address", "--password", GOOD_PASSWORD], "email:"),
        (["wizard", "wizard@example.com", "--password", "123"], "password:"),
        (["  ", "wizard@example.com", "--password", GOOD_PASSWORD], "username:"),
    ],
)
def test_bad_input_names_the_field_and_creates_nothing(arguments, message):
    with pytest.raises(CommandError, match=message):
        call_command("create_gm", *arguments)
    assert not get_user_model().objects.exists()


def test_an_existing_username_is_refused(make_user):
    make_user("wizard")
    with pytest.raises(CommandError, match="username: an account named 'WIZARD' already exists"):
        call_command("create_gm", "WIZARD", "w2@example.com", "--password", GOOD_PASSWORD)
    assert get_user_model().objects.count() == 1
