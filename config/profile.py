"""The GM's own account (issue #14): a profile page where a GM sets the name and email address Herald uses.
A round's GM copy (the full log, combat/emails.py) goes to every GM of the campaign who has an email address;
without one, the dashboard says that it cannot be sent."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth import get_user_model
from django.db import transaction
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from campaigns.names import validate_one_line

NO_EMAIL = "Your account has no email address: Herald cannot send you the GM's copy of each round."


class ProfileForm(forms.Form):
    name = forms.CharField(max_length=150, required=False, validators=[validate_one_line],
                           help_text="How Herald names you to the other GMs of your campaigns.")
    email = forms.EmailField(required=False, help_text="Where the GM's copy of each round (the full log) goes.")


def update_profile(user, *, name: str, email: str):
    """Save the signed-in user's own name and email address (nobody else's: the row is the user's)."""
    with transaction.atomic():
        account = get_user_model().objects.select_for_update().get(pk=user.pk)
        account.first_name, account.last_name = name.strip(), ""
        account.email = email.strip()
        account.save(update_fields=["first_name", "last_name", "email"])
    return account


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    user = request.user
    form = ProfileForm(request.POST or None, initial={"name": user.get_full_name(), "email": user.email})
    if request.method == "POST" and form.is_valid():
        update_profile(user, name=form.cleaned_data["name"], email=form.cleaned_data["email"])
        messages.success(request, "Your profile is saved." if form.cleaned_data["email"]
                         else f"Your profile is saved. {NO_EMAIL}")
        return redirect("profile")
    return render(request, "profile.html", {"form": form}, status=422 if form.errors else 200)
