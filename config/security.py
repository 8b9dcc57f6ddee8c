"""A Content-Security-Policy on every response, with a per-request nonce for inline scripts."""
import secrets

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    """Adds the site's CSP unless the view set its own (the sandboxed preview of uploaded sites does)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.csp_nonce = secrets.token_urlsafe(16)
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = settings.CONTENT_SECURITY_POLICY.format(nonce=request.csp_nonce)
        return response


def csp_nonce(request):
    """Template context: {{ csp_nonce }} for the rare inline <script nonce=…>."""
    return {"csp_nonce": getattr(request, "csp_nonce", "")}
