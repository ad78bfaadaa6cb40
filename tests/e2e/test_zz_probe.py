import pytest
pytestmark = pytest.mark.e2e

def test_probe(signed_in_page, demo_battle, screenshot):
    page = signed_in_page
    page.goto(f"/campaigns/demo-realm/battles/{demo_battle.pk}/rounds/1/")
    screenshot(page, "probe-round")
    open("/work/notes/porte2e-scratch/round.html", "w").write(page.content())
