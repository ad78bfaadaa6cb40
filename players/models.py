"""The player's side of the loop: personal links, sealed submissions, a round's deadline and what
happened to it (history), and the campaign's settings for deadlines, reminders and missed turns.

A link's token is never stored: only its SHA-256 (`token_hash`) and a random `nonce` from which the
token is derived with the server's secret (players/links.py), so that every email of a battle can carry
the same link while a copy of the database alone opens nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class PlaySettings(models.Model):
    """A campaign's rules for the play-by-email loop (one row per campaign, made on first use)."""

    class MissedTurn(models.TextChoices):
        WAIT = "wait", "Wait for the GM"
        NO_ACTION = "no_action", "No action this round"
        REPEAT = "repeat", "Repeat last round's plays where still legal, else no action"

    campaign = models.OneToOneField("campaigns.Campaign", on_delete=models.CASCADE, related_name="play_settings")
    deadline_hours = models.PositiveIntegerField(default=72, help_text="Hours from a round's opening to its deadline.")
    reminder_hours = models.JSONField(
        default=list, blank=True,
        help_text="Hours before the deadline when players who have not submitted are reminded, e.g. [24, 2].",
    )
    missed_turn = models.CharField(max_length=16, choices=MissedTurn.choices, default=MissedTurn.WAIT)

    def __str__(self) -> str:
        return f"Play settings of {self.campaign}"


class PlayerLink(models.Model):
    """One player's personal link to one battle."""

    battle = models.ForeignKey("combat.Battle", on_delete=models.CASCADE, related_name="player_links")
    player = models.ForeignKey("campaigns.Player", on_delete=models.CASCADE, related_name="battle_links")
    nonce = models.CharField(max_length=64, unique=True)
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["battle", "player", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["battle", "player"], condition=models.Q(revoked_at__isnull=True),
                name="players_one_live_link_per_player_and_battle",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.battle}"


class Submission(models.Model):
    """A sealed set of plays for one side of one round: by the player on their page, by the GM on the
    round page, or by the missed-turn policy at the deadline. The last one counts."""

    class Source(models.TextChoices):
        PLAYER = "player", "submitted by the player"
        GM = "gm", "entered by GM"
        DEFAULT = "default", "defaulted at the deadline"

    round = models.ForeignKey("combat.Round", on_delete=models.CASCADE, related_name="submissions")
    character = models.ForeignKey("campaigns.Character", on_delete=models.CASCADE, related_name="+")
    plays = models.JSONField(default=dict, blank=True)
    receipt = models.CharField(max_length=64, help_text="SHA-256 of the canonical plays and the time.")
    source = models.CharField(max_length=16, choices=Source.choices)
    submitted_at = models.DateTimeField()
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["round", "character", "submitted_at", "id"]

    def __str__(self) -> str:
        return f"{self.round}: {self.character} ({self.get_source_display()})"


class RoundDeadline(models.Model):
    """When a round's plays are due, and which of its reminders and its deadline have been handled.
    Swept by beat (players.tasks.sweep_deadlines): the database, not a countdown, holds the time."""

    round = models.OneToOneField("combat.Round", on_delete=models.CASCADE, related_name="deadline")
    opened_at = models.DateTimeField()
    due_at = models.DateTimeField(db_index=True)
    passed_at = models.DateTimeField(null=True, blank=True, help_text="When the sweep applied the deadline.")

    def __str__(self) -> str:
        return f"{self.round} due {self.due_at:%Y-%m-%d %H:%M}"


class Reminder(models.Model):
    """One reminder sent: unique per round, character and hours before, so it goes once."""

    round = models.ForeignKey("combat.Round", on_delete=models.CASCADE, related_name="reminders")
    character = models.ForeignKey("campaigns.Character", on_delete=models.CASCADE, related_name="+")
    hours_before = models.PositiveIntegerField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "character", "hours_before"], name="players_reminder_once")
        ]


class RoundNote(models.Model):
    """The round's history beyond the engine's log: submissions, GM entries, locks, defaults, reminders,
    GM rulings and manual adjustments, each with who, when and why."""

    class Kind(models.TextChoices):
        SUBMITTED = "submitted", "Submitted"
        ENTERED_BY_GM = "entered_by_gm", "Entered by GM"
        LOCK = "lock", "Lock"
        DEFAULTED = "defaulted", "Defaulted"
        DEADLINE = "deadline", "Deadline"
        REMINDER = "reminder", "Reminder"
        LINK = "link", "Link"
        RULING = "ruling", "GM ruling"
        ADJUSTMENT = "adjustment", "Adjustment"

    round = models.ForeignKey("combat.Round", on_delete=models.CASCADE, related_name="notes")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    character = models.ForeignKey("campaigns.Character", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    text = models.TextField()
    data = models.JSONField(default=dict, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "at", "id"]

    def __str__(self) -> str:
        return f"{self.round}: {self.get_kind_display()}: {self.text[:40]}"
