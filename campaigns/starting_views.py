"""A character's secret starting information (GM only): the questions of its campaign's system (`starting_form`),
drawn field by field as the battle pages draw a system's forms, the errors beside the fields they name, nothing
saved while anything is wrong. A system whose characters have none: 404."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from combat.system_rounds import posted_answers
from combat.system_views import field_row
from systems.interface import answers_that_apply

from . import services
from .models import Character, StartingInfo

ID_PREFIX = "start"  # the inputs' ids: "start-vp_fame"


@require_http_methods(["GET", "POST"])
@login_required
def starting_info(request, slug, character_id):
    campaign = services.get_campaign_for_gm(request.user, slug)
    character = get_object_or_404(Character.objects.select_related("player", "campaign"), pk=character_id,
                                  campaign=campaign)
    form = services.starting_form(character)
    if form is None:
        raise Http404("This system's characters have no secret starting information.")
    info = StartingInfo.objects.filter(character=character).first()
    answers, errors = dict(info.answers) if info else {}, {}
    if request.method == "POST":
        answers, errors = posted_answers(form, request.POST)
        if not errors:
            try:
                services.save_starting_info(request.user, character, answers)
            except ValidationError as error:
                errors = {field: "; ".join(messages_) for field, messages_ in error.message_dict.items()}
            else:
                messages.success(request, f"The {character.catalogue_name}'s secret starting information saved.")
                return redirect("campaigns:starting_info", slug=campaign.slug, character_id=character.pk)
    kept = answers_that_apply(form, answers)
    rows = [field_row(ID_PREFIX, form_field, answers, kept, errors.pop(form_field.name, "")) for form_field in form.fields]
    return render(request, "campaigns/starting_info.html", {
        "campaign": campaign, "character": character, "info": info, "form": form, "rows": rows,
        "form_errors": list(errors.values()),  # what no field has (Magic Realm's total), above the form
    }, status=400 if request.method == "POST" else 200)
