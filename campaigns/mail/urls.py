from django.urls import path

from campaigns.mail import views

app_name = "mail"
urlpatterns = [
    path("", views.index, name="index"),
    path("test/", views.send_test, name="send_test"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/retry/", views.retry, name="retry"),
]
