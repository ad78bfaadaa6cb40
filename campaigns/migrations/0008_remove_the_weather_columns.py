"""The campaign's own weather columns and weather rolls go: 0005 carried them into its system's calendar state and
week ends (a migration of its own, so that PostgreSQL alters the table after the rows written in 0005 are committed)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("campaigns", "0007_carry_the_weather_over"),
    ]

    operations = [
        migrations.RemoveField(model_name="campaign", name="weather"),
        migrations.RemoveField(model_name="campaign", name="weather_chit"),
        migrations.DeleteModel(name="WeatherRoll"),
    ]
