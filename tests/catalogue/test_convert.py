"""The converter from the reference XML: deterministic, and the shipped files are its output."""

from pathlib import Path

import pytest

from systems.magic_realm.django_app import convert
from systems.magic_realm.engine.catalogue_data import DATA_DIR, FILES, load_catalogue

REPO = Path(__file__).resolve().parents[2]
XML = REPO.parent / "shared" / "realmspeak" / "MagicRealmData.xml"

needs_xml = pytest.mark.skipif(not XML.is_file(), reason=f"reference data not at {XML}")


@needs_xml
def test_converting_again_gives_byte_identical_files(tmp_path):
    assert convert.main([str(XML), "--out", str(tmp_path)]) == 0
    for file_name in FILES.values():
        assert (tmp_path / file_name).read_bytes() == (DATA_DIR / file_name).read_bytes(), file_name


@needs_xml
def test_the_converted_files_load_into_a_catalogue(tmp_path):
    convert.main([str(XML), "--out", str(tmp_path)])
    catalogue = load_catalogue(tmp_path)
    assert len(catalogue.monsters) == 59 and len(catalogue.natives) == 42


def test_every_file_carries_the_same_version_and_format():
    import json

    contents = [json.loads((DATA_DIR / name).read_text()) for name in FILES.values()]
    assert {content["version"] for content in contents} == {contents[0]["version"]}
    assert all(content["format"] == convert.FORMAT_VERSION for content in contents)
    assert all(content["count"] == len(content["counters"]) for content in contents)


def test_a_missing_xml_is_an_error_naming_the_argument(tmp_path, capsys):
    assert convert.main([str(tmp_path / "nope.xml"), "--out", str(tmp_path)]) == 2
    assert "xml" in capsys.readouterr().err
