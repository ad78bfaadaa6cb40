"""`{% players_round_panel round %}`: the players' part of the GM's round page (each side's status,
links, deadline, rulings, adjustments, the round's history), so the combat templates need one line."""

from django import template
from django.template.defaultfilters import date
from django.utils import timezone, translation
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from combat.models import Round
from config.fragments import Lazy, fingerprint
from players import services
from players.forms import AdjustmentForm, DeadlineForm, RulingForm
from players.models import PlayerLink, RoundNote, Submission

register = template.Library()


@register.inclusion_tag("players/_gm_round.html", takes_context=True)
def players_round_panel(context, round_, oob=False, sides=None, statuses=None):
    """`oob`: drawn into an htmx answer for the round's status, to replace the card already on the page.
    `sides`: the round's sides with their characters and players, when the page has read them already;
    `statuses`: their statuses (players.services.side_statuses), when the page has worked them out already.
    The card is a cached fragment (config.fragments) keyed by every row it shows: the rows are read on
    every view, the forms are built and the card drawn only when one of them changed."""
    battle = round_.battle
    deadline = services.deadline_of(round_)
    live = {link.player_id: link for link in PlayerLink.objects.filter(battle=battle, revoked_at__isnull=True)}
    players = {}
    for character in battle.characters.select_related("player"):
        players.setdefault(character.player_id, {"player": character.player, "link": live.get(character.player_id)})
    drafting = round_.status == Round.Status.DRAFTING
    statuses = statuses if statuses is not None else services.side_statuses(round_, sides)
    play_settings = services.play_settings(battle.campaign)
    notes = list(RoundNote.objects.filter(round=round_).select_related("by", "character"))
    return {
        "request": context.get("request"),
        "oob": oob,
        "csrf_token": context.get("csrf_token"),
        "round": round_,
        "battle": battle,
        "campaign": battle.campaign,
        "statuses": statuses,
        "deadline": deadline,
        "settings": play_settings,
        "players": list(players.values()),
        "notes": notes,
        "deadline_form": Lazy(lambda: DeadlineForm(initial={"due_at": deadline.due_at.strftime("%Y-%m-%dT%H:%M") if deadline else ""}) if drafting else None),
        "ruling_form": Lazy(RulingForm),
        # The changes the battle's combat system offers on its state (systems/interface.py `adjustments`).
        "adjust_form": Lazy(lambda: AdjustmentForm(system=battle.campaign.combat_system, battle_state=battle.state)
                            if drafting else None),
        "card_key": fingerprint(
            "players-card", oob, timezone.get_current_timezone_name(), translation.get_language(),
            [round_.pk, round_.number, round_.status],
            [battle.pk, battle.state, battle.updated_at, battle.campaign.slug],
            [[st["side"].pk, st["side"].character_id, st["name"], st["player"] and st["player"].pk,
              st["player"] and st["player"].name, st["locked"], st.get("stale"),
              [st["submission"].pk, st["submission"].source, st["submission"].submitted_at] if st["submission"] else None]
             for st in statuses],
            [deadline.pk, deadline.due_at, deadline.passed_at] if deadline else None,
            [play_settings.pk, play_settings.missed_turn, play_settings.reminder_hours, play_settings.deadline_hours],
            [[p["player"].pk, p["player"].name, p["player"].email, [p["link"].pk, p["link"].created_at] if p["link"] else None]
             for p in players.values()],
            [[n.pk, n.at, n.kind, n.text, n.character_id, n.by.get_username() if n.by else None] for n in notes],
        ),
    }


@register.simple_tag
def side_status(status):
    """A side's status badge, the same on the players' card and the round's list of sides: waiting,
    submitted by the player (with when), entered by GM, or defaulted at the deadline, "no longer stands" once a
    change to the battle has refused what was submitted; for a side the GM
    plays, "yours to enter" until it is locked (its lock badge says the rest)."""
    submission = status["submission"]
    if status.get("player") is None:  # a side the GM plays: nobody to wait for
        return "" if status.get("locked") else mark_safe('<span class="badge status-pending side-status">yours to enter</span>')
    if submission is None:
        return mark_safe('<span class="badge status-pending side-status">waiting</span>')
    if status.get("stale"):  # sealed, then refused by a change to the battle: waited for again
        return format_html('<span class="badge status-pending side-status" title="{}">no longer stands</span>',
                           f"{status['status'][:1].upper()}{status['status'][1:]}, then refused by a change to the battle: "
                           "waiting for new plays")
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
