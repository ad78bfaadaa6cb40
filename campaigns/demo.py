"""A system's demo party made in a campaign (`systems.demo.DemoCharacter`s): what `load_demo` gives each demo
campaign and `fill_host` its template campaign, so neither names a system's players or characters."""

from campaigns import services


def add_party(user, campaign, party) -> None:
    """Each player and character of `party` (`systems.demo.DemoCharacter`s), once, with its native group and its
    record if it has them: a player or a character already there by name is left as it is."""
    for member in party:
        player = campaign.players.filter(name=member.player).first() or services.add_player(
            user, campaign, {"name": member.player, "email": member.email, "time_zone": member.time_zone}
        )
        if not campaign.characters.filter(catalogue_name=member.character).exists():
            services.add_character(user, campaign, {"player": player.pk, "catalogue_name": member.character,
                                                    "starting_native_group": member.native_group,
                                                    **({"state": dict(member.record)} if member.record else {})})
