"""`Campaign.system_options` goes: every campaign's options are its rule-set versions (0004 made version 1 of
them). After combat's 0007, which still reads them for rounds left open."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("campaigns", "0004_every_campaign_keeps_its_options_as_versions"),
        ("combat", "0007_open_system_rounds_record_their_rules"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="campaign",
            name="system_options",
        ),
        migrations.AlterField(
            model_name="rulesetversion",
            name="settings",
            field=models.JSONField(help_text="Every option of the campaign's system with its value, the preset "
                                             "included, as its with_options reads them (Magic Realm: "
                                             "RuleSet.to_dict())."),
        ),
    ]
