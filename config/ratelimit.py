"""Fixed-window rate limits kept in Django's cache, shared by every web process."""
import ipaddress
import logging
import time
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import JsonResponse
from django.shortcuts import render

logger = logging.getLogger(__name__)


def _within(address, networks):
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(request):
    """The client's address. Behind proxies listed in TRUSTED_PROXIES it is the last address of
    X-Forwarded-For that is not one of them (each proxy appends who connected to it; what is left
    of that was written by the client and proves nothing); otherwise the connection's own."""
    remote = request.META.get("REMOTE_ADDR", "")
    trusted = settings.TRUSTED_PROXIES
    if not trusted or not _within(remote, trusted):
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _within(hop, trusted):
            return hop
    return hops[0] if hops else remote


def client_key(request):
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"ip:{client_address(request)}"


def hit(scope, key, limit, window, count=True):
    """Count one attempt; return the seconds to wait when over `limit` per `window`, else 0.
    With count=False only ask: would one more attempt be over the limit?

    The window opens at a client's first attempt, so a burst is never split across two windows.
    Reading and writing are not atomic: two simultaneous attempts may count once, which a limit
    meant to slow down guessing can afford.
    """
    name = f"ratelimit:{scope}:{key}"
    now = time.time()
    try:
        opened, attempts = cache.get(name, (now, 0))
        if now - opened >= window:
            opened, attempts = now, 0
        remaining = int(window - (now - opened)) + 1
        if not count:
            return remaining if attempts >= limit else 0
        cache.set(name, (opened, attempts + 1), timeout=remaining)
    except Exception:
        # The cache is Redis in production, the broker too: an outage of it must not also refuse
        # every upload and login, so the limit lets attempts through until it is back.
        logger.warning("rate limit %s not counted: the cache is unreachable", scope, exc_info=True)
        return 0
    return remaining if attempts + 1 > limit else 0


def message(scope, limit, window, wait):
    return (f"Too many attempts: {scope} is limited to {limit} every {window // 60} minutes. "
            f"Try again in {wait} second{'s' if wait != 1 else ''}.")


def refusal(request, scope, limit, window, wait, as_json=False):
    """The 429 answer: a page, or JSON for API views (`as_json`) and clients asking for JSON."""
    text = message(scope, limit, window, wait)
    if as_json or "application/json" in request.headers.get("Accept", ""):
        response = JsonResponse({"code": "rate-limited", "detail": text, "retry_after": wait}, status=429)
    else:
        response = render(request, "ratelimited.html", {"message": text}, status=429)
    response["Retry-After"] = str(wait)
    return response


def ratelimit(scope, limit, window, methods=("POST",), as_json=False):
    """Answer 429 saying what was limited and when to try again, per client (client_key)."""
    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method in methods:
                wait = hit(scope, client_key(request), limit, window)
                if wait:
                    return refusal(request, scope, limit, window, wait, as_json)
            return view(request, *args, **kwargs)
        return wrapped
    return decorator
