"""Serving task files with HTTP Range support, so videos seek in every browser.

Django's static serving is for DEBUG only and has no Range support, and media must be served in
production too (gunicorn, DEBUG off), so task files go through this small, careful responder.
"""
import mimetypes
import re
from email.utils import formatdate, parsedate_to_datetime
from pathlib import Path

from django.http import Http404, HttpResponse, HttpResponseNotModified, StreamingHttpResponse

from judging.engine.files import file_inside

CHUNK = 256 * 1024
RANGE_RE = re.compile(r"^bytes=(\d*)-(\d*)$")
# Only these parts of a task folder are public; staging and backup folders never are.
PUBLIC_FILES = {"video.mp4", "poster.jpg", "inputs.zip", "task.json", "metadata.json"}
PUBLIC_FOLDERS = {"assets", "stitched_assets", "checkpoints"}


def public_path(folder, relative):
    """The file under `folder` named by the URL part `relative`, or Http404."""
    parts = Path(relative).parts
    if not parts or (parts[0] not in PUBLIC_FOLDERS and relative not in PUBLIC_FILES):
        raise Http404("no such task file")
    path = file_inside(folder, relative)
    if path is None:
        raise Http404("no such task file")
    return path


def parse_range(header, size):
    """(start, end) inclusive for a single satisfiable byte range; None to send the whole file;
    'unsatisfiable' when the range lies outside the file."""
    match = RANGE_RE.match(header.replace(" ", ""))
    if not match or match.groups() == ("", ""):
        return None  # malformed or multi-range: RFC 9110 allows answering with the full file
    first, last = match.groups()
    if first == "":
        length = int(last)
        if length == 0:
            return "unsatisfiable"
        return max(0, size - length), size - 1
    start = int(first)
    end = min(int(last), size - 1) if last else size - 1
    if start >= size or start > end:
        return "unsatisfiable"
    return start, end


def read_slice(path, start, length):
    with open(path, "rb") as handle:
        handle.seek(start)
        while length > 0:
            data = handle.read(min(CHUNK, length))
            if not data:
                return
            length -= len(data)
            yield data


def not_modified(request, etag, mtime):
    if_none_match = request.headers.get("If-None-Match")
    if if_none_match is not None:
        return etag in [tag.strip() for tag in if_none_match.split(",")] or if_none_match.strip() == "*"
    since = request.headers.get("If-Modified-Since")
    if since:
        try:
            return int(mtime) <= parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError):
            return False
    return False


def file_response(request, path, download_name=None):
    """200, 206, 304 or 416 for `path`, honouring Range and If-Range (GET and HEAD)."""
    stat = path.stat()
    size = stat.st_size
    etag = f'"{stat.st_mtime_ns:x}-{size:x}"'
    headers = {
        "Accept-Ranges": "bytes",
        "ETag": etag,
        "Last-Modified": formatdate(stat.st_mtime, usegmt=True),
        "Cache-Control": "public, max-age=3600",
    }
    if not_modified(request, etag, stat.st_mtime):
        response = HttpResponseNotModified()
        for name, value in headers.items():
            response[name] = value
        return response

    content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    span = None
    if "Range" in request.headers and request.headers.get("If-Range", etag) in (etag, headers["Last-Modified"]):
        span = parse_range(request.headers["Range"], size)
    if span == "unsatisfiable":
        response = HttpResponse(status=416)
        response["Content-Range"] = f"bytes */{size}"
        response["Accept-Ranges"] = "bytes"
        return response

    start, end = span or (0, size - 1)
    length = end - start + 1 if size else 0
    body = [] if request.method == "HEAD" else read_slice(path, start, length)
    response = StreamingHttpResponse(body, content_type=content_type, status=206 if span else 200)
    response["Content-Length"] = str(length)
    if span:
        response["Content-Range"] = f"bytes {start}-{end}/{size}"
    for name, value in headers.items():
        response[name] = value
    if download_name:
        response["Content-Disposition"] = f'attachment; filename="{download_name}"'
    return response
