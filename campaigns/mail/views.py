"""The Mail page: every message Herald sent or will send, with its HTML and text parts."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from campaigns.mail import services
from campaigns.mail.forms import TestEmailForm
from campaigns.mail.models import DeliveredMail


@require_GET
@login_required
def index(request):
    return _index_page(request, TestEmailForm(), request.GET.get("page"))


def _index_page(request, test_form, page_number, status=200):
    page = services.mail_page(request.user, page_number)
    return render(request, "mail/index.html", {"page": page, "test_form": test_form}, status=status)


@require_GET
@login_required
def detail(request, pk):
    message = services.message_for(request.user, pk)
    delivered = DeliveredMail.objects.filter(message_id=message.message_id).first()
    return render(request, "mail/detail.html", {"message": message, "delivered": delivered})


@require_POST
@login_required
def retry(request, pk):
    message = services.retry_message(request.user, pk)
    if request.htmx:
        return render(request, "mail/_dashboard_failed.html#retried", {"message": message})
    messages.success(request, f"“{message.subject}” to {message.recipient} will be sent again.")
    next_url = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}):
        return redirect(next_url)
    return redirect("mail:detail", pk=message.pk)


@require_POST
@login_required
def send_test(request):
    if not request.user.is_staff:
        raise Http404("No such page")
    form = TestEmailForm(request.POST)
    if not form.is_valid():
        return _index_page(request, form, 1, status=400)
    message = services.queue_test_email(request.user, form.cleaned_data["to"])
    messages.success(request, f"A test email to {message.recipient} is on its way.")
    return redirect("mail:detail", pk=message.pk)
