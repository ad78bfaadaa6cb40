"""Rounds opened before a round opened a side only for the combatants still in the battle (the system's
`sides_in_battle`, combat/system_battles.py `open_round`) have one for a character killed or gone in an earlier
round: his player would be emailed the round's plays due and its results. Each round still to be played (entering
plays, or failed and to be resolved again) of a battle in progress drops those sides, saying so in the round's
history. A resolved round keeps the sides it was played with. Written with the models as they stand at this
migration (the systems' code it asks is today's), and a round whose input cannot be read is left as it is."""

from django.db import migrations

OPEN = ("drafting", "failed")  # combat.models.Round.Status
ADJUSTMENT = "adjustment"  # players.models.RoundNote.Kind


def drop_the_sides_of_the_dead(apps, schema_editor):
    from systems import get_system
    from systems.errors import PlaysInvalid

    Round = apps.get_model("combat", "Round")
    RoundNote = apps.get_model("players", "RoundNote")
    for round_ in (Round.objects.filter(status__in=OPEN, battle__status="active", battle__state__has_key="system")
                   .select_related("battle__campaign").order_by("pk")):
        if not round_.input:  # a round whose input was never written: no side to judge
            continue
        system = get_system(round_.battle.campaign.system)
        try:
            out = set(system.sides(round_.input)) - set(system.sides_in_battle(round_.input))
        except (PlaysInvalid, KeyError, TypeError, AttributeError):  # an input the system cannot read: left alone
            continue
        dropped = list(round_.sides.filter(side__in=out).order_by("pk").values_list("side", flat=True))
        for name in dropped:
            RoundNote.objects.create(round=round_, kind=ADJUSTMENT,
                                     text=f"{name} is out of the battle as round {round_.number} starts: no side, "
                                          "so no email of this round")
        round_.sides.filter(side__in=dropped).delete()


class Migration(migrations.Migration):
    # No reverse: a side for a combatant out of the battle is asked nothing; migrating back leaves the rounds as
    # they are.

    dependencies = [
        ("players", "0001_player_links_and_deadlines"),
        ("combat", "0010_side_plays_saved_at"),
    ]

    operations = [migrations.RunPython(drop_the_sides_of_the_dead, migrations.RunPython.noop)]
