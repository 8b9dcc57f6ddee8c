"""Safe inspection and unpacking of uploaded zips.

`inspect_zip` reads only the zip's central directory and decides everything (what is unsafe, what
is too big, which folder is which task's site) before `unpack` writes a single byte. Every
rejection is an UploadError with a stable code and the offending entry names.

Two layouts are accepted:
- one task: `index.html` at the zip's root, or everything inside one folder that holds it;
- a whole run (the official output layout): `<task_id>/<model_dir>/index.html` or
  `<task_id>/index.html`, one folder per task, also inside one folder around them (a zipped
  `result/` folder, or `<model>/<task_id>/index.html`).
"""
import difflib
import hashlib
import os
import re
import shutil
import stat
import struct
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urljoin, urlsplit

from django.conf import settings

from config.refusals import Refused
from judging.engine import assets

SITE_INDEX = "index.html"
# Archivers add these; they are never part of a site, so they are skipped rather than rejected.
JUNK_PREFIXES = ("__MACOSX/",)
JUNK_NAMES = (".DS_Store", "Thumbs.db", "desktop.ini")
# Small files compress extremely well when repetitive (a blank 50 kB page is legitimate at 300:1),
# so the ratio test only looks at entries big enough to matter.
RATIO_FLOOR_BYTES = 1024 * 1024
NAMES_SHOWN = 10
# What file systems allow for one name in a path (bytes), and a sane bound for a whole path.
PART_MAX_BYTES = 255
PATH_MAX_CHARS = 1024
# A central directory entry is 46 bytes plus its name, extra field and comment: this bounds the
# directory's size by the entry limit, before zipfile reads it into memory.
DIRECTORY_BYTES_PER_ENTRY = 512
COPY_CHUNK = 1024 * 1024
# The files whose text can load other resources; bigger ones (bundled libraries) are not scanned.
SCANNED_SUFFIXES = {".html", ".htm", ".js", ".mjs", ".css", ".svg"}
SCAN_MAX_BYTES = 2 * 1024 * 1024
OUTSIDE_URL = re.compile(r"""https?://[^\s"'`<>()\\]+""", re.I)
# Namespace and doctype identifiers are URLs that nothing loads.
NAMESPACE_HOSTS = {"www.w3.org", "w3.org"}
OUTSIDE_URLS_SHOWN = 100
# What a page loads by a relative path: src/poster/href attributes, CSS url(), and quoted strings in
# scripts that end like a media or style file (an image swapped in by a click handler).
ATTRIBUTE_REFERENCE = re.compile(r"""\b(?:src|poster|href)\s*=\s*(["'])([^"'<>]+?)\1""", re.I)
CSS_REFERENCE = re.compile(r"""url\(\s*(["']?)([^"'()]+?)\1\s*\)""", re.I)
FILE_SUFFIXES = r"png|jpe?g|gif|svg|webp|avif|ico|bmp|mp4|webm|ogg|mp3|wav|css|js|woff2?|ttf|otf"
STRING_REFERENCE = re.compile(rf"""(["'`])([^"'`\s<>()]+?\.(?:{FILE_SUFFIXES}))\1""", re.I)
NOT_FILES = ("data:", "blob:", "javascript:", "mailto:", "tel:", "about:", "#")
# A page as the judge serves it: at the root of a fake origin (judging.engine.isolation.ORIGIN).
SITE_ROOT_URL = "http://site.invalid/"


class UploadError(Refused):
    """A rejected upload; the message names the offending entries."""

    def __init__(self, code, message, entries=()):
        self.entries = list(entries)
        if self.entries:
            shown = ", ".join(self.entries[:NAMES_SHOWN])
            more = len(self.entries) - NAMES_SHOWN
            message = f"{message}: {shown}" + (f" and {more} more" if more > 0 else "")
        super().__init__(code, message)


@dataclass(frozen=True)
class Limits:
    max_files: int
    max_total_bytes: int
    max_file_bytes: int
    max_ratio: int
    max_entries: int = None  # every entry, folders and archivers' junk included; default twice max_files

    def __post_init__(self):
        if self.max_entries is None:
            object.__setattr__(self, "max_entries", 2 * self.max_files)

    @classmethod
    def from_settings(cls):
        return cls(
            max_files=settings.SUBMISSION_MAX_FILES,
            max_total_bytes=settings.SUBMISSION_MAX_UNPACKED_BYTES,
            max_file_bytes=settings.SUBMISSION_MAX_FILE_BYTES,
            max_ratio=settings.SUBMISSION_MAX_COMPRESSION_RATIO,
            max_entries=settings.SUBMISSION_MAX_ENTRIES,
        )


@dataclass
class Plan:
    """What `unpack` will write: for each task, the zip entries of its site and their new paths."""

    layout: str  # "task" or "run"
    sites: dict = field(default_factory=dict)  # task_id -> [(ZipInfo, path inside the site)]
    ignored: list = field(default_factory=list)  # entries outside every site's folder
    total_bytes: int = 0

    @property
    def task_ids(self):
        return sorted(self.sites)

    @property
    def file_count(self):
        return sum(len(entries) for entries in self.sites.values())


def _mb(n):
    return f"{n / 1024 / 1024:.1f} MB"


def _is_junk(name):
    return name.startswith(JUNK_PREFIXES) or PurePosixPath(name).name in JUNK_NAMES


def _check_directory(path, limits):
    """Limit the entries before zipfile builds its list of them (a few hundred bytes of memory each,
    folders too): the count the end record states, the directory's size, then the entries it really
    holds, counted by walking its headers (the stated count may lie; zipfile reads by size)."""
    try:
        with open(path, "rb") as fh:
            # The reading ZipFile itself starts with (zip64 included), so the two cannot disagree.
            end = zipfile._EndRecData(fh)
            if end is None:
                raise UploadError("upload:not-a-zip", "The file is not a readable zip archive")
            stated, size = end[zipfile._ECD_ENTRIES_TOTAL], end[zipfile._ECD_SIZE]
            too_many = f"; the limit is {limits.max_entries} (files and folders)"
            if stated > limits.max_entries:
                raise UploadError("upload:too-many-entries", f"The zip has {stated} entries{too_many}")
            if size > limits.max_entries * DIRECTORY_BYTES_PER_ENTRY:
                raise UploadError("upload:too-many-entries", f"The zip's list of entries takes {_mb(size)}, more "
                                  f"than {limits.max_entries} entries need")
            start = end[zipfile._ECD_LOCATION] - size
            if end[zipfile._ECD_SIGNATURE] == zipfile.stringEndArchive64:
                start -= zipfile.sizeEndCentDir64 + zipfile.sizeEndCentDir64Locator
            fh.seek(max(start, 0))
            directory = fh.read(size)
    except OSError:
        raise UploadError("upload:not-a-zip", "The file is not a readable zip archive") from None
    count, at = 0, 0
    while directory.startswith(zipfile.stringCentralDir, at) and at + zipfile.sizeCentralDir <= len(directory):
        name, extra, comment = struct.unpack_from("<HHH", directory, at + 28)
        at += zipfile.sizeCentralDir + name + extra + comment
        count += 1
        if count > limits.max_entries:
            raise UploadError("upload:too-many-entries", f"The zip has more than {limits.max_entries} "
                              f"entries{too_many}")


def _bad_name(name):
    """Names that are not one plain path: empty, with empty or '.' parts ('site//index.html',
    './index.html'), which would name the same file as another entry or none at all."""
    parts = name.replace("\\", "/").split("/")
    if parts[-1] == "" and len(parts) > 1:  # a folder's trailing slash
        parts = parts[:-1]
    return any(part in ("", ".") for part in parts)


def _name_too_long(name):
    return len(name) > PATH_MAX_CHARS or any(len(part.encode("utf-8")) > PART_MAX_BYTES
                                             for part in name.replace("\\", "/").split("/"))


def _file_folder_clashes(infos):
    """Files whose path is also a folder of other entries ('a' beside 'a/b.css'): one of them cannot be written."""
    folders = set()
    for info in infos:
        parts = _parts(info)
        folders.update("/".join(parts[:n]) for n in range(1, len(parts) if not info.is_dir() else len(parts) + 1))
    return sorted(i.filename for i in infos if not i.is_dir() and "/".join(_parts(i)) in folders)


def _check_entries(infos, limits, archive_bytes):
    """Every safety rule over the raw entries; the first rule broken is reported with all its offenders."""
    rules = [
        ("upload:encrypted", "The zip has encrypted entries, which cannot be judged",
         lambda i: i.flag_bits & 0x1),
        ("upload:link", "The zip has links or special files (only plain files and folders are allowed)",
         lambda i: stat.S_IFMT(i.external_attr >> 16) not in (0, stat.S_IFREG, stat.S_IFDIR)),
        ("upload:absolute-path", "The zip has entries with absolute paths",
         lambda i: i.filename.replace("\\", "/").startswith("/") or i.filename[1:3] in (":/", ":\\")),
        ("upload:path-traversal", "The zip has entries that climb out of their folder with '..'",
         lambda i: ".." in i.filename.replace("\\", "/").split("/")),
        ("upload:bad-name", "The zip has entries whose names are empty or have empty or '.' parts",
         lambda i: _bad_name(i.filename)),
        ("upload:name-too-long", f"The zip has entries whose names are longer than {PART_MAX_BYTES} bytes "
         f"for one part or {PATH_MAX_CHARS} characters in all", lambda i: _name_too_long(i.filename)),
        ("upload:file-too-large",
         f"The zip has files larger than the limit of {_mb(limits.max_file_bytes)} each",
         lambda i: i.file_size > limits.max_file_bytes),
        ("upload:compression-ratio",
         f"The zip has entries compressed more than {limits.max_ratio}:1, as zip bombs are",
         lambda i: i.file_size > RATIO_FLOOR_BYTES and i.file_size > limits.max_ratio * max(i.compress_size, 1)),
    ]
    for code, message, broken in rules:
        offenders = [i.filename for i in infos if broken(i)]
        if offenders:
            raise UploadError(code, message, offenders)

    # Small entries are exempt above, so a thousand of them could still unpack a gigabyte of zeros.
    unpacked = sum(i.file_size for i in infos)
    if unpacked > RATIO_FLOOR_BYTES and unpacked > limits.max_ratio * max(archive_bytes, 1):
        raise UploadError("upload:compression-ratio",
                          f"The zip unpacks to {_mb(unpacked)} from {_mb(archive_bytes)}, more than "
                          f"{limits.max_ratio}:1, as zip bombs do")

    counts = Counter(i.filename.replace("\\", "/").rstrip("/") for i in infos)
    duplicates = sorted(name for name, n in counts.items() if n > 1)
    if duplicates:
        raise UploadError("upload:duplicate-entry", "The zip names the same path more than once", duplicates)
    clashes = _file_folder_clashes(infos)
    if clashes:
        raise UploadError("upload:file-folder-clash", "The zip has files named like a folder of other entries",
                          clashes)

    files = [i for i in infos if not i.is_dir() and not _is_junk(i.filename.replace("\\", "/"))]
    if len(files) > limits.max_files:
        raise UploadError("upload:too-many-files",
                          f"The zip has {len(files)} files; the limit is {limits.max_files}")
    total = sum(i.file_size for i in files)
    if total > limits.max_total_bytes:
        raise UploadError("upload:too-large",
                          f"The zip unpacks to {_mb(total)}; the limit is {_mb(limits.max_total_bytes)}")
    if not files:
        raise UploadError("upload:empty", "The zip contains no files")
    return files


def _parts(info):
    return [p for p in info.filename.replace("\\", "/").split("/") if p not in ("", ".")]


def _plan_one_task(files, task_id):
    paths = {"/".join(_parts(i)): i for i in files}
    if SITE_INDEX in paths:
        root = ()
    else:
        tops = {_parts(i)[0] for i in files}
        top = next(iter(tops))
        if len(tops) != 1 or f"{top}/{SITE_INDEX}" not in paths or any(len(_parts(i)) < 2 for i in files):
            found = sorted(p for p in paths if PurePosixPath(p).name == SITE_INDEX)
            raise UploadError(
                "upload:no-index",
                f"No {SITE_INDEX} at the zip's root or inside its one top folder "
                + ("(index.html files found)" if found else "(top-level entries)"),
                found or sorted(tops),
            )
        root = (top,)
    plan = Plan(layout="task")
    plan.sites[task_id] = [(i, "/".join(_parts(i)[len(root):])) for i in files]
    return plan


def _wrapping_folder(files, known_task_ids):
    """("<folder>",) when every file is inside one folder that is not a task id but holds task-id
    folders: a zipped result/ folder, or <model>/<task_id>/index.html. Else ()."""
    tops = {_parts(i)[0] for i in files}
    if len(tops) != 1 or next(iter(tops)) in known_task_ids:
        return ()
    inner = {_parts(i)[1] for i in files if len(_parts(i)) > 2}
    return tuple(tops) if inner & set(known_task_ids) else ()


def _did_you_mean(name, known_task_ids):
    close = difflib.get_close_matches(name, [str(t) for t in known_task_ids], n=1, cutoff=0.6)
    return f"{name} (did you mean {close[0]}?)" if close else name


def _one_folder_hint(by_task, files, known_task_ids):
    if len(by_task) == 1 and not _wrapping_folder(files, known_task_ids):
        return (f" (the zip holds one folder, {next(iter(by_task))}/: zip the task folders inside the run's "
                f"result/ folder, <task_id>/<model_dir>/{SITE_INDEX}, not a folder around them)")
    return ""


def _too_deep(task_id, inside, root):
    """The task folder, with where its index.html is when it is deeper than the layout allows."""
    deeper = sorted((p for p in inside if PurePosixPath(p).name == SITE_INDEX), key=lambda p: (p.count("/"), p))
    if not deeper:
        return task_id
    found = "/".join([*root, task_id, deeper[0]])
    return f"{task_id} ({SITE_INDEX} found too deep, at {found}: move its folder up to {task_id}/<model_dir>/)"


def _plan_whole_run(files, known_task_ids):
    root = _wrapping_folder(files, known_task_ids)

    def parts(info):
        return _parts(info)[len(root):]

    loose = sorted(i.filename for i in files if len(parts(i)) < 2)
    if loose:
        raise UploadError("upload:loose-files",
                          "A whole-run zip holds one folder per task id; these files are outside any task folder",
                          loose)
    by_task = {}
    for info in files:
        by_task.setdefault(parts(info)[0], []).append(info)
    unknown = sorted(t for t in by_task if t not in known_task_ids)
    if unknown:
        raise UploadError("upload:unknown-task", "The zip has folders that are not task ids of this benchmark"
                          + _one_folder_hint(by_task, files, known_task_ids),
                          [_did_you_mean(t, known_task_ids) for t in unknown])

    plan = Plan(layout="run")
    missing, ambiguous = [], []
    for task_id, infos in sorted(by_task.items()):
        inside = {"/".join(parts(i)[1:]) for i in infos}
        if SITE_INDEX in inside:
            site_root = [task_id]
        else:
            models = sorted(p.split("/")[0] for p in inside if p.count("/") == 1 and p.endswith("/" + SITE_INDEX))
            if not models:
                missing.append(_too_deep(task_id, inside, root))
                continue
            if len(models) > 1:
                ambiguous.append(f"{task_id} ({', '.join(models)})")
                continue
            site_root = [task_id, models[0]]
        depth = len(site_root)
        for info in infos:
            path = parts(info)
            if path[:depth] == site_root:
                plan.sites.setdefault(task_id, []).append((info, "/".join(path[depth:])))
            else:
                plan.ignored.append(info.filename)
    if missing:
        raise UploadError("upload:no-index",
                          f"These task folders have no {SITE_INDEX} (expected <task_id>/<model_dir>/{SITE_INDEX} "
                          f"or <task_id>/{SITE_INDEX})", missing)
    if ambiguous:
        raise UploadError("upload:ambiguous-site",
                          f"These task folders hold more than one model folder with an {SITE_INDEX}", ambiguous)
    return plan


def inspect_zip(path, known_task_ids, task_id=None, limits=None):
    """Decide what to unpack without writing anything. `task_id` set means a one-task zip."""
    limits = limits or Limits.from_settings()
    if task_id is not None and task_id not in known_task_ids:
        raise UploadError("upload:unknown-task", "This task id is not part of the benchmark", [str(task_id)])
    _check_directory(path, limits)
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        raise UploadError("upload:not-a-zip", "The file is not a readable zip archive") from None
    files = _check_entries(infos, limits, os.path.getsize(path))
    plan = _plan_one_task(files, task_id) if task_id is not None else _plan_whole_run(files, known_task_ids)
    plan.total_bytes = sum(info.file_size for entries in plan.sites.values() for info, _ in entries)
    return plan


def unpack(path, plan, dest):
    """Write each task's site to dest/<task_id>/. `dest` must not exist yet; on any failure it is removed."""
    dest = Path(dest)
    dest.mkdir(parents=True)
    root = dest.resolve()
    info = None
    try:
        with zipfile.ZipFile(path) as archive:
            for task_id, entries in plan.sites.items():
                for info, relative in entries:
                    target = (root / task_id / relative).resolve()
                    # inspect_zip already refused '..' and absolute names; this guards the guard.
                    if not target.is_relative_to(root / task_id):
                        raise UploadError("upload:path-traversal", "An entry resolves outside its site",
                                          [info.filename])
                    target.parent.mkdir(parents=True, exist_ok=True)
                    # ZipExtFile stops at the declared size and checks the CRC, so a header that
                    # under-states a bomb's size cannot make us write more than was checked.
                    with archive.open(info) as src, open(target, "xb") as out:
                        shutil.copyfileobj(src, out, COPY_CHUNK)
    except zipfile.BadZipFile as exc:
        shutil.rmtree(dest, ignore_errors=True)
        raise UploadError("upload:corrupt", f"The zip is damaged ({exc}) at entry", [info.filename]) from None
    except BaseException:
        shutil.rmtree(dest, ignore_errors=True)
        raise
    return {task_id: dest / task_id for task_id in plan.sites}


@dataclass(frozen=True)
class OutsideUrl:
    task_id: str
    file: str   # path inside the site
    line: int
    url: str


def _host(url):
    try:
        return urlsplit(url).hostname or ""
    except ValueError:  # e.g. an unclosed IPv6 bracket: still an outside URL
        return ""


def outside_urls(path, plan, limit=OUTSIDE_URLS_SHOWN):
    """http(s) URLs in the sites' HTML, JS, CSS and SVG, which the judge would block: every site is
    served only from its own files. Returns (found, whether more were left out)."""
    found = []
    with zipfile.ZipFile(path) as archive:
        for task_id, entries in sorted(plan.sites.items()):
            for info, relative in entries:
                if PurePosixPath(relative).suffix.lower() not in SCANNED_SUFFIXES or info.file_size > SCAN_MAX_BYTES:
                    continue
                text = archive.read(info).decode("utf-8", "replace")
                for number, line in enumerate(text.splitlines(), 1):
                    for match in OUTSIDE_URL.finditer(line):
                        if _host(match.group()) in NAMESPACE_HOSTS:
                            continue
                        if len(found) == limit:
                            return found, True
                        found.append(OutsideUrl(task_id, relative, number, match.group()[:300]))
    return found, False


@dataclass(frozen=True)
class MissingFile:
    task_id: str
    file: str       # path inside the site of the file that refers to it
    line: int
    reference: str  # as written


def _references(relative, text):
    """(line, reference as written, URL path from the site root) of each local file `text` refers to."""
    suffix = PurePosixPath(relative).suffix.lower()
    page_url = SITE_ROOT_URL + relative
    patterns = [CSS_REFERENCE] + ([ATTRIBUTE_REFERENCE, STRING_REFERENCE] if suffix != ".css" else [])
    for number, line in enumerate(text.splitlines(), 1):
        seen = set()
        for pattern in patterns:
            for match in pattern.finditer(line):
                reference = match.group(2).strip()
                if reference in seen or reference.lower().startswith(NOT_FILES) or "${" in reference \
                        or "{{" in reference or "//" in reference.split("?")[0].split("#")[0]:
                    continue
                seen.add(reference)
                # A script's strings are resolved by the page that runs it; a style sheet's by itself.
                base = page_url if suffix in (".html", ".htm", ".css", ".svg") else SITE_ROOT_URL
                url = urlsplit(urljoin(base, reference))
                if url.scheme == "http" and url.netloc == "site.invalid":
                    yield number, reference, unquote(url.path)


def missing_files(path, plan, asset_names, limit=OUTSIDE_URLS_SHOWN):
    """Local files the sites refer to that are neither in the site nor one of the task's assets
    (found by the judge's rule, judging.engine.assets), which the judge would answer with a 404.
    `asset_names`: {task_id: set of names inside the task's assets/}. Returns (found, whether more)."""
    found = []
    with zipfile.ZipFile(path) as archive:
        for task_id, entries in sorted(plan.sites.items()):
            site_files = {relative for _info, relative in entries}
            names = asset_names.get(task_id, set())
            for info, relative in entries:
                if PurePosixPath(relative).suffix.lower() not in SCANNED_SUFFIXES or info.file_size > SCAN_MAX_BYTES:
                    continue
                text = archive.read(info).decode("utf-8", "replace")
                for number, reference, url_path in _references(relative, text):
                    if assets.locate(url_path, site_files.__contains__, names.__contains__) is None:
                        if len(found) == limit:
                            return found, True
                        found.append(MissingFile(task_id, relative, number, reference[:300]))
    return found, False


def content_digest(path, plan):
    """sha256 over what `unpack` would write: each site file's task, path and content digest, in
    order. Two zips of the same files have the same digest whatever their compression, entry order,
    timestamps or wrapping folder."""
    digest = hashlib.sha256()
    with zipfile.ZipFile(path) as archive:
        files = sorted(((t, r, i) for t, entries in plan.sites.items() for i, r in entries), key=lambda f: f[:2])
        for task_id, relative, info in files:
            content = hashlib.sha256()
            with archive.open(info) as src:
                for chunk in iter(lambda: src.read(COPY_CHUNK), b""):
                    content.update(chunk)
            digest.update(f"{task_id}\0{relative}\0{content.hexdigest()}\n".encode())
    return digest.hexdigest()


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(COPY_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()
