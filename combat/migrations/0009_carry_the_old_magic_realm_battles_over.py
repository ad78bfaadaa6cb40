"""Every battle begun before its campaign's system moved to the systems interface's pages (a Magic Realm battle
whose state names no system) is carried over to the interface's format (combat/battle_conversion.py): its
resolved rounds replayed and checked, its open round's drafts as answers, a waiting round kept waiting, the
chits recorded as settled dues. From then on every battle is fought on the interface's pages.

A battle that cannot be carried over (a resolved round whose replay does not give what it recorded, a round
that waits for something its replay does not) stops the migration, naming every such battle and why, with
nothing carried over: the GM voids the round or ends the battle with the release before this one, or the
operator deletes the battle, and migrates again (docs/systems.md)."""

from django.db import migrations


def carry_over(apps, schema_editor):
    from combat.battle_conversion import ConversionRefused, convert_battle, needs_conversion

    Battle = apps.get_model("combat", "Battle")
    refused = []
    for battle in Battle.objects.order_by("pk"):
        if not needs_conversion(battle):
            continue
        try:
            convert_battle(battle)
        except ConversionRefused as why:
            refused.append(str(why))
    if refused:
        raise RuntimeError("These battles cannot be carried over to the systems interface's format, so nothing was "
                           "(docs/systems.md says what to do):\n- " + "\n- ".join(refused))


class Migration(migrations.Migration):
    # No reverse: the app's own round format is gone with its pages, so a battle carried over stays in the
    # interface's format when migrating back (its rounds keep their input and seed, from which either format
    # follows); migrating back does nothing.

    dependencies = [
        ("campaigns", "0010_setup_step_kinds_are_the_systems"),
        ("players", "0001_player_links_and_deadlines"),
        ("combat", "0008_character_changes_adjusted_by_the_gm"),
    ]

    operations = [migrations.RunPython(carry_over, migrations.RunPython.noop)]
