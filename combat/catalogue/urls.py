from django.urls import path

app_name = "catalogue"
urlpatterns: list = []
