"""The GM's own entries for a round (`plays_form(round_input, GM)`: what the rules leave to the GM before the
round resolves) on the pages of battles fought through the interface. Only Magic Realm has any (the natives
battling this evening), and the app still sends it to its own pages, so these tests send a Magic Realm campaign
through the interface from the outside, as tests/systems_app/test_magic_realm_through_the_interface.py does."""

import json
from pathlib import Path

import pytest

from campaigns import services as campaign_services
from combat import services, system_battles
from combat.models import Round
from systems.interface import GM
from tests.systems.interface_examples import answer, without_plays, without_waiting_answers
from tests.systems_app.conftest import round_url, start, token_of

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def start_company(gm, encounter: dict | None = None):
    """The Black Knight (Kay's) meeting the Company, round 1 open, in a Magic Realm campaign sent through the
    interface; the example's encounter section unless `encounter` is given."""
    campaign = campaign_services.create_campaign(gm, "The Company", "company", "standard")
    player = campaign_services.add_player(gm, campaign, {"name": "Kay", "email": "kay@example.com", "time_zone": "UTC"})
    campaign_services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": "Black Knight"})
    state = without_waiting_answers(without_plays(json.loads((EXAMPLES / "encounter-knights-adjustment.json").read_text())))
    if encounter is not None:
        state["encounter"] = encounter
    return system_battles.start_battle(gm, campaign.slug, "The Company", "Valley 4", state)


@pytest.fixture
def company(gm, monkeypatch):
    """`start_company` as the example has it."""
    return start_company(gm)


def entries_of(battle):
    return Round.objects.get(battle=battle, number=1).sides.get(side=GM)


def test_the_gm_gets_the_rounds_own_entries_as_a_form_named_for_them(gm_client, company):
    page = gm_client.get(round_url(company)).content.decode()
    entries = entries_of(company)
    assert not entries.locked and entries.character is None
    assert "<h2>The GM&#x27;s entries" in page and "@gm" not in page
    assert "The Company battle the Black Knight this evening" in page
    assert f'id="side{entries.pk}-battling_0"' in page


def test_a_battle_the_gm_enters_goes_into_the_round_and_the_natives_attack(gm, company):
    entries = entries_of(company)
    knight = Round.objects.get(battle=company, number=1).sides.get(side="Black Knight")
    form = system_battles.form_of(knight)
    system_battles.save_answers(gm, "company", company.pk, 1, knight.pk, answer(form))
    system_battles.lock(gm, "company", company.pk, 1, knight.pk)
    battle_entry = system_battles.form_of(entries).field("battling_0").choices[0].value
    _, errors = system_battles.save_answers(gm, "company", company.pk, 1, entries.pk, {"battling_0": battle_entry})
    assert errors == {}
    system_battles.lock(gm, "company", company.pk, 1, entries.pk)
    services.request_resolve(gm, "company", company.pk, 1)
    services.resolve_round(entries.round_id)  # the task
    round_ = Round.objects.get(pk=entries.round_id)
    assert round_.status == Round.Status.RESOLVED, round_.error
    assert {"group": "Company", "character": "Black Knight"} in round_.input["encounter"]["battling"]
    assert any("Company" in row["text"] and "Black Knight" in row["text"] for row in round_.log)


def test_the_round_waits_for_the_gms_entries_to_be_locked(gm, company):
    knight = Round.objects.get(battle=company, number=1).sides.get(side="Black Knight")
    system_battles.save_answers(gm, "company", company.pk, 1, knight.pk, {})
    with pytest.raises(services.BattleError, match="Every side must be locked"):
        services.request_resolve(gm, "company", company.pk, 1)


def test_the_players_page_never_shows_the_gms_entries(client, company):
    page = client.get(f"/play/{token_of(company, 'Kay')}/").content.decode()
    assert "The GM&#x27;s entries" not in page and "this evening" not in page


def test_locking_the_entries_says_so_in_the_history_in_words(gm, gm_client, company):
    entries = entries_of(company)
    system_battles.lock(gm, "company", company.pk, 1, entries.pk)
    page = gm_client.get(round_url(company)).content.decode()
    assert "The GM&#x27;s entries locked by the GM." in page
    assert "Unlock the GM's entries</button>" in page and "The GM&#x27;s entries (GM)" not in page


def test_a_system_with_nothing_for_the_gm_to_enter_gets_no_such_form(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    assert not battle.rounds.get().sides.filter(side=GM).exists()
    assert "The GM&#x27;s entries" not in gm_client.get(round_url(battle)).content.decode()


def test_another_gm_gets_404(company, client, make_user):
    client.force_login(make_user("other", email="other@example.com"))
    assert client.get(round_url(company)).status_code == 404
    entries = entries_of(company)
    assert client.post(round_url(company, tail=f"answers/{entries.pk}/"), {}).status_code == 404
