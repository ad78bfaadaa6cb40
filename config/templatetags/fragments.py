"""`{% fragment key %}…{% endfragment %}`: the enclosed template drawn once per `key` (see config.fragments).
An empty key, or a page without a CSRF token, draws it every time."""

from django import template
from django.core.cache import caches
from django.utils.safestring import mark_safe

from config.fragments import CSRF_PLACEHOLDER, FRAGMENT_CACHE

register = template.Library()


class FragmentNode(template.Node):
    def __init__(self, nodelist, key):
        self.nodelist = nodelist
        self.key = key

    def render(self, context):
        key = self.key.resolve(context)
        token = context.get("csrf_token")
        if not key or not token or str(token) == "NOTPROVIDED":
            return self.nodelist.render(context)
        cache = caches[FRAGMENT_CACHE]
        html = cache.get(key)
        if html is None:
            with context.push(csrf_token=CSRF_PLACEHOLDER):
                html = str(self.nodelist.render(context))
            cache.set(key, html)
        return mark_safe(html.replace(CSRF_PLACEHOLDER, str(token)))


@register.tag
def fragment(parser, token):
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("{% fragment key %} takes one argument: the fragment's key")
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    return FragmentNode(nodelist, parser.compile_filter(bits[1]))
