"""The public page that checks a round file's committed dice (docs/fair-dice.md): anyone with the file, a
player without an account included, uploads or pastes it; nothing is saved and no login is asked."""

from __future__ import annotations

import json

from django import forms
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from combat.fairness import verify_round_file

# A round file is a few hundred kilobytes at most; a bigger upload is refused before it is read.
MAX_FILE_BYTES = 2 * 1024 * 1024


class VerifyRoundForm(forms.Form):
    file = forms.FileField(label="Round file", required=False, help_text="The round.json of a resolved round.")
    text = forms.CharField(label="Or paste it here", required=False, widget=forms.Textarea(attrs={"rows": 8}))

    def clean_file(self):
        upload = self.cleaned_data.get("file")
        if upload and upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError("The file is larger than any round file (2 MB at most).")
        return upload

    def clean(self):
        cleaned = super().clean()
        upload, text = cleaned.get("file"), (cleaned.get("text") or "").strip()
        if self.errors:
            return cleaned
        if not upload and not text:
            raise forms.ValidationError("Choose the round file, or paste it.")
        field = "file" if upload else "text"
        try:
            raw = upload.read() if upload else text.encode("utf-8")
            cleaned["data"] = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as error:
            self.add_error(field, f"This is not a JSON round file: {error}")
        return cleaned


@require_http_methods(["GET", "POST"])
def verify_round_page(request):
    posted = request.method == "POST"
    form = VerifyRoundForm(request.POST if posted else None, request.FILES if posted else None)
    verdict = None
    if posted and form.is_valid():
        verdict = verify_round_file(form.cleaned_data["data"])
    context = {"form": form, "verdict": verdict}
    if request.htmx:  # htmx swaps only 2xx answers: the verdict carries the refusal itself
        return render(request, "combat/verify_round.html#verdict", context)
    refused = posted and (verdict is None or not verdict.ok)
    return render(request, "combat/verify_round.html", context, status=422 if refused else 200)
