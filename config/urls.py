from django.contrib import admin
from django.urls import include, path

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("catalogue/", include("combat.catalogue.urls")),
    path("mail/", include("campaigns.mail.urls")),
    path("campaigns/", include("campaigns.urls")),
    path("campaigns/<slug:slug>/battles/", include("combat.urls")),
    path("", include("players.urls")),
]
