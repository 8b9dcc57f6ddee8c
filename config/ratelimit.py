"""Fixed-window rate limits kept in Django's cache, shared by every web process."""
import time
from functools import wraps

from django.core.cache import cache
from django.shortcuts import render


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
    opened, count = cache.get(name, (now, 0))
    if now - opened >= window:
        opened, count = now, 0
    remaining = int(window - (now - opened)) + 1
    cache.set(name, (opened, count + 1), timeout=remaining)
    return remaining if count + 1 > limit else 0


def ratelimit(scope, limit, window, methods=("POST",)):
    """Answer 429 with a page saying what was limited and when to try again."""
    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method in methods:
                wait = hit(scope, client_key(request), limit, window)
                if wait:
                    response = render(request, "ratelimited.html",
                                      {"scope": scope, "limit": limit, "window": window, "wait": wait},
                                      status=429)
                    response["Retry-After"] = str(wait)
                    return response
            return view(request, *args, **kwargs)
        return wrapped
    return decorator
