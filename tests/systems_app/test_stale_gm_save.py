"""A GM's card drawn before a side changed never overwrites it (combat/system_battles.py `refuse_if_changed`): the
side's form posts the version it was drawn with, and a save, a "Save and lock" or a "Lock anyway" from a card drawn
before the player sealed (or anyone saved) is refused, nothing changed, the card drawn again with the side's plays
now and what changed, by whom and when. Checking while the GM types saves nothing and is never refused. An Enchanted
Realms battle, round 1 open: Alice's Aldric (her link page), Bob's Bryn, and the GM's goblins."""

import pytest

from combat.models import SidePlays
from players.models import Submission
from tests.systems_app.battles import first_choices
from tests.systems_app.conftest import posted, round_url, side_url, start

pytestmark = pytest.mark.django_db

NOTICE = "Alice sealed new plays for Aldric at"


@pytest.fixture
def battle(gm, make_campaign):
    return start(gm, make_campaign("enchanted-realms"), "enchanted-realms-goblin-ambush")


def aldric(battle):
    return SidePlays.objects.get(round__battle=battle, round__number=1, side="Aldric")


def gm_card(gm_client, battle, name="Aldric"):
    """The side's card as the GM's round page draws it now (its version included)."""
    response = gm_client.get(round_url(battle))
    assert response.status_code == 200
    return next(card for card in response.context["sides"] if card["name"] == name)


def other_answers(side, sealed):
    """First-choice answers that differ from `sealed` (another target, or another dice count)."""
    answers = dict(sealed)
    target = next((c.value for c in reversed(choices(side, "target")) if c.value != sealed.get("target")), None)
    if target is not None and "target" in sealed:
        answers["target"] = target
    else:
        answers["dice"] = sealed.get("dice", 1) + 1
    assert answers != sealed
    return answers


def choices(side, name):
    from combat import system_battles

    return system_battles.form_of(side).field(name).choices


def seal(client, battle, side):
    """Alice seals Aldric's first choices on her page; what she sealed."""
    answers = first_choices(side)
    response = client.post(side_url(battle, "Alice", "Aldric", "submit"), posted(side, answers))
    assert response.status_code in (200, 302), response.content.decode()[:2000]
    sealed = aldric(battle).plays
    assert sealed and Submission.objects.filter(round__battle=battle, source=Submission.Source.PLAYER).exists()
    return sealed


def test_the_gm_card_posts_the_sides_version(gm_client, battle):
    card = gm_card(gm_client, battle)
    page = gm_client.get(round_url(battle)).content.decode()
    assert f'<input type="hidden" name="version" value="{card["version"]}">' in page
    assert card["version"] == aldric(battle).updated_at.isoformat()


def test_a_fresh_save_saves(gm_client, battle):
    side = aldric(battle)
    version = gm_card(gm_client, battle)["version"]
    answers = first_choices(side)
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/"),
                              {**posted(side, answers), "version": version}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "since you opened this page" not in response.content.decode()
    assert aldric(battle).plays == answers


def test_a_stale_save_is_refused_and_changes_nothing(gm_client, client, battle):
    side = aldric(battle)
    version = gm_card(gm_client, battle)["version"]  # the GM opens the round page
    sealed = seal(client, battle, side)  # then Alice seals on her page
    stale = other_answers(side, sealed)
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/"),
                              {**posted(side, stale), "version": version}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    assert NOTICE in page and "since you opened this page: they are shown now; change them again if you must." in page
    assert aldric(battle).plays == sealed
    assert page.count('<article class="card side"') == 1  # one card swapped, drawn with the sealed plays
    card = response.context["s"]
    assert card["notice"].startswith(NOTICE) and card["version"] == aldric(battle).updated_at.isoformat()
    assert {row["name"] for row in card["fields"] if row["answer"] != ""} == set(sealed)
    assert not any(row["suggested"] for row in card["fields"])
    assert not Submission.objects.filter(round__battle=battle, source=Submission.Source.GM).exists()


def test_the_card_drawn_again_after_a_refusal_saves(gm_client, client, battle):
    side = aldric(battle)
    version = gm_card(gm_client, battle)["version"]
    sealed = seal(client, battle, side)
    refused = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/"),
                             {**posted(side, sealed), "version": version}, HTTP_HX_REQUEST="true")
    again = other_answers(side, sealed)
    gm_client.post(round_url(battle, tail=f"answers/{side.pk}/"),
                   {**posted(side, again), "version": refused.context["s"]["version"]}, HTTP_HX_REQUEST="true")
    assert aldric(battle).plays == again


def test_the_players_seal_then_the_gms_stale_save_and_lock_locks_nothing(gm_client, client, battle):
    side = aldric(battle)
    version = gm_card(gm_client, battle)["version"]
    sealed = seal(client, battle, side)
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/"),
                              {**posted(side, other_answers(side, sealed)), "version": version, "lock": "1"})
    assert response.status_code == 422 and NOTICE in response.content.decode()  # without htmx: the page, the card's notice
    now = aldric(battle)
    assert now.plays == sealed and not now.locked


def co_gm(battle, django_user_model):
    """A second GM of the campaign."""
    other = django_user_model.objects.create_user(username="gm2", password="x")
    battle.campaign.gms.add(other)
    return other


def test_a_stale_lock_anyway_locks_nothing(gm_client, battle, django_user_model):
    from combat import system_battles

    goblin = SidePlays.objects.get(round__battle=battle, round__number=1, side="Goblin 1")
    version = gm_card(gm_client, battle, "Goblin 1")["version"]
    system_battles.save_answers(co_gm(battle, django_user_model), battle.campaign.slug, battle.pk, 1, goblin.pk,
                                first_choices(goblin))  # the other GM, on his own page
    response = gm_client.post(round_url(battle, tail=f"answers/{goblin.pk}/"),
                              {"version": version, "plays_nothing": "1"}, HTTP_HX_REQUEST="true")
    assert response.context["s"]["notice"].startswith("gm2 changed Goblin 1's plays at")
    assert "gm2 changed Goblin 1&#x27;s plays at" in response.content.decode()
    goblin.refresh_from_db()
    assert goblin.plays == first_choices(goblin) and not goblin.locked


def test_the_gms_own_save_then_save_and_lock_before_the_first_reply_is_not_refused(gm_client, gm, battle):
    from combat import system_battles

    goblin = SidePlays.objects.get(round__battle=battle, round__number=1, side="Goblin 1")
    version = gm_card(gm_client, battle, "Goblin 1")["version"]
    system_battles.save_answers(gm, battle.campaign.slug, battle.pk, 1, goblin.pk, first_choices(goblin))  # "Save"
    response = gm_client.post(round_url(battle, tail=f"answers/{goblin.pk}/"),  # "Save and lock", drawn before it
                              {"version": version, "lock": "1", **posted(goblin, first_choices(goblin))},
                              HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and not response.context["s"].get("notice")
    goblin.refresh_from_db()
    assert goblin.plays == first_choices(goblin) and goblin.locked


def test_checking_while_typing_with_a_stale_version_is_never_refused(gm_client, client, battle):
    side = aldric(battle)
    version = gm_card(gm_client, battle)["version"]
    sealed = seal(client, battle, side)
    response = gm_client.post(round_url(battle, tail=f"answers/{side.pk}/check/"),
                              {**posted(side, other_answers(side, sealed)), "version": version}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "since you opened this page" not in response.content.decode()
    assert aldric(battle).plays == sealed
