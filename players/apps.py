from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players in the loop"

    def ready(self):
        from players import receivers  # noqa: F401  (connects to combat's round_opened and plays_saved)
