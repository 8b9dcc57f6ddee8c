"""S3_BUCKET and its companions turn the default storage into S3; without them it stays on disk."""
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHOW = "import json; from django.conf import settings; print(json.dumps(settings.STORAGES['default']))"


def default_storage_settings(tmp_path, **env):
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("S3_", "AWS_"))}
    clean.update(IWR_VAR_DIR=str(tmp_path), **env)
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", SHOW], cwd=REPO, env=clean,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_s3_variables_select_s3_storage_with_keys_from_secret_files(tmp_path):
    (tmp_path / "secret").write_text("s3cret\n")
    storage = default_storage_settings(tmp_path, S3_BUCKET="media", S3_ENDPOINT_URL="http://127.0.0.1:9000",
                                       S3_REGION="eu-west-1", AWS_ACCESS_KEY_ID="key",
                                       AWS_SECRET_ACCESS_KEY_FILE=str(tmp_path / "secret"))
    assert storage == {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": {
        "bucket_name": "media", "endpoint_url": "http://127.0.0.1:9000", "region_name": "eu-west-1",
        "file_overwrite": True, "access_key": "key", "secret_key": "s3cret"}}


def test_without_s3_bucket_media_stay_on_local_disk(tmp_path):
    storage = default_storage_settings(tmp_path, S3_ENDPOINT_URL="http://127.0.0.1:9000")
    assert storage == {"BACKEND": "django.core.files.storage.FileSystemStorage"}
