"""Media in shared object storage (S3) for web processes and judge workers on different machines.

The judge engine and the file views work on folders on local disk, so storage is where files are
kept and local disk is where they are used: a folder is published to storage with a manifest (a
sha256 per file), fetched back by that manifest, and a task's files are cached on a worker under
the manifest's hash, so they are downloaded once per task version. Storage names are paths
relative to MEDIA_ROOT, the same on every machine.

With the default local storage MEDIA_ROOT is the storage itself: publishing does nothing and every
folder is returned where it already is.
"""
import hashlib
import json
import shutil
import tempfile
import uuid
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.files import File
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage, storages

MANIFEST = ".manifest.json"


class MediaError(Exception):
    """Storage does not hold what a manifest promises (missing, or replaced while being read)."""


def remote():
    return not isinstance(storages["default"], FileSystemStorage)


def relative(path):
    """The storage name of a path under MEDIA_ROOT."""
    return Path(path).relative_to(settings.MEDIA_ROOT).as_posix()


def _sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _names(prefix):
    """Every file name under `prefix` in storage."""
    folders, files = storages["default"].listdir(prefix)
    yield from (f"{prefix}/{name}" for name in files)
    for folder in folders:
        yield from _names(f"{prefix}/{folder}")


def publish_tree(local_dir, prefix):
    """Upload the files of `local_dir` to storage under `prefix`, with a manifest; None when local."""
    if not remote():
        return None
    storage, local_dir = storages["default"], Path(local_dir)
    files = {}
    for path in sorted(p for p in local_dir.rglob("*") if p.is_file()):
        name = path.relative_to(local_dir).as_posix()
        if name == MANIFEST:
            continue
        files[name] = _sha256(path)
        with open(path, "rb") as handle:
            storage.save(f"{prefix}/{name}", File(handle))
    manifest = {"sha256": hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest(), "files": files}
    body = json.dumps(manifest, sort_keys=True)
    # Written after the files, so a reader that finds this manifest finds every file it lists.
    storage.save(f"{prefix}/{MANIFEST}", ContentFile(body.encode()))
    (local_dir / MANIFEST).write_text(body)
    for name in list(_names(prefix)):  # files of an earlier version (a re-imported task) that this one lacks
        if name[len(prefix) + 1:] not in files and name != f"{prefix}/{MANIFEST}":
            storage.delete(name)
    return manifest


def read_manifest(prefix):
    try:
        with storages["default"].open(f"{prefix}/{MANIFEST}") as handle:
            return json.load(handle)
    except FileNotFoundError:
        return None


def fetch_tree(prefix, local_dir, manifest=None):
    """Download the files listed in the manifest under `prefix` into `local_dir`, checking each hash."""
    manifest = manifest or read_manifest(prefix)
    if manifest is None:
        raise MediaError(f"storage holds no manifest under {prefix}/")
    storage, local_dir = storages["default"], Path(local_dir)
    for name, digest in manifest["files"].items():
        target = (local_dir / name).resolve()
        if not target.is_relative_to(local_dir.resolve()):
            raise MediaError(f"manifest of {prefix}/ names a file outside it: {name}")
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            with storage.open(f"{prefix}/{name}") as source, open(target, "wb") as out:
                shutil.copyfileobj(source, out, 1 << 20)
        except FileNotFoundError:
            raise MediaError(f"{prefix}/{name} is listed in its manifest but not in storage") from None
        if _sha256(target) != digest:
            # Published again while we read (a task re-imported): the job's retry reads the new version.
            raise MediaError(f"{prefix}/{name} changed while it was being fetched")
    (local_dir / MANIFEST).write_text(json.dumps(manifest, sort_keys=True))
    return manifest


def _fetch_into(prefix, folder, manifest=None):
    """Fetch into a staging folder and rename it into place, so `folder` is either whole or absent."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = folder.with_name(f".part-{uuid.uuid4().hex}")
    try:
        fetch_tree(prefix, staging, manifest)
        try:
            staging.rename(folder)
        except OSError:
            if not (folder / MANIFEST).is_file():  # not another process of this machine finishing first
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def cached_task_dir(task):
    """A local folder with the task's files: MEDIA_ROOT's when local, else this machine's cached copy.

    Only the small manifest is read from storage each time; the files are downloaded once per
    content hash, so a re-imported (changed) task gets a new folder and an unchanged one is reused.
    """
    if not remote():
        return task.directory()
    prefix = relative(task.directory())
    manifest = read_manifest(prefix)
    if manifest is None:
        raise MediaError(f"task {task.task_id} has no files in storage (import it again)")
    folder = Path(settings.TASK_CACHE_DIR) / task.task_id / manifest["sha256"]
    if not (folder / MANIFEST).is_file():
        _fetch_into(prefix, folder, manifest)
    return folder


def local_tree(prefix):
    """The folder MEDIA_ROOT/`prefix`, fetched from storage first when remote and not yet here.

    For folders that never change once published (a submission's site, a claim's results), so a
    copy here is never stale. When storage holds nothing under `prefix` the folder may not exist;
    callers treat its files as missing.
    """
    folder = Path(settings.MEDIA_ROOT) / prefix
    if remote() and not (folder / MANIFEST).is_file() and read_manifest(prefix) is not None:
        _fetch_into(prefix, folder)
    return folder


def subfolders(prefix):
    """Names of the folders directly under `prefix`."""
    if remote():
        return storages["default"].listdir(prefix)[0]
    folder = Path(settings.MEDIA_ROOT) / prefix
    return [p.name for p in folder.iterdir() if p.is_dir()] if folder.is_dir() else []


def remove_tree(prefix):
    """Delete everything under `prefix`: in storage, and this machine's copy."""
    if remote():
        for name in list(_names(prefix)):
            storages["default"].delete(name)
    shutil.rmtree(Path(settings.MEDIA_ROOT) / prefix, ignore_errors=True)


@contextmanager
def judging_folders(run):
    """(task folder, site folder, result folder) for the engine to judge `run` in.

    Local storage: the folders under MEDIA_ROOT. Remote: the cached task, and the site and an
    empty result folder in a temporary folder that is removed afterwards; the caller publishes the
    result folder before leaving.
    """
    if not remote():
        yield run.task.directory(), run.site_dir(), run.claim_dir()
        return
    task_dir = cached_task_dir(run.task)
    work = Path(settings.VAR_DIR) / "judge-work"
    work.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=work) as temporary:
        site_dir = Path(temporary) / "site"
        fetch_tree(relative(run.site_dir()), site_dir)
        yield task_dir, site_dir, Path(temporary) / "out"
