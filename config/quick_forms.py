"""Form widgets written in Python for pages with many fields (the campaign's options, the GM's round card): a
<select> and a label Django would otherwise render through a template each (docs/performance.md)."""

from __future__ import annotations

import html

from django import forms
from django.forms.utils import flatatt
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe


class QuickSelect(forms.Select):
    """A <select> whose options are written in Python. Django renders every option through a template,
    which was most of a big page's time (docs/performance.md). Grouped
    choices are drawn as <optgroup>s.

    `refused` ({value: why}): options the rules do not allow now, listed disabled with the reason so the
    person sees why they cannot pick them. One already chosen (a draft saved before) stays enabled, so the
    choice is kept and the engine's error beside the field says what to change."""

    refused: dict[str, str] = {}

    def render(self, name, value, attrs=None, renderer=None):
        final_attrs = self.build_attrs(self.attrs, attrs)
        final_attrs["name"] = name
        chosen = {str(item) for item in self.format_value(value)}
        options = "".join(self._group(str(key), label, chosen) if isinstance(label, (list, tuple))
                          else self._option(str(key), label, chosen) for key, label in self.choices)
        return format_html("<select{}>{}</select>", flatatt(final_attrs), mark_safe(options))

    def _group(self, title: str, options, chosen: set[str]) -> str:
        """Django's grouped choices, (title, [(value, label), ...]), as an <optgroup>."""
        inner = "".join(self._option(str(key), label, chosen) for key, label in options)
        return f'<optgroup label="{_escape(title)}">{inner}</optgroup>'

    def _option(self, key: str, label, chosen: set[str]) -> str:
        why = self.refused.get(key)
        if why is not None:
            label = f"{label}: {why}"
        flag = " selected" if key in chosen else (" disabled" if why is not None else "")
        return f'<option value="{_escape(key)}"{flag}>{_escape(label)}</option>'


def _escape(value) -> str:
    """`conditional_escape` without its SafeString: an option's value or label, escaped unless safe."""
    return value.__html__() if hasattr(value, "__html__") else html.escape(str(value))


class QuickLabels:
    """A form mixin writing each field's <label> in Python: Django renders every label through a template
    (`django/forms/label.html`), a third of a big form's time (docs/performance.md). The tag,
    its attributes and its text are Django's own (`BoundField.label_tag` still builds them)."""

    def render(self, template_name=None, context=None, renderer=None):
        if template_name is None or template_name != self.template_name_label or context is None:
            return super().render(template_name, context, renderer)
        if not context["use_tag"]:
            return conditional_escape(context["label"])
        tag = context["tag"]
        return format_html("<{}{}>{}</{}>", tag, flatatt(context["attrs"] or {}), context["label"], tag)

