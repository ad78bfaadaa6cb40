"""Battles, rounds, each side's secret plays and the chits recorded between rounds.

A battle keeps its current state (combatants with wounds, armor, alerted weapons, red-side-up monsters,
horses, dead and fled, and who attacks whom) as JSON in the round-file format of docs/round-format.md,
so that the engine reads what the database stores without translation. A round freezes its engine input,
seed and rule set when it is resolved, so that its log can be replayed and audited.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaigns.names import validate_one_line
from systems.interface import GM

# Every battle is fought through the systems interface and names its system in its state
# (combat/system_battles.py).
SYSTEM_KEY = "system"


class Battle(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "In progress"
        ENDED = "ended", "Ended"

    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, related_name="battles")
    name = models.CharField(max_length=200, validators=[validate_one_line])
    clearing = models.CharField(max_length=120, validators=[validate_one_line], help_text="Where the battle happens, e.g. 'Cave 4'.")
    characters = models.ManyToManyField("campaigns.Character", related_name="battles", blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    state = models.JSONField(default=dict, help_text="The battle's current state in the round-file format.")
    demo_key = models.CharField(max_length=60, blank=True, default="", help_text="Set on the demo battle.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "demo_key"],
                condition=~models.Q(demo_key=""),
                name="combat_battle_one_demo_per_key",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.clearing})"

    @property
    def current_round(self) -> Round | None:
        return self.rounds.order_by("-number").first()

    @property
    def fought_through_interface(self) -> bool:
        """Whether the battle's state names its system (combat/system_battles.py), as every battle's does: a
        Magic Realm battle begun before its campaigns moved to the interface is converted by a migration."""
        return bool((self.state or {}).get(SYSTEM_KEY))


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFTING = "drafting", "Entering plays"
        RESOLVING = "resolving", "Resolving"
        RESOLVED = "resolved", "Resolved"
        FAILED = "failed", "Failed"

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFTING, db_index=True)
    seed = models.BigIntegerField(null=True, blank=True)
    # Committed dice (docs/fair-dice.md): the seed and salt are drawn when the round opens and never change;
    # the commitment (SHA-256 of seed, salt and `commitment_for`) is shown from then on, the seed after.
    salt = models.CharField(max_length=64, blank=True, default="")
    commitment = models.CharField(max_length=64, blank=True, default="", help_text="SHA-256 of the dice, shown from the start.")
    commitment_for = models.JSONField(default=dict, blank=True, help_text="The round's identity as committed.")
    committed_at = models.DateTimeField(null=True, blank=True)
    rules = models.JSONField(default=dict, blank=True, help_text="The rule set the round was resolved under.")
    rules_version_number = models.PositiveIntegerField(null=True, blank=True)
    rules_fingerprint = models.CharField(max_length=80, blank=True, default="")
    input = models.JSONField(null=True, blank=True, help_text="The engine input (round-file format).")
    result = models.JSONField(null=True, blank=True, help_text="The engine's result: new state, owed.")
    log = models.JSONField(default=list, blank=True, help_text="Every event of the round, with its rule.")
    error = models.TextField(blank=True, default="")
    encounter = models.JSONField(
        default=dict, blank=True,
        help_text="The GM's entries for the encounter step: native groups battling whom (`battling`), "
        "watchful natives carried over (`watchful`), the players' choices (`choices`) and a choice the "
        "engine still needs (`choice_needed`).",
    )
    state_before = models.JSONField(
        null=True, blank=True,
        help_text="The battle's state just before the round was resolved (wounds and fatigue of the round "
        "before recorded): what voiding the round puts back.",
    )
    voided_count = models.PositiveIntegerField(default=0, help_text="How many times the GM voided its result.")
    voided_at = models.DateTimeField(null=True, blank=True)
    task_id = models.CharField(max_length=80, blank=True, default="")
    attempts = models.PositiveIntegerField(default=0)
    resolve_requested_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["battle", "number"]
        constraints = [models.UniqueConstraint(fields=["battle", "number"], name="combat_round_unique_number")]

    def __str__(self) -> str:
        return f"{self.battle} round {self.number}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.DRAFTING

    # What a round that stopped half-way keeps in its GM entries while it waits for an answer: the waiting forms
    # (combat/system_waiting.py); "choice_needed" and "rulings_needed" are what the app's old Magic Realm pages
    # kept, read until the migration that converts their battles has run everywhere.
    WAITING_ENTRIES = ("choice_needed", "rulings_needed", "waiting")

    @property
    def waits_for_an_answer(self) -> bool:
        return self.status == self.Status.FAILED and any((self.encounter or {}).get(key) for key in self.WAITING_ENTRIES)

    @property
    def status_word(self) -> str:
        """The round's status in words, where a round that waits for an answer says "Waiting for an answer"
        rather than "Failed": nothing went wrong with it."""
        return "Waiting for an answer" if self.waits_for_an_answer else self.get_status_display()


class SidePlays(models.Model):
    """One side's secret plays for a round: a character with its hirelings."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sides")
    character = models.ForeignKey("campaigns.Character", on_delete=models.CASCADE, related_name="+", null=True, blank=True)
    # The side's name in its combat system's round input ("Sir Ash", "Goblin 1"), for a battle fought through
    # the systems interface; a side no campaign character plays (a monster) has no character: the GM plays it.
    side = models.CharField(max_length=120, blank=True, default="")
    plays = models.JSONField(default=dict, blank=True)
    locked = models.BooleanField(default=False)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    # When the GM last saved the side's plays on the round page (even none at all): a side never saved starts
    # from last round's carried answers (combat/system_battles.py `suggested_answers`); a player's seal is
    # his Submission's.
    saved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "id"]
        verbose_name_plural = "side plays"
        constraints = [
            models.UniqueConstraint(fields=["round", "character"], name="combat_sideplays_unique"),
            models.UniqueConstraint(fields=["round", "side"], condition=~models.Q(side=""), name="combat_sideplays_unique_side"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.character or self.side}"

    @property
    def is_gm_entries(self) -> bool:
        """The GM's own entries for the round (systems.interface.GM: what the rules leave to the GM before it
        resolves, such as the natives battling this evening), kept as a side only the GM fills in."""
        return self.side == GM

    @property
    def name(self) -> str:
        if self.is_gm_entries:
            return "The GM's entries"
        return self.side or self.character.catalogue_name


class ChitRecord(models.Model):
    """The chits a character chose to wound and fatigue after a round, as the engine said were owed."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="chit_records")
    character = models.ForeignKey("campaigns.Character", on_delete=models.CASCADE, related_name="+")
    wounded = models.JSONField(default=list, blank=True)
    fatigued = models.JSONField(default=list, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "id"]
        constraints = [models.UniqueConstraint(fields=["round", "character"], name="combat_chitrecord_unique")]

    def __str__(self) -> str:
        return f"{self.round}: {self.character} wounds/fatigue"


class CharacterChange(models.Model):
    """What a battle did to a campaign character, in the character's history: the lines the GM reads
    ("Killed by the Giant", "Helmet damaged", "+8 fame") and the changes made to `Character.state`, each
    with the value it replaced, so that voiding the round undoes exactly them (systems/records.py)."""

    class Source(models.TextChoices):
        ROUND = "round", "Round resolved"
        CHITS = "chits", "Wounds and fatigue recorded"
        ADJUSTED = "adjusted", "Adjusted by the GM"

    character = models.ForeignKey("campaigns.Character", on_delete=models.CASCADE, related_name="battle_changes")
    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="character_changes")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="character_changes")
    source = models.CharField(max_length=8, choices=Source.choices)
    lines = models.JSONField(default=list, help_text="What happened, one sentence a line.")
    ops = models.JSONField(default=list, help_text="The changes applied to the character's state, with what each replaced.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["character", "-created_at"], name="combat_change_by_character")]

    def __str__(self) -> str:
        return f"{self.character}: {self.round} ({self.get_source_display()})"
