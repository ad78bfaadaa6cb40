"""The campaign's own pages for a campaign of another combat system: its system shown and never changed, its
options changed on the Rules page, each change a version in the Rules history as Magic Realm's rules are,
characters with free names, and nothing of the first system's records (setup order, starting information,
chits and relationships) that would not apply."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from campaigns.models import Campaign, Character, RuleSetVersion
from systems.options import fingerprint

from .battles import resolve_first_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def gm_client(client, gm):
    client.force_login(gm)
    return client


@pytest.fixture
def jousts(make_campaign):
    return make_campaign("fallen-empire", "jousts")


AS_WRITTEN = {"preset": "as-written", "magic_before_melee": False, "surprise": True, "joust_max_passes": None}
THREE_RIDES = {**AS_WRITTEN, "preset": "three-rides", "joust_max_passes": 3}


def test_the_campaign_page_and_the_dashboard_show_the_system_by_its_title(gm_client, jousts):
    page = gm_client.get(reverse("campaigns:detail", args=["jousts"])).content.decode()
    assert "Fallen Empire (OD&amp;D) and the Joust" in page and "Rules history" in page
    assert f"Version 1 · <span class=\"fingerprint\" title=\"Fingerprint of the options\">{fingerprint(AS_WRITTEN)}" in page
    assert "Fallen Empire (OD&amp;D) and the Joust" in gm_client.get(reverse("campaigns:dashboard")).content.decode()


def test_the_campaign_page_names_the_preset_and_the_options_changed_from_it(gm, gm_client, jousts):
    from campaigns import services

    services.change_rules(gm, jousts, {"preset": "three-rides", "surprise": False}, "Nobody is surprised")
    page = gm_client.get(reverse("campaigns:detail", args=["jousts"])).content.decode()
    assert "Version 2 · " in page
    assert "Fallen Empire (OD&amp;D) and the Joust: Tournament: a joust is three rides at most, with Surprise in " \
           "the first round: False." in page


def test_the_rules_page_changes_the_options_as_a_new_version_and_offers_no_way_to_change_the_system(gm, gm_client,
                                                                                                  jousts):
    url = reverse("campaigns:settings", args=["jousts"])
    form = gm_client.get(url).context["form"]
    assert "system" not in form.fields and "preset" in form.fields and "reason" in form.fields
    response = gm_client.post(url, {"preset": "three-rides", "option_surprise": "on", "option_joust_max_passes": "3",
                                    "system": "multiverse", "reason": "A tournament"})
    assert response.status_code == 302 and response.url == reverse("campaigns:rules_history", args=["jousts"])
    jousts = Campaign.objects.get(slug="jousts")
    version = jousts.current_rules_version
    assert jousts.system == "fallen-empire" and version.number == 2 and version.settings == THREE_RIDES
    assert (version.created_by, version.reason, version.fingerprint) == (gm, "A tournament", fingerprint(THREE_RIDES))


def test_the_rules_page_asks_why_the_options_change_and_saves_nothing_without_it(gm_client, jousts):
    response = gm_client.post(reverse("campaigns:settings", args=["jousts"]),
                              {"preset": "three-rides", "option_surprise": "on", "option_joust_max_passes": "3"})
    assert response.context["form"].errors["reason"] == ["Say why the rules change; it is kept in the history."]
    assert RuleSetVersion.objects.filter(campaign=jousts).count() == 1


def test_the_rules_page_refuses_a_version_that_changes_nothing(gm_client, jousts):
    response = gm_client.post(reverse("campaigns:settings", args=["jousts"]),
                              {"preset": "as-written", "option_surprise": "on", "reason": "Again"})
    assert response.context["form"].non_field_errors() == ["Nothing changed: these are the settings of the current "
                                                           "version."]
    assert RuleSetVersion.objects.filter(campaign=jousts).count() == 1


def test_an_option_the_system_refuses_is_shown_beside_it_and_nothing_is_saved(gm_client, jousts, monkeypatch):
    from systems import get_system
    from systems.errors import FieldError

    monkeypatch.setattr(get_system("fallen-empire"), "check_options",
                        lambda values: [FieldError("joust_max_passes", "too many rides for a tournament")])
    response = gm_client.post(reverse("campaigns:settings", args=["jousts"]),
                              {"preset": "as-written", "option_joust_max_passes": "9", "reason": "Longer jousts"})
    assert response.context["form"].errors["option_joust_max_passes"] == ["too many rides for a tournament"]
    assert list(RuleSetVersion.objects.filter(campaign=jousts).values_list("number", "settings")) == [(1, AS_WRITTEN)]


def test_a_character_is_added_with_a_free_name_and_the_form_says_what_it_names(gm_client, jousts):
    url = reverse("campaigns:characters", args=["jousts"])
    page = gm_client.get(url)
    form = page.context["form"]
    assert "starting_native_group" not in form.fields and "combatant" in form.fields["catalogue_name"].help_text
    assert '<option value="Hob">' in page.content.decode()
    player = jousts.players.first()
    response = gm_client.post(url, {"player": player.pk, "catalogue_name": "Hob"})
    assert response.status_code == 302
    assert Character.objects.filter(campaign=jousts, catalogue_name="Hob").exists()


def test_a_character_name_on_two_lines_is_refused_beside_the_name(gm_client, jousts):
    response = gm_client.post(reverse("campaigns:characters", args=["jousts"]),
                              {"player": jousts.players.first().pk, "catalogue_name": "Hob\nthe bold"})
    assert response.context["form"].errors["catalogue_name"]


def test_the_board_building_order_and_starting_information_are_not_offered(gm_client, jousts):
    page = gm_client.get(reverse("campaigns:players", args=["jousts"])).content.decode()
    assert "Board building" not in page
    player = jousts.players.first()
    assert gm_client.post(reverse("campaigns:setup_step", args=["jousts"]),
                          {"player": player.pk, "kind": "tile", "detail": "Borderland"}).status_code == 404
    character = jousts.characters.first()
    assert gm_client.get(reverse("campaigns:starting_info", args=["jousts", character.pk])).status_code == 404
    characters = gm_client.get(reverse("campaigns:characters", args=["jousts"])).content.decode()
    assert "Secret starting information" not in characters and "Relationships" not in characters


def test_the_calendar_counts_days_without_weather(gm_client, jousts):
    page = gm_client.get(reverse("campaigns:calendar", args=["jousts"])).content.decode()
    assert "Month 1, week 1, day 1" in page and "weather" not in page.lower() and "seasons table" not in page
    assert ">End the week…</a>" in page


def test_ending_a_week_of_a_system_without_a_calendar_counts_seven_days(gm_client, jousts):
    response = gm_client.get(reverse("campaigns:advance_calendar", args=["jousts"]))
    assert "End week 1 of month 1?" in response.content.decode()
    gm_client.post(reverse("campaigns:advance_calendar", args=["jousts"]), {"confirm": "yes", "week": "1-1"})
    jousts.refresh_from_db()
    assert (jousts.month, jousts.week, jousts.day, jousts.calendar_state) == (1, 2, 8, {})
    (week_end,) = jousts.week_ends.all()
    assert [fact["text"] for fact in week_end.facts] == ["week 2 of month 1 starts on day 8"]
    page = gm_client.get(reverse("campaigns:calendar", args=["jousts"])).content.decode()
    assert "Month 1, week 2, day 8" in page and "week 2 of month 1 starts on day 8" in page


def test_a_characters_edit_page_asks_its_systems_record_not_magic_realms(gm_client, jousts):
    character = jousts.characters.get(catalogue_name="Sir Ash")
    page = gm_client.get(reverse("campaigns:character_edit", args=["jousts", character.pk])).content.decode()
    assert "starts the side named Sir Ash as it says" in page
    assert 'name="wounds"' in page and "Hit points missing" in page and 'name="chits"' not in page


def test_a_characters_history_lists_its_rounds_with_the_summary_of_its_side(gm, gm_client, jousts):
    battle, round_ = resolve_first_round(gm, jousts, "joust-first-pass")
    character = jousts.characters.get(catalogue_name="Sir Ash")
    lines = round_.result["summaries"]["Sir Ash"]
    assert lines
    history = gm_client.get(reverse("campaigns:character_history", args=["jousts", character.pk])).content.decode()
    assert f"{battle.name}, round 1" in history and escape(lines[0]) in history
    cards = gm_client.get(reverse("campaigns:characters", args=["jousts"])).content.decode()
    assert f"{battle.name}, round 1" in cards
