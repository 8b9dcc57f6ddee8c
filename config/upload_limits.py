"""Request bodies are limited before they are read, and uploaded files while they stream.

Django writes an uploaded file to disk as the body is parsed, and parsing starts wherever
request.POST is first read, which for a form is the CSRF check, before any view could look at the
size or the user. So the limits live here, in front of everything:
- a declared body over the upload limit is answered 413 without reading a byte of it;
- a file part from someone not signed in (no session, no valid API token) is refused before a
  temporary file exists, and a bigger anonymous body before it is read;
- a file that grows past the upload limit while streaming is cut off, its partial file removed.
A proxy in front (README, Deployment) should hold the same limit, so that no body this size even
reaches gunicorn.
"""
import logging

from django.conf import settings
from django.core.files.uploadhandler import StopUpload, TemporaryFileUploadHandler
from django.http import HttpResponse, JsonResponse

from config.refusals import Refused

logger = logging.getLogger(__name__)

# The form's other fields and the multipart framing, beside the zip itself.
FORM_ALLOWANCE_BYTES = 1024 * 1024
BODY_METHODS = ("POST", "PUT", "PATCH")


def _mb(n):
    return f"{n / 1024 / 1024:.0f} MB"


def too_large(size):
    return Refused("upload:too-large", f"The request is over {_mb(size)}; the upload limit is "
                   f"{_mb(settings.SUBMISSION_MAX_UPLOAD_BYTES)}.", 413)


SIGN_IN = Refused("upload:sign-in-required", "Sign in (or send an API token) to upload files.", 403)


def signed_in(request):
    """A session user, or a valid API token: the only senders whose files are worth writing."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return True
    words = request.headers.get("Authorization", "").split()
    if len(words) != 2 or words[0].lower() != "token":
        return False
    from rest_framework.authtoken.models import Token

    return Token.objects.filter(key=words[1], user__is_active=True).exists()


class LimitedUploadHandler(TemporaryFileUploadHandler):
    """Streams files to a temporary file, as Django's does, within the limits above."""

    def __init__(self, request=None):
        super().__init__(request)
        self.allowed = None

    def new_file(self, *args, **kwargs):
        if self.allowed is None:
            self.allowed = signed_in(self.request)
        if not self.allowed:
            self._refuse(SIGN_IN)
        super().new_file(*args, **kwargs)

    def receive_data_chunk(self, raw_data, start):
        if start + len(raw_data) > settings.SUBMISSION_MAX_UPLOAD_BYTES:
            self._refuse(too_large(start + len(raw_data)))
        return super().receive_data_chunk(raw_data, start)

    def _refuse(self, refusal):
        self.request.upload_refusal = refusal
        # The parser closes (and so deletes) the partial file and reads nothing more of the body.
        raise StopUpload(connection_reset=True)


class UploadLimitMiddleware:
    """Refuses before reading, and turns a refusal of the upload handler (FILE_UPLOAD_HANDLERS) into
    the answer. Put after AuthenticationMiddleware: it needs the session's user."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        refusal = self._refusal_before_reading(request)
        if refusal is None:
            response = self.get_response(request)
            refusal = getattr(request, "upload_refusal", None)
            if refusal is None:
                return response
        logger.warning("request body refused: %s %s (%s)", request.method, request.path, refusal.code)
        return self._answer(request, refusal)

    @staticmethod
    def _refusal_before_reading(request):
        if request.method not in BODY_METHODS:
            return None
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return None  # Django reads no body it cannot measure
        if length > settings.SUBMISSION_MAX_UPLOAD_BYTES + FORM_ALLOWANCE_BYTES:
            return too_large(length)
        if length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE and not signed_in(request):
            return SIGN_IN
        return None

    @staticmethod
    def _answer(request, refusal):
        if request.path.startswith("/api/") or "application/json" in request.headers.get("Accept", ""):
            return JsonResponse({"code": refusal.code, "detail": str(refusal)}, status=refusal.status)
        return HttpResponse(str(refusal), content_type="text/plain; charset=utf-8", status=refusal.status)
