"""What every system's picture must be (the interface's `picture`): well-formed SVG, announced as an image with a
label, every name escaped; before the round and after it."""

import json
import xml.etree.ElementTree as ET


def before_and_after(system, data):
    return system.picture(data), system.picture(data, system.resolve(data))


def assert_names_escaped(system, data, name):
    """`name` renamed everywhere to one with <, & and >: drawn escaped, the picture still well-formed."""
    renamed = json.loads(json.dumps(data).replace(name, "Gob <&> 1"))
    for svg in before_and_after(system, renamed):
        ET.fromstring(svg)
        assert "Gob &lt;&amp;&gt; 1" in svg and "<&>" not in svg


def assert_accessible_svg(system, data):
    for svg in before_and_after(system, data):
        root = ET.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("role") == "img" and root.get("aria-label")
