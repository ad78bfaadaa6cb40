"""The catalogue page: search as you type, filter by kind, every counter drawn with both sides."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from systems.magic_realm.django_app.cards import cards_for
from systems.magic_realm.django_app.forms import CatalogueSearchForm
from systems.magic_realm.django_app.services import catalogue_for_user
from systems.magic_realm.engine.catalogue import UnknownCounter


@require_GET
@login_required
def index(request):
    form = CatalogueSearchForm(request.GET)
    catalogue, house_campaigns = catalogue_for_user(request.user)
    if form.is_valid():
        query, kind = form.cleaned_data["q"], form.cleaned_data["kind"] or None
        cards = cards_for(catalogue.search(query, kind), house_campaigns)
        status = 200
    else:
        query, cards, status = request.GET.get("q", ""), [], 400
    context = {"form": form, "cards": cards, "query": query, "version": catalogue.version}
    template = "catalogue/index.html"
    if request.htmx and not request.htmx.boosted:
        template += "#results"
    return render(request, template, context, status=status)


@require_GET
@login_required
def detail(request, key):
    catalogue, house_campaigns = catalogue_for_user(request.user)
    try:
        counter = catalogue.by_key(key)
    except UnknownCounter:
        raise Http404("No such counter") from None
    if key.startswith("chit/") or key.count("/") != 1:
        raise Http404("No such counter")  # a chit, a head or a native's horse: shown on its owner's page
    copies = [other.key for other in catalogue.all(counter.key.split("/")[0]) if other.name == counter.name]
    card = cards_for([counter], house_campaigns)[0]
    context = {"card": card, "copies": copies, "version": catalogue.version}
    return render(request, "catalogue/detail.html", context)
