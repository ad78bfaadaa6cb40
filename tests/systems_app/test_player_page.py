"""The player's page of a battle fought through the systems interface: their own sides' forms, drawn from the
system's questions, and after a round only what their sides may see (players/answers_page.py)."""

import pytest

from django.utils import timezone

from combat.models import Round
from tests.systems_app.conftest import gm_plays, posted, resolve, side_url, start, token_of

pytestmark = pytest.mark.django_db

AMBUSH = "enchanted-realms-goblin-ambush"


@pytest.fixture
def ambush(gm, make_campaign):
    return start(gm, make_campaign("enchanted-realms"), AMBUSH)


def page(client, battle, player):
    return client.get(f"/play/{token_of(battle, player)}/")


def test_it_draws_only_the_players_own_side_with_each_question(client, ambush):
    response = page(client, ambush, "Alice")
    body = response.content.decode()
    assert response.status_code == 200
    assert "<h2>Aldric" in body and "<h2>Bryn" not in body and "Goblin 1</h2>" not in body
    aldric = ambush.characters.get(catalogue_name="Aldric")
    assert f'<select name="action" id="id_side{aldric.pk}-action"' in body
    assert 'type="number" name="dice"' in body and 'min="1" max="5"' in body
    assert 'type="text" name="other"' in body
    assert "a turn is one action (ER 1)" in body  # the question's help


def test_it_hides_a_question_that_another_answer_does_not_call_for(client, ambush):
    body = page(client, ambush, "Alice").content.decode()
    method = body[body.index('data-field="method"'):body.index('data-field="dice"')]
    assert " hidden>" in method and "disabled" in method
    assert '&quot;field&quot;: &quot;action&quot;, &quot;values&quot;: [&quot;0&quot;]' in method
    assert "players/shown-when.js" in body


def test_it_redraws_a_saved_answer_as_its_choice(client, ambush):
    aldric = Round.objects.get(battle=ambush, number=1).sides.get(side="Aldric")
    aldric.plays = {"action": "attack", "method": "melee", "dice": 3, "target": "Goblin 2"}
    aldric.save()
    body = page(client, ambush, "Alice").content.decode()
    assert '<option value="2" selected>Goblin 2 (monsters)</option>' in body
    assert 'name="dice"' in body and 'value="3"' in body
    method = body[body.index('data-field="method"'):body.index('data-field="dice"')]
    assert " hidden" not in method.split(">")[0]


def test_it_never_shows_what_the_gm_plays_for_a_goblin(client, gm, ambush):
    round_ = Round.objects.get(battle=ambush, number=1)
    gm_plays(gm, round_, "Goblin 1", {"action": "other", "other": "Gnaws the secret rope"})
    body = page(client, ambush, "Alice").content.decode()
    assert "Gnaws the secret rope" not in body


def test_after_the_round_it_shows_the_sides_summary_and_only_the_events_its_side_may_see(client, gm, ambush):
    round_ = Round.objects.get(battle=ambush, number=1)
    gm_plays(gm, round_, "Goblin 1", {"action": "other", "other": "Gnaws the secret rope", "reaction": "dodge"})
    gm_plays(gm, round_, "Goblin 2", {"action": "attack", "method": "melee", "dice": 2, "target": "Aldric"})
    for player, name, answers in (
        ("Alice", "Aldric", {"action": "attack", "method": "melee", "dice": 3, "target": "Goblin 2", "reaction": "deflect"}),
        ("Bob", "Bryn", {"action": "none", "reaction": "dodge"}),
    ):
        side = round_.sides.get(side=name)
        assert client.post(side_url(ambush, player, name, "submit"), posted(side, answers)).status_code == 302
    resolved = resolve(gm, round_)
    private = {event["text"]: event["visible_to"] for event in resolved.log if event["visible_to"] != "all"}
    assert any(text.startswith("Aldric had a deflect ready") for text in private)
    assert any(text.startswith("Bryn had a dodge ready") for text in private)
    assert any(text.startswith("Goblin 1 had a dodge ready") for text in private)  # the GM's secret

    alice = page(client, ambush, "Alice").content.decode()
    assert "Round 1: what you saw" in alice
    for line in resolved.result["summaries"]["Aldric"]:
        assert line in alice
    assert "Aldric had a deflect ready" in alice
    assert "Bryn had a dodge ready" not in alice and "Goblin 1 had a dodge ready" not in alice
    assert "What comes next:" in alice and "round 2" in alice
    bob = page(client, ambush, "Bob").content.decode()
    assert "Bryn had a dodge ready" in bob and "Aldric had a deflect ready" not in bob


def test_a_side_with_nothing_to_choose_shows_the_systems_notes(client, gm, ambush, monkeypatch):
    from combat import system_battles
    from systems.interface import PlaysForm

    round_ = Round.objects.get(battle=ambush, number=1)
    round_.sides.filter(side="Aldric").update(locked=True)
    monkeypatch.setattr(system_battles, "form_of", lambda side: PlaysForm(side.side, side.side, (), ("Aldric is down: nothing to choose.",)))
    body = page(client, ambush, "Alice").content.decode()
    assert "Aldric is down: nothing to choose." in body
    assert "Submit my plays" not in body


def test_when_the_battle_is_over_the_page_keeps_the_final_results_without_a_form(client, gm, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), AMBUSH)
    round_ = Round.objects.get(battle=battle, number=1)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.RESOLVED, resolved_at=timezone.now(), log=[],
                                              result={"summaries": {"Aldric": ["Aldric stands."]}, "finished": True})
    battle.status = battle.Status.ENDED
    battle.save()
    body = page(client, battle, "Alice").content.decode()
    assert "Combat is over" in body and "Aldric stands." in body
    assert "Submit my plays" not in body


def test_it_draws_a_multi_choice_as_check_boxes_with_the_saved_ones_ticked(client, ambush, monkeypatch):
    from combat import system_battles
    from systems.interface import Choice, Field, PlaysForm

    school = Field("school", "choice", "School", None, choices=(Choice("fire", "Fire"), Choice("ice", "Ice")))
    spells = Field("spells", "multi-choice", "Spells kept ready", "plays.Aldric.spells", required=False,
                   choices=(Choice("ward", "Ward"), Choice("spark", "Spark"), Choice("storm", "Storm", ("school", ("fire",)))))
    monkeypatch.setattr(system_battles, "form_of", lambda side: PlaysForm(side.side, side.side, (school, spells)))
    Round.objects.get(battle=ambush, number=1).sides.filter(side="Aldric").update(plays={"school": "ice", "spells": ["spark"]})
    body = page(client, ambush, "Alice").content.decode()
    assert '<legend class="label">Spells kept ready</legend>' in body
    assert 'type="checkbox" name="spells" value="1" checked' in body
    assert 'type="checkbox" name="spells" value="0">' in body
    storm = body[body.index('name="spells" value="2"') - 200:body.index('name="spells" value="2"') + 40]
    assert '&quot;field&quot;: &quot;school&quot;, &quot;values&quot;: [&quot;0&quot;]}" hidden>' in storm
    assert "disabled" in storm  # not offered with Ice: neither shown nor posted


def test_a_text_question_with_a_pattern_carries_it_on_its_input(client, ambush, monkeypatch):
    from combat import system_battles
    from systems.interface import Field, PlaysForm

    dice = PlaysForm("Aldric", "Aldric", (Field("damage", "text", "Damage", None, required=False, pattern="[0-9]d[0-9]"),))
    monkeypatch.setattr(system_battles, "form_of", lambda side: dice if side.side == "Aldric" else PlaysForm(side.side, ""))
    body = page(client, ambush, "Alice").content.decode()
    assert 'type="text" name="damage"' in body and 'pattern="[0-9]d[0-9]"' in body
