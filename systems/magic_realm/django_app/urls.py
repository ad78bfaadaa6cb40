"""The catalogue pages. A system's URL conf is mounted at the site's root (config/urls.py), so its paths carry
their own prefix: /catalogue/ and /catalogue/<key>/, named catalogue:index and catalogue:detail."""

from django.urls import path

from systems.magic_realm.django_app import views

app_name = "catalogue"
urlpatterns = [
    path("catalogue/", views.index, name="index"),
    path("catalogue/<path:key>/", views.detail, name="detail"),
]
