"""`{% system_dues round %}`: what sides owe after a round of a battle fought through the systems interface, on
the GM's round page (combat/dues_page.py): each side's dues form, or what it settled. A settlement just
refused on a page drawn whole (no htmx) is the context's `dues_bound`."""

from django import template

from combat.dues_page import dues_context

register = template.Library()


@register.inclusion_tag("combat/_system_dues.html", takes_context=True)
def system_dues(context, round_):
    battle = round_.battle
    return {**dues_context(round_, context.get("dues_bound")), "battle": battle, "campaign": battle.campaign,
            "request": context.get("request"), "csrf_token": context.get("csrf_token")}
