from django.urls import path

from combat import dues_page, system_new_battle, system_views, system_waiting_views, views

app_name = "combat"

# A side of a round, by its SidePlays id (it may have no character: a side the GM plays).
answers = "<int:battle_id>/rounds/<int:number>/answers/<int:side_id>/"
urlpatterns = [
    path("", views.battle_list, name="list"),
    path("new/", views.new_battle, name="new"),
    path("new/check/", system_new_battle.check_set_up, name="check_new"),
    path("<int:battle_id>/", views.battle_detail, name="battle"),
    path("<int:battle_id>/end/", views.end_battle, name="end"),
    path("<int:battle_id>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<int:battle_id>/rounds/<int:number>/status/", views.round_status, name="round_status"),
    path("<int:battle_id>/rounds/<int:number>/round.json", views.round_file, name="round_file"),
    path("<int:battle_id>/rounds/<int:number>/void/", views.void_round, name="void_round"),
    path(answers, system_views.save_side, name="save_answers"),
    path(answers + "check/", system_views.check_side, name="check_answers"),
    path(answers + "unlock/", system_views.unlock_side, name="unlock_answers"),
    path("<int:battle_id>/rounds/<int:number>/resolve-answers/", system_views.resolve, name="resolve_answers"),
    path("<int:battle_id>/rounds/<int:number>/waiting/<str:form_key>/", system_waiting_views.answer, name="answer_waiting"),
    path("<int:battle_id>/rounds/<int:number>/dues/<int:side_id>/", dues_page.settle, name="settle_dues"),
]
