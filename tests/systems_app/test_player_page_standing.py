"""The player's page of a battle fought through the systems interface shows what the player knows of his own
combatant above his form (the system's `standing`), and nothing of another player's."""

import pytest

from tests.systems_app.conftest import start, token_of

pytestmark = pytest.mark.django_db


def test_the_player_sees_his_combatants_hit_points_above_his_form_and_not_anothers(gm, client, make_campaign):
    campaign = make_campaign("enchanted-realms")
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    page = client.get(f"/play/{token_of(battle, 'Alice')}/").content.decode()
    assert '<ul class="standing" aria-label="Aldric now"><li>Aldric: 14 hit points, 6 static Protective Points, ' \
           'initiative modifier +1</li></ul>' in page
    assert "Bryn: 10 hit points" not in page


def test_the_page_follows_the_record_the_battle_started_from(gm, client, make_campaign):
    campaign = make_campaign("enchanted-realms")
    aldric = campaign.characters.get(catalogue_name="Aldric")
    aldric.state = {**aldric.state, "hp": 7}
    aldric.save(update_fields=["state"])
    battle = start(gm, campaign, "enchanted-realms-goblin-ambush")
    assert "Aldric: 7 hit points" in client.get(f"/play/{token_of(battle, 'Alice')}/").content.decode()


def test_the_gms_round_page_shows_each_sides_combatant_above_its_form(gm, gm_client, make_campaign):
    campaign = make_campaign("multiverse")
    battle = start(gm, campaign, "multiverse-astaroth-and-the-goblins")
    page = gm_client.get(f"/campaigns/{campaign.slug}/battles/{battle.pk}/rounds/1/").content.decode()
    assert '<ul class="standing" aria-label="Astaroth now"><li>Astaroth: life 6</li>' in page
    assert '<ul class="standing" aria-label="Goblin 1 now"><li>Goblin 1: life 3</li>' in page
