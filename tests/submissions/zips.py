"""Building test zips, including the hostile ones no ordinary archiver would produce."""
import stat
import zipfile
from pathlib import Path

SAMPLE_SITES = Path(__file__).resolve().parents[2] / "samples" / "sites"
PAGE = b"<!doctype html><title>site</title><h1>Hello</h1>"


def make_zip(path, entries, compression=zipfile.ZIP_DEFLATED):
    """entries: {name: bytes} or {name: (bytes, {ZipInfo attribute: value})}."""
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, content in entries.items():
            data, attrs = content if isinstance(content, tuple) else (content, {})
            info = zipfile.ZipInfo(name)
            info.compress_type = compression
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            for key, value in attrs.items():
                setattr(info, key, value)
            archive.writestr(info, data)
    return path


def symlink(target):
    return (target.encode(), {"external_attr": (stat.S_IFLNK | 0o777) << 16, "create_system": 3})


def mark_encrypted(path, name):
    """Set the 'encrypted' flag of one entry in place; zipfile cannot write encrypted entries itself."""
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(name)
    raw = bytearray(path.read_bytes())
    local = info.header_offset
    raw[local + 6] |= 0x1  # local file header: general purpose flags at offset 6
    central = raw.find(b"PK\x01\x02")
    while central != -1:
        name_len = int.from_bytes(raw[central + 28:central + 30], "little")
        if raw[central + 46:central + 46 + name_len] == name.encode():
            raw[central + 8] |= 0x1  # central directory header: flags at offset 8
            break
        central = raw.find(b"PK\x01\x02", central + 4)
    path.write_bytes(bytes(raw))
    return path


def site_zip(path, perfect=(), blank=()):
    """A whole run: reference sites for `perfect` task ids, an empty page for `blank` ones."""
    with zipfile.ZipFile(path, "w") as archive:
        for task_id in perfect:
            site = SAMPLE_SITES / task_id
            for file in site.rglob("*"):
                if file.is_file() and file.name != "actions.json":
                    archive.write(file, f"{task_id}/reference-model/{file.relative_to(site).as_posix()}")
        for task_id in blank:
            archive.writestr(f"{task_id}/reference-model/index.html", "<!doctype html><title>blank</title>")
    return path
