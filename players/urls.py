from django.urls import path

from players import views

app_name = "players"

gm = "campaigns/<slug:slug>/battles/<int:battle_id>/"
urlpatterns = [
    path("play/<str:token>/", views.page, name="page"),
    path("play/<str:token>/sides/<int:character_id>/validate/", views.validate, name="validate"),
    path("play/<str:token>/sides/<int:character_id>/submit/", views.submit, name="submit"),
    path("play/<str:token>/rounds/<int:number>/dues/<int:character_id>/", views.settle_dues, name="settle_dues"),
    path("play/<str:token>/waiting/<str:form_key>/", views.answer_waiting, name="answer_waiting"),
    path(gm + "players/<int:player_id>/resend/", views.resend_link, name="resend"),
    path(gm + "players/<int:player_id>/revoke/", views.revoke_link, name="revoke"),
    path(gm + "rounds/<int:number>/deadline/", views.set_deadline, name="deadline"),
    path(gm + "rounds/<int:number>/ruling/", views.add_ruling, name="ruling"),
    path(gm + "rounds/<int:number>/adjust/", views.adjust, name="adjust"),
    path("campaigns/<slug:slug>/play-settings/", views.play_settings, name="settings"),
]
