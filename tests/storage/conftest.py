"""A real S3-compatible server (moto) on 127.0.0.1 for the whole session, and a fresh bucket per test
that the test process's default storage points at."""
import uuid

import boto3
import pytest
from moto.server import ThreadedMotoServer

from tests.waits import free_port

KEYS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing-secret"}
REGION = "us-east-1"


@pytest.fixture(scope="session")
def s3_endpoint():
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def s3(s3_endpoint, settings, tmp_path):
    """A new bucket; settings.STORAGES points the default storage at it, as S3_BUCKET would."""
    bucket = f"iwr-{uuid.uuid4().hex[:12]}"
    client = boto3.client("s3", endpoint_url=s3_endpoint, region_name=REGION,
                          aws_access_key_id=KEYS["AWS_ACCESS_KEY_ID"],
                          aws_secret_access_key=KEYS["AWS_SECRET_ACCESS_KEY"])
    client.create_bucket(Bucket=bucket)
    settings.STORAGES = {**settings.STORAGES, "default": {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": {
        "bucket_name": bucket, "endpoint_url": s3_endpoint, "region_name": REGION, "file_overwrite": True,
        "access_key": KEYS["AWS_ACCESS_KEY_ID"], "secret_key": KEYS["AWS_SECRET_ACCESS_KEY"]}}}
    settings.TASK_CACHE_DIR = tmp_path / "task-cache"
    client.bucket = bucket
    return client


def keys(s3, prefix=""):
    pages = s3.get_paginator("list_objects_v2").paginate(Bucket=s3.bucket, Prefix=prefix)
    return sorted(item["Key"] for page in pages for item in page.get("Contents", []))
