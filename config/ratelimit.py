"""Fixed-window rate limits kept in Django's cache, shared by every web process."""
import logging
import time
from functools import wraps

from django.core.cache import cache
from django.http import JsonResponse
from django.shortcuts import render

logger = logging.getLogger(__name__)


def client_key(request):
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"ip:{request.META.get('REMOTE_ADDR', '')}"


def hit(scope, key, limit, window):
    """Count one attempt; return the seconds to wait when over `limit` per `window`, else 0.

    The window opens at a client's first attempt, so a burst is never split across two windows.
    Reading and writing are not atomic: two simultaneous attempts may count once, which a limit
    meant to slow down guessing can afford.
    """
    name = f"ratelimit:{scope}:{key}"
    now = time.time()
    try:
        opened, count = cache.get(name, (now, 0))
        if now - opened >= window:
            opened, count = now, 0
        remaining = int(window - (now - opened)) + 1
        cache.set(name, (opened, count + 1), timeout=remaining)
    except Exception:
        # The cache is Redis in production, the broker too: an outage of it must not also refuse
        # every upload and login, so the limit lets attempts through until it is back.
        logger.warning("rate limit %s not counted: the cache is unreachable", scope, exc_info=True)
        return 0
    return remaining if count + 1 > limit else 0


def message(scope, limit, window, wait):
    return (f"Too many attempts: {scope} is limited to {limit} every {window // 60} minutes. "
            f"Try again in {wait} second{'s' if wait != 1 else ''}.")


def ratelimit(scope, limit, window, methods=("POST",), as_json=False):
    """Answer 429 saying what was limited and when to try again: a page, or JSON for API views
    (`as_json`) and for clients asking for JSON (the upload form's script)."""
    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method in methods:
                wait = hit(scope, client_key(request), limit, window)
                if wait:
                    text = message(scope, limit, window, wait)
                    if as_json or "application/json" in request.headers.get("Accept", ""):
                        response = JsonResponse({"code": "rate-limited", "detail": text, "retry_after": wait},
                                                status=429)
                    else:
                        response = render(request, "ratelimited.html", {"message": text}, status=429)
                    response["Retry-After"] = str(wait)
                    return response
            return view(request, *args, **kwargs)
        return wrapped
    return decorator
