from django.contrib import admin
from django.urls import include, path

from combat.verify_page import verify_round_page
from config import views
from config.profile import profile
from systems import django_urlconfs as system_urlconfs

# A plain error page; 503 when the database does not answer (config.views.server_error).
handler500 = "config.views.server_error"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("verify/", verify_round_page, name="verify_round"),
    path("admin/", admin.site.urls),
    path("accounts/profile/", profile, name="profile"),
    path("accounts/", include("django.contrib.auth.urls")),
    # The combat systems' own pages (systems/<name>/django_app/urls.py), each under its URL conf's own prefix:
    # ahead of the app's routes, so tests/foundation/test_system_urls_keep_their_own_prefix.py checks that no system
    # pattern starts with a converter or with one of the app's (or another system's) first segments.
    *(path("", include(urlconf)) for urlconf in system_urlconfs()),
    path("mail/", include("campaigns.mail.urls")),
    path("campaigns/", include("campaigns.urls")),
    path("campaigns/<slug:slug>/battles/", include("combat.urls")),
    path("", include("players.urls")),
]
