"""`manage.py load_catalogue` mirrors the original counters in the database, idempotently."""

import pytest
from django.core.management import call_command

from systems.magic_realm.django_app.models import OriginalCounter
from systems.magic_realm.django_app.services import sync_original_counters
from systems.magic_realm.engine.catalogue_data import get_catalogue


@pytest.mark.django_db
def test_the_migration_already_loaded_every_original_counter():
    catalogue = get_catalogue()
    assert OriginalCounter.objects.filter(kind="monster").count() == 59
    assert OriginalCounter.objects.filter(kind="native").count() == 42
    assert OriginalCounter.objects.filter(kind="season").count() == 14
    assert set(OriginalCounter.objects.values_list("version", flat=True)) == {catalogue.version}


@pytest.mark.django_db
def test_running_it_twice_changes_nothing_the_second_time(capsys):
    call_command("load_catalogue")
    first = list(OriginalCounter.objects.order_by("key").values_list("key", "data"))
    call_command("load_catalogue")
    output = capsys.readouterr().out
    assert "0 created, 0 updated" in output and "0 removed" in output
    assert list(OriginalCounter.objects.order_by("key").values_list("key", "data")) == first


@pytest.mark.django_db
def test_it_repairs_an_edited_row_and_removes_a_stale_one():
    sync_original_counters()
    OriginalCounter.objects.filter(key="monster/t-troll-1").update(data={"tampered": True})
    OriginalCounter.objects.create(key="monster/gone", kind="monster", name="Gone", position=99, data={}, version="0")
    report = sync_original_counters()
    assert (report.updated, report.deleted, report.created) == (1, 1, 0)
    troll = OriginalCounter.objects.get(key="monster/t-troll-1")
    assert troll.data["dark"]["harm"] == "RED"
    assert not OriginalCounter.objects.filter(key="monster/gone").exists()


@pytest.mark.django_db
def test_an_emptied_table_is_filled_again():
    OriginalCounter.objects.all().delete()
    report = sync_original_counters()
    assert report.created == OriginalCounter.objects.count() == 16 + 59 + 42 + 17 + 28 + 26 + 50 + 14


@pytest.mark.django_db
def test_a_broken_file_names_the_field_and_loads_nothing(tmp_path):
    import json
    import shutil

    from django.core.management import CommandError

    from systems.magic_realm.engine.catalogue_data import DATA_DIR

    for path in DATA_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    monsters = json.loads((tmp_path / "monsters.json").read_text())
    monsters["counters"][12]["dark"]["harm"] = "HUGE"
    (tmp_path / "monsters.json").write_text(json.dumps(monsters))
    sync_original_counters()
    OriginalCounter.objects.filter(key="monster/t-troll-1").update(name="Edited")
    with pytest.raises(CommandError) as error:
        call_command("load_catalogue", "--data", str(tmp_path))
    assert "monsters.json[12].dark.harm" in str(error.value)
    assert OriginalCounter.objects.get(key="monster/t-troll-1").name == "Edited"
