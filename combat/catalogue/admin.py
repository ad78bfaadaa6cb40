import json

from django.contrib import admin
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html

from combat.catalogue.models import HouseCounter, OriginalCounter
from combat.catalogue.services import copy_original_to_house_counter


@admin.register(OriginalCounter)
class OriginalCounterAdmin(admin.ModelAdmin):
    """The original game's counters: read-only; copy one to make a house counter."""

    list_display = ["name", "kind", "key", "version"]
    list_filter = ["kind"]
    search_fields = ["name", "key"]
    fields = ["key", "kind", "name", "version", "statistics"]
    readonly_fields = fields
    actions = ["copy_as_house_counter"]

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
    list_display = ["name", "kind", "based_on", "used_by"]
    list_filter = ["kind", "campaigns"]
    search_fields = ["name", "based_on", "notes"]
    filter_horizontal = ["campaigns"]
    fields = ["kind", "name", "based_on", "data", "notes", "campaigns"]

    @admin.display(description="Campaigns")
    def used_by(self, obj):
        return ", ".join(campaign.name for campaign in obj.campaigns.all()) or "—"
