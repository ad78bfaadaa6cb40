"""`{% players_round_panel round %}`: the players' part of the GM's round page (each side's status,
links, deadline, rulings, adjustments, the round's history), so the combat templates need one line."""

from django import template
from django.utils.html import format_html_join

from combat.models import Round
from players import services
from players.forms import AdjustmentForm, DeadlineForm, RulingForm
from players.models import PlayerLink, RoundNote

register = template.Library()


@register.inclusion_tag("players/_gm_round.html", takes_context=True)
def players_round_panel(context, round_, oob=False):
    """`oob`: drawn into an htmx answer for the round's status, to replace the card already on the page."""
    battle = round_.battle
    deadline = services.deadline_of(round_)
    live = {link.player_id: link for link in PlayerLink.objects.filter(battle=battle, revoked_at__isnull=True)}
    players = {}
    for character in battle.characters.select_related("player"):
        players.setdefault(character.player_id, {"player": character.player, "link": live.get(character.player_id)})
    drafting = round_.status == Round.Status.DRAFTING
    return {
        "request": context.get("request"),
        "oob": oob,
        "csrf_token": context.get("csrf_token"),
        "round": round_,
        "battle": battle,
        "campaign": battle.campaign,
        "statuses": services.side_statuses(round_),
        "deadline": deadline,
        "settings": services.play_settings(battle.campaign),
        "players": list(players.values()),
        "notes": RoundNote.objects.filter(round=round_).select_related("by", "character"),
        "deadline_form": DeadlineForm(initial={"due_at": deadline.due_at.strftime("%Y-%m-%dT%H:%M") if deadline else ""}) if drafting else None,
        "ruling_form": RulingForm(),
        "adjust_form": AdjustmentForm(battle_state=battle.state) if drafting else None,
    }


@register.simple_tag
def players_rulings(round_):
    """The round's GM rulings as entries of its log, each cited "GM ruling"."""
    return format_html_join(
        "", '<li class="event event-ruling"><span class="event-text">{}</span> <cite class="rule">GM ruling ({})</cite></li>',
        ((note.text, note.by.get_username() if note.by else "GM") for note in services.rulings(round_)),
    )
