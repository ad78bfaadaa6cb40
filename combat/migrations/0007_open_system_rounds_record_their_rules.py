"""Rounds fought through the systems interface now record their rules when they open (the options written
into their input then), not when they are resolved. A round opened before that and not yet resolved has
none recorded: it gets its campaign's options now, which are still the ones its input was given unless the
GM changed them since (what resolving it would have recorded before)."""

from django.db import migrations

UNRESOLVED = ("drafting", "resolving", "failed")


def record_rules(apps, schema_editor):
    Round = apps.get_model("combat", "Round")
    rounds = (Round.objects.filter(status__in=UNRESOLVED, rules={}).exclude(battle__campaign__system="magic-realm")
              .select_related("battle__campaign"))
    for round_ in rounds:
        round_.rules = dict(round_.battle.campaign.system_options or {})
        round_.save(update_fields=["rules"])


class Migration(migrations.Migration):

    dependencies = [
        ("campaigns", "0003_campaign_system"),
        ("combat", "0006_sideplays_side"),
    ]

    operations = [migrations.RunPython(record_rules, migrations.RunPython.noop)]
