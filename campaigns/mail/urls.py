from django.urls import path

app_name = "mail"
urlpatterns: list = []
