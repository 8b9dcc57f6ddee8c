"""Which file a URL path of a generated page names: one rule for the judge, the pre-flight check
and the live preview.

A page names the task's assets in one of two ways. Through the placeholder that the dataset's
prompt gives (`__PLACEHOLDER_ASSETS_BASE_DIR__/asset001.png`), or, as real runs arrive, through
the relative path the official generate.py writes in its place: from the page's output folder
`result/<id>/<model dir>/` into the dataset, `../../../data/data/<id>/assets/asset001.png`.
Served at a site root, such a path climbs out of the site and the browser clamps it there, so
the request reads `/data/data/<id>/assets/asset001.png`, or `/assets/asset001.png` when the page
climbed fewer folders than it meant to. The rule, in order:

1. a path holding the placeholder names the asset after it;
2. a path naming a file of the site is that file (a site may ship its own `assets/` folder);
3. a path ending in `assets/<name>`, where `<name>` is one of the task's assets, is that asset.

`site_has` and `asset_has` answer whether a relative path is a file of the site or of the task's
assets: folders on disk for the judge and the preview (`file_for`), zip entries and catalog rows
for the pre-flight check.
"""
from .files import file_inside
from .official import ASSETS_PLACEHOLDER

SITE, ASSET = "site", "asset"
ASSETS_FOLDER = "assets"
INDEX = "index.html"


def locate(path, site_has, asset_has):
    """(SITE or ASSET, path inside it) for a percent-decoded URL path from the site root, or None."""
    path = path.lstrip("/")
    if ASSETS_PLACEHOLDER in path:
        name = path.split(ASSETS_PLACEHOLDER, 1)[1]
        return (ASSET, name) if name and asset_has(name) else None
    if not path or path.endswith("/"):
        path += INDEX
    if site_has(path):
        return SITE, path
    parts = path.split("/")
    # The last "assets" folder of the path first: .../data/data/<id>/assets/icons/a.svg names icons/a.svg.
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] == ASSETS_FOLDER:
            name = "/".join(parts[i + 1:])
            return (ASSET, name) if asset_has(name) else None
    return None


def file_for(path, site_dir, assets_dir):
    """The file on disk that a percent-decoded URL path names, in the site's folder or the task's
    assets folder, or None."""
    roots = {SITE: site_dir, ASSET: assets_dir}
    found = locate(path, lambda p: file_inside(site_dir, p) is not None,
                   lambda p: file_inside(assets_dir, p) is not None)
    return file_inside(roots[found[0]], found[1]) if found else None
