"""The secrecy boundary of a resolved round (combat.system_rounds.events_seen_by): what a player's sides may
see of the stored log, as the player's page and email both show it."""

from combat.system_rounds import event_rows, events_seen_by
from systems.interface import Resolution, ResolvedEvent


def _event(text, visible_to):
    return ResolvedEvent("attack", text, "R1", "A rule", f"{text} (R1)", ("Aldric",), visible_to)


LOG = event_rows(Resolution(
    events=(_event("Everyone sees the blow.", "all"),
            _event("Aldric's secret roll.", frozenset({"Aldric"})),
            _event("The goblins' secret plan.", frozenset({"Goblin 1", "Goblin 2"}))),
    state={}, owes={}, must_choose={}, output={}))


def _texts(events):
    return [event["text"] for event in events]


def test_an_event_visible_to_one_side_only_is_not_shown_to_another_player():
    assert _texts(events_seen_by(LOG, ["Bryn"])) == ["Everyone sees the blow."]


def test_an_event_visible_to_one_of_a_players_sides_is_shown_to_that_player():
    assert _texts(events_seen_by(LOG, ["Bryn", "Aldric"])) == ["Everyone sees the blow.", "Aldric's secret roll."]
    assert _texts(events_seen_by(LOG, ["Goblin 2"])) == ["Everyone sees the blow.", "The goblins' secret plan."]


def test_events_visible_to_all_are_shown_to_everyone():
    for sides in (["Aldric"], ["Bryn"], ["Goblin 1"], []):
        assert "Everyone sees the blow." in _texts(events_seen_by(LOG, sides))


def test_an_event_stored_without_who_may_see_it_is_shown_to_everyone():
    assert _texts(events_seen_by([{"kind": "note", "text": "An old round's line."}], ["Bryn"])) == ["An old round's line."]


def test_a_round_without_a_log_shows_nothing():
    assert events_seen_by(None, ["Aldric"]) == []
