"""A campaign character's record as the GM edits it between battles (the card shows it as the system's
`record_card` words it): the fields are the system's (`record_form`, systems/records.py), each answer written
where its field's path says (`with_answer`); `killed` is every system's."""

from __future__ import annotations


import json
import math
from typing import Any, Mapping

from django import forms

from systems.interface import Field, PlaysForm
from systems.records import KILLED, recorded_answer, with_answer

NOT_RECORDED = "— not recorded —"


class RecordForm(forms.Form):
    killed = forms.BooleanField(required=False, label="Killed",
                                help_text="Killed in a battle: no new battle takes the character.")

    def __init__(self, *args, asked: PlaysForm, record: Mapping[str, Any], **kwargs):
        initial: dict[str, Any] = {KILLED: bool(record.get(KILLED))}
        for asked_field in asked.fields:
            initial[asked_field.name] = _posted(recorded_answer(record, asked_field))
        super().__init__(*args, initial=initial, **kwargs)
        self.asked = asked
        for asked_field in asked.fields:
            self.fields[asked_field.name] = _django_field(asked_field)
        self.order_fields([f.name for f in asked.fields] + [KILLED])

    def record(self, current: Mapping[str, Any]) -> dict[str, Any]:
        """The record with the answers written in (systems/records.py `with_answer`)."""
        record = {**current, KILLED: bool(self.cleaned_data.get(KILLED))}
        for asked_field in self.asked.fields:
            record = with_answer(record, asked_field, self.cleaned_data.get(asked_field.name))
        return record

    def field_for(self, path: str) -> str:
        """The form field an error of the record at `path` belongs beside ("chits.FIGHT H5*": that chit's
        question; "armor.Helmet" of armor gained: the question it was gained by), else the path itself."""
        by_path = {asked.path or asked.name: asked.name for asked in self.asked.fields}
        key = path.partition(".")[0]
        return by_path.get(path) or by_path.get(f"{key}.") or by_path.get(key) or path


def _posted(value: Any) -> Any:
    """A choice's value as its option's value: text as it is, anything else as JSON (a dict of a piece gained)."""
    if isinstance(value, list):
        return [_posted(each) for each in value]
    return value if value is None or isinstance(value, str) else json.dumps(value)


class _ChoiceValues:
    """The real values of a field's choices by the option values posted for them."""

    def __init__(self, asked: Field):
        self.values = {_posted(choice.value) or "": choice.value for choice in asked.choices}
        empty = [choice.label for choice in asked.choices if choice.value is None]
        # A choice the system disables (a state a record kept that the check refuses) is drawn "not possible",
        # its reason under the field (`_help`), but stays selectable: a disabled option is never posted, and its
        # field would read as answered empty; posted, the system's check refuses it beside the field.
        self.choices = [("", empty[0] if empty else NOT_RECORDED)] * (asked.kind == "choice") + [
            (_posted(choice.value), f"{choice.label} (not possible)" if choice.disabled else choice.label)
            for choice in asked.choices if choice.value is not None]

    def value(self, posted: Any) -> Any:
        if isinstance(posted, list):
            return [self.values[each] for each in posted]
        return self.values.get(posted) if posted else None


class _Share(forms.FloatField):
    """A "number" field with `decimals`: a number to that many places, kept as an int when whole."""

    def __init__(self, *, asked: Field, **kwargs):
        self.decimals = asked.decimals
        super().__init__(**kwargs)
        self.widget.attrs.update({"step": asked.step, "inputmode": "decimal"})

    def to_python(self, value):
        number = super().to_python(value)
        if number is None:
            return None
        if not math.isfinite(number):  # "inf", "nan", "1e400": no share of a bounty
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        rounded = round(number, self.decimals)
        return int(rounded) if rounded == int(rounded) else rounded


class _Choices(forms.MultipleChoiceField):
    """A "multi-choice" field: its answer the list of values picked, [] when none (an empty value posted, as a
    form says "none of them" with, is none picked)."""

    widget = forms.CheckboxSelectMultiple

    def __init__(self, *, values: _ChoiceValues, **kwargs):
        self.values = values
        super().__init__(choices=values.choices, **kwargs)

    def clean(self, value):
        picked = [each for each in value or [] if each != ""]
        return self.values.value(super().clean(picked))


class _Choice(forms.ChoiceField):
    def __init__(self, *, values: _ChoiceValues, **kwargs):
        self.values = values
        super().__init__(choices=values.choices, **kwargs)

    def clean(self, value):
        return self.values.value(super().clean(value))


def _help(asked: Field) -> str:
    """The field's help, and why each choice the system disables is not possible."""
    why = [f"{choice.label}: not possible: {choice.disabled}" for choice in asked.choices if choice.disabled]
    return " ".join([asked.help, *why]).strip()


def _django_field(asked: Field) -> forms.Field:
    common = {"required": asked.required and asked.kind != "multi-choice", "label": asked.label,
              "help_text": _help(asked)}
    if asked.kind == "number":
        bounds = {"min_value": asked.minimum, "max_value": asked.maximum}
        if asked.decimals:
            return _Share(asked=asked, **bounds, **common)
        return forms.IntegerField(**bounds, **common)
    if asked.kind == "choice":
        return _Choice(values=_ChoiceValues(asked), **common)
    if asked.kind == "multi-choice":
        return _Choices(values=_ChoiceValues(asked), **common)
    if asked.multiline:
        return forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), **common)
    return forms.CharField(max_length=120, **common)
