"""`{% players_round_panel round %}`: the players' part of the GM's round page (each side's status,
links, deadline, rulings, adjustments, the round's history), so the combat templates need one line."""

from django import template
from django.template.defaultfilters import date
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from combat.models import Round
from players import services
from players.forms import AdjustmentForm, DeadlineForm, RulingForm
from players.models import PlayerLink, RoundNote, Submission

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
def side_statuses(round_, sides):
    """`{% side_statuses round side_list as statuses %}`: each side's status (players.services.side_statuses)
    for the round's list of sides, from the sides the page has already."""
    return services.side_statuses(round_, sides)


@register.simple_tag
def side_status(status):
    """A side's status badge, the same on the players' card and the round's list of sides: waiting,
    submitted by the player (with when), entered by GM, or defaulted at the deadline."""
    submission = status["submission"]
    if submission is None:
        return mark_safe('<span class="badge status-pending side-status">waiting</span>')
    if submission.source != Submission.Source.PLAYER:
        return format_html('<span class="badge status-sent side-status">{}</span>', status["status"])
    when = timezone.localtime(submission.submitted_at)
    return format_html('<span class="badge status-sent side-status">{} <time datetime="{}">{}</time></span>',
                       status["status"], date(when, "c"), date(when, "D j M, H:i"))


@register.simple_tag
def players_rulings(round_):
    """The round's GM rulings as entries of its log, each cited "GM ruling"."""
    return format_html_join(
        "", '<li class="event event-ruling"><span class="event-text">{}</span> <cite class="rule">GM ruling ({})</cite></li>',
        ((note.text, note.by.get_username() if note.by else "GM") for note in services.rulings(round_)),
    )
