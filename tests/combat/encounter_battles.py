"""Battles for the encounter-step tests, built through the battle services like the GM's form does."""

from combat import services
from combat.models import Battle


def start(campaign, characters, *, monsters=(), natives=(), attacks=(), name="Encounter test") -> Battle:
    setup = services.BattleSetup(
        name=name,
        clearing="Cave 4",
        character_ids=[character.pk for character in characters],
        monsters=list(monsters),
        natives=[services.NativeChoice(native, hired_by) for native, hired_by in natives],
        attacks=list(attacks),
    )
    return services.create_battle(campaign, setup)


def troll_battle(campaign, characters) -> Battle:
    """A red-side-up T Troll on the Black Knight's sheet, a Wolf on the Amazon's, and an unassigned Bat."""
    knight, amazon = characters["Black Knight"], characters["Amazon"]
    battle = start(campaign, [knight, amazon], monsters=["T Troll", "Wolf", "Giant Bat"],
                   attacks=[("T Troll", "Black Knight"), ("Wolf", "Amazon")])
    set_denizen(battle, "T Troll", side="dark")
    return battle


def set_denizen(battle: Battle, denizen_id: str, **changes) -> None:
    for denizen in battle.state["state"]["denizens"]:
        if denizen["id"] == denizen_id:
            denizen.update(changes)
    battle.save(update_fields=["state"])


def set_character(battle: Battle, character_id: str, **changes) -> None:
    for character in battle.state["state"]["characters"]:
        if character["id"] == character_id:
            character.update(changes)
    battle.save(update_fields=["state"])


def encounter_data(character, **fields) -> dict[str, str]:
    """The POST data of a side's encounter fields (prefix `enc<pk>-`)."""
    data = {}
    for name, value in fields.items():
        data[f"enc{character.pk}-{name}"] = value
    return data


def stopped_on_a_hireling_choice(gm, campaign, knight):
    """Round 1 of a battle of the hidden Black Knight's: his hirelings Soldier 1 and Soldier 2 and an
    unassigned Wolf. Resolving it stops on the choice of which hireling takes the Wolf; the round is FAILED."""
    from unittest import mock

    from combat.models import Round

    battle = start(campaign, [knight], monsters=["Wolf"], natives=[("Soldier 1", knight.pk), ("Soldier 2", knight.pk)],
                   attacks=[("Soldier 1", "Soldier 2")])
    battle.state["state"]["characters"][0]["hidden"] = True  # a hidden character: his hirelings take the Wolf
    battle.save()
    services.lock_side(gm, campaign.slug, battle.pk, 1, knight.pk, does_nothing=True)
    with mock.patch("combat.services._enqueue"):
        services.request_resolve(gm, campaign.slug, battle.pk, 1)
    round_ = services.resolve_round(Round.objects.get(battle=battle, number=1).pk)
    return battle, round_
