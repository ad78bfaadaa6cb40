"""Create a gamemaster account: `manage.py create_gm USERNAME EMAIL [--password P] [--admin]`.

Without --password the password is asked twice (not echoed). A GM is a plain Django user; a campaign
makes them its GM through `campaign.gms`. --admin also makes them an administrator of /admin/.
"""

import getpass

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_email
from django.db import transaction


class Command(BaseCommand):
    help = "Create a gamemaster account that can sign in to Herald."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("email")
        parser.add_argument("--password", help="the password (asked for when omitted)")
        parser.add_argument("--admin", action="store_true", help="also make this account an administrator (/admin/)")

    def handle(self, *args, username, email, password, admin, **options):
        User = get_user_model()
        username = username.strip()
        if not username:
            raise CommandError("username: must not be empty")
        if User.objects.filter(username__iexact=username).exists():
            raise CommandError(f"username: an account named {username!r} already exists")
        try:
            validate_email(email)
        except ValidationError:
            raise CommandError(f"email: {email!r} is not an email address") from None
        if password is None:
            password = self.ask_password()
        candidate = User(username=username, email=email)
        try:
            password_validation.validate_password(password, candidate)
        except ValidationError as error:
            raise CommandError("password: " + " ".join(error.messages)) from None
        with transaction.atomic():
            user = User.objects.create_user(
                username=username, email=email, password=password, is_staff=admin, is_superuser=admin
            )
        self.stdout.write(self.style.SUCCESS(f"Created GM {user.username} <{user.email}>. Sign in at /accounts/login/."))

    def ask_password(self) -> str:
        first = getpass.getpass("Password: ")
        if getpass.getpass("Password (again): ") != first:
            raise CommandError("password: the two passwords differ")
        return first
