from config.absolute_url import absolute_url


def test_it_puts_the_path_under_the_base_url_without_a_double_slash(settings):
    settings.HERALD_BASE_URL = "https://herald.example/"

    assert absolute_url("/campaigns/x/") == "https://herald.example/campaigns/x/"


def test_it_gives_the_path_alone_when_no_base_url_is_set(settings):
    settings.HERALD_BASE_URL = ""

    assert absolute_url("/p/abc/") == "/p/abc/"
