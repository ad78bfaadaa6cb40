from django.urls import path

from combat import ruling_page, views

app_name = "combat"

side = "<int:battle_id>/rounds/<int:number>/sides/<int:character_id>/"
urlpatterns = [
    path("", views.battle_list, name="list"),
    path("new/", views.new_battle, name="new"),
    path("<int:battle_id>/", views.battle_detail, name="battle"),
    path("<int:battle_id>/end/", views.end_battle, name="end"),
    path("<int:battle_id>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<int:battle_id>/rounds/<int:number>/status/", views.round_status, name="round_status"),
    path("<int:battle_id>/rounds/<int:number>/round.json", views.round_file, name="round_file"),
    path("<int:battle_id>/rounds/<int:number>/resolve/", views.resolve, name="resolve"),
    path("<int:battle_id>/rounds/<int:number>/void/", views.void_round, name="void_round"),
    path("<int:battle_id>/rounds/<int:number>/encounter/", views.round_encounter, name="round_encounter"),
    path("<int:battle_id>/rounds/<int:number>/rulings/", ruling_page.round_rulings, name="round_rulings"),
    path(side, views.save_side, name="save_side"),
    path(side + "validate/", views.validate_side, name="validate_side"),
    path(side + "lock/", views.lock_side, name="lock_side"),
    path(side + "unlock/", views.unlock_side, name="unlock_side"),
    path("<int:battle_id>/rounds/<int:number>/chits/<int:character_id>/", views.record_chits, name="record_chits"),
]
