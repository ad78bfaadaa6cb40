"""Asking the GM before an action that cannot be taken back (issue #14.7): ending a battle, ending the week,
voiding a round. One plain HTML page, so it works with the keyboard and without JavaScript: a GET, or a POST
without `confirm=yes`, shows the question; only the confirmed POST acts."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.shortcuts import render


def is_confirmed(request) -> bool:
    return request.method == "POST" and request.POST.get("confirm") == "yes"


@dataclass
class Question:
    title: str  # the page's heading: "End Ambush in Cave 4 here?"
    facts: list[str]  # what will happen, one paragraph each
    action: str  # the URL the confirmed POST goes to
    confirm: str  # the button: "Yes, end the battle"
    cancel_url: str
    cancel: str  # the way out: "No, keep fighting"
    back: str = "Back"  # the link above the heading, to cancel_url
    problem: str = ""  # why it cannot be done now (no button then)
    hidden: dict = field(default_factory=dict)  # more fields the confirmed POST carries
    extra: dict = field(default_factory=dict)


def ask(request, question: Question, status: int = 200):
    return render(request, "confirm.html", {"q": question, **question.extra}, status=status)
