import pytest


@pytest.mark.django_db
@pytest.mark.parametrize("model", ["battle", "round", "chitrecord"])
def test_staff_can_list_battles_rounds_and_chit_records_in_the_admin(client, staff_user, battle, model):
    staff_user.is_superuser = True
    staff_user.save()
    client.force_login(staff_user)
    assert client.get(f"/admin/combat/{model}/").status_code == 200


@pytest.mark.django_db
def test_staff_can_open_a_round_with_its_sides_in_the_admin(client, staff_user, first_round):
    staff_user.is_superuser = True
    staff_user.save()
    client.force_login(staff_user)
    page = client.get(f"/admin/combat/round/{first_round.pk}/change/").content.decode()
    assert "Black Knight" in page and "Amazon" in page
