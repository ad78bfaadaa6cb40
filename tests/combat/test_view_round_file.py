import json

import pytest
from django.core.management import call_command

from tests.combat.conftest import round_url
from tests.combat.test_services import resolve_first_round


@pytest.mark.django_db
def test_the_round_file_replays_to_the_same_log_with_the_resolve_round_command(
    gm_client, gm, battle, characters, valid_plays, first_round, tmp_path, capsys
):
    round_ = resolve_first_round(gm, battle, characters, valid_plays, first_round)
    response = gm_client.get(round_url(battle, suffix="round.json"))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    path = tmp_path / "round.json"
    path.write_bytes(response.content)
    capsys.readouterr()
    call_command("resolve_round", str(path))
    replayed = json.loads(capsys.readouterr().out)
    assert [event["line"] for event in replayed["events"]] == [event["line"] for event in round_.log]


@pytest.mark.django_db
def test_the_round_file_is_a_404_before_the_round_is_resolved(gm_client, battle):
    assert gm_client.get(round_url(battle, suffix="round.json")).status_code == 404


@pytest.mark.django_db
def test_the_round_file_is_a_404_for_a_gm_of_another_campaign(outsider_client, gm, battle, characters, valid_plays,
                                                              first_round):
    resolve_first_round(gm, battle, characters, valid_plays, first_round)
    assert outsider_client.get(round_url(battle, suffix="round.json")).status_code == 404
