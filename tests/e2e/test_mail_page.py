"""The GM reads mail on the Mail page and retries failed mail from the dashboard, in Chromium."""

import pytest
from playwright.sync_api import expect

from campaigns.mail import services
from campaigns.mail.models import OutboxMessage


@pytest.fixture
def failed_mail(gm_user):
    row = services.queue_email(
        to="alice@example.com", subject="Round 2 results", text="You were hit.", html="<p>You were hit.</p>",
        campaign=gm_user.campaign, idempotency_key="e2e-failed", thread_key="demo-realm",
    )
    OutboxMessage.objects.filter(pk=row.pk).update(status="failed", attempts=6, last_error="SMTP said 550 no such user")
    return row


@pytest.fixture
def sent_mail(gm_user):
    row = services.queue_email(
        to="bob@example.com", subject="Round 1 results",
        text="Plain part: the Wolf missed.",
        html='<h1 id="headline">The Wolf missed</h1><script>document.title = "pwned"; parent.document.body.innerHTML = ""</script>',
        campaign=gm_user.campaign, idempotency_key="e2e-sent",
    )
    services.send_outbox_message(row.pk)
    return row


def test_retry_on_the_dashboard_sends_the_failed_mail_without_a_reload(signed_in_page, failed_mail, screenshot):
    page = signed_in_page
    page.goto("/campaigns/")
    row = page.locator(f"#failed-mail-{failed_mail.pk}")
    expect(row).to_contain_text("SMTP said 550 no such user")
    page.evaluate("window.notReloaded = true")
    screenshot(page, "dashboard-failed-mail")
    row.get_by_role("button", name="Retry").click()
    expect(page.locator(f"#failed-mail-{failed_mail.pk}")).to_contain_text("queued again")
    assert page.evaluate("window.notReloaded") is True
    failed_mail.refresh_from_db()
    assert failed_mail.status == "sent"


def test_the_mail_page_shows_the_html_part_sandboxed_and_the_text_part(signed_in_page, sent_mail, screenshot):
    page = signed_in_page
    page.goto("/mail/")
    page.get_by_role("link", name="Round 1 results").click()
    frame = page.frame_locator("iframe.mail-html")
    expect(frame.locator("#headline")).to_have_text("The Wolf missed")
    expect(page.get_by_text("Plain part: the Wolf missed.")).to_be_visible()
    assert "pwned" not in page.title(), "the mail's script must not run"
    expect(page.get_by_role("heading", name="Round 1 results", level=1)).to_be_visible()
    screenshot(page, "mail-detail")
