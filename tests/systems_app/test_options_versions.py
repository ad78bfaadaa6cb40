"""A campaign of another combat system keeps its options as rule-set versions, as a Magic Realm campaign keeps
its rules (`campaigns.services.change_rules`): version 1 when it is created, then a new version for each change
with who and why, checked by the system (an error names its field and nothing is saved), fingerprinted by the
system (`options_fingerprint`)."""

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404

from campaigns import services
from campaigns.models import RuleSetVersion
from systems import get_system
from systems.errors import FieldError
from systems.options import fingerprint

pytestmark = pytest.mark.django_db

AS_WRITTEN = {"preset": "as-written", "magic_before_melee": False, "surprise": True, "joust_max_passes": None}


@pytest.fixture
def jousts(make_campaign):
    return make_campaign("fallen-empire", "jousts")


def numbers(campaign) -> list[int]:
    return list(RuleSetVersion.objects.filter(campaign=campaign).order_by("number").values_list("number", flat=True))


def test_a_campaign_starts_at_version_one_of_its_options_made_by_its_gm(gm, jousts):
    version = jousts.current_rules_version
    assert (version.number, version.settings, version.created_by) == (1, AS_WRITTEN, gm)
    assert version.fingerprint == fingerprint(AS_WRITTEN) == jousts.rules_fingerprint()


def test_each_change_is_a_new_version_with_who_and_why(gm, make_user, jousts):
    co_gm = make_user("co-gm")
    jousts.gms.add(co_gm)
    second = services.change_rules(gm, jousts, {"preset": "earlier-order"}, "Magic first")
    third = services.change_rules(co_gm, jousts, {"preset": "earlier-order", "joust_max_passes": 4}, " Four rides ")
    assert numbers(jousts) == [1, 2, 3]
    assert (second.created_by, second.reason, second.settings) == (
        gm, "Magic first", {**AS_WRITTEN, "preset": "earlier-order", "magic_before_melee": True})
    assert (third.created_by, third.reason) == (co_gm, "Four rides")
    assert third.settings == {**second.settings, "joust_max_passes": 4}
    assert third.fingerprint == fingerprint(third.settings) != second.fingerprint
    jousts.forget_cached_rules()
    assert jousts.round_rules() == third.settings


def test_a_refused_option_names_its_field_and_saves_nothing(gm, jousts):
    with pytest.raises(ValidationError) as refused:
        services.change_rules(gm, jousts, {"preset": "as-written", "joust_max_passes": 99, "nonsense": 1}, "Why")
    assert refused.value.message_dict == {"options.joust_max_passes": ["must be from 1 to 20, not 99"],
                                          "options.nonsense": ["is not an option of this system"]}
    assert numbers(jousts) == [1]


def test_the_systems_own_check_decides_and_its_error_names_the_option(gm, jousts, monkeypatch):
    monkeypatch.setattr(get_system("fallen-empire"), "check_options",
                        lambda values: [FieldError("surprise", "no surprise in a tournament")])
    with pytest.raises(ValidationError) as refused:
        services.change_rules(gm, jousts, {"preset": "three-rides"}, "A tournament")
    assert refused.value.message_dict == {"options.surprise": ["no surprise in a tournament"]}
    assert numbers(jousts) == [1]


def test_a_change_without_a_reason_or_that_changes_nothing_is_refused(gm, jousts):
    with pytest.raises(ValidationError) as refused:
        services.change_rules(gm, jousts, {"preset": "three-rides"}, "  ")
    assert set(refused.value.message_dict) == {"reason"}
    with pytest.raises(ValidationError) as refused:  # the preset's own values, named or not, are no change
        services.change_rules(gm, jousts, {"preset": "as-written", "surprise": True}, "Again")
    assert refused.value.message_dict == {"__all__": ["Nothing changed: these are the settings of the current version."]}
    assert numbers(jousts) == [1]


def test_only_a_gm_of_the_campaign_changes_its_options(make_user, jousts):
    with pytest.raises(Http404):
        services.change_rules(make_user("outsider"), jousts, {"preset": "three-rides"}, "Mine now")
    assert numbers(jousts) == [1]


def test_a_campaign_created_with_a_refused_option_is_not_created(gm):
    with pytest.raises(ValidationError) as refused:
        services.create_campaign(gm, "Jousts", "jousts", "three-rides", system="fallen-empire",
                                 options={"joust_max_passes": 0})
    assert set(refused.value.message_dict) == {"options.joust_max_passes"}
    assert not RuleSetVersion.objects.exists()
