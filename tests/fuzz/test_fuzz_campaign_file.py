"""Fuzz of the campaign file (`import_campaign --replace` on the demo's export, issue #12): a mutated file
is imported, or refused naming its field with nothing saved changed; never a crash."""

import io
import json
import re
from collections import Counter

import pytest
from django.core.management import call_command
from django.db import transaction
from hypothesis import given

from campaigns import exchange
from campaigns.exchange import CampaignFileError
from campaigns.models import Campaign
from combat import services as combat_services
from combat.models import Battle, Round
from systems.magic_realm.demo import WOLVES
from tests.fuzz.mutate import FUZZ_SETTINGS, mutated
from tests.systems_app.battles import answer_first_choices

pytestmark = pytest.mark.django_db

# A refusal names its field: "characters[0].player: ...", "battles[0].rounds[1].number: ...".
# JSON the importer keeps as it is: replaced whole by the fuzz, not searched inside.
OPAQUE = frozenset({"state", "input", "result", "log", "settings", "effects", "encounter", "plays", "rules"})
FIELD_PATH = re.compile(r"^[a-z_]+(\[\d+\])?([.][\w]+(\[\d+\])?)*$")


@pytest.fixture
def demo_export():
    """The demo campaign with round 1 of its battle set up on the interface's page, Wolves at the Inn, resolved
    (every side its first choices; the other battle open for plays), and its export."""
    call_command("load_demo", stdout=io.StringIO())
    campaign = Campaign.objects.get(slug="demo")
    gm = campaign.gms.get()
    battle = campaign.battles.get(demo_key=WOLVES.key)
    round_ = battle.rounds.get(number=1)
    # A resolved round makes the file richer: its result, its log and what it did to the characters.
    answer_first_choices(gm, round_)
    combat_services.request_resolve(gm, campaign.slug, battle.pk, 1)
    combat_services.resolve_round(round_.pk)
    assert Round.objects.get(pk=round_.pk).status == Round.Status.RESOLVED
    return json.loads(json.dumps(exchange.export_campaign(Campaign.objects.get(slug="demo")), default=str))


def _import(data):
    """Import inside a savepoint that is always rolled back, so each example starts from the demo."""
    outcome = None
    savepoint = transaction.savepoint_create()
    try:
        exchange.import_campaign(data, replace=True)
        outcome = "imported"
    except CampaignFileError as error:
        outcome = error
    finally:
        transaction.savepoint_rollback(savepoint)
    return outcome


def test_a_character_whose_player_is_an_object_is_refused_naming_the_field(demo_export):
    demo_export["characters"][0]["player"] = {"name": "Alice"}
    refusal = _import(demo_export)
    assert isinstance(refusal, CampaignFileError) and refusal.path == "characters[0].player"


def test_a_battle_given_as_a_list_is_refused_naming_the_field(demo_export):
    demo_export["battles"][0] = [demo_export["battles"][0]]
    refusal = _import(demo_export)
    assert isinstance(refusal, CampaignFileError) and refusal.path == "battles[0]"


def test_a_setup_step_whose_player_is_a_list_is_refused_naming_the_field(demo_export):
    demo_export["setup_steps"] = [{"player": ["Alice"], "kind": "tile", "detail": "x"}]
    refusal = _import(demo_export)
    assert isinstance(refusal, CampaignFileError) and refusal.path == "setup_steps[0].player"


def test_mutated_campaign_files_are_imported_or_refused_naming_the_field(demo_export):
    before = json.dumps(exchange.export_campaign(Campaign.objects.get(slug="demo")), default=str)
    counts = (Campaign.objects.count(), Battle.objects.count(), Round.objects.count())
    tally = Counter()

    @FUZZ_SETTINGS
    @given(data=mutated(demo_export, opaque=OPAQUE))
    def check(data):
        outcome = _import(data)
        tally["imported" if outcome == "imported" else "refused"] += 1
        if outcome != "imported":
            assert FIELD_PATH.match(outcome.path), outcome
        # Refused or rolled back: the demo campaign is exactly as it was.
        assert json.dumps(exchange.export_campaign(Campaign.objects.get(slug="demo")), default=str) == before
        assert (Campaign.objects.count(), Battle.objects.count(), Round.objects.count()) == counts

    check()
    print(f"\nfuzz campaign file: {dict(tally)}")  # the figures of docs/reliability.md (pytest -s)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda data: data.update(gms=[None]), "gms[0]"),
        (lambda data: data.update(slug="has spaces"), "slug"),
        (lambda data: data.update(name="x" * 121), "name"),
        (lambda data: data["players"][0].update(name="x" * 3000), "players[0].name"),
        (lambda data: data["calendar"].update(month=2**40), "calendar.month"),
        (lambda data: data["battles"][0]["rounds"][0].update(salt="x" * 65), "battles[0].rounds[0].salt"),
    ],
    ids=["a null GM", "a slug with spaces", "a long name", "a long player name", "a huge month", "a long salt"],
)
def test_values_postgresql_would_refuse_are_refused_naming_the_field(demo_export, change, path):
    """Found by the fuzz on PostgreSQL, where a value too long for its column is a database error."""
    change(demo_export)
    refusal = _import(demo_export)
    assert isinstance(refusal, CampaignFileError) and refusal.path == path
