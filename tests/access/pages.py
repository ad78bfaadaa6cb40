"""The forms on a page, read from its HTML as a browser would: each form's action, method and the data it
would post as it stands (text fields with their values, the selected or first option of each select,
checked boxes), so that tests can post exactly what a person could."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class PageForm:
    action: str
    method: str
    fields: dict[str, list[str]] = field(default_factory=dict)  # name -> values posted as it stands
    options: dict[str, list[str]] = field(default_factory=dict)  # name -> every value a select offers
    kinds: dict[str, str] = field(default_factory=dict)  # name -> input type / "select" / "textarea"
    also_posted_to: set[str] = field(default_factory=set)  # hx-post URLs of elements inside the form


class _FormParser(HTMLParser):
    def __init__(self, page_url: str):
        super().__init__(convert_charrefs=True)
        self.page_url = page_url
        self.forms: list[PageForm] = []
        self._form: PageForm | None = None
        self._select: str | None = None
        self._select_chosen = False
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            action = attrs.get("action") or attrs.get("hx-post") or self.page_url
            self._form = PageForm(action=action, method=(attrs.get("method") or "get").lower())
            if attrs.get("hx-post") and attrs["hx-post"] != action:
                self._form.also_posted_to.add(attrs["hx-post"])
            self.forms.append(self._form)
            return
        form = self._form
        if form is not None and attrs.get("hx-post") and attrs["hx-post"] != form.action:
            form.also_posted_to.add(attrs["hx-post"])
        if form is None or "name" not in attrs and tag != "option":
            return
        if tag == "button":  # a named button posts its value only when it is the one pressed
            form.kinds[attrs["name"]] = "button"
            form.options.setdefault(attrs["name"], []).append(attrs.get("value", ""))
            return
        if tag == "input":
            kind = (attrs.get("type") or "text").lower()
            name = attrs["name"]
            form.kinds.setdefault(name, kind)
            if kind in ("submit", "button", "image", "file", "reset"):
                return
            if kind in ("checkbox", "radio"):
                form.options.setdefault(name, []).append(attrs.get("value", "on"))
                if "checked" in attrs:
                    form.fields.setdefault(name, []).append(attrs.get("value", "on"))
                return
            form.fields.setdefault(name, []).append(attrs.get("value") or "")
        elif tag == "select":
            self._select, self._select_chosen = attrs["name"], False
            form.kinds[attrs["name"]] = "select"
            form.options.setdefault(attrs["name"], [])
        elif tag == "option" and self._select:
            value = attrs.get("value", "")
            form.options[self._select].append(value)
            if "selected" in attrs or (not self._select_chosen and self._select not in form.fields):
                form.fields[self._select] = [value]
                self._select_chosen = self._select_chosen or "selected" in attrs
        elif tag == "textarea":
            self._textarea = attrs["name"]
            form.kinds[attrs["name"]] = "textarea"
            form.fields[attrs["name"]] = [""]

    def handle_data(self, data):
        if self._textarea and self._form is not None:
            self._form.fields[self._textarea][0] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def forms_on(html: str, page_url: str) -> list[PageForm]:
    parser = _FormParser(page_url)
    parser.feed(html)
    return parser.forms
