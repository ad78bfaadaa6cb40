"""Every answer to a form a round stopped half-way for (the player's through their link, the GM's for a side or as
its own ruling) leaves a note in the round's history, in the answer's transaction, saying who answered, for what,
and the answers in words."""

import pytest

from combat import services
from combat.models import Round
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
