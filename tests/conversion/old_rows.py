"""Old-format Magic Realm battles (the app's own round format, before its campaigns moved to the systems
interface's pages), written straight into the tables from rows captured once from the app's own services
(tests/conversion/data/old_battles.json, and old_campaign_export.json, the campaign's file exported then): a test
needs neither those services, which are being removed, nor their fixtures. The rows: "ambush" (round 1 resolved,
the Black Knight's wound recorded on MOVE M5, round 2 open with the Amazon locked and the Black Knight's draft
half-entered), "inn" (round 1 open, the GM's entry "the Company battle the Amazon" and the Amazon's draft alerting
a weapon already alerted), "demon" (round 1 waiting for the GM's ruling on the Demon's Power of the Pit), "long"
(rounds 1 and 2 resolved, the Black Knight's fatigue recorded after round 1, round 3 open with no drafts)."""

import copy
import json
from pathlib import Path

from campaigns import services as campaign_services

DATA = Path(__file__).parent / "data"
OLD_BATTLES = json.loads((DATA / "old_battles.json").read_text())
OLD_EXPORT = DATA / "old_campaign_export.json"
PLAYERS = (("Alice", "alice@example.com", "Black Knight"), ("Bob", "bob@example.com", "Amazon"))


def old_campaign(gm, slug="test"):
    """The campaign the rows were captured in: bimr4 rules, Alice's Black Knight and Bob's Amazon."""
    campaign = campaign_services.create_campaign(gm, "Test campaign", slug, "bimr4")
    for name, email, character in PLAYERS:
        player = campaign_services.add_player(gm, campaign, {"name": name, "email": email, "time_zone": "UTC"})
        campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": character})
    return campaign


def old_battle(campaign, key, models=None, change=None):
    """The captured battle `key` ("ambush", "inn", "demon") written into `campaign` through `models` (a mapping
    of model names to classes: the historical ones in a migration test; the current ones by default), after
    `change(data)` when given."""
    if models is None:
        from combat.models import Battle, CharacterChange, ChitRecord, Round, SidePlays

        models = {"Battle": Battle, "Round": Round, "SidePlays": SidePlays, "ChitRecord": ChitRecord,
                  "CharacterChange": CharacterChange}
    data = copy.deepcopy(OLD_BATTLES[key])
    if change:
        change(data)
    characters = {c.catalogue_name: c for c in campaign.characters.all()}
    fields = data["battle"]
    battle = models["Battle"].objects.create(campaign_id=campaign.pk, name=fields["name"], clearing=fields["clearing"],
                                             status=fields["status"], state=fields["state"])
    battle.characters.set([characters[name].pk for name in fields["characters"]])
    for row in data["rounds"]:
        row = dict(row)
        sides, chits, changes = row.pop("sides"), row.pop("chit_records"), row.pop("character_changes")
        round_ = models["Round"].objects.create(battle=battle, **row)
        for side in sides:
            models["SidePlays"].objects.create(round=round_, character_id=characters[side["character"]].pk,
                                               side=side["side"], plays=side["plays"], locked=side["locked"])
        for record in chits:
            models["ChitRecord"].objects.create(round=round_, character_id=characters[record["character"]].pk,
                                                wounded=record["wounded"], fatigued=record["fatigued"])
        for entry in changes:
            models["CharacterChange"].objects.create(round=round_, battle=battle,
                                                     character_id=characters[entry["character"]].pk,
                                                     source=entry["source"], lines=entry["lines"], ops=entry["ops"])
    return battle
