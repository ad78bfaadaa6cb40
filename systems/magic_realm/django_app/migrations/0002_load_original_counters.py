"""Load the original counters from the catalogue files, as `manage.py load_catalogue` does."""

from django.db import migrations


def load(apps, schema_editor):
    from systems.magic_realm.django_app.services import sync_original_counters

    sync_original_counters(apps.get_model("catalogue", "OriginalCounter"))


def unload(apps, schema_editor):
    apps.get_model("catalogue", "OriginalCounter").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("catalogue", "0001_initial")]

    operations = [migrations.RunPython(load, unload)]
