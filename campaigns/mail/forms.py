from django import forms


class TestEmailForm(forms.Form):
    to = forms.EmailField(label="Send a test email to", max_length=320)
