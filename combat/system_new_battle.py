"""The GM's page that starts a battle, for every campaign: nothing here names a system. A system that asks a new
battle's own questions (its `setup_form`: for Magic Realm, who is in the clearing and who attacks whom) has them
drawn first, field by field as a side's plays form is, and the battle starts from its `set_up`; every system may
also start from one of its examples, edited as JSON, with the campaign's characters cast in it. Either way the
battle is started by `system_battles.start_battle` (the campaign's GM only, else 404), which lays the characters'
records over the starting state; a refused start keeps what was typed and names the field."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from combat import services, system_battles
from combat.models import Battle
from combat.system_rounds import battle_starters, combatant_names, posted_answers
from combat.system_views import field_row
from systems.errors import PlaysInvalid

SETUP = "setup"  # the `how` of the set-up form; the examples' form posts "example"


class PlaceForm(forms.Form):
    """Where the battle happens and what it is called: asked whichever way it starts."""

    name = forms.CharField(max_length=Battle._meta.get_field("name").max_length, required=False,
                           help_text="Left empty, it is named after where it happens (“Battle in …”).")
    clearing = forms.CharField(label="Where", max_length=Battle._meta.get_field("clearing").max_length,
                               help_text="The place the battle happens.")


class StartForm(PlaceForm):
    """A battle started from one of the system's examples."""

    starter = forms.ChoiceField(label="Start from")
    state = forms.CharField(
        label="Starting state (JSON)", required=False, widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false"}),
        help_text="The chosen example's state, to edit as you like. Left empty, the chosen example is used as it is.")

    def __init__(self, *args, starters, characters=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.starters = {starter.key: starter for starter in starters}
        self.fields["starter"].choices = [(starter.key, starter.title) for starter in starters]
        # Who plays whom: each campaign character may take a combatant of the starting state, which is
        # renamed after him (systems/renaming.py); left empty, he plays the combatant of his own name, if any.
        self.characters = list(characters)
        for character in self.characters:
            self.fields[f"plays_{character.pk}"] = forms.CharField(
                label=f"{character.catalogue_name} plays", required=False, max_length=60,
                widget=forms.TextInput(attrs={"list": "combatant-names", "autocomplete": "off"}),
                help_text=f"The combatant of the starting state {character.catalogue_name} plays; it takes the "
                          f"name {character.catalogue_name}. Empty: the combatant named {character.catalogue_name}, "
                          "if there is one.")
        self.order_fields(["name", "clearing", "starter", *[f"plays_{c.pk}" for c in self.characters], "state"])

    def cast(self) -> dict[str, str]:
        """Each combatant taken (by the name the starting state gives him) -> the character who plays him."""
        return {self.cleaned_data[f"plays_{c.pk}"].strip(): c.catalogue_name for c in self.characters
                if self.cleaned_data.get(f"plays_{c.pk}", "").strip()}

    def clean(self):
        cleaned = super().clean()
        taken: dict[str, str] = {}
        for character in self.characters:
            combatant = (cleaned.get(f"plays_{character.pk}") or "").strip()
            if combatant and combatant in taken:
                self.add_error(f"plays_{character.pk}", f"{taken[combatant]} already plays {combatant}: "
                                                         "each combatant is played by one character.")
            taken.setdefault(combatant, character.catalogue_name)
        return cleaned

    def round_input(self):
        """The starting state: the one typed, else the chosen starter's; None (with the error on the field)
        when what was typed is not JSON."""
        text = self.cleaned_data["state"].strip()
        if not text:
            return self.starters[self.cleaned_data["starter"]].round_input
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            self.add_error("state", f"This is not JSON: {error.msg} (line {error.lineno}, column {error.colno}).")
            return None


class SetUp:
    """The system's own questions for a new battle (`setup_form`), the answers posted and their errors."""

    def __init__(self, system, characters, data=None):
        self.system = system
        self.names = tuple(c.catalogue_name for c in characters)
        self.form = system.setup_form(self.names)
        self.place = PlaceForm(data, prefix=SETUP)
        self.answers, self.errors = posted_answers(self.form, data) if data is not None and self.form else ({}, {})

    def round_input(self) -> dict[str, Any] | None:
        """Round 1's input from the answers, or None with each refusal beside the field it names."""
        place_ok = self.place.is_valid()
        if self.errors:
            return None
        try:
            round_input = self.system.set_up(self.answers, self.names)
        except PlaysInvalid as refused:
            names = {f.name for f in self.form.fields}
            for error in refused.errors:
                self.refuse(error.path if error.path in names else "__all__", error.message)
            return None
        return round_input if place_ok else None

    def check(self) -> None:
        """While the GM types: the errors of the questions answered so far (a question not yet answered is
        not an error until the battle is started), nothing created."""
        if not self.errors:
            try:
                self.system.set_up(self.answers, self.names)
            except PlaysInvalid as refused:
                for error in refused.errors:
                    self.refuse(error.path, error.message)
        self.errors = {name: message for name, message in self.errors.items() if name in self.answers}

    def refuse(self, key: str, message: str) -> None:
        """An error beside the field `key` ("__all__": above the form), after any it already has."""
        self.errors[key] = f"{self.errors[key]} {message}" if key in self.errors else message

    def rows(self) -> list[dict[str, Any]]:
        errors = dict(self.errors)
        return [field_row(SETUP, form_field, self.answers, self.answers, errors.pop(form_field.name, ""))
                for form_field in self.form.fields]

    @property
    def general_errors(self) -> list[str]:
        names = {f.name for f in self.form.fields}
        return [message for key, message in self.errors.items() if key not in names]


def new_battle(request, campaign):
    system = campaign.combat_system
    starters = battle_starters(system)
    characters = system_battles.living_characters(campaign)
    how = request.POST.get("how", "example") if request.method == "POST" else ""
    setup = SetUp(system, characters, request.POST if how == SETUP else None)
    initial = {"starter": starters[0].key, "state": starters[0].text} if starters else {}
    form = StartForm(request.POST if how == "example" else None, starters=starters, characters=characters,
                     initial=initial)
    if how == SETUP and setup.form is not None:
        battle = _start_set_up(request, campaign, setup)
        if battle is not None:
            return _started(request, campaign, battle)
    elif how == "example" and form.is_valid():
        round_input = form.round_input()
        if round_input is not None:
            data = form.cleaned_data
            try:
                battle = system_battles.start_battle(request.user, campaign.slug, data["name"], data["clearing"],
                                                     round_input, cast=form.cast())
            except services.BattleError as error:
                _errors_on_fields(form, error)
            else:
                return _started(request, campaign, battle)
    return render(request, "combat/system_battle_new.html", {
        "campaign": campaign, "form": form, "starters": starters, "how": how, "setup": setup,
        "setup_rows": setup.rows() if setup.form else [], "characters": characters,
        "combatant_names": combatant_names(system),
    }, status=422 if request.method == "POST" else 200)


@login_required
@require_POST
def check_set_up(request, slug):
    """The set-up form's errors as the GM types (the general errors region and each field's error slot, out of
    band), never its inputs: what is being typed stays as typed."""
    campaign = services.campaign_for(request.user, slug)
    setup = SetUp(campaign.combat_system, system_battles.living_characters(campaign), request.POST)
    if setup.form is None:
        raise Http404("This campaign's system asks nothing to set a battle up")
    setup.check()
    return render(request, "combat/system_battle_new.html#setup_errors",
                  {"setup": setup, "setup_rows": setup.rows(), "oob_fields": True})


def _start_set_up(request, campaign, setup: SetUp):
    round_input = setup.round_input()
    if round_input is None:
        return None
    data = setup.place.cleaned_data
    try:
        return system_battles.start_battle(request.user, campaign.slug, data["name"], data["clearing"], round_input)
    except services.BattleError as error:
        for field_name, message in error.errors.items():
            if field_name in setup.place.fields:
                setup.place.add_error(field_name, message)
            else:
                setup.refuse("__all__", message)
        if not error.errors:
            setup.refuse("__all__", str(error))
        return None


def _started(request, campaign, battle):
    messages.success(request, f"{battle.name} has begun: enter round 1's plays.")
    return redirect("combat:battle", slug=campaign.slug, battle_id=battle.pk)


def _errors_on_fields(form, error):
    """The service's errors beside the fields they name, the others above the form."""
    placed = False
    for field_name, message in error.errors.items():
        if field_name in form.fields:
            form.add_error(field_name, message)
            placed = True
    if not placed:
        form.add_error(None, str(error))
