"""Files as every part of the project reads them: a name that must stay inside its folder, and a
file's sha256 (uploads, storage manifests)."""
import hashlib
from pathlib import Path


def inside(root, relative):
    """root/relative once links are resolved, if it stays inside root; else None, also for a name the
    system cannot resolve. The path need not exist yet."""
    root = Path(root).resolve()
    try:
        path = (root / relative).resolve()
    except (OSError, ValueError):
        return None
    return path if path.is_relative_to(root) else None


def file_inside(root, relative):
    """inside(), for a file that exists: what a URL or a stored name may serve."""
    path = inside(root, relative)
    return path if path is not None and path.is_file() else None


def sha256_of(handle):
    """The hex sha256 of what a binary file object holds from where it stands (a zip entry too)."""
    digest = hashlib.sha256()
    for chunk in iter(lambda: handle.read(1 << 20), b""):
        digest.update(chunk)
    return digest.hexdigest()


def sha256_file(path):
    with open(path, "rb") as handle:
        return sha256_of(handle)
