from django.contrib import admin

from combat.models import Battle, ChitRecord, Round, SidePlays


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("number", "status", "seed", "rules_fingerprint", "resolved_at", "error")
    readonly_fields = fields
    show_change_link = True
    can_delete = False


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin):
    list_display = ("name", "campaign", "clearing", "status", "created_at")
    list_filter = ("status", "campaign")
    search_fields = ("name", "clearing", "campaign__name")
    filter_horizontal = ("characters",)
    inlines = [RoundInline]


class SidePlaysInline(admin.TabularInline):
    model = SidePlays
    extra = 0
    fields = ("character", "locked", "plays", "updated_by", "updated_at")
    readonly_fields = ("updated_by", "updated_at")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("battle", "number", "status", "resolved_at", "attempts")
    list_filter = ("status",)
    search_fields = ("battle__name", "battle__campaign__name")
    # The dice are committed when the round opens (docs/fair-dice.md): nobody re-rolls them here.
    readonly_fields = ("seed", "salt", "commitment", "commitment_for", "committed_at", "rules", "rules_fingerprint", "rules_version_number", "input", "result", "log",
                       "task_id", "attempts", "resolve_requested_at", "resolved_at")
    inlines = [SidePlaysInline]


@admin.register(ChitRecord)
class ChitRecordAdmin(admin.ModelAdmin):
    list_display = ("round", "character", "wounded", "fatigued", "recorded_at")
