"""The project's URLs plus a view the access test has never heard of (test_url_access)."""

from django.http import HttpResponse
from django.urls import path

from config.urls import urlpatterns as project_urls


def spell_page(request, slug, spell_id):
    return HttpResponse("a new view")


urlpatterns = [*project_urls, path("campaigns/<slug:slug>/spells/<int:spell_id>/", spell_page, name="spell")]
