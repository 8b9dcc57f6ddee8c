"""Launching the judge's Chromium the same way everywhere: the engine, authoring tools, tests.

Debian's Chromium is used through Playwright's `executable_path`; Playwright's own browser
download needs a network this product must not assume.
"""
import asyncio
import os
import signal
import time
from dataclasses import dataclass

from . import fonts
from .options import CHROMIUM_PATH

# --no-sandbox: Chromium refuses to start as root without it. The background-networking flags
# keep it from stalling on a closed network. The rest pin rendering so that the same page gives
# the same pixels on every run (scores must reproduce within 0.01).
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-quic",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--font-render-hinting=none",
    "--force-color-profile=srgb",
    "--disable-lcd-text",
    "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
]


@dataclass(frozen=True)
class Viewport:
    width: int = 1920
    height: int = 1080

    @classmethod
    def parse(cls, text):
        """'1920x1080' -> Viewport(1920, 1080); anything else is a ValueError naming the text."""
        try:
            w, h = str(text).lower().split("x")
            viewport = cls(int(w), int(h))
        except ValueError:
            raise ValueError(f"resolution {text!r} is not WIDTHxHEIGHT (e.g. 1920x1080)") from None
        if not (100 <= viewport.width <= 8000 and 100 <= viewport.height <= 8000):
            raise ValueError(f"resolution {text!r} is outside 100..8000 pixels")
        return viewport

    def __str__(self):
        return f"{self.width}x{self.height}"


def launch(playwright, chromium_path=None, headless=True, extra_args=()):
    """One browser per process; callers make a fresh context per task with `context_options`.
    Its fonts are the judge's (fonts.py), for authoring tools and tests as for the judge.

    Works with Playwright's sync and async APIs alike (it returns what `chromium.launch` returns).
    """
    return playwright.chromium.launch(
        executable_path=chromium_path or CHROMIUM_PATH, headless=headless, args=LAUNCH_ARGS + list(extra_args),
        env={**os.environ, **fonts.environment()},
        # Playwright hides scrollbars in headless mode; the official evaluation's screenshots show them.
        ignore_default_args=["--hide-scrollbars"],
    )


def context_options(viewport):
    return {
        "viewport": {"width": viewport.width, "height": viewport.height},
        "device_scale_factor": 1,
        "locale": "en-US",
        "timezone_id": "UTC",
        "reduced_motion": "reduce",
        "color_scheme": "light",
        "service_workers": "block",
        "accept_downloads": False,
        "java_script_enabled": True,
    }


def _private_mb(pid):
    """A process's anonymous resident memory: what its scripts allocated (ArrayBuffers included,
    which V8's heap cap does not cover), without the libraries it shares with its siblings."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("RssAnon:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):  # gone already
        pass
    return 0.0


class MemoryGuard:
    """Enforces a memory limit on every renderer of `browser` by itself: the process list comes from
    the browser (CDP SystemInfo), the sizes from /proc every `interval` seconds, and a renderer over
    `limit_mb` is killed. Its page then crashes, and `exceeded` holds the size that was seen. A
    judge runs one page at a time, so every renderer is that page's."""

    def __init__(self, browser, limit_mb, interval=0.02, refresh=0.5):
        self.browser, self.limit_mb, self.interval, self.refresh = browser, limit_mb, interval, refresh
        self.exceeded = None
        self._task = self._cdp = None

    async def __aenter__(self):
        self._cdp = await self.browser.new_browser_cdp_session()
        self._task = asyncio.ensure_future(self._watch())
        return self

    async def __aexit__(self, *exc):
        self._task.cancel()
        try:
            await self._task
        except asyncio.CancelledError:
            pass
        try:
            await asyncio.wait_for(self._cdp.detach(), 5)
        except Exception:  # a browser that died with the page has no session left to detach
            pass

    async def _renderers(self):
        info = await asyncio.wait_for(self._cdp.send("SystemInfo.getProcessInfo"), 5)
        return [p["id"] for p in info["processInfo"] if p["type"] == "renderer"]

    async def _watch(self):
        pids, listed = [], 0.0
        while True:
            if time.monotonic() - listed > self.refresh:
                try:
                    pids, listed = await self._renderers(), time.monotonic()
                except Exception:  # the browser is gone or busy: keep the last list
                    listed = time.monotonic()
            for pid in pids:
                size = _private_mb(pid)
                if size > self.limit_mb:
                    self.exceeded = max(self.exceeded or 0, size)
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
            await asyncio.sleep(self.interval)
