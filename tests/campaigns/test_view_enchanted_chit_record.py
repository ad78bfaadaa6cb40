"""A Magic Realm magician's edit page and his MAGIC chits (docs/rulings.md, "An enchanted MAGIC chit between
battles"): a MAGIC chit is asked fresh, fatigued or wounded, the states a battle reads; one saved is read back as
saved; "enchanted", posted or kept from before, is refused beside the chit and nothing is saved (kept from before,
the page shows it not possible, with the reason)."""

import pytest
from django.urls import reverse

from campaigns import services

pytestmark = pytest.mark.django_db

COUNTS = {"wounds": "0", "fatigue": "0", "gold": "10", "fame": "0", "notoriety": "0"}
MAGIC_II4 = "chit_7"  # the Wizard's chits in his counter's order: the seventh is MAGIC II4*


@pytest.fixture
def wizard(gm, campaign, player):
    return services.add_character(gm, campaign, {"player": player.pk, "catalogue_name": "Wizard"})


def url(wizard):
    return reverse("campaigns:character_edit", args=["bimr4", wizard.pk])


def edit(gm_client, wizard, **answers):
    return gm_client.post(url(wizard), {**COUNTS, **answers})


def saved(wizard):
    wizard.refresh_from_db()
    return wizard.state


def keep(wizard, chits):
    """A record as one kept from before the check (the page once offered "enchanted"), written past the services."""
    wizard.state = {**wizard.state, "chits": chits}
    wizard.save(update_fields=["state"])


def test_a_magic_chit_is_asked_fresh_fatigued_or_wounded_and_never_enchanted(gm_client, wizard):
    page = gm_client.get(url(wizard)).content.decode()
    assert ">Chit MAGIC II4*:</label>" in page and '<option value="wounded">wounded</option>' in page
    assert "enchanted" not in page


def test_a_magic_chits_state_is_saved_and_read_back(gm_client, wizard):
    assert edit(gm_client, wizard, **{MAGIC_II4: "wounded", "chit_10": "fatigued"}).status_code == 302
    assert saved(wizard)["chits"] == {"MAGIC II4*": "wounded", "MAGIC II3*": "fatigued"}
    page = gm_client.get(url(wizard)).content.decode()
    assert '<option value="wounded" selected>wounded</option>' in page
    assert '<option value="fatigued" selected>fatigued</option>' in page


def test_enchanted_posted_is_refused_beside_the_chit_and_nothing_is_saved(gm_client, wizard):
    before = saved(wizard)
    response = edit(gm_client, wizard, **{MAGIC_II4: "enchanted", "wounds": "1"})
    assert response.status_code == 200
    assert "not one of the available choices" in response.context["form"].errors[MAGIC_II4][0]
    assert saved(wizard) == before


def test_an_enchanted_chit_kept_from_before_is_shown_refused_beside_it_and_nothing_is_saved(gm_client, wizard):
    keep(wizard, {"MAGIC II4*": "enchanted", "MOVE M5": "fatigued"})
    before = saved(wizard)
    page = gm_client.get(url(wizard)).content.decode()
    assert '<option value="enchanted" selected>enchanted (not possible)</option>' in page
    assert ("enchanted: not possible: must be fresh, fatigued or wounded, not &#x27;enchanted&#x27;: a battle has no "
            "enchanted chit") in page
    response = edit(gm_client, wizard, **{MAGIC_II4: "enchanted", "chit_1": "fatigued", "wounds": "2"})
    assert response.status_code == 200
    assert response.context["form"].errors[MAGIC_II4] == [
        "must be fresh, fatigued or wounded, not 'enchanted': a battle has no enchanted chit (docs/rulings.md): "
        "record the state it should start in"]
    assert saved(wizard) == before
    assert edit(gm_client, wizard, **{MAGIC_II4: "", "chit_1": "fatigued"}).status_code == 302  # answered fresh
    assert saved(wizard)["chits"] == {"MOVE M5": "fatigued"}
