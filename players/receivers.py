"""What the players app hears from combat: a round opened (plays-due emails, deadline) or opened again
after its result was voided (a fresh deadline, plays due again), and a GM saved a
side's plays on the round page (kept in the history as "entered by GM")."""

from django.db.models.signals import post_save
from django.dispatch import receiver

from combat.models import SidePlays
from combat.signals import round_opened, round_reopened


@receiver(round_opened, dispatch_uid="players.round_opened")
def on_round_opened(sender, round, user=None, **kwargs):
    from players import services

    services.round_opened(round, user)


@receiver(round_reopened, dispatch_uid="players.round_reopened")
def on_round_reopened(sender, round, user=None, **kwargs):
    from players import services

    services.round_reopened(round, user)


@receiver(post_save, sender=SidePlays, dispatch_uid="players.gm_saved_plays")
def on_plays_saved(sender, instance, created, update_fields=None, **kwargs):
    """`combat.system_battles.save_answers` saves plays, updated_by and updated_at, and `lock`/`unlock`
    locked, updated_by and updated_at, with the GM as updated_by; the players app's own writes never
    name a user, so they are not counted here."""
    if created or not update_fields or instance.updated_by_id is None:
        return
    from players import services

    if {"plays", "updated_by"} <= set(update_fields):
        services.gm_entered(instance)
    elif {"locked", "updated_by"} <= set(update_fields):
        services.gm_locked(instance)
