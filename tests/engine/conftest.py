"""One judge (one Chromium) for all engine tests, and sites made for them."""
import re
import shutil
from pathlib import Path

import pytest

from judging.engine import Judge, JudgeOptions

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "samples" / "bench" / "data"
SITES = REPO / "samples" / "sites"
FIXTURE_SITES = Path(__file__).resolve().parent / "sites"


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("judge-cache")


@pytest.fixture(scope="session")
def judge(cache_dir):
    # Short per-call timeout: hostile pages are recognised in seconds, the suite stays quick.
    with Judge(JudgeOptions(cache_dir=cache_dir, action_timeout=3.0)) as j:
        yield j


def make_site(folder, html, assets_from=None):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(html, encoding="utf-8")
    if assets_from is not None:
        shutil.copytree(assets_from / "assets", folder / "assets", dirs_exist_ok=True)
    return folder


def without_javascript(site, folder):
    html = (site / "index.html").read_text(encoding="utf-8")
    return make_site(folder, re.sub(r"<script\b.*?</script>", "", html, flags=re.S | re.I))
