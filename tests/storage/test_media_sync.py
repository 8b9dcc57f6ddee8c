"""Publishing, fetching and caching media through a real S3-compatible server, and the web views
reading from it on a machine that holds none of the files."""
import shutil
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

import media_sync
from tasks_catalog.models import Task
from tests.conftest import SAMPLE_BENCH
from tests.storage.conftest import keys



def make_tree(folder, files):
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def tree(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
            if p.is_file() and p.name != media_sync.MANIFEST}


def new_task(files):
    task = Task.objects.create(task_id=f"cache-{uuid.uuid4().hex[:8]}", resolution="1280x800")
    make_tree(task.directory(), files)
    media_sync.publish_tree(task.directory(), media_sync.relative(task.directory()))
    return task


def test_a_published_folder_comes_back_whole_and_a_new_version_drops_old_files(s3, tmp_path):
    files = {"index.html": b"<p>hello</p>", "img/logo.png": b"\x89PNG-not-really"}
    source = make_tree(tmp_path / "site", files)
    manifest = media_sync.publish_tree(source, "submissions/abc/sites/t1")
    assert keys(s3, "submissions/abc/") == ["submissions/abc/sites/t1/.manifest.json",
                                            "submissions/abc/sites/t1/img/logo.png",
                                            "submissions/abc/sites/t1/index.html"]
    assert sorted(manifest["files"]) == ["img/logo.png", "index.html"]

    media_sync.fetch_tree("submissions/abc/sites/t1", tmp_path / "copy")
    assert tree(tmp_path / "copy") == files

    (source / "img" / "logo.png").unlink()
    media_sync.publish_tree(source, "submissions/abc/sites/t1")
    assert "submissions/abc/sites/t1/img/logo.png" not in keys(s3, "submissions/abc/")


def test_a_file_that_differs_from_its_manifest_is_refused(s3, tmp_path):
    media_sync.publish_tree(make_tree(tmp_path / "site", {"index.html": b"v1"}), "p/site")
    s3.put_object(Bucket=s3.bucket, Key="p/site/index.html", Body=b"replaced behind the manifest")
    with pytest.raises(media_sync.MediaError, match="changed while"):
        media_sync.fetch_tree("p/site", tmp_path / "copy")
    with pytest.raises(media_sync.MediaError, match="no manifest"):
        media_sync.fetch_tree("p/nothing", tmp_path / "none")


def test_task_files_are_downloaded_once_per_content_version(s3, db):
    task = new_task({"task.json": b'{"id": "v1"}', "checkpoints/step_0.png": b"png-bytes"})
    first = media_sync.cached_task_dir(task)
    assert first == Path(settings.TASK_CACHE_DIR) / task.task_id / first.name
    assert tree(first) == {"task.json": b'{"id": "v1"}', "checkpoints/step_0.png": b"png-bytes"}

    # Only the manifest is read again: with the data files gone from storage the cache still answers.
    s3.delete_object(Bucket=s3.bucket, Key=f"tasks/{task.task_id}/task.json")
    assert media_sync.cached_task_dir(task) == first and (first / "task.json").is_file()

    (task.directory() / "task.json").write_bytes(b'{"id": "v2"}')
    media_sync.publish_tree(task.directory(), media_sync.relative(task.directory()))
    second = media_sync.cached_task_dir(task)
    assert second != first and (second / "task.json").read_bytes() == b'{"id": "v2"}'


def test_removing_a_tree_deletes_it_in_storage_and_here(s3, tmp_path):
    media_sync.publish_tree(make_tree(tmp_path / "r", {"a/1.png": b"1", "2.png": b"2"}), "submissions/zz/results")
    local = media_sync.local_tree("submissions/zz/results")
    assert tree(local) == {"a/1.png": b"1", "2.png": b"2"}
    assert media_sync.subfolders("submissions/zz/results") == ["a"]
    media_sync.remove_tree("submissions/zz/results")
    assert keys(s3, "submissions/zz/") == [] and not local.exists()


def test_without_s3_the_media_root_is_used_as_it_is(db, tmp_path):
    task = new_task({"task.json": b"{}"})
    assert not media_sync.remote()
    assert media_sync.cached_task_dir(task) == task.directory()
    assert not (task.directory() / media_sync.MANIFEST).exists()
    assert media_sync.local_tree("submissions/x/sites/t1") == Path(settings.MEDIA_ROOT) / "submissions/x/sites/t1"


def test_task_media_is_served_from_storage_on_a_web_machine_without_the_files(s3, transactional_db, client):
    call_command("import_bench", str(SAMPLE_BENCH), verbosity=0)
    task = Task.objects.get(task_id="sample-tabs")
    video = (task.directory() / "video.mp4").read_bytes()
    assert "tasks/sample-tabs/video.mp4" in keys(s3, "tasks/sample-tabs/")
    for task_dir in (Path(settings.MEDIA_ROOT) / "tasks").iterdir():  # as on another web machine
        if task_dir.is_dir():
            shutil.rmtree(task_dir)

    response = client.get(task.media_url("video.mp4"), HTTP_RANGE="bytes=0-99")
    assert response.status_code == 206
    assert b"".join(response.streaming_content) == video[:100]
    assert response["Content-Range"] == f"bytes 0-99/{len(video)}"
