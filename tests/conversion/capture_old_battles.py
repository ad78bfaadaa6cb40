"""Run once (explicitly: pytest tests/conversion/capture_old_battles.py) to capture old-format battles, played
through the app's own Magic Realm services, into tests/conversion/data/old_battles.json."""

import itertools
import json
from pathlib import Path

import pytest

from campaigns import services as campaign_services
from combat import chits, rounds, services
from combat.models import Battle, CharacterChange, ChitRecord, Round, SidePlays
from combat.services import BattleSetup, NativeChoice

pytestmark = pytest.mark.django_db
OUT = Path(__file__).parent / "data" / "old_battles.json"

BK = {"target": "H Troll", "target_part": "horse", "attack": {"chit": "FIGHT H6", "box": 2, "weapon": "Mace"},
      "maneuver": {"chit": "MOVE H6", "box": 1}, "positions": {"H Troll": 2}}
AMAZON = {"target": "Wolf", "target_part": "horse", "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"},
          "maneuver": {"chit": "MOVE M4", "box": 3}, "positions": {"Wolf": 1}}


def reseed(rounds_query, seed):
    """A seed chosen for the capture, committed as the round's own (so that its dice still verify)."""
    from systems.commitment import RoundIdentity, commitment

    for round_ in rounds_query:
        identity = RoundIdentity(**{key: round_.commitment_for[key] for key in ("campaign", "battle", "round")})
        Round.objects.filter(pk=round_.pk).update(seed=seed, commitment=commitment(seed, round_.salt, identity))


def record_owed(gm, round_):
    battle = round_.battle
    battle.refresh_from_db()
    for character in battle.characters.all():
        name = character.catalogue_name
        owed = rounds.owed_for(round_.result or {}, name)
        if not owed["wounds"] and not owed["fatigue"]:
            continue
        entry = rounds.character_entry(battle.state, name)
        if entry is None or entry.get("dead"):
            continue
        ids = [chit["id"] for chit in entry["chits"] if chit["state"] != "wounded"]
        done = False
        for w in itertools.combinations(ids, owed["wounds"]):
            for n in range(0, 4):
                for f in itertools.combinations([i for i in ids if i not in w], n):
                    if not chits.choice_errors(battle.state, name, owed, list(w), list(f)):
                        services.record_chits_for(round_, character.pk, list(w), list(f), user=gm)
                        done = True
                        break
                if done:
                    break
            if done:
                break
        assert done, (name, owed)


def dump(battle):
    characters = {c.pk: c.catalogue_name for c in battle.campaign.characters.all()}
    fields = lambda obj, names: {name: getattr(obj, name) for name in names}
    round_fields = ["number", "status", "seed", "salt", "commitment", "commitment_for", "rules",
                    "rules_version_number", "rules_fingerprint", "input", "result", "log", "error", "encounter",
                    "state_before", "voided_count", "attempts"]
    return {
        "battle": {**fields(battle, ["name", "clearing", "status", "state", "demo_key"]),
                   "characters": [c.catalogue_name for c in battle.characters.all()]},
        "rounds": [{**fields(r, round_fields),
                    "sides": [{"character": characters.get(s.character_id), "side": s.side, "plays": s.plays,
                               "locked": s.locked} for s in r.sides.order_by("pk")],
                    "chit_records": [{"character": characters[c.character_id], "wounded": c.wounded,
                                      "fatigued": c.fatigued} for c in r.chit_records.order_by("pk")],
                    "character_changes": [{"character": characters[c.character_id], "source": c.source,
                                           "lines": c.lines, "ops": c.ops}
                                          for c in r.character_changes.order_by("pk")]}
                   for r in battle.rounds.order_by("number")],
    }


def play(gm, battle, number, plays_by_name, lock=True):
    round_ = battle.rounds.get(number=number)
    for side in round_.sides.select_related("character"):
        plays = plays_by_name.get(side.character.catalogue_name)
        if plays is None:
            continue
        _, errors = services.save_plays(gm, "test", battle.pk, number, side.character_id, plays)
        if lock:
            assert not errors, errors
            services.lock_side(gm, "test", battle.pk, number, side.character_id)
    return round_


def resolve(gm, battle, number):
    round_ = battle.rounds.get(number=number)
    services.request_resolve(gm, "test", battle.pk, number)
    services.resolve_round(round_.pk)
    return Round.objects.get(pk=round_.pk)


def test_capture(make_user):
    gm = make_user("gm")
    campaign = campaign_services.create_campaign(gm, "Test campaign", "test", "bimr4")
    for name, email, character in (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon")):
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    chars = {c.catalogue_name: c for c in campaign.characters.all()}
    captured = {}

    # 1. Ambush: round 1 resolved, chits recorded, round 2 open with drafts (one locked, one half-entered).
    ambush = services.create_battle(campaign, BattleSetup(
        name="Ambush in Cave 4", clearing="Cave 4", character_ids=[chars["Black Knight"].pk, chars["Amazon"].pk],
        monsters=["H Troll", "Wolf"], attacks=[("H Troll", "Black Knight"), ("Wolf", "Amazon")]))
    for seed in range(1, 200):
        reseed(Round.objects.filter(battle=ambush, number=1), seed)
        r1 = play(gm, ambush, 1, {"Black Knight": BK, "Amazon": AMAZON})
        outcome = rounds.resolve(rounds.build_input(ambush, r1, {s.character_id: s.plays for s in r1.sides.all()}),
                                 seed, campaign.system)
        owed = [rounds.owed_for(outcome.result, n) for n in ("Black Knight", "Amazon")]
        if not outcome.combat_over and any(o["wounds"] or o["fatigue"] for o in owed):
            break
        for side in r1.sides.all():
            services.unlock_side(gm, "test", ambush.pk, 1, side.character_id)
    r1 = resolve(gm, ambush, 1)
    assert r1.status == "resolved", r1.error
    record_owed(gm, r1)
    ambush.refresh_from_db()
    r2 = ambush.rounds.get(number=2)
    half = {"target": "H Troll", "attack": {"chit": "FIGHT H6", "box": None}}
    play(gm, ambush, 2, {"Black Knight": half}, lock=False)
    for chit in ("FIGHT M5", "FIGHT M4", "FIGHT L3", "FIGHT L4"):
        for move in ("MOVE M4", "MOVE M3", "MOVE L2", "MOVE L3"):
            plays = {"target": "Wolf", "attack": {"chit": chit, "box": 1, "weapon": "Short Sword"},
                     "maneuver": {"chit": move, "box": 2}, "shield_box": 3}
            if not services.check_plays(r2, chars["Amazon"].pk, plays) and ambush.status == "active":
                play(gm, ambush, 2, {"Amazon": plays})
                break
        else:
            continue
        break
    captured["ambush"] = dump(ambush)

    # 2. Natives at the Inn: round 1 open, the GM's entries (a group battling), an encounter draft.
    inn = services.create_battle(campaign, BattleSetup(
        name="Natives at the Inn", clearing="Valley 2", character_ids=[chars["Amazon"].pk],
        natives=[NativeChoice("Company 1"), NativeChoice("Company 2")], attacks=[("Company 1", "Amazon")],
        dwelling="Inn"))
    services.save_round_encounter(gm, "test", inn.pk, 1, {"battling": [{"group": "Company", "character": "Amazon"}]})
    play(gm, inn, 1, {"Amazon": {"target": "Company 1", "attack": {"chit": "FIGHT M5", "box": 2, "weapon": "Short Sword"},
                                  "maneuver": {"chit": "MOVE M4", "box": 1},
                                  "encounter": {"alert": {"weapon": "Short Sword", "chit": "FIGHT L4"}}}}, lock=False)
    captured["inn"] = dump(inn)

    # 3. The Demon: round 1 waits for the GM's ruling.
    demon = services.create_battle(campaign, BattleSetup(
        name="The Pit", clearing="Cave 3", character_ids=[chars["Amazon"].pk], monsters=["Demon"],
        attacks=[("Demon", "Amazon")]))
    plays = {"target": "Demon", "attack": {"chit": "FIGHT M5", "box": 1, "weapon": "Short Sword"},
             "maneuver": {"chit": "MOVE M4", "box": 3}}
    r1 = play(gm, demon, 1, {"Amazon": plays})
    for seed in range(1, 400):
        try:
            rounds.resolve(rounds.build_input(demon, r1, {s.character_id: s.plays for s in r1.sides.all()}),
                           seed, campaign.system)
        except rounds.Waiting:
            reseed(Round.objects.filter(pk=r1.pk), seed)
            break
    waited = resolve(gm, demon, 1)
    assert waited.encounter.get("rulings_needed"), waited.error
    captured["demon"] = dump(demon)

    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(captured, indent=1, sort_keys=True, default=str) + "\n")
    from campaigns.exchange import export_campaign

    exported = json.dumps(export_campaign(campaign), indent=1, sort_keys=True, default=str)
    (OUT.parent / "old_campaign_export.json").write_text(exported + "\n")
