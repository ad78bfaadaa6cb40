"""A Magic Realm character's record as its system now checks it (systems/magic_realm/records.py `check_record`): the
old edit page took any word for the state of a chit, a piece of armor or a weapon ("FIGHT H5*: Fatigued"); the one
edit page offers only the states a battle reads, and the check refuses any other, also when a battle writes the
record. Each state is written as the GM meant it: trimmed and in lower case (a battle compared the words exactly, so
"Fatigued" was read as fresh before; from now on it is fatigued, as typed); a chit's state that is no state at all
is dropped (a battle read it as fresh, as it will) and so is a weapon's (read as unalerted); a piece of armor's is
left for the GM to correct on the edit page, which names it (a battle could not start from it either). The states are written
out here, so this migration reads the same whatever the system's code becomes."""

from django.db import migrations

SYSTEM = "magic-realm"
STATES = {"chits": ("fresh", "fatigued", "wounded", "enchanted"), "armor": ("intact", "damaged", "destroyed"),
          "weapons": ("unalerted", "alerted")}
UNKNOWN_DROPPED = ("chits",)  # a battle read an unknown state as the fresh one


def tidy(record):
    """The record with each item's state as a battle read it (a record that is not an object: as it is)."""
    if not isinstance(record, dict):
        return record
    tidied = dict(record)
    for key, states in STATES.items():
        items = record.get(key)
        if not isinstance(items, dict):
            continue
        kept = {}
        for name, state in items.items():
            word = state.strip().lower() if isinstance(state, str) else state
            if word in states:
                kept[name] = word
            elif key == "weapons":
                kept[name] = "unalerted"  # still carried, and a battle read it unalerted
            elif key not in UNKNOWN_DROPPED:
                kept[name] = state
        tidied[key] = kept
    return tidied


def forwards(apps, schema_editor):
    Character = apps.get_model("campaigns", "Character")
    for character in Character.objects.filter(campaign__system=SYSTEM).only("pk", "state"):
        tidied = tidy(character.state)
        if tidied != character.state:
            character.state = tidied
            character.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0010_setup_step_kinds_are_the_systems")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
