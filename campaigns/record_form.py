"""A campaign character's record in a campaign fought through the systems interface, as the GM edits it between
battles (the card shows it as the system's `record_card` words it): the fields are the system's (`record_form`,
systems/records.py), `killed` is every system's."""

from __future__ import annotations

from typing import Any, Mapping

from django import forms

from systems.interface import PlaysForm
from systems.records import KILLED

class RecordForm(forms.Form):
    killed = forms.BooleanField(required=False, label="Killed",
                                help_text="Killed in a battle: no new battle takes the character.")

    def __init__(self, *args, asked: PlaysForm, record: Mapping[str, Any], **kwargs):
        initial = {KILLED: bool(record.get(KILLED))}
        initial.update({f.name: record.get(f.name) for f in asked.fields})
        super().__init__(*args, initial=initial, **kwargs)
        self.asked = asked
        for asked_field in asked.fields:
            self.fields[asked_field.name] = _django_field(asked_field)
        self.order_fields([f.name for f in asked.fields] + [KILLED])

    def record(self, current: Mapping[str, Any]) -> dict[str, Any]:
        """The record with the answers written in: an empty answer leaves its key out."""
        record = {**current, KILLED: bool(self.cleaned_data.get(KILLED))}
        for asked_field in self.asked.fields:
            value = self.cleaned_data.get(asked_field.name)
            if value is None or value == "":
                record.pop(asked_field.name, None)
            else:
                record[asked_field.name] = value
        return record


def _django_field(asked) -> forms.Field:
    common = {"required": False, "label": asked.label, "help_text": asked.help}
    if asked.kind == "number":
        return forms.IntegerField(min_value=asked.minimum, max_value=asked.maximum, **common)
    if asked.kind == "choice":
        return forms.ChoiceField(choices=[("", "— not recorded —")] + [(c.value, c.label) for c in asked.choices], **common)
    return forms.CharField(max_length=120, **common)

