"""`manage.py convert_catalogue`: the converter as a management command."""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from systems.magic_realm.engine.catalogue_data import DATA_DIR

XML = Path(__file__).resolve().parents[2].parent / "shared" / "realmspeak" / "MagicRealmData.xml"


@pytest.mark.skipif(not XML.is_file(), reason=f"reference data not at {XML}")
def test_it_writes_the_same_files_as_the_module(tmp_path, capsys):
    call_command("convert_catalogue", "--out", str(tmp_path))
    assert "monsters.json (59 counters)" in capsys.readouterr().out
    assert (tmp_path / "natives.json").read_bytes() == (DATA_DIR / "natives.json").read_bytes()


def test_a_missing_xml_is_a_command_error(tmp_path):
    with pytest.raises(CommandError, match="xml"):
        call_command("convert_catalogue", str(tmp_path / "missing.xml"), "--out", str(tmp_path))
