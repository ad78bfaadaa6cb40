"""The table beside a player's form (the system's `picture_for`): his own melee sheet alone, drawn with his plays as
they stand, redrawn out of band as he types (the validate answer), never with another side's plays or sheet."""

import pytest
from django.core.cache import cache

from players import services
from players.models import PlayerLink
from tests.combat.conftest import AMAZON_PLAYS, BLACK_KNIGHT_PLAYS, form_data, side_of
from tests.players.conftest import page_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


def picture_of(body: str, character) -> str:
    return body.split(f'id="picture-{character.pk}"')[1].split("</figure>")[0]


def test_the_page_draws_the_players_own_sheet_and_no_other(client, tokens, characters):
    body = client.get(page_url(tokens["Alice"])).content.decode()

    picture = picture_of(body, characters["Black Knight"])
    assert 'aria-label="Black Knight&#x27;s melee sheet"' in picture and "H Troll" in picture
    assert "Melee sheet of Amazon" not in body and "Wolf" not in picture


def test_the_page_draws_the_sealed_plays_on_the_sheet(client, tokens, battle, characters):
    services.submit(PlayerLink.objects.get(battle=battle, player__name="Alice"), characters["Black Knight"].pk,
                    BLACK_KNIGHT_PLAYS)

    picture = picture_of(client.get(page_url(tokens["Alice"])).content.decode(), characters["Black Knight"])

    assert "Attack: FIGHT H6 Mace → H Troll" in picture and "Maneuver: MOVE H6" in picture


def test_another_players_sealed_plays_never_reach_the_picture(client, tokens, battle, characters):
    services.submit(PlayerLink.objects.get(battle=battle, player__name="Bob"), characters["Amazon"].pk, AMAZON_PLAYS)

    picture = picture_of(client.get(page_url(tokens["Alice"])).content.decode(), characters["Black Knight"])

    assert "FIGHT M5" not in picture and "Short Sword" not in picture


def test_typing_redraws_the_picture_out_of_band_with_the_plays_so_far(client, tokens, characters, first_round):
    knight = characters["Black Knight"]
    typed = {"encounter_play": "none", "attack_chit": "FIGHT H6", "target": "H Troll", "attack_box": 3}
    data = form_data(side_of(first_round, "Black Knight"), typed)

    body = client.post(f"/play/{tokens['Alice']}/sides/{knight.pk}/validate/", data).content.decode()

    assert f'id="picture-{knight.pk}" hx-swap-oob="true"' in body
    assert "Attack: FIGHT H6 dagger → H Troll" in picture_of(body, knight)
    assert not side_of(first_round, "Black Knight").plays  # nothing saved


def test_a_refused_answer_is_left_out_of_the_picture(client, tokens, characters, first_round):
    knight = characters["Black Knight"]
    typed = {"encounter_play": "none", "attack_chit": "FIGHT H4**", "maneuver_chit": "MOVE H4**",
             "maneuver_box": 1}  # four asterisks: the maneuver is refused
    data = form_data(side_of(first_round, "Black Knight"), typed)

    body = client.post(f"/play/{tokens['Alice']}/sides/{knight.pk}/validate/", data).content.decode()

    assert "MOVE H4**" not in picture_of(body, knight)


def test_sealed_plays_a_change_refuses_draw_nothing_of_the_refused_attack(client, gm, tokens, battle, characters):
    from players import adjusting

    services.submit(PlayerLink.objects.get(battle=battle, player__name="Alice"), characters["Black Knight"].pk,
                    BLACK_KNIGHT_PLAYS)
    adjusting.adjust(gm, battle.campaign.slug, battle.pk, 1, "wound|Black Knight|FIGHT H6", "a fall")

    picture = picture_of(client.get(page_url(tokens["Alice"])).content.decode(), characters["Black Knight"])

    assert "Black Knight&#x27;s melee sheet" in picture
    assert "Attack:" not in picture and "→ H Troll" not in picture  # nor the weapon, target and box it brought up


def test_a_round_no_longer_open_draws_no_picture_since_its_input_may_hold_every_sides_plays(
        client, gm, tokens, battle, characters, first_round):
    from combat.models import Round
    from combat.system_rounds import round_input_with
    from tests.combat.conftest import lock_all

    lock_all(gm, first_round, {"Black Knight": dict(BLACK_KNIGHT_PLAYS), "Amazon": dict(AMAZON_PLAYS)})
    system = battle.campaign.combat_system
    played = round_input_with(system, first_round.input, {"Black Knight": BLACK_KNIGHT_PLAYS, "Amazon": AMAZON_PLAYS})
    Round.objects.filter(pk=first_round.pk).update(status=Round.Status.RESOLVING, input=played)  # as the task writes

    body = client.get(page_url(tokens["Alice"])).content.decode()

    assert "is being resolved" in body
    assert 'class="system-picture side-picture"' not in body and "Short Sword" not in body
