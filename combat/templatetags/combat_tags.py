"""`{{ event|citation }}`: how a log line on a page or in an email cites its rule (issue #14.6): by
number when our sources number it, else by its rulebook section (`systems.events.citation`)."""

from django import template

from systems.events import citation as cite

register = template.Library()


@register.filter
def citation(event) -> str:
    return cite(str(event.get("rule", "")), str(event.get("rule_name", "")))
