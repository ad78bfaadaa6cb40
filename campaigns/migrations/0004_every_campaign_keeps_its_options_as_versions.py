"""Every campaign keeps its options as rule-set versions. A campaign of a system whose options were one unversioned
`Campaign.system_options` (every system but Magic Realm, whose campaigns have had versions from the start) gets
version 1 from them: every option's value as its system reads them (`Options.complete`), fingerprinted by its
system (`options_fingerprint`), made by nobody, dated when the campaign was created. A campaign that already has
a version is left alone, so going forward names no system. Going back, the campaigns of every system but Magic
Realm (whose versions stay and whose `system_options` stays empty) get their newest settings as their
`system_options` again, and their versions go."""

from django.db import migrations

REASON = "Version 1: the options the campaign kept before its options had versions."


def settings_and_fingerprint(system_name: str, options: dict) -> tuple[dict, str]:
    """Version 1 of `options` as its system keeps a version. A system no longer registered keeps them as they
    were, with the digest every system but one shares."""
    from systems import UnknownSystem, get_system
    from systems.options import fingerprint

    try:
        system = get_system(system_name)
    except UnknownSystem:
        return dict(options), fingerprint(options)
    settings = system.options().complete(options)
    return settings, system.options_fingerprint(settings)


def give_version_one(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    RuleSetVersion = apps.get_model("campaigns", "RuleSetVersion")
    for campaign in Campaign.objects.filter(rule_set_versions__isnull=True).order_by("pk"):
        settings, fingerprint = settings_and_fingerprint(campaign.system, campaign.system_options or {})
        version = RuleSetVersion.objects.create(campaign=campaign, number=1, settings=settings,
                                                fingerprint=fingerprint, created_by=None, reason=REASON)
        RuleSetVersion.objects.filter(pk=version.pk).update(created_at=campaign.created_at)


def keep_options_unversioned(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    RuleSetVersion = apps.get_model("campaigns", "RuleSetVersion")
    for campaign in Campaign.objects.exclude(system="magic-realm").order_by("pk"):
        newest = RuleSetVersion.objects.filter(campaign=campaign).order_by("-number").first()
        campaign.system_options = dict(newest.settings) if newest else {}
        campaign.save(update_fields=["system_options"])
        RuleSetVersion.objects.filter(campaign=campaign).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("campaigns", "0003_campaign_system"),
    ]

    operations = [migrations.RunPython(give_version_one, keep_options_unversioned)]
