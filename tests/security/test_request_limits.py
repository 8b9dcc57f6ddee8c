"""Bodies too big, or sent by someone not signed in, are refused before they are read or written:
the WSGI input itself witnesses how much of a body the application read."""
import io
import os

import pytest
from django.core.files import uploadhandler
from django.test.client import BOUNDARY, MULTIPART_CONTENT, Client, ClientHandler, encode_multipart
from rest_framework.authtoken.models import Token

from leaderboard.models import Submission

GB = 1024 ** 3


class Body(io.RawIOBase):
    """A request body of `length` bytes (`head`, then zeros) that counts what is read of it."""

    def __init__(self, head=b"", length=None):
        self.head, self.length, self.read_bytes = head, len(head) if length is None else length, 0

    def readable(self):
        return True

    def readinto(self, buffer):
        n = min(len(buffer), self.length - self.read_bytes)
        chunk = self.head[self.read_bytes:self.read_bytes + n]
        buffer[:n] = chunk + bytes(n - len(chunk))
        self.read_bytes += n
        return n


def call(path, body, headers=()):
    """The request as a WSGI server hands it over, CSRF checks on: (status, response body)."""
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": path, "SERVER_NAME": "testserver", "SERVER_PORT": "80",
               "wsgi.url_scheme": "http", "wsgi.input": io.BufferedReader(body), "CONTENT_LENGTH": str(body.length),
               "CONTENT_TYPE": MULTIPART_CONTENT, **dict(headers)}
    response = ClientHandler(enforce_csrf_checks=True)(environ)
    return response.status_code, response.content


@pytest.fixture
def token(alice):
    return {"HTTP_AUTHORIZATION": f"Token {Token.objects.create(user=alice).key}"}


@pytest.fixture
def temp_files(monkeypatch):
    """Every temporary file an upload handler creates for a file part."""
    made = []
    real = uploadhandler.TemporaryUploadedFile

    def record(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(uploadhandler, "TemporaryUploadedFile", record)
    return made


def multipart(size, **fields):
    archive = io.BytesIO(bytes(size))
    archive.name = "run.zip"
    return encode_multipart(BOUNDARY, {"model_name": "m", "model_type": "proprietary", **fields, "archive": archive})


@pytest.mark.django_db
def test_a_declared_body_over_the_limit_is_refused_without_reading_it(token, temp_files):
    body = Body(length=3 * GB)
    status, answer = call("/api/submissions/", body, token)
    assert status == 413 and b"upload:too-large" in answer
    assert body.read_bytes == 0 and temp_files == []


@pytest.mark.django_db
def test_an_anonymous_body_with_only_a_csrf_cookie_is_refused_without_reading_it(temp_files):
    csrf = {"HTTP_COOKIE": "csrftoken=" + "a" * 32}
    huge, big = Body(length=3 * GB), Body(length=10 * 1024 * 1024)
    assert call("/submit/", huge, csrf)[0] == 413
    status, answer = call("/submit/", big, csrf)
    assert status == 403 and b"Sign in" in answer
    assert huge.read_bytes == big.read_bytes == 0 and temp_files == []


@pytest.mark.django_db
def test_an_anonymous_file_is_refused_before_a_temporary_file_exists(temp_files):
    # The CSRF check reads the form, which is where Django would write the file.
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = "a" * 32
    archive = io.BytesIO(b"PK" + bytes(1000))
    archive.name = "run.zip"
    for path in ("/submit/", "/api/submissions/", "/api/submissions/preflight/"):
        archive.seek(0)
        response = client.post(path, {"csrfmiddlewaretoken": "a" * 32, "model_name": "m", "archive": archive})
        assert response.status_code == 403, path
        assert path != "/submit/" or b"Sign in" in response.content  # the API refuses before parsing
    assert temp_files == [] and Submission.objects.count() == 0


@pytest.mark.django_db
def test_a_file_growing_past_the_limit_is_cut_off_while_streaming_and_its_part_removed(token, temp_files,
                                                                                      settings):
    settings.SUBMISSION_MAX_UPLOAD_BYTES = 256 * 1024
    # Declared within the limit and the form's allowance, so only the stream shows it is too big.
    body = Body(multipart(settings.SUBMISSION_MAX_UPLOAD_BYTES + 512 * 1024))
    status, answer = call("/api/submissions/", body, token)
    assert status == 413 and b"upload:too-large" in answer
    assert body.read_bytes < settings.SUBMISSION_MAX_UPLOAD_BYTES + 256 * 1024 < body.length
    assert len(temp_files) == 1 and not os.path.exists(temp_files[0].file.name)
    assert Submission.objects.count() == 0


@pytest.mark.django_db
def test_a_signed_in_upload_within_the_limit_is_read_as_before(token, temp_files, tasks):
    body = Body(multipart(1000))
    status, answer = call("/api/submissions/", body, token)
    assert status == 400 and b"upload:not-a-zip" in answer  # parsed and judged by the zip checks
    assert body.read_bytes == body.length and len(temp_files) == 1
