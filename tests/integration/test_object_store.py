"""Write-once semantics on both backends: the file store and S3 over HTTP (moto)."""
from __future__ import annotations

import uuid

import pytest

from infra.stores.objects import FileObjectStore, S3ObjectStore, open_object_store
from schemas.errors import NotFound, ObjectExists


@pytest.fixture(params=["file", "s3"])
def store(request, tmp_path):
    if request.param == "file":
        return FileObjectStore(tmp_path / "objects")
    endpoint = request.getfixturevalue("s3_endpoint")
    s3 = S3ObjectStore(f"b-{uuid.uuid4().hex[:10]}", "raw", endpoint_url=endpoint)
    s3.ensure_bucket()
    return s3


def test_same_key_other_content_fails_loudly(store):
    store.put_once("a/b.json", b"first")
    with pytest.raises(ObjectExists):
        store.put_once("a/b.json", b"second")
    assert store.get("a/b.json") == b"first"


def test_same_content_twice_is_a_no_op(store):
    c1 = store.put_once("k.json", b"same")
    c2 = store.put_once("k.json", b"same")
    assert c1 == c2 and store.list() == ["k.json"]


def test_missing_key_is_not_found(store):
    with pytest.raises(NotFound):
        store.get("nope.json")


def test_list_by_prefix_and_delete(store):
    store.put_once("transcripts/ns/u1/s1/r0.json", b"1")
    store.put_once("transcripts/ns/u2/s1/r0.json", b"2")
    assert store.list("transcripts/ns/u1/") == ["transcripts/ns/u1/s1/r0.json"]
    store.delete("transcripts/ns/u1/s1/r0.json")
    assert not store.exists("transcripts/ns/u1/s1/r0.json")


def test_file_store_refuses_keys_that_escape(tmp_path):
    store = FileObjectStore(tmp_path / "o")
    with pytest.raises(ValueError):
        store.put_once("../escape.json", b"x")


def test_open_object_store_rejects_unknown_scheme():
    with pytest.raises(ValueError, match="OBJECT_STORE_URL"):
        open_object_store("ftp://host/x")
