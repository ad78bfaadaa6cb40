"""Every answer to a form a round stopped half-way for (the player's through their link, the GM's for a side or as
its own ruling) leaves a note in the round's history, in the answer's transaction, saying who answered, for what,
and the answers in words; and once the round has gone on and resolved, the player's page shows, in its result,
what was answered for their own sides: never another side's answer, nor the GM's ruling."""

import pytest

from combat import services
from combat.models import Battle, Round
from combat import system_battles
from players.models import RoundNote
from systems.interface import GM
from tests.systems_app.conftest import token_of
from tests.systems_app.waiting_battles import answer_url, key_of, nothing_answered, page_url, run_resolve

pytestmark = pytest.mark.django_db

LEFT, RIGHT, GOOD = "0", "1", "0"  # the choices' indices, as the pages post them


def _notes(round_):
    return list(RoundNote.objects.filter(round_id=round_.pk, data__has_key="waiting"))


def _player_answers(client, round_, player="Alice", **answers):
    url = f"/play/{token_of(round_.battle, player)}/waiting/{key_of(round_, 'Aldric')}/"
    return client.post(url, answers or {"dodge": RIGHT, "steps": "1"})


def _page(client, round_, player):
    return client.get(f"/play/{token_of(round_.battle, player)}/").content.decode()


def _resolved(gm_client, round_, aldric=(RIGHT, "2")):
    """The round answered through, Aldric's choice by the GM (`aldric`: its way and steps; None, answered
    already) then the omen, and resolved."""
    if aldric is not None:
        gm_client.post(answer_url(round_, key_of(round_, "Aldric")), {"dodge": aldric[0], "steps": aldric[1]})
    ruling = run_resolve(round_)
    gm_client.post(answer_url(ruling, key_of(ruling, GM)), {"omen": GOOD})
    return run_resolve(ruling)


def test_the_gms_answer_for_a_player_is_noted_with_whom_it_was_for_and_the_answers_in_words(waiting_round, gm, gm_client):
    gm_client.post(answer_url(waiting_round, key_of(waiting_round, "Aldric")), {"dodge": RIGHT, "steps": "2"})
    [note] = _notes(waiting_round)
    assert note.kind == RoundNote.Kind.ENTERED_BY_GM and note.by == gm and note.character.catalogue_name == "Aldric"
    assert note.text == ("The GM answered for Aldric on Alice's behalf: Aldric dodges the Goblin's blow "
                         "(Which way: Right; How many steps: 2).")


def test_the_gms_ruling_is_noted_but_never_as_a_ruling_the_players_are_shown(waiting_round, gm, gm_client):
    _player_answers(gm_client, waiting_round)
    ruling = run_resolve(waiting_round)
    gm_client.post(answer_url(ruling, key_of(ruling, GM)), {"omen": GOOD})
    note = _notes(ruling)[-1]
    assert note.text == "The GM ruled: The omen (The omen is: Good)."
    assert note.kind == RoundNote.Kind.ENTERED_BY_GM and note.by == gm and note.character is None
    assert not RoundNote.objects.filter(round_id=ruling.pk, kind=RoundNote.Kind.RULING).exists()


def test_the_players_answer_is_noted_by_their_name_with_the_answers_in_words(waiting_round, client):
    _player_answers(client, waiting_round, dodge=LEFT, steps="2")
    [note] = _notes(waiting_round)
    assert note.kind == RoundNote.Kind.SUBMITTED and note.by is None
    assert note.text == "Alice answered for Aldric: Aldric dodges the Goblin's blow (Which way: Left; How many steps: 2)."


def test_the_round_pages_history_shows_the_gms_answer(waiting_round, gm_client):
    _player_answers(gm_client, waiting_round)
    ruling = run_resolve(waiting_round)
    gm_client.post(answer_url(ruling, key_of(ruling, GM)), {"omen": GOOD})
    page = gm_client.get(page_url(ruling)).content.decode()
    assert "<strong>Entered by GM</strong>: The GM ruled: The omen (The omen is: Good)." in page
    assert "Alice answered for Aldric: Aldric dodges the Goblin&#x27;s blow (Which way: Right; How many steps: 1)." in page


def test_a_refused_answer_leaves_no_note(waiting_round, gm_client, client):
    gm_client.post(answer_url(waiting_round, key_of(waiting_round, "Aldric")), {"dodge": LEFT, "steps": "3"})
    _player_answers(client, waiting_round, steps="9")
    assert _notes(waiting_round) == [] and nothing_answered(waiting_round)


def test_the_note_is_written_in_the_answers_transaction(waiting_round, gm_client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the history cannot be written")

    monkeypatch.setattr("players.services.note", broken)
    with pytest.raises(RuntimeError):
        gm_client.post(answer_url(waiting_round, key_of(waiting_round, "Aldric")), {"dodge": RIGHT, "steps": "2"})
    assert nothing_answered(waiting_round) and Round.objects.get(pk=waiting_round.pk).status == Round.Status.FAILED


def test_once_the_round_has_resolved_the_player_sees_what_they_answered_in_its_result(waiting_round, client, gm_client):
    _player_answers(client, waiting_round)
    resolved = _resolved(gm_client, waiting_round, aldric=None)
    assert resolved.status == Round.Status.RESOLVED
    page = _page(client, resolved, "Alice")
    result = page[page.index('id="results-title"'):]
    assert "Answered while round 1 waited: Aldric dodges the Goblin&#x27;s blow</h4>" in result
    assert "<dt>Which way</dt><dd>Right</dd><dt>How many steps</dt><dd>1</dd>" in result
    assert "your GM answered for you" not in page


def test_the_player_sees_an_answer_the_gm_gave_for_them_as_the_gms(waiting_round, client, gm_client):
    resolved = _resolved(gm_client, waiting_round)
    page = _page(client, resolved, "Alice")
    assert "Answered while round 1 waited (your GM answered for you): Aldric dodges the Goblin&#x27;s blow" in page
    assert "<dt>Which way</dt><dd>Right</dd><dt>How many steps</dt><dd>2</dd>" in page


def test_the_player_never_sees_the_gms_ruling_among_their_answers(waiting_round, client, gm_client):
    page = _page(client, _resolved(gm_client, waiting_round), "Alice")
    assert "The omen" not in page and "<dt>The omen is</dt>" not in page and "GM ruling:" not in page


def test_another_player_never_sees_another_sides_answer(waiting_round, client, gm_client):
    _player_answers(client, waiting_round)
    resolved = _resolved(gm_client, waiting_round, aldric=None)
    response = client.get(f"/play/{token_of(resolved.battle, 'Bob')}/")
    page = response.content.decode()
    assert response.context["waiting"].answered == []  # not merely left out of the page: never read for Bob
    assert 'id="results-title"' in page and "<h3>Bryn</h3>" in page
    assert "Answered while" not in page and "Which way" not in page and "Aldric dodges the Goblin" not in page


def test_nothing_answered_shows_while_the_round_still_waits(waiting_round, client):
    _player_answers(client, waiting_round)
    ruling = run_resolve(waiting_round)
    assert "Answered while" not in _page(client, ruling, "Alice")


def test_an_answer_the_round_dropped_when_a_side_was_unlocked_is_not_shown(waiting_round, gm, client, gm_client):
    _player_answers(client, waiting_round)  # right, 1 step
    ruling = run_resolve(waiting_round)
    battle = ruling.battle
    side = ruling.sides.get(side="Aldric")
    gm_client.post(page_url(ruling, f"answers/{side.pk}/unlock/"))
    system_battles.lock(gm, battle.campaign.slug, battle.pk, 1, side.pk)
    services.request_resolve(gm, battle.campaign.slug, battle.pk, 1)
    again = run_resolve(ruling)  # waits for Aldric's choice once more
    assert key_of(again, "Aldric").startswith("3-")
    _player_answers(client, again, dodge=LEFT, steps="2")
    page = _page(client, _resolved(gm_client, again, aldric=None), "Alice")
    assert "<dt>Which way</dt><dd>Left</dd><dt>How many steps</dt><dd>2</dd>" in page
    assert "<dd>Right</dd>" not in page and page.count("Answered while round 1 waited") == 1


def test_when_the_battle_is_over_the_player_still_sees_what_they_answered_in_its_last_round(waiting_round, gm, client,
                                                                                            gm_client):
    _player_answers(client, waiting_round)
    resolved = _resolved(gm_client, waiting_round, aldric=None)
    # The round that waited is the battle's last: its result says combat is over (as a system's `finished`).
    resolved.battle.rounds.filter(number__gt=resolved.number).delete()
    Round.objects.filter(pk=resolved.pk).update(result={**resolved.result, "finished": True})
    Battle.objects.filter(pk=resolved.battle_id).update(status=Battle.Status.ENDED)
    page = _page(client, resolved, "Alice")
    assert "combat is over" in page.lower() or "The battle is over" in page
    assert "Answered while round 1 waited: Aldric dodges the Goblin&#x27;s blow</h4>" in page
