"""A character's secret starting information is kept as the answers to its system's `starting_form` (issue #11):
Magic Realm's four columns become its answers (systems/magic_realm/starting.py, `starting_from_old`), and back.
The conversion is written out here, so this migration reads the same whatever the system's code becomes."""

from django.db import migrations, models

CATEGORIES = ("great_treasures", "usable_spells", "fame", "notoriety", "gold")


def answers_from_columns(row) -> dict:
    """The answers from the four columns (a category with no points, an empty location or list is not answered)."""
    requirements = row.victory_requirements or {}
    answers = {f"vp_{key}": requirements[key] for key in CATEGORIES if requirements.get(key)}
    if row.starting_location:
        answers["starting_location"] = row.starting_location
    if row.recorded_spells:
        answers["recorded_spells"] = "\n".join(row.recorded_spells)
    if row.enchanted_chits:
        answers["enchanted_chits"] = list(row.enchanted_chits)
    return answers


def columns_from_answers(answers: dict) -> dict:
    """The four columns from the answers (undoing `answers_from_columns`)."""
    return {
        "victory_requirements": {key: answers[f"vp_{key}"] for key in CATEGORIES if answers.get(f"vp_{key}")},
        "starting_location": str(answers.get("starting_location") or "")[:60],
        "recorded_spells": [line.strip() for line in str(answers.get("recorded_spells") or "").splitlines()
                            if line.strip()],
        "enchanted_chits": list(answers.get("enchanted_chits") or []),
    }


def forwards(apps, schema_editor):
    StartingInfo = apps.get_model("campaigns", "StartingInfo")
    for row in StartingInfo.objects.all():
        row.answers = answers_from_columns(row)
        row.save(update_fields=["answers"])


def backwards(apps, schema_editor):
    StartingInfo = apps.get_model("campaigns", "StartingInfo")
    for row in StartingInfo.objects.all():
        for key, value in columns_from_answers(row.answers or {}).items():
            setattr(row, key, value)
        row.save()


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0008_remove_the_weather_columns")]

    operations = [
        migrations.AddField("startinginfo", "answers", models.JSONField(default=dict)),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField("startinginfo", "victory_requirements"),
        migrations.RemoveField("startinginfo", "starting_location"),
        migrations.RemoveField("startinginfo", "recorded_spells"),
        migrations.RemoveField("startinginfo", "enchanted_chits"),
    ]
