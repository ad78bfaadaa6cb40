import json

from django import forms
from django.contrib import admin
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html

from systems.magic_realm.django_app.cards import card_for
from systems.magic_realm.django_app.models import HouseCounter, OriginalCounter
from systems.magic_realm.django_app.services import copy_original_to_house_counter
from systems.magic_realm.engine.catalogue import UnknownCounter
from systems.magic_realm.engine.catalogue_data import CatalogueDataError, get_catalogue


def counter_picture(counter) -> str:
    """The counter drawn as on the catalogue page (both sides)."""
    return render_to_string("catalogue/_card.html", {"card": card_for(counter)})


class IndentedJSONField(forms.JSONField):
    """The counter's statistics shown one field per line, so staff can read and change them."""

    def prepare_value(self, value):
        if isinstance(value, forms.fields.InvalidJSONInput):
            return value
        return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)


class HouseCounterForm(forms.ModelForm):
    data = IndentedJSONField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 24, "cols": 70, "spellcheck": "false"}),
        help_text=HouseCounter._meta.get_field("data").help_text,
    )

    class Meta:
        model = HouseCounter
        fields = ["kind", "name", "based_on", "data", "notes", "campaigns"]

    def clean_data(self):
        return self.cleaned_data["data"] or {}


class CataloguePictureMedia:
    css = {"all": ["catalogue/catalogue.css"]}


@admin.register(OriginalCounter)
class OriginalCounterAdmin(admin.ModelAdmin):
    """The original game's counters: read-only; copy one to make a house counter."""

    list_display = ["name", "kind", "key", "version"]
    list_filter = ["kind"]
    search_fields = ["name", "key"]
    fields = ["key", "kind", "name", "version", "picture", "statistics"]
    readonly_fields = fields
    actions = ["copy_as_house_counter"]
    Media = CataloguePictureMedia

    @admin.display(description="Picture")
    def picture(self, obj):
        if obj.kind == "season":
            return "—"
        try:
            return counter_picture(get_catalogue().by_key(obj.key))
        except UnknownCounter:
            return "Not in the loaded catalogue files: run load_catalogue."

    @admin.display(description="Statistics")
    def statistics(self, obj):
        return format_html("<pre>{}</pre>", json.dumps(obj.data, indent=2, sort_keys=True))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description="Copy as house counters (to change them)", permissions=["copy"])
    def copy_as_house_counter(self, request, queryset):
        copies = [copy_original_to_house_counter(row.key) for row in queryset.exclude(kind="season")]
        if len(copies) == 1:
            self.message_user(request, f"Copied {copies[0].name}: change it, then enable it for campaigns.")
            return redirect(reverse("admin:catalogue_housecounter_change", args=[copies[0].pk]))
        self.message_user(request, f"Copied {len(copies)} counters as house counters.")
        return redirect(reverse("admin:catalogue_housecounter_changelist"))

    def has_copy_permission(self, request):
        # The copy action writes house counters, not originals: offer it to whoever may add those.
        return request.user.has_perm("catalogue.add_housecounter")


@admin.register(HouseCounter)
class HouseCounterAdmin(admin.ModelAdmin):
    form = HouseCounterForm
    list_display = ["name", "kind", "based_on", "used_by"]
    list_filter = ["kind", "campaigns"]
    search_fields = ["name", "based_on", "notes"]
    filter_horizontal = ["campaigns"]
    fields = ["kind", "name", "based_on", "picture", "data", "notes", "campaigns"]
    readonly_fields = ["picture"]
    Media = CataloguePictureMedia

    @admin.display(description="Picture")
    def picture(self, obj):
        if obj.pk is None:
            return "Drawn here once saved."
        try:
            return counter_picture(obj.to_counter())
        except CatalogueDataError as error:
            return f"Cannot draw it: {error}"

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("campaigns")

    @admin.display(description="Campaigns")
    def used_by(self, obj):
        return ", ".join(campaign.name for campaign in obj.campaigns.all()) or "—"
