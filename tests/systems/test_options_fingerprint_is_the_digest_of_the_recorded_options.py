"""The fingerprint of a round's options (systems/options.py `fingerprint`), as its emails give it: anyone
can recompute it from the options recorded, whatever order their keys come in, and any change to them
changes it."""

import hashlib
import json

from hypothesis import given
from hypothesis import strategies as st

from systems.options import fingerprint

values = st.one_of(st.booleans(), st.integers(-1000, 1000), st.text(max_size=8), st.none())
options = st.dictionaries(st.text(min_size=1, max_size=12), values, max_size=6)


def test_it_is_the_first_ten_hex_digits_of_the_sha256_of_the_sorted_compact_json():
    chosen = {"preset": "three-rides", "joust_max_passes": 3}
    text = '{"joust_max_passes":3,"preset":"three-rides"}'
    assert fingerprint(chosen) == hashlib.sha256(text.encode()).hexdigest()[:10]


@given(options)
def test_it_does_not_depend_on_the_order_of_the_keys(chosen):
    backwards = dict(reversed(list(chosen.items())))
    assert fingerprint(backwards) == fingerprint(chosen)
    assert fingerprint(chosen) == hashlib.sha256(
        json.dumps(chosen, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:10]


@given(options, st.text(min_size=1, max_size=12), values)
def test_a_changed_or_added_option_changes_it(chosen, name, value):
    changed = {**chosen, name: value}
    if changed != chosen:
        assert fingerprint(changed) != fingerprint(chosen)
