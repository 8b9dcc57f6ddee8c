"""Adaptive waiting after an action: until the page is quiet, never a fixed sleep.

Quiet means: the page is not leaving for another document, no short timer pending, no request
of the page's scripts in flight, no short CSS animation or transition running, no DOM mutation or
scroll for `quiet_ms` (all counted by js/instrument.js), no request of the browser's in flight, and animation frames running (the check
is polled on requestAnimationFrame, at least twice).
Timers and requests are what make a page change later, and both are waited for, so the quiet time
only covers work a page schedules otherwise (message channels, promise chains, image decoding).
The action itself is over when the wait starts (Playwright returns once the page has handled the
input), so a page that was already quiet, and that the action did not change, settles at once.
A page that never settles is waited for `cap_ms` at most.
"""
import asyncio
import itertools
import time

from playwright.async_api import Error as PlaywrightError

# A CSS animation or transition lasting at most this many milliseconds (delay included) is part of
# what the action did (a card that flips, a dialog that fades in): the page is taken once it has
# ended. An animation forced to its end for the screenshot may be captured half painted (3D
# layers), and one caught halfway moves the boxes grounding reads.
SHORT_ANIMATION_MS = 1000
_SHORT_ANIMATIONS = ("document.getAnimations().filter((a) => a.playState === 'running' && a.effect"
                     " && a.effect.getComputedTiming().endTime <= shortMs)")
# Resolves once the short animations running now have ended (the recorder's wait).
SHORT_ANIMATIONS_END = f"(shortMs) => Promise.all({_SHORT_ANIMATIONS}.map((a) => a.finished.catch(() => null)))"
QUIET_CHECK = f"""([token, quiet, shortMs]) => {{
  const s = window.__iwrJudge;
  if (!s) return true;
  if (s.settleToken !== token) {{ s.settleToken = token; return false; }}
  return !s.leaving && s.timers === 0 && s.requests === 0 && performance.now() - s.lastChange >= quiet
    && {_SHORT_ANIMATIONS}.length === 0;
}}"""

_tokens = itertools.count(1)


async def settle(page, sandbox, quiet_ms, cap_ms):
    """Wait until quiet; returns the milliseconds waited. Raises asyncio.TimeoutError when the page
    stopped answering altogether (a hung renderer does not even run the check)."""
    started = time.monotonic()
    deadline = started + cap_ms / 1000
    token = next(_tokens)
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        try:
            await asyncio.wait_for(
                page.wait_for_function(QUIET_CHECK, arg=[token, quiet_ms, SHORT_ANIMATION_MS], polling="raf", timeout=remaining * 1000),
                remaining + 1.0)
        except PlaywrightError:
            if page.is_closed() or sandbox.crashed:
                raise
            break  # still busy at the cap: take the page as it is
        idle_for = time.monotonic() - sandbox.last_network
        if sandbox.inflight == 0 and idle_for >= quiet_ms / 1000:
            break
        # Requests are answered from local files in milliseconds: wait for the network to go
        # quiet, then look at the DOM again (a response usually changes it).
        await asyncio.sleep(min(max(quiet_ms / 1000 - idle_for, 0.005), deadline - time.monotonic()))
    return round((time.monotonic() - started) * 1000)
