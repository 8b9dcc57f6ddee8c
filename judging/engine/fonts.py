"""The judge's fonts: what a generated page gets when it asks for a desktop browser's fonts by name.

Pages use emoji as icons and name Arial, Helvetica, Times, Courier, Georgia, Verdana or system-ui.
The system packages (scripts/setup, the Dockerfile) install colour emoji and stand-ins for those
families; fonts.conf, given to the judge's Chromium as FONTCONFIG_FILE, names the stand-in for each
family, so that every judge machine renders a page alike whatever its own fontconfig prefers. The
fonts resolved are part of a result's recorded versions.
"""
import os
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

CONFIG = Path(__file__).with_name("fonts.conf")
# Chromium's system-ui is fontconfig's match for a pattern naming no family (see fonts.conf).
SYSTEM_UI = ("system-ui", "")


def environment():
    """The environment variables the judge's browser needs for these fonts."""
    return {"FONTCONFIG_FILE": str(CONFIG)}


def families():
    """(family, fontconfig pattern) for each family fonts.conf gives a stand-in for, in its order."""
    aliased = re.findall(r"<alias[^>]*>\s*<family>([^<]+)</family>", CONFIG.read_text(encoding="utf-8"))
    return [(family, family) for family in dict.fromkeys(aliased)] + [SYSTEM_UI]


def _match(family):
    """'Font family version' that fontconfig gives for `family` under fonts.conf, or None without fc-match."""
    escaped = family.replace("\\", "\\\\").replace("-", "\\-").replace(":", "\\:").replace(",", "\\,")
    result = subprocess.run(["fc-match", "-f", "%{family[0]}|%{fontversion}", escaped], capture_output=True,
                            text=True, timeout=10, env={**os.environ, **environment()})
    name, _, revision = result.stdout.partition("|")
    # fontversion is the font's revision in 16.16 fixed point (70123 -> 1.07).
    return f"{name} {int(revision) / 65536:.2f}" if revision.isdigit() else name or "?"


@lru_cache(maxsize=1)
def version():
    """Which font stands in for each family ("Arial=Liberation Sans 1.07; …"): the fonts a score was
    rendered with. Computed once per process; fonts change only with the machine's packages."""
    if shutil.which("fc-match") is None:
        return "unknown (fc-match is not installed)"
    return "; ".join(f"{family}={_match(pattern)}" for family, pattern in families())
