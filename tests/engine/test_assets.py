"""The one rule for finding a task's assets from a page's URLs (judging.engine.assets)."""
import pytest

from judging.engine.assets import ASSET, SITE, locate

SITE_FILES = {"index.html", "style.css", "assets/logo.png", "sub/index.html"}
TASK_ASSETS = {"asset001.png", "icons/cart.svg"}


@pytest.mark.parametrize("path,expected", [
    ("/__PLACEHOLDER_ASSETS_BASE_DIR__/asset001.png", (ASSET, "asset001.png")),
    ("/data/data/42/assets/asset001.png", (ASSET, "asset001.png")),       # ../../../data/data/42/assets/…
    ("/assets/asset001.png", (ASSET, "asset001.png")),                     # a page that climbed too little
    ("/data/data/42/assets/icons/cart.svg", (ASSET, "icons/cart.svg")),
    ("/assets/logo.png", (SITE, "assets/logo.png")),                       # the site's own file comes first
    ("/", (SITE, "index.html")),
    ("/sub/", (SITE, "sub/index.html")),
    ("/style.css", (SITE, "style.css")),
    ("/data/data/42/assets/asset999.png", None),                           # not one of the task's assets
    ("/data/data/42/images/asset001.png", None),                           # not under an assets folder
    ("/__PLACEHOLDER_ASSETS_BASE_DIR__/", None),
])
def test_a_url_path_names_a_site_file_or_a_task_asset(path, expected):
    assert locate(path, SITE_FILES.__contains__, TASK_ASSETS.__contains__) == expected
