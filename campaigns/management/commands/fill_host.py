"""`fill_host`: a host's worth of data for measuring pages at scale (issue #13, docs/performance.md).

At `--scale 1`: 1,000 campaigns (5 a GM), each with the party of the `--system`'s demo campaign (its
players with their characters: 4,000 players for a party of four), 20,000 battles and 100,000 resolved
rounds with their sides, log, result, history entries and result emails (outbox rows, sent). One real
campaign, the template, is made through the services from the system's demo campaign (systems/demo.py: its
preset, its party, its first battle made as `load_demo` makes it) and its battle's first round resolved by
the system; every other campaign is a copy of it written with `bulk_create`, `--batch` campaigns a
transaction, so the rounds, logs and emails are real ones, repeated. Names no system.
"""

from __future__ import annotations

import datetime
import time
from dataclasses import replace

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils import timezone

from campaigns import services
from campaigns.demo import add_party
from campaigns.mail.models import OutboxMessage
from campaigns.models import Campaign, Character, Player, RuleSetVersion, StartingInfo
from combat import services as combat_services
from combat import system_battles
from combat.demo import create_demo_battle
from combat.models import Battle, CharacterChange, Round, SidePlays
from systems import DEFAULT_SYSTEM, SYSTEMS, get_system
from systems.forms import applies, choices_open

# A campaign's players are its system's demo party, as many as it has.
CAMPAIGNS, BATTLES_EACH, ROUNDS_EACH, CAMPAIGNS_A_GM = 1000, 20, 5, 5
SEEDS = range(1, 50)  # the seeds tried for the template's round 1, for one that leaves its battle going
PASSWORD = "host-gm-pass"
ROUND_FIELDS = ["seed", "salt", "commitment", "committed_at", "rules_version_number", "rules_fingerprint",
                "resolve_requested_at", "resolved_at"]
# The round's and the emails' big fields are copied from the template's rows inside the database
# (`_copy_fields`), not sent once a row from Python: that was most of the time.
ROUND_JSON = ["commitment_for", "rules", "input", "result", "log", "state_before"]
MAIL_TEXT = ["text", "html"]


class Command(BaseCommand):
    help = ("Fill the database with a host's worth of data (1,000 campaigns of the system's demo party, 20,000 "
            "battles, 100,000 resolved rounds with their logs and mail), or a share of it with --scale.")

    def add_arguments(self, parser):
        parser.add_argument("--scale", type=float, default=1.0, help="share of a host, e.g. 0.01 for 10 campaigns")
        parser.add_argument("--batch", type=int, default=20, help="campaigns written a transaction")
        parser.add_argument("--prefix", default="host", help="slugs and user names start with it")
        parser.add_argument("--system", default=DEFAULT_SYSTEM, choices=list(SYSTEMS),
                            help="the combat system whose demo campaign every campaign repeats")

    def handle(self, *args, scale, batch, prefix, system=DEFAULT_SYSTEM, **options):
        if scale <= 0 or batch < 1:
            raise CommandError("--scale must be above 0 and --batch at least 1")
        if Campaign.objects.filter(slug__startswith=f"{prefix}-").exists():
            raise CommandError(f"campaigns named {prefix}-… exist already: use another --prefix or a fresh database")
        started = time.monotonic()
        campaigns = max(1, round(CAMPAIGNS * scale))
        gms = self._gms(prefix, -(-campaigns // CAMPAIGNS_A_GM))
        template = _template(gms[0], f"{prefix}-0000", system)
        self.stdout.write(f"template campaign {prefix}-0000 made and its round resolved in {time.monotonic() - started:.1f} s")
        for first in range(1, campaigns, batch):
            with transaction.atomic():
                _copy_campaigns(template, gms, prefix, range(first, min(first + batch, campaigns)))
            if options["verbosity"] > 1:
                self.stdout.write(f"{min(first + batch, campaigns)} campaigns after {time.monotonic() - started:.1f} s")
        counts = {"campaigns": Campaign.objects.filter(slug__startswith=f"{prefix}-").count(),
                  "players": Player.objects.filter(campaign__slug__startswith=f"{prefix}-").count(),
                  "battles": Battle.objects.filter(campaign__slug__startswith=f"{prefix}-").count(),
                  "resolved rounds": Round.objects.filter(battle__campaign__slug__startswith=f"{prefix}-",
                                                          status=Round.Status.RESOLVED).count(),
                  "outbox rows": OutboxMessage.objects.filter(campaign__slug__startswith=f"{prefix}-").count()}
        self.stdout.write(", ".join(f"{count:,} {name}" for name, count in counts.items())
                          + f" in {time.monotonic() - started:.1f} s; GMs {prefix}-gm-0… (password {PASSWORD!r})")

    def _gms(self, prefix: str, count: int):
        password = make_password(PASSWORD)  # hashed once: the same password for every GM
        users = [get_user_model()(username=f"{prefix}-gm-{index}", email=f"{prefix}-gm-{index}@example.com",
                                  password=password) for index in range(count)]
        return get_user_model().objects.bulk_create(users)


class _Template:
    """The real campaign every copy repeats: its rows' field values, read once."""

    def __init__(self, campaign: Campaign, battle: Battle, resolved: Round, drafting: Round | None):
        self.system = campaign.system
        self.rules = list(campaign.rule_set_versions.values("number", "settings", "fingerprint", "reason"))
        self.players = list(campaign.players.order_by("name").values("name", "email", "time_zone"))
        # Each player's characters (a demo party may give a player more than one).
        self.characters: dict[str, list[Character]] = {}
        for character in campaign.characters.select_related("player").order_by("pk"):
            self.characters.setdefault(character.player.name, []).append(character)
        self.starting = {info.character.catalogue_name: info for info in StartingInfo.objects.filter(character__campaign=campaign).select_related("character")}
        self.fighters = [c.catalogue_name for c in battle.characters.all()]
        self.battle = {"name": battle.name, "clearing": battle.clearing, "state": battle.state}
        self.resolved = {name: getattr(resolved, name) for name in ROUND_FIELDS}
        self.resolved_pk = resolved.pk
        # Each side as (its name, its character's name or None for a side the GM plays, its answers).
        self.resolved_sides = [(s.side, s.character and s.character.catalogue_name, s.plays)
                               for s in resolved.sides.select_related("character")]
        self.drafting_sides = [(s.side, s.character and s.character.catalogue_name, s.locked)
                               for s in drafting.sides.select_related("character")] if drafting else []
        self.drafting = drafting and {name: getattr(drafting, name) for name in ("seed", "salt", "commitment", "commitment_for", "committed_at")}
        self.changes = [(c.character.catalogue_name, c.source, c.lines, c.ops) for c in resolved.character_changes.select_related("character")]
        # The round's result emails (the players' and the GM's copy), not the "plays due" ones.
        mail = OutboxMessage.objects.filter(campaign=campaign, subject__contains="round 1").exclude(subject__contains="plays due")
        self.mail = list(mail.order_by("id").values("pk", "recipient", "subject"))


def _template(gm, slug: str, system: str) -> _Template:
    """The system's demo campaign made through the services (its preset, its party with their native groups and
    records, each player's address at `slug`'s own domain), its first demo battle's round 1 resolved by the system
    with every side giving only the answers it must, for a seed of `SEEDS` that leaves the battle going."""
    demo = get_system(system).demo_campaign()
    if demo is None:
        raise CommandError(f"the combat system {system!r} has no demo campaign to fill a host with")
    with transaction.atomic():
        campaign = services.create_campaign(gm, "Host campaign 0", slug, demo.preset, system=system)
        add_party(gm, campaign, [replace(m, email=f"{m.email.partition('@')[0]}@{slug}.example.com") for m in demo.party])
        battle = create_demo_battle(campaign)
        if not any(_round_1_resolved_going(gm, battle, pick) for pick in range(_most_choices(battle))):
            raise CommandError(f"no seed in {SEEDS.start}-{SEEDS.stop - 1} left the template battle of the combat system "
                               f"{system!r} going after round 1 (its demo campaign's first battle, every side giving "
                               "only the answers it must, whichever of its first question's choices)")
        OutboxMessage.objects.filter(campaign=campaign).update(status=OutboxMessage.Status.SENT, sent_at=timezone.now())
        return _Template(campaign, battle, battle.rounds.get(number=1), battle.rounds.filter(number=2).first())


def _round_1_resolved_going(gm, battle: Battle, pick: int) -> bool:
    """Round 1 resolved with each side giving `_required_answers(side, pick)`, for the first seed of `SEEDS` that
    leaves the battle going (round 2 open); False, with nothing kept, when some side's answers are refused or no
    seed does."""
    slug = battle.campaign.slug
    with transaction.atomic():
        for side in battle.rounds.get(number=1).sides.filter(locked=False):
            _, errors = system_battles.save_answers(gm, slug, battle.pk, 1, side.pk, _required_answers(side, pick))
            if errors:
                transaction.set_rollback(True)
                return False
            system_battles.lock(gm, slug, battle.pk, 1, side.pk, plays_nothing=True)  # a side that must answer nothing
        for seed in SEEDS:
            with transaction.atomic():
                Round.objects.filter(battle=battle, number=1).update(status=Round.Status.RESOLVING, seed=seed, resolve_requested_at=timezone.now())
                combat_services.resolve_round(battle.rounds.get(number=1).pk)
                battle.refresh_from_db()
                if battle.status == Battle.Status.ACTIVE and battle.rounds.filter(number=2).exists():
                    return True
                transaction.set_rollback(True)
        transaction.set_rollback(True)
        return False


def _most_choices(battle: Battle) -> int:
    """How many open choices the required first question of round 1 with the most of them has (at least 1): the
    picks `_required_answers` is tried with."""
    sides = battle.rounds.get(number=1).sides.filter(locked=False)
    return max([1] + [len(choices_open(f, {})) for side in sides for f in system_battles.form_of(side).fields
                      if f.required and f.shown_when is None])


def _required_answers(side: SidePlays, pick: int = 0) -> dict:
    """The answers a side must give and nothing more: to each required question the form asks given the answers
    so far, the `pick`-th open choice of a first question (the last when it has fewer) and the first of a question
    an answer brought, a number's least allowed value (1 without one), a word of text."""
    form = system_battles.form_of(side)
    answers: dict = {}
    while asked := [f for f in form.fields if f.required and f.name not in answers and applies(f.shown_when, answers)]:
        for field in asked:
            open_ = [choice.value for choice in choices_open(field, answers)]
            if field.kind == "number":
                answers[field.name] = 1 if field.minimum is None else field.minimum
            elif field.kind == "text":
                answers[field.name] = "waits"
            elif open_:
                value = open_[min(pick, len(open_) - 1)] if field.shown_when is None else open_[0]
                answers[field.name] = [value] if field.kind == "multi-choice" else value
            else:
                answers[field.name] = None  # nothing open to pick: the system's check names it
    return answers


def _copy_campaigns(template: _Template, gms, prefix: str, numbers: range) -> None:
    now = timezone.now()
    campaigns = Campaign.objects.bulk_create(
        [Campaign(slug=f"{prefix}-{n:04d}", name=f"Host campaign {n}", system=template.system) for n in numbers])
    Campaign.gms.through.objects.bulk_create(
        [Campaign.gms.through(campaign_id=c.pk, user_id=gms[n // CAMPAIGNS_A_GM].pk) for n, c in zip(numbers, campaigns)])
    RuleSetVersion.objects.bulk_create([RuleSetVersion(campaign=c, **version) for c in campaigns for version in template.rules])
    players = Player.objects.bulk_create([Player(campaign=c, name=p["name"], time_zone=p["time_zone"],
                                                 email=p["email"].replace(f"{prefix}-0000", c.slug)) for c in campaigns for p in template.players])
    characters = Character.objects.bulk_create([
        Character(campaign_id=p.campaign_id, player=p, catalogue_name=c.catalogue_name,
                  starting_native_group=c.starting_native_group, state=c.state)
        for p in players for c in template.characters.get(p.name, ())])
    StartingInfo.objects.bulk_create([
        StartingInfo(character=c, answers=info.answers)
        for c in characters if (info := template.starting.get(c.catalogue_name))])
    by_campaign = {(c.campaign_id, c.catalogue_name): c for c in characters}
    battles = Battle.objects.bulk_create([
        Battle(campaign=c, name=f"{template.battle['name']} #{b + 1}", clearing=template.battle["clearing"], state=template.battle["state"],
               status=Battle.Status.ACTIVE if b == BATTLES_EACH - 1 else Battle.Status.ENDED, created_by=gms[n // CAMPAIGNS_A_GM])
        for n, c in zip(numbers, campaigns) for b in range(BATTLES_EACH)])
    Battle.characters.through.objects.bulk_create([
        Battle.characters.through(battle_id=b.pk, character_id=by_campaign[(b.campaign_id, name)].pk)
        for b in battles for name in template.fighters])
    rounds = Round.objects.bulk_create([
        Round(battle=b, number=r + 1, status=Round.Status.RESOLVED, **template.resolved) for b in battles for r in range(ROUNDS_EACH)])
    drafting = [Round(battle=b, number=ROUNDS_EACH + 1, **template.drafting) for b in battles if b.status == Battle.Status.ACTIVE] if template.drafting else []
    Round.objects.bulk_create(drafting)
    fighters = {b.pk: {name: by_campaign[(b.campaign_id, name)] for name in template.fighters} for b in battles}
    SidePlays.objects.bulk_create(
        [SidePlays(round=r, side=side, character=name and fighters[r.battle_id][name], plays=plays, locked=True)
         for r in rounds for side, name, plays in template.resolved_sides]
        + [SidePlays(round=r, side=side, character=name and fighters[r.battle_id][name], locked=locked)
           for r in drafting for side, name, locked in template.drafting_sides])
    CharacterChange.objects.bulk_create([
        CharacterChange(character=by_campaign[(r.battle.campaign_id, name)], battle_id=r.battle_id, round=r, source=source, lines=lines, ops=ops)
        for r in rounds for name, source, lines, ops in template.changes])
    campaign_of = {b.pk: b.campaign for b in battles}
    _copy_fields(Round, template.resolved_pk, ROUND_JSON, [r.pk for r in rounds])
    emails = OutboxMessage.objects.bulk_create([
        OutboxMessage(campaign=campaign_of[r.battle_id], recipient=m["recipient"].replace(f"{prefix}-0000", campaign_of[r.battle_id].slug),
                      subject=m["subject"].replace("round 1", f"round {r.number}"),
                      idempotency_key=f"{prefix}-round-{r.pk}-{i}", message_id=f"<{prefix}-round-{r.pk}-{i}@herald.invalid>",
                      status=OutboxMessage.Status.SENT, attempts=1, sent_at=now, thread_key=f"{prefix}-battle-{r.battle_id}",
                      created_at=now - datetime.timedelta(minutes=len(rounds) - index))
        for index, r in enumerate(rounds) for i, m in enumerate(template.mail)], batch_size=2000)
    for i, m in enumerate(template.mail):
        _copy_fields(OutboxMessage, m["pk"], MAIL_TEXT, [e.pk for e in emails[i::len(template.mail)]])


def _copy_fields(model, source_pk: int, fields: list[str], pks: list[int]) -> None:
    """Set `fields` of the rows `pks` to the source row's, in the database (UPDATE … FROM itself)."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ", ".join(f"{quote(name)} = source.{quote(name)}" for name in fields)
    with connection.cursor() as cursor:
        for start in range(0, len(pks), 5000):
            chunk = pks[start:start + 5000]
            cursor.execute(f"UPDATE {table} SET {columns} FROM {table} AS source WHERE source.id = %s "
                           f"AND {table}.id IN ({', '.join(['%s'] * len(chunk))})", [source_pk, *chunk])
