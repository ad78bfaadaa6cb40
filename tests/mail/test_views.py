import pytest
from django.urls import reverse

from campaigns.mail import services
from campaigns.mail.models import OutboxMessage

pytestmark = pytest.mark.django_db


@pytest.fixture
def message():
    return services.queue_email(
        to="alice@example.com",
        subject="Round 1 results",
        text="Plain <words> here",
        html='<p onclick="x()">Hello <script>alert(1)</script> "quoted"</p>',
        idempotency_key="view-test",
    )


def signed_in(client, user):
    client.force_login(user)
    return client


def test_the_mail_page_asks_an_anonymous_visitor_to_sign_in(client):
    response = client.get(reverse("mail:index"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_staff_see_every_message_on_the_mail_page(client, staff_user, message):
    response = signed_in(client, staff_user).get(reverse("mail:index"))
    assert response.status_code == 200
    assert b"Round 1 results" in response.content
    assert reverse("mail:detail", args=[message.pk]).encode() in response.content


def test_the_detail_page_shows_the_html_in_a_sandboxed_frame_and_the_text(client, staff_user, message):
    response = signed_in(client, staff_user).get(reverse("mail:detail", args=[message.pk]))
    body = response.content.decode()
    assert response.status_code == 200
    assert 'sandbox=""' in body
    assert 'srcdoc="&lt;p onclick=&quot;x()&quot;&gt;Hello &lt;script&gt;' in body
    assert "<script>alert(1)</script>" not in body
    assert "Plain &lt;words&gt; here" in body


def test_someone_who_runs_no_campaign_sees_no_message_and_gets_404_for_one(client, other_user, message):
    client = signed_in(client, other_user)
    assert b"Round 1 results" not in client.get(reverse("mail:index")).content
    assert client.get(reverse("mail:detail", args=[message.pk])).status_code == 404
    assert client.post(reverse("mail:retry", args=[message.pk])).status_code == 404


def test_retry_without_javascript_redirects_back_with_a_message(client, staff_user, message):
    OutboxMessage.objects.filter(pk=message.pk).update(status="failed")
    response = signed_in(client, staff_user).post(
        reverse("mail:retry", args=[message.pk]), {"next": "/campaigns/"}, follow=False
    )
    assert response.status_code == 302
    assert response["Location"] == "/campaigns/"
    assert OutboxMessage.objects.get(pk=message.pk).status == "pending"


def test_retry_refuses_to_redirect_off_site(client, staff_user, message):
    response = signed_in(client, staff_user).post(
        reverse("mail:retry", args=[message.pk]), {"next": "https://evil.example/"}
    )
    assert response["Location"] == reverse("mail:detail", args=[message.pk])


def test_retry_through_htmx_swaps_the_row(client, staff_user, message):
    OutboxMessage.objects.filter(pk=message.pk).update(status="failed")
    response = signed_in(client, staff_user).post(reverse("mail:retry", args=[message.pk]), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200
    assert f'id="failed-mail-{message.pk}"' in body
    assert "queued again" in body
    assert "<html" not in body


def test_the_dashboard_partial_lists_failed_mail_with_a_retry_button(rf, staff_user, message):
    from django.template.loader import render_to_string

    OutboxMessage.objects.filter(pk=message.pk).update(status="failed", last_error="SMTP said no")
    request = rf.get("/campaigns/")
    request.user = staff_user
    html = render_to_string(
        "mail/_dashboard_failed.html", {"failed_messages": services.failed_messages_for(staff_user)}, request
    )
    retry_url = reverse("mail:retry", args=[message.pk])
    assert f'action="{retry_url}"' in html and f'hx-post="{retry_url}"' in html
    assert "SMTP said no" in html
    assert 'name="next" value="/campaigns/"' in html


def test_the_dashboard_partial_is_empty_without_failed_mail(rf, staff_user):
    from django.template.loader import render_to_string

    html = render_to_string("mail/_dashboard_failed.html", {"failed_messages": []}, rf.get("/"))
    assert html.strip() == ""


def test_staff_can_send_a_test_email_from_the_mail_page(client, staff_user, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        response = signed_in(client, staff_user).post(reverse("mail:send_test"), {"to": "gm@example.com"})
    row = OutboxMessage.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("mail:detail", args=[row.pk])
    assert row.recipient == "gm@example.com"
    assert len(callbacks) == 1


def test_a_bad_test_address_is_refused_next_to_the_field(client, staff_user):
    response = signed_in(client, staff_user).post(reverse("mail:send_test"), {"to": "not-an-address"})
    assert response.status_code == 400
    assert b'id="to-error"' in response.content
    assert OutboxMessage.objects.count() == 0


def test_only_staff_can_send_a_test_email(client, other_user):
    response = signed_in(client, other_user).post(reverse("mail:send_test"), {"to": "gm@example.com"})
    assert response.status_code == 404
    assert OutboxMessage.objects.count() == 0


@pytest.fixture
def campaigns_of_two_gms(make_user):
    from campaigns.models import Campaign

    gm = make_user("gm-one")
    rival = make_user("gm-two")
    mine = Campaign.objects.create(slug="mine", name="Mine")
    mine.gms.add(gm)
    theirs = Campaign.objects.create(slug="theirs", name="Theirs")
    theirs.gms.add(rival)
    return gm, mine, theirs


def queue_for(campaign, key):
    return services.queue_email(
        to="p@example.com", subject=f"{campaign.name} news", text="t", campaign=campaign, idempotency_key=key
    )


def test_a_gm_sees_the_mail_of_their_campaigns_and_only_that(client, campaigns_of_two_gms):
    gm, mine, theirs = campaigns_of_two_gms
    own = queue_for(mine, "own")
    foreign = queue_for(theirs, "foreign")
    client = signed_in(client, gm)
    listing = client.get(reverse("mail:index")).content
    assert b"Mine news" in listing and b"Theirs news" not in listing
    assert b"<td>Mine</td>" in listing
    assert client.get(reverse("mail:detail", args=[own.pk])).status_code == 200
    assert client.get(reverse("mail:detail", args=[foreign.pk])).status_code == 404


def test_a_gm_can_retry_failed_mail_of_their_campaign_but_not_of_another(client, campaigns_of_two_gms):
    gm, mine, theirs = campaigns_of_two_gms
    own = queue_for(mine, "own")
    foreign = queue_for(theirs, "foreign")
    OutboxMessage.objects.update(status="failed")
    assert list(services.failed_messages_for(gm)) == [OutboxMessage.objects.get(pk=own.pk)]
    assert list(services.failed_messages_for(gm, campaign=theirs)) == []
    client = signed_in(client, gm)
    assert client.post(reverse("mail:retry", args=[foreign.pk])).status_code == 404
    assert client.post(reverse("mail:retry", args=[own.pk])).status_code == 302
    assert OutboxMessage.objects.get(pk=own.pk).status == "pending"
    assert OutboxMessage.objects.get(pk=foreign.pk).status == "failed"


def test_a_gm_who_is_not_staff_cannot_send_a_test_email_or_see_mail_of_no_campaign(client, campaigns_of_two_gms):
    gm, _, _ = campaigns_of_two_gms
    staff_mail = services.queue_email(to="x@example.com", subject="Staff only", text="t", idempotency_key="s")
    client = signed_in(client, gm)
    assert client.get(reverse("mail:detail", args=[staff_mail.pk])).status_code == 404
    assert b"Send test email" not in client.get(reverse("mail:index")).content


def test_the_mail_page_asks_as_many_queries_for_twelve_messages_as_for_one(client, make_user, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from campaigns.models import Campaign

    gm = make_user("gm-many-mails")
    campaigns = [Campaign.objects.create(name=f"Campaign {n}", slug=f"campaign-{n}") for n in range(3)]
    for campaign in campaigns:
        campaign.gms.add(gm)

    def queue(number):
        services.queue_email(to=f"p{number}@example.com", subject=f"Round {number}", text="results",
                             campaign=campaigns[number % 3], idempotency_key=f"many-{number}")

    queue(0)
    client = signed_in(client, gm)
    with CaptureQueriesContext(connection) as with_one:
        assert client.get(reverse("mail:index")).status_code == 200
    for number in range(1, 12):
        queue(number)
    with django_assert_max_num_queries(len(with_one.captured_queries)):
        response = client.get(reverse("mail:index"))
    assert b"Round 11" in response.content


def test_a_refused_test_email_shows_the_page_without_a_query_per_message(client, staff_user, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from campaigns.models import Campaign

    campaigns = [Campaign.objects.create(name=f"Campaign {n}", slug=f"campaign-{n}") for n in range(4)]
    services.queue_email(to="p0@example.com", subject="Round 0", text="t", campaign=campaigns[0], idempotency_key="r-0")
    client = signed_in(client, staff_user)
    with CaptureQueriesContext(connection) as with_one:
        assert client.post(reverse("mail:send_test"), {"to": "not an address"}).status_code == 400
    for number in range(1, 8):
        services.queue_email(to=f"p{number}@example.com", subject=f"Round {number}", text="t",
                             campaign=campaigns[number % 4], idempotency_key=f"r-{number}")
    with django_assert_max_num_queries(len(with_one.captured_queries)):
        response = client.post(reverse("mail:send_test"), {"to": "not an address"})
    assert response.status_code == 400 and b"Round 7" in response.content
