"""Zip inspection and unpacking: every unsafe or malformed upload is refused before a byte is written."""
import os
import zipfile

import pytest

from leaderboard.uploads import Limits, UploadError, inspect_zip, unpack
from tests.submissions.zips import PAGE, make_zip, mark_encrypted, symlink

TASKS = {"101", "102", "103"}
LIMITS = Limits(max_files=20, max_total_bytes=10 * 1024 * 1024, max_file_bytes=6 * 1024 * 1024, max_ratio=100)


def rejected(path, code, task_id=None, limits=LIMITS):
    with pytest.raises(UploadError) as caught:
        inspect_zip(path, TASKS, task_id=task_id, limits=limits)
    assert caught.value.code == code, caught.value.message
    return caught.value.message


@pytest.fixture
def zpath(tmp_path):
    return tmp_path / "upload.zip"


def test_upload_rejects_path_traversal(zpath):
    make_zip(zpath, {"index.html": PAGE, "css/../../../etc/cron.d/evil": b"x", "ok.css": b""})
    message = rejected(zpath, "upload:path-traversal", task_id="101")
    assert "css/../../../etc/cron.d/evil" in message and "ok.css" not in message


def test_upload_rejects_backslash_path_traversal(zpath):
    make_zip(zpath, {"index.html": PAGE, "..\\..\\evil.js": b"x"})
    assert "..\\..\\evil.js" in rejected(zpath, "upload:path-traversal", task_id="101")


def test_upload_rejects_absolute_paths(zpath):
    make_zip(zpath, {"index.html": PAGE, "/etc/passwd": b"x", "C:/Windows/evil.dll": b"y"})
    message = rejected(zpath, "upload:absolute-path", task_id="101")
    assert "/etc/passwd" in message and "C:/Windows/evil.dll" in message


def test_upload_rejects_symlinks(zpath):
    make_zip(zpath, {"index.html": PAGE, "secrets": symlink("/etc/shadow")})
    assert "secrets" in rejected(zpath, "upload:link", task_id="101")


def test_upload_rejects_too_many_files(zpath):
    make_zip(zpath, {"index.html": PAGE, **{f"f{i}.txt": b"." for i in range(25)}})
    assert "26 files; the limit is 20" in rejected(zpath, "upload:too-many-files", task_id="101")


def test_upload_rejects_too_large_in_total(zpath):
    big = os.urandom(4 * 1024 * 1024)
    make_zip(zpath, {"index.html": PAGE, "a.bin": big, "b.bin": big, "c.bin": big}, zipfile.ZIP_STORED)
    assert "the limit is 10.0 MB" in rejected(zpath, "upload:too-large", task_id="101")


def test_upload_rejects_a_file_over_the_per_file_limit(zpath):
    make_zip(zpath, {"index.html": PAGE, "video.bin": os.urandom(7 * 1024 * 1024)}, zipfile.ZIP_STORED)
    assert "video.bin" in rejected(zpath, "upload:file-too-large", task_id="101")


def test_upload_rejects_zip_bomb_compression_ratio(zpath):
    make_zip(zpath, {"index.html": PAGE, "zeros.txt": bytes(5 * 1024 * 1024)})
    message = rejected(zpath, "upload:compression-ratio", task_id="101")
    assert "zeros.txt" in message and "index.html" not in message


def test_upload_accepts_small_highly_compressible_files(zpath, tmp_path):
    make_zip(zpath, {"index.html": PAGE + b" " * 200_000})
    assert inspect_zip(zpath, TASKS, task_id="101", limits=LIMITS).task_ids == ["101"]


def test_upload_rejects_not_a_zip(zpath):
    zpath.write_bytes(b"%PDF-1.4 definitely not a zip")
    assert "not a readable zip" in rejected(zpath, "upload:not-a-zip", task_id="101")


def test_upload_rejects_truncated_zip(zpath):
    make_zip(zpath, {"index.html": PAGE})
    zpath.write_bytes(zpath.read_bytes()[:-30])
    rejected(zpath, "upload:not-a-zip", task_id="101")


def test_upload_rejects_encrypted_entries(zpath):
    make_zip(zpath, {"index.html": PAGE, "app.js": b"console.log(1)"})
    mark_encrypted(zpath, "app.js")
    message = rejected(zpath, "upload:encrypted", task_id="101")
    assert "app.js" in message and "index.html" not in message


def test_upload_rejects_unknown_task_id_in_a_run(zpath):
    make_zip(zpath, {"101/model/index.html": PAGE, "999/model/index.html": PAGE, "abc/index.html": PAGE})
    message = rejected(zpath, "upload:unknown-task")
    assert "999" in message and "abc" in message and "101" not in message


def test_upload_rejects_unknown_task_id_for_one_task(zpath):
    make_zip(zpath, {"index.html": PAGE})
    assert "777" in rejected(zpath, "upload:unknown-task", task_id="777")


def test_upload_rejects_one_task_zip_without_index(zpath):
    make_zip(zpath, {"site/main.html": PAGE, "site/style.css": b""})
    assert "site" in rejected(zpath, "upload:no-index", task_id="101")


def test_upload_rejects_one_task_zip_with_index_in_two_folders(zpath):
    make_zip(zpath, {"a/index.html": PAGE, "b/index.html": PAGE})
    message = rejected(zpath, "upload:no-index", task_id="101")
    assert "a/index.html" in message and "b/index.html" in message


def test_upload_rejects_run_tasks_without_index(zpath):
    make_zip(zpath, {"101/model/index.html": PAGE, "102/model/page.html": PAGE, "103/readme.txt": b""})
    message = rejected(zpath, "upload:no-index")
    assert "102" in message and "103" in message and "101" not in message


def test_upload_rejects_run_task_with_two_model_folders(zpath):
    make_zip(zpath, {"101/gpt/index.html": PAGE, "101/claude/index.html": PAGE})
    assert "101 (claude, gpt)" in rejected(zpath, "upload:ambiguous-site")


def test_upload_rejects_loose_files_in_a_run(zpath):
    make_zip(zpath, {"101/index.html": PAGE, "results.json": b"{}"})
    assert "results.json" in rejected(zpath, "upload:loose-files")


def test_upload_rejects_duplicate_entries(zpath):
    make_zip(zpath, {"index.html": PAGE})
    with pytest.warns(UserWarning, match="Duplicate name"), zipfile.ZipFile(zpath, "a") as archive:
        archive.writestr("index.html", b"<script>evil()</script>")
    assert "index.html" in rejected(zpath, "upload:duplicate-entry", task_id="101")


def test_upload_rejects_empty_zip(zpath):
    make_zip(zpath, {"__MACOSX/._index.html": b"x", "empty/": b""})
    rejected(zpath, "upload:empty", task_id="101")


def test_one_task_zip_with_index_at_root(zpath, tmp_path):
    make_zip(zpath, {"index.html": PAGE, "css/site.css": b"h1{}", ".DS_Store": b"junk"})
    plan = inspect_zip(zpath, TASKS, task_id="102", limits=LIMITS)
    sites = unpack(zpath, plan, tmp_path / "out")
    assert sorted(p.relative_to(sites["102"]).as_posix() for p in sites["102"].rglob("*") if p.is_file()) == [
        "css/site.css", "index.html"]
    assert (sites["102"] / "index.html").read_bytes() == PAGE


def test_one_task_zip_with_index_inside_one_folder(zpath, tmp_path):
    make_zip(zpath, {"my-site/index.html": PAGE, "my-site/js/app.js": b"1", "__MACOSX/my-site/._x": b""})
    sites = unpack(zpath, inspect_zip(zpath, TASKS, task_id="101", limits=LIMITS), tmp_path / "out")
    assert (sites["101"] / "index.html").is_file() and (sites["101"] / "js/app.js").is_file()
    assert not (tmp_path / "out" / "101" / "__MACOSX").exists()


def test_whole_run_in_the_official_layout(zpath, tmp_path):
    make_zip(zpath, {"101/gpt-5/index.html": PAGE, "101/gpt-5/a.css": b"", "101/prompt.txt": b"ignored",
                     "103/index.html": PAGE})
    plan = inspect_zip(zpath, TASKS, limits=LIMITS)
    assert plan.layout == "run" and plan.task_ids == ["101", "103"] and plan.ignored == ["101/prompt.txt"]
    sites = unpack(zpath, plan, tmp_path / "out")
    assert (sites["101"] / "index.html").read_bytes() == PAGE and (sites["101"] / "a.css").exists()
    assert (sites["103"] / "index.html").exists() and not (tmp_path / "out" / "101" / "prompt.txt").exists()


def test_unpack_of_a_corrupt_entry_leaves_no_files(zpath, tmp_path):
    make_zip(zpath, {"index.html": PAGE, "data.txt": b"A" * 5000}, zipfile.ZIP_STORED)
    plan = inspect_zip(zpath, TASKS, task_id="101", limits=LIMITS)
    raw = bytearray(zpath.read_bytes())
    at = raw.find(b"A" * 100)
    raw[at:at + 10] = b"B" * 10  # the CRC no longer matches
    zpath.write_bytes(bytes(raw))
    with pytest.raises(UploadError) as caught:
        unpack(zpath, plan, tmp_path / "out")
    assert caught.value.code == "upload:corrupt" and "data.txt" in caught.value.message
    assert not (tmp_path / "out").exists()


def _folders(n):
    return {f"d{i}/": (b"", {"external_attr": 0o40755 << 16 | 0x10}) for i in range(n)}


def test_folder_entries_count_and_are_limited_before_zipfile_reads_the_directory(zpath, monkeypatch):
    make_zip(zpath, {"index.html": PAGE, **_folders(LIMITS.max_entries)})

    def not_before_the_count(*args, **kwargs):
        raise AssertionError("the entries were listed before they were counted")

    monkeypatch.setattr(zipfile, "ZipFile", not_before_the_count)
    message = rejected(zpath, "upload:too-many-entries", task_id="101")
    assert f"{LIMITS.max_entries + 1} entries" in message


def test_an_end_record_that_understates_the_entries_is_not_believed(zpath):
    make_zip(zpath, {"index.html": PAGE, **_folders(LIMITS.max_entries)})
    raw = bytearray(zpath.read_bytes())
    end = raw.rfind(b"PK\x05\x06")
    raw[end + 8:end + 12] = (1).to_bytes(2, "little") * 2  # entries on this disk, entries in all
    zpath.write_bytes(bytes(raw))
    rejected(zpath, "upload:too-many-entries", task_id="101")


def test_many_small_entries_of_zeros_break_the_whole_archives_compression_ratio(zpath):
    # Each is at the exempt size of a single entry; together they are a bomb.
    make_zip(zpath, {"index.html": PAGE, **{f"zeros{i}.bin": bytes(1024 * 1024) for i in range(8)}})
    assert "more than 100:1" in rejected(zpath, "upload:compression-ratio", task_id="101")


@pytest.mark.parametrize("entries,code", [
    ({".": b"x", "index.html": PAGE}, "upload:bad-name"),
    ({"./index.html": PAGE, "index.html": PAGE}, "upload:bad-name"),
    ({"site//index.html": PAGE}, "upload:bad-name"),
    ({"index.html": PAGE, "a": b"x", "a/b.css": b""}, "upload:file-folder-clash"),
    ({"index.html": PAGE, "x" * 300 + ".css": b""}, "upload:name-too-long"),
])
def test_names_that_cannot_be_written_as_one_plain_path_are_refused(zpath, entries, code):
    make_zip(zpath, entries)
    rejected(zpath, code, task_id="101")
