"""The Meeting table typed on the GM's round page (systems/magic_realm/gm_entries.py): the GM chooses to type it,
types its five columns beside the roll, a wrong column is refused beside its field in the engine's words, and the
round resolved rolls on the typed table, which the battle carries to the next round."""

import pytest

from combat import services, system_battles
from combat.models import Round
from systems.interface import GM
from tests.systems.interface_examples import answer
from tests.systems_app.conftest import round_url
from tests.systems_app.test_view_gm_entries import start_company

pytestmark = pytest.mark.django_db

COLUMNS = ("Allied", "Friendly", "Neutral", "Unfriendly", "Enemy")
# Every row of every column is BLOCK/BATTLE: whatever the dice, the Company battle the Black Knight.
LINE = " | ".join(["BLOCK/BATTLE"] * 6)


def index_of(form, name, value) -> str:
    return str(next(i for i, choice in enumerate(form.field(name).choices) if choice.value == value))


def test_the_gm_types_the_meeting_table_on_the_round_page_and_the_round_rolls_on_it(gm, gm_client):
    battle = start_company(gm, encounter={})
    round_ = Round.objects.get(battle=battle, number=1)
    entries, knight = round_.sides.get(side=GM), round_.sides.get(side="Black Knight")
    form = system_battles.form_of(entries)
    page = gm_client.get(round_url(battle)).content.decode()
    assert "The Meeting table" in page and "Type it, to roll on it this evening" in page
    assert f'id="side{entries.pk}-meeting_table_neutral"' in page and "Meeting table, Neutral column" in page

    roll = {"group": "Company", "character": "Black Knight"}
    posted = {"meeting_table": index_of(form, "meeting_table", True), "meeting_0": index_of(form, "meeting_0", roll),
              **{f"meeting_table_{column.lower()}": LINE for column in COLUMNS}}
    bad = {**posted, "meeting_table_neutral": "BLOCK/BATTLE | Neutral"}
    response = gm_client.post(round_url(battle, tail=f"answers/{entries.pk}/"), bad, HTTP_HX_REQUEST="true")
    assert (f'<p class="error" id="side{entries.pk}-meeting_table_neutral-error">the Neutral column must hold six '
            "results, rows 1 to 6, not 2</p>") in response.content.decode()

    response = gm_client.post(round_url(battle, tail=f"answers/{entries.pk}/"), {**posted, "lock": "1"})
    entries.refresh_from_db()
    assert response.status_code == 302 and entries.locked
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, knight.pk, answer(system_battles.form_of(knight)))
    system_battles.lock(gm, battle.campaign.slug, battle.pk, 1, knight.pk)
    services.request_resolve(gm, battle.campaign.slug, battle.pk, 1)
    services.resolve_round(round_.pk)  # the task
    round_.refresh_from_db()
    assert round_.status == Round.Status.RESOLVED, round_.error
    assert round_.input["encounter"]["meeting_table"] == {column: ["BLOCK/BATTLE"] * 6 for column in COLUMNS}
    meeting = next(row for row in round_.log if row["kind"] == "meeting")
    assert meeting["rule"] == "section Meeting table" and "The Company meet Black Knight" in meeting["text"]
    assert any(row["kind"] == "battling" for row in round_.log)
    battle.refresh_from_db()
    assert battle.state["encounter"]["meeting_table"] == round_.input["encounter"]["meeting_table"]
