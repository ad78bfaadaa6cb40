"""Resolving a round of a battle fought through the systems interface from its page."""

import pytest

from combat import services, system_battles
from combat.models import Round
from tests.systems_app.conftest import round_url, start

pytestmark = pytest.mark.django_db


def _everyone_waits_ready_to_dodge(gm, battle):
    """Enchanted Realms: every side does nothing with a dodge ready, which no strike calls for: each side's
    unused reaction is logged for it alone."""
    slug = battle.campaign.slug
    for side in battle.rounds.get(number=1).sides.all():
        system_battles.save_answers(gm, slug, battle.pk, 1, side.pk, {"action": "none", "reaction": "dodge"})
        system_battles.lock(gm, slug, battle.pk, 1, side.pk)


def test_it_refuses_to_resolve_before_every_side_is_locked(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    response = gm_client.post(round_url(battle, tail="resolve-answers/"), HTTP_HX_REQUEST="true")
    assert "Every side must be locked before the round is resolved." in response.content.decode()
    assert battle.rounds.get().status == Round.Status.DRAFTING


def test_it_resolves_and_shows_the_log_with_who_saw_the_secret_lines(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    _everyone_waits_ready_to_dodge(gm, battle)
    response = gm_client.post(round_url(battle, tail="resolve-answers/"), HTTP_HX_REQUEST="true")
    assert 'hx-trigger="every 1s"' in response.content.decode()
    services.resolve_round(battle.rounds.get(number=1).pk)
    page = gm_client.get(round_url(battle, tail="status/"), HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' not in page
    round_ = battle.rounds.get(number=1)
    secret = next(event for event in round_.log if event["visible_to"] != "all")
    assert secret["text"] in page and f'seen by {", ".join(secret["visible_to"])}' in page
    assert secret["rule"] in page and secret["rule_name"] in page
    assert "Go to round 2" in page


def test_it_404s_for_another_gm(gm, client, make_campaign, make_user):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    _everyone_waits_ready_to_dodge(gm, battle)
    client.force_login(make_user("other-gm"))
    assert client.post(round_url(battle, tail="resolve-answers/")).status_code == 404
    assert battle.rounds.get().status == Round.Status.DRAFTING


def test_it_resolves_a_second_round_with_no_chits_to_record(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    _everyone_waits_ready_to_dodge(gm, battle)
    services.request_resolve(gm, battle.campaign.slug, battle.pk, 1)
    services.resolve_round(battle.rounds.get(number=1).pk)
    for side in battle.rounds.get(number=2).sides.all():
        system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 2, side.pk, {"action": "none"})
        system_battles.lock(gm, battle.campaign.slug, battle.pk, 2, side.pk)
    response = gm_client.post(round_url(battle, 2, "resolve-answers/"), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'hx-trigger="every 1s"' in response.content.decode()
    assert battle.rounds.get(number=2).status == Round.Status.RESOLVING


def test_the_resolved_round_file_downloads_with_its_seed_and_log(gm, gm_client, make_campaign):
    battle = start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")
    _everyone_waits_ready_to_dodge(gm, battle)
    services.request_resolve(gm, battle.campaign.slug, battle.pk, 1)
    round_ = services.resolve_round(battle.rounds.get(number=1).pk)
    response = gm_client.get(round_url(battle, tail="round.json"))
    data = response.json()
    assert response["Content-Disposition"].startswith("attachment")
    assert data["seed"] == round_.seed and data["log"] == round_.log and data["system"] == "enchanted-realms"
