"""Hostile uploads against a real gunicorn web process: what each costs it in memory, disk and time.

    .venv/bin/python benchmarks/upload_abuse_bench.py [--folders 5900000]

Runs a fresh embedded site under a temporary folder with one gunicorn worker and the default
limits (300 MB upload). For each case the worker's peak resident memory is reset
(/proc/PID/clear_refs) before the request and read (VmHWM) after it; the upload folder
(FILE_UPLOAD_TEMP_DIR) is watched every 10 ms for the most bytes it held; for the bodies sent
raw, the bytes the client got to send before the answer are counted.
"""
import argparse
import io
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from submissions_bench import PY, REPO, free_port, gunicorn_worker_pid, memory_kb, wait_http  # noqa: E402

MB = 1024 * 1024
GB = 1024 * MB
BOUNDARY = "----iwr-bench-boundary"
LIMIT = 300 * MB  # SUBMISSION_MAX_UPLOAD_BYTES's default
PAGE = b"<!doctype html><title>bench</title><h1>Hello</h1>"


def folders_zip(path, count):
    """A zip of `count` folder entries and nothing else (a central directory, zip64), as cheap per
    entry as a zip can be: the attack on a server that lists entries before counting them."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"

    def name(n):
        out = ""
        while True:
            n, r = divmod(n, 36)
            out = digits[r] + out
            if not n:
                return (out + "/").encode()

    with open(path, "wb") as out:
        header = struct.Struct("<4s6H3L5H2L")
        batch = []
        for n in range(count):
            entry = name(n)
            batch.append(header.pack(b"PK\x01\x02", 20, 20, 0, 0, 0, 0, 0, 0, 0, len(entry), 0, 0, 0, 0,
                                     0o40755 << 16 | 0x10, 0) + entry)
            if len(batch) == 100_000:
                out.write(b"".join(batch))
                batch = []
        out.write(b"".join(batch))
        size = out.tell()
        end64 = out.tell()
        out.write(struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, count, count, size, 0))
        out.write(struct.pack("<4sLQL", b"PK\x06\x07", 0, end64, 1))
        out.write(struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0))
    return path


def zeros_zip(path, entries, size):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("101/index.html", PAGE)
        zeros = bytes(size)
        for n in range(entries):
            archive.writestr(f"101/zeros/{n}.bin", zeros)
    return path


def site_zip(path):
    with zipfile.ZipFile(path, "w") as archive:
        site = REPO / "samples" / "sites" / "sample-tabs"
        for file in site.rglob("*"):
            if file.is_file() and file.name != "actions.json":
                archive.write(file, f"sample-tabs/bench-model/{file.relative_to(site).as_posix()}")
    return path


def form(fields, file_name=None, file_size=0):
    """The multipart body around a file of `file_size` bytes: (head, tail)."""
    head = io.BytesIO()
    for key, value in fields.items():
        head.write(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode())
    if file_name:
        head.write(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="archive"; filename="{file_name}"\r\n'
                   f'Content-Type: application/zip\r\n\r\n'.encode())
    return head.getvalue(), f"\r\n--{BOUNDARY}--\r\n".encode()


def send_raw(port, path, headers, head, body_size, tail):
    """POST a body of len(head) + body_size zeros + len(tail) bytes, writing until the server answers.
    Returns (status, answer, bytes sent)."""
    length = len(head) + body_size + len(tail)
    sock = socket.create_connection(("127.0.0.1", port))
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {length}",
             f"Content-Type: multipart/form-data; boundary={BOUNDARY}", *headers, "", ""]
    sock.sendall("\r\n".join(lines).encode())
    sent, chunk = 0, bytes(MB)
    sock.setblocking(False)
    answer = b""
    pending = head + b""
    try:
        while sent < length:
            try:
                answer += sock.recv(65536)
                if answer:
                    break
            except BlockingIOError:
                pass
            if not pending:
                rest = length - sent - len(tail)
                pending = chunk[:rest] if rest > 0 else tail
            try:
                n = sock.send(pending)
            except BlockingIOError:
                time.sleep(0.001)
                continue
            sent, pending = sent + n, pending[n:]
    except (BrokenPipeError, ConnectionResetError):
        pass
    sock.setblocking(True)
    sock.settimeout(30)
    try:
        while True:  # gunicorn's sync worker closes the connection after its answer
            data = sock.recv(65536)
            if not data:
                break
            answer += data
    except (ConnectionResetError, socket.timeout):
        pass
    sock.close()
    status = int(answer.split()[1]) if answer.startswith(b"HTTP/") else None
    return status, answer.split(b"\r\n\r\n", 1)[-1][:200], sent


def curl(port, path, headers, fields, archive):
    command = ["curl", "-sS", "-o", "-", "-w", "\n%{http_code}", f"http://127.0.0.1:{port}{path}"]
    for header in headers:
        command += ["-H", header]
    for key, value in fields.items():
        command += ["-F", f"{key}={value}"]
    command += ["-F", f"archive=@{archive}"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    body, status = out.rsplit("\n", 1)
    return int(status), body[:200].encode(), os.path.getsize(archive)


class DiskWatch:
    """The most bytes the upload folder held while a request ran."""

    def __init__(self, folder):
        self.folder, self.peak, self.stop = Path(folder), 0, threading.Event()

    def _loop(self):
        while not self.stop.wait(0.01):
            total = 0
            for file in self.folder.iterdir():
                try:
                    total += file.stat().st_size
                except FileNotFoundError:
                    pass
            self.peak = max(self.peak, total)

    def __enter__(self):
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folders", type=int, default=5_900_000, help="folder entries of the first case")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="iwr-abusebench-"))
    uploads = tmp / "uploads"
    uploads.mkdir()
    env = {**os.environ, "IWR_VAR_DIR": str(tmp / "var"), "MEDIA_ROOT": str(tmp / "var" / "media"),
           "FILE_UPLOAD_TEMP_DIR": str(uploads), "DJANGO_SETTINGS_MODULE": "config.settings",
           "UPLOAD_RATE_LIMIT": "1000"}
    for name in ("DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "SUBMISSION_MAX_UPLOAD_BYTES"):
        env.pop(name, None)
    os.environ.update(env)
    sys.path.insert(0, str(REPO))
    web = None
    try:
        subprocess.run([PY, "manage.py", "migrate", "-v0"], cwd=REPO, env=env, check=True)
        subprocess.run([PY, "manage.py", "import_bench", str(REPO / "samples" / "bench"), "-v0"], cwd=REPO, env=env,
                       check=True)
        import django
        django.setup()
        from django.contrib.auth import get_user_model
        from rest_framework.authtoken.models import Token

        from leaderboard.models import Submission

        user = get_user_model().objects.create_user("bench", password="bench-password-1")
        token = f"Authorization: Token {Token.objects.create(user=user).key}"
        csrf = "a" * 32
        anonymous = [f"Cookie: csrftoken={csrf}", f"X-CSRFToken: {csrf}"]
        meta = {"model_name": "bench", "model_type": "open-source"}

        started = time.monotonic()
        folders = folders_zip(tmp / "folders.zip", args.folders)
        zeros = zeros_zip(tmp / "zeros.zip", 1000, MB)
        print(f"built the zips in {time.monotonic() - started:.0f} s: {args.folders} folders "
              f"{folders.stat().st_size / MB:.0f} MB, 1000 x 1 MiB of zeros {zeros.stat().st_size / MB:.1f} MB")

        port = free_port()
        web = subprocess.Popen([str(REPO / ".venv" / "bin" / "gunicorn"), "config.wsgi", "--bind",
                                f"127.0.0.1:{port}", "--workers", "1", "--timeout", "600"], cwd=REPO, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        wait_http(f"http://127.0.0.1:{port}/healthz")
        pid = gunicorn_worker_pid(web.pid)
        good = site_zip(tmp / "site.zip")
        curl(port, "/api/submissions/preflight/", [token], {}, good)  # loads what the upload path needs

        file_head, tail = form({**meta, "csrfmiddlewaretoken": csrf}, "run.zip")
        cases = [
            ("a valid one-task run, upload (baseline)",
             lambda: curl(port, "/api/submissions/", [token], meta, good)),
            (f"{args.folders} folder entries, pre-flight check",
             lambda: curl(port, "/api/submissions/preflight/", [token], {}, folders)),
            ("1,000 entries of 1 MiB of zeros, upload",
             lambda: curl(port, "/api/submissions/", [token], meta, zeros)),
            ("3 GB body, signed in (token), upload",
             lambda: send_raw(port, "/api/submissions/", [token], file_head, 3 * GB, tail)),
            ("3 GB body, anonymous with a CSRF cookie, web form",
             lambda: send_raw(port, "/submit/", anonymous, file_head, 3 * GB, tail)),
            ("2 MB file, anonymous with a CSRF cookie, web form",
             lambda: send_raw(port, "/submit/", anonymous, file_head, 2 * MB, tail)),
            ("file 512 KB over the limit inside a body the limit allows, signed in, upload",
             lambda: send_raw(port, "/api/submissions/", [token], file_head, LIMIT + MB // 2, tail)),
        ]
        print(f"{'case':<78} {'status':>6} {'seconds':>8} {'sent MB':>8} {'peak RSS MB':>12} {'+MB':>7} "
              f"{'temp MB':>8}  answer")
        for title, send in cases:
            Path(f"/proc/{pid}/clear_refs").write_text("5")  # the peak starts again from now
            before = memory_kb(pid, "VmHWM")
            started = time.monotonic()
            with DiskWatch(uploads) as disk:
                status, answer, sent = send()
            seconds = time.monotonic() - started
            time.sleep(0.2)
            peak = memory_kb(pid, "VmHWM")
            code = json.loads(answer).get("code", "") if answer.startswith(b"{") and b'"code"' in answer else ""
            print(f"{title:<78} {status or '-':>6} {seconds:>8.2f} {sent / MB:>8.1f} {peak / 1024:>12.0f} "
                  f"{(peak - before) / 1024:>7.1f} {disk.peak / MB:>8.1f}  {code or answer[:60].decode(errors='replace')}")
        print(f"submissions stored: {Submission.objects.count()} (the baseline's); upload folder left: "
              f"{sum(f.stat().st_size for f in uploads.iterdir())} bytes")
    finally:
        if web is not None and web.poll() is None:
            os.killpg(web.pid, signal.SIGTERM)
            web.wait(timeout=30)


if __name__ == "__main__":
    main()
