from django.urls import path

from . import starting_views, views

app_name = "campaigns"
urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("new/", views.create, name="create"),
    path("<slug:slug>/", views.detail, name="detail"),
    path("<slug:slug>/settings/", views.rules_settings, name="settings"),
    path("<slug:slug>/settings/auto-resolve/", views.auto_resolve, name="auto_resolve"),
    path("<slug:slug>/rules/history/", views.rules_history, name="rules_history"),
    path("<slug:slug>/calendar/", views.calendar_page, name="calendar"),
    path("<slug:slug>/calendar/advance/", views.advance_calendar, name="advance_calendar"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/players/<int:player_id>/", views.player_edit, name="player_edit"),
    path("<slug:slug>/players/<int:player_id>/delete/", views.player_delete, name="player_delete"),
    path("<slug:slug>/setup/", views.setup_step, name="setup_step"),
    path("<slug:slug>/characters/", views.characters, name="characters"),
    path("<slug:slug>/characters/<int:character_id>/", views.character_edit, name="character_edit"),
    path("<slug:slug>/characters/<int:character_id>/history/", views.character_history, name="character_history"),
    path("<slug:slug>/characters/<int:character_id>/delete/", views.character_delete, name="character_delete"),
    path("<slug:slug>/characters/<int:character_id>/starting-info/", starting_views.starting_info, name="starting_info"),
]
