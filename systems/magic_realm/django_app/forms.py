from django import forms

from systems.magic_realm.django_app.cards import KIND_CHOICES


class CatalogueSearchForm(forms.Form):
    q = forms.CharField(label="Search", required=False, max_length=100)
    kind = forms.ChoiceField(label="Kind", choices=KIND_CHOICES, required=False)
