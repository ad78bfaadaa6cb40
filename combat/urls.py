from django.urls import path

app_name = "combat"
urlpatterns: list = []
