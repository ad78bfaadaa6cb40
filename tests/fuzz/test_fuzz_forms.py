"""Fuzz of every form (issue #12): each form on the pages of a GM's campaign, found in their HTML, posted
with mutated data (fields dropped, nasty text, options of other fields, several values), plain and htmx.
No 500 and no traceback; a refusal puts each error on a field of its form; a refused post changes nothing."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from django import forms
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, resolve
from hypothesis import given
from hypothesis import strategies as st

from tests.access.pages import forms_on
from tests.access.test_url_access import snapshot, url_for
from tests.access.world import build_world, filled, ours, url_patterns
from tests.fuzz.mutate import EXAMPLES, FUZZ_SETTINGS, NASTY_STRINGS

pytestmark = pytest.mark.django_db

typed_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)


@st.composite
def mutated_form(draw, form):
    data = {name: list(values) for name, values in form.fields.items()}
    names = sorted((set(form.fields) | set(form.options)) - {"csrfmiddlewaretoken"})
    every_option = sorted({option for options in form.options.values() for option in options})
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        if not names:
            break
        name = draw(st.sampled_from(names))
        action = draw(st.sampled_from(["drop", "nasty", "option", "many", "text"]))
        if action == "drop":
            data.pop(name, None)
        elif action == "nasty":
            data[name] = [draw(st.sampled_from(NASTY_STRINGS))]
        elif action == "option" and every_option:
            data[name] = [draw(st.sampled_from(every_option))]
        elif action == "many":
            data[name] = draw(st.lists(st.sampled_from(NASTY_STRINGS + every_option), min_size=2, max_size=3))
        else:
            data[name] = [draw(typed_text)]
    return data


def forms_in(value, depth=0):
    """The Django forms in a response's context, also inside the dicts and lists the pages pass."""
    if isinstance(value, forms.BaseForm):
        yield value
    elif depth < 3 and isinstance(value, dict):
        for inner in value.values():
            yield from forms_in(inner, depth + 1)
    elif depth < 3 and isinstance(value, list | tuple):
        for inner in value:
            yield from forms_in(inner, depth + 1)


def context_of(response) -> list:
    """Every context a response rendered (a ContextList for several templates, a Context for one)."""
    contexts = response.context if isinstance(response.context, list) else [response.context] if response.context else []
    return [context.flatten() for context in contexts]


def our_post_forms(world, client):
    """Every POST form on every page of the campaign, once per action."""
    found = {}
    for _, route, keywords in (entry for entry in url_patterns() if ours(entry[0])):
        for kwargs in filled(world, keywords):
            url = url_for(route, kwargs)
            response = client.get(url)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            for form in forms_on(response.content.decode(), url):
                try:
                    name = resolve(form.action).url_name
                except Resolver404:
                    continue
                if form.method != "post" or name in ("logout", "login"):
                    continue
                for action in (form.action, *sorted(form.also_posted_to)):
                    found.setdefault(action, replace(form, action=action))
    return list(found.values())


def test_every_form_refuses_mutated_data_naming_the_field_and_saving_nothing(make_user, capsys):
    world = build_world(make_user)
    client = Client()
    client.force_login(world.victim)
    page_forms = our_post_forms(world, client)
    assert len(page_forms) >= 15, [form.action for form in page_forms]
    tally = Counter()
    for page_form in page_forms:
        keeps_a_draft = resolve(page_form.action).url_name == "save_answers"

        @FUZZ_SETTINGS.__class__(FUZZ_SETTINGS, max_examples=max(EXAMPLES // 4, 5))  # 23 forms: a quarter each
        @given(data=mutated_form(page_form), htmx=st.booleans())
        def check(data, htmx):
            savepoint = transaction.savepoint_create()
            try:
                before = snapshot(world)
                response = client.post(page_form.action, data, headers={"HX-Request": "true"} if htmx else {})
                tally["posted"] += 1
                body = response.content.decode(errors="replace")
                assert response.status_code < 500 and "Traceback" not in body, (page_form.action, data)
                invalid = [form for form in forms_in(context_of(response)) if form.is_bound and form.errors]
                if invalid:
                    tally["refused"] += 1
                    for form in invalid:
                        assert set(form.errors) <= set(form.fields) | {"__all__"}, (page_form.action, form.errors)
                    if not keeps_a_draft:  # a side's Save keeps its answers as typed, errors and all (issue #14.2)
                        assert snapshot(world) == before, (page_form.action, data, "a refused post changed something")
            finally:
                transaction.savepoint_rollback(savepoint)

        check()
    with capsys.disabled():
        print(f"\nfuzz forms: {len(page_forms)} forms, {dict(tally)}")
