from django.urls import path

from combat.catalogue import views

app_name = "catalogue"
urlpatterns = [
    path("", views.index, name="index"),
    path("<path:key>/", views.detail, name="detail"),
]
