"""The judged site in its cell: served only from its own files, everything else blocked and counted.

The page lives at a fake origin (http://site.invalid/) answered by Playwright routing, so it
never shares an origin with the application and no request reaches a real network. The task's
assets are found by the rule of assets.py: the placeholder, or a relative path into the official
dataset layout as generate.py writes it. Dialogs are dismissed, popups closed, crashes and
navigations away recorded for the replay to act on.
"""
import asyncio
import time
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

from playwright.async_api import Error as PlaywrightError

from . import assets

ORIGIN = "http://site.invalid"
MAX_RECORDED = 100          # distinct blocked URLs, console errors, dialogs kept in a result


def entry_page(site_dir):
    """index.html, else the only .html file at the top of the site, else None."""
    site_dir = Path(site_dir)
    if (site_dir / "index.html").is_file():
        return "index.html"
    pages = sorted(p.name for p in site_dir.glob("*.htm*") if p.is_file())
    return pages[0] if len(pages) == 1 else None


class Sandbox:
    def __init__(self, site_dir, assets_dir):
        self.site_dir, self.assets_dir = Path(site_dir), Path(assets_dir)
        self.blocked = Counter()
        self.console_errors, self.dialogs = [], []
        self.popups_closed = 0
        self.crashed = False
        self.away_url = None
        self.page = None
        self.inflight = 0
        self.last_network = time.monotonic()

    def resolve(self, url):
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != ORIGIN:
            return None
        return assets.file_for(unquote(parts.path), self.site_dir, self.assets_dir)

    async def _route(self, route):
        url = route.request.url
        path = self.resolve(url)
        if path is not None:
            await route.fulfill(path=path)
        elif url.startswith(ORIGIN + "/"):
            await route.fulfill(status=404, body="not in the site", content_type="text/plain")
        else:
            self._record_blocked(url)
            if self.page is not None and route.request.is_navigation_request() and self.away_url is None:
                try:
                    frame = route.request.frame
                except PlaywrightError:  # a popup's first navigation has no frame yet
                    frame = None
                if frame == self.page.main_frame:
                    self.away_url = url  # the page is leaving for it: name it, not the error page that follows
            await route.abort("blockedbyclient")

    def _record_blocked(self, url):
        if url in self.blocked or len(self.blocked) < MAX_RECORDED:
            self.blocked[url[:300]] += 1

    def _on_websocket(self, ws):
        self._record_blocked(ws.url)
        asyncio.ensure_future(ws.close())

    async def attach(self, context):
        await context.route("**/*", self._route)
        await context.route_web_socket("**/*", self._on_websocket)

    def _close_popup(self, popup):
        self.popups_closed += 1
        asyncio.ensure_future(popup.close())

    def watch(self, page):
        self.page = page
        page.on("dialog", self._on_dialog)
        page.on("popup", self._close_popup)
        page.on("console", lambda m: m.type == "error" and self._note(self.console_errors, m.text))
        page.on("pageerror", lambda e: self._note(self.console_errors, f"uncaught: {e}"))
        page.on("crash", lambda _page: setattr(self, "crashed", True))
        page.on("framenavigated", lambda frame: frame == page.main_frame and self._on_navigated(frame.url))
        page.on("request", self._request_started)
        page.on("requestfinished", self._request_ended)
        page.on("requestfailed", self._request_ended)

    def _on_dialog(self, dialog):
        self._note(self.dialogs, f"{dialog.type}: {dialog.message}")
        asyncio.ensure_future(dialog.dismiss())

    def _on_navigated(self, url):
        if self.resolve(url.split("#", 1)[0]) is None and self.away_url is None:
            self.away_url = url

    def _request_started(self, _request):
        self.inflight += 1
        self.last_network = time.monotonic()

    def _request_ended(self, _request):
        self.inflight = max(0, self.inflight - 1)
        self.last_network = time.monotonic()

    @staticmethod
    def _note(bucket, text):
        if len(bucket) < MAX_RECORDED:
            bucket.append(str(text)[:300])
