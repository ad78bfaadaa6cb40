"""The GM's forms of the players' loop: the campaign's settings, a round's deadline, a ruling, and a
manual adjustment of a combatant's state (offered by the battle's combat system from its state, so only
real changes)."""

from __future__ import annotations

from typing import Any

from django import forms

from config.quick_forms import QuickLabels, QuickSelect
from players.models import PlaySettings


class PlaySettingsForm(forms.Form):
    deadline_hours = forms.IntegerField(min_value=1, max_value=24 * 60, label="Deadline (hours after a round opens)")
    reminder_hours = forms.CharField(
        required=False, label="Reminders (hours before the deadline)",
        help_text="Numbers separated by commas, e.g. 24, 2. Only players who have not submitted get them.")
    missed_turn = forms.ChoiceField(choices=PlaySettings.MissedTurn.choices, label="At the deadline, a side without plays")

    def clean_reminder_hours(self) -> list[int]:
        raw = [part.strip() for part in (self.cleaned_data.get("reminder_hours") or "").split(",") if part.strip()]
        try:
            hours = [int(part) for part in raw]
        except ValueError:
            raise forms.ValidationError("Write whole hours separated by commas, e.g. 24, 2.") from None
        if any(hour < 1 for hour in hours):
            raise forms.ValidationError("Each reminder is at least 1 hour before the deadline.")
        return hours


class DeadlineForm(QuickLabels, forms.Form):
    due_at = forms.DateTimeField(label="Deadline (UTC)", widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))


class RulingForm(QuickLabels, forms.Form):
    text = forms.CharField(label="GM ruling", max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))


def adjustment_choices(system, battle_state: dict[str, Any]) -> list[tuple[str, Any]]:
    """Every hand adjustment the system offers on the battle's state (systems/interface.py `adjustments`),
    grouped by combatant for the <select>: (combatant, [(value, label), ...]) in the system's order."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for adjustment in system.adjustments(battle_state):
        groups.setdefault(adjustment.combatant, []).append((adjustment.value, adjustment.label))
    return list(groups.items())


class AdjustmentForm(QuickLabels, forms.Form):
    change = forms.ChoiceField(label="Change", widget=QuickSelect)  # hundreds of options on a big battle
    reason = forms.CharField(label="Why", max_length=500, help_text="Kept in the round's history with your name and the time.")

    def __init__(self, *args, system, battle_state: dict[str, Any], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["change"].choices = [("", "—")] + adjustment_choices(system, battle_state)
