"""Write-once object storage: S3 (AWS, MinIO, any S3 API) or a local folder.

Objects are immutable: `put_once` creates, and an attempt to write other content under an
existing key fails loudly with ObjectExists; the same content again is a no-op, so a
re-delivered session-end task can write its transcript twice safely. Vendor errors are
translated into the project's own (`NoSuchKey` becomes NotFound).
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Protocol
from urllib.parse import unquote, urlparse

from schemas.errors import NotFound, ObjectExists, StoreUnavailable


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class ObjectStore(Protocol):
    def put_once(self, key: str, data: bytes) -> str:
        """Create `key` with `data`; return its checksum. Idempotent for identical content."""
        ...

    def get(self, key: str) -> bytes: ...

    def exists(self, key: str) -> bool: ...

    def list(self, prefix: str = "") -> list[str]: ...

    def delete(self, key: str) -> None: ...


class FileObjectStore:
    """A folder; exclusive, atomic creation through a hard link of a fully written temp file."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if self.root not in path.parents:
            raise ValueError(f"object key escapes the store: {key!r}")
        return path

    def put_once(self, key: str, data: bytes) -> str:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            try:
                os.link(tmp, path)  # atomic, and fails when the key exists
            except FileExistsError:
                if path.read_bytes() != data:
                    raise ObjectExists(f"object {key!r} exists with other content") from None
        finally:
            os.unlink(tmp)
        return sha256(data)

    def get(self, key: str) -> bytes:
        try:
            return self._path(key).read_bytes()
        except FileNotFoundError:
            raise NotFound(f"no object {key!r}") from None

    def exists(self, key: str) -> bool:
        return self._path(key).is_file()

    def list(self, prefix: str = "") -> list[str]:
        keys = []
        for path in self.root.rglob("*"):
            if path.is_file() and not path.name.startswith(".tmp-"):
                key = path.relative_to(self.root).as_posix()
                if key.startswith(prefix):
                    keys.append(key)
        return sorted(keys)

    def delete(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)


class S3ObjectStore:
    """An S3 bucket; conditional put (`If-None-Match: *`) makes creation exclusive."""

    def __init__(self, bucket: str, prefix: str = "", *, endpoint_url: str | None = None,
                 region: str = "us-east-1", client: object | None = None) -> None:
        import boto3
        from botocore.config import Config

        self.bucket = bucket
        self.prefix = prefix.strip("/")
        self._client = client or boto3.client(
            "s3", endpoint_url=endpoint_url, region_name=region,
            config=Config(retries={"max_attempts": 3, "mode": "standard"},
                          connect_timeout=5, read_timeout=30))

    def _key(self, key: str) -> str:
        return f"{self.prefix}/{key}" if self.prefix else key

    def ensure_bucket(self) -> None:
        """Create the bucket when missing; StoreUnavailable, saying what to do, when the
        store cannot be reached or refuses."""
        from botocore.exceptions import BotoCoreError, ClientError
        try:
            try:
                self._client.head_bucket(Bucket=self.bucket)
            except ClientError:
                self._client.create_bucket(Bucket=self.bucket)
        except (BotoCoreError, ClientError) as exc:
            where = self._client.meta.endpoint_url
            raise StoreUnavailable(
                f"cannot use the object store bucket {self.bucket!r} at {where} "
                f"({str(exc).splitlines()[0]}): start the store or fix OBJECT_STORE_URL / "
                "OBJECT_STORE_ENDPOINT (unset, Reverie keeps transcripts under "
                "REVERIE_DATA_DIR/objects)") from exc

    def put_once(self, key: str, data: bytes) -> str:
        from botocore.exceptions import ClientError, EndpointConnectionError
        digest = sha256(data)
        try:
            self._client.put_object(Bucket=self.bucket, Key=self._key(key), Body=data,
                                    IfNoneMatch="*", Metadata={"sha256": digest})
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "")
            status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
            if code in ("PreconditionFailed", "ConditionalRequestConflict") or status in (409, 412):
                if self.get(key) != data:
                    raise ObjectExists(f"object {key!r} exists with other content") from None
                return digest
            raise StoreUnavailable(f"object store refused put of {key!r}: {code}") from exc
        except EndpointConnectionError as exc:
            raise StoreUnavailable(str(exc)) from exc
        return digest

    def get(self, key: str) -> bytes:
        from botocore.exceptions import ClientError
        try:
            return self._client.get_object(Bucket=self.bucket, Key=self._key(key))["Body"].read()
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
                raise NotFound(f"no object {key!r}") from None
            raise StoreUnavailable(str(exc)) from exc

    def exists(self, key: str) -> bool:
        try:
            self.get(key)
        except NotFound:
            return False
        return True

    def list(self, prefix: str = "") -> list[str]:
        paginator = self._client.get_paginator("list_objects_v2")
        full = self._key(prefix) if prefix else (self.prefix + "/" if self.prefix else "")
        strip = len(self.prefix) + 1 if self.prefix else 0
        keys = []
        for page in paginator.paginate(Bucket=self.bucket, Prefix=full):
            keys.extend(obj["Key"][strip:] for obj in page.get("Contents", []))
        return sorted(keys)

    def delete(self, key: str) -> None:
        self._client.delete_object(Bucket=self.bucket, Key=self._key(key))


def open_object_store(url: str, *, endpoint_url: str | None = None,
                      region: str = "us-east-1") -> ObjectStore:
    """`s3://bucket/prefix` or `file:///path`."""
    parsed = urlparse(url)
    if parsed.scheme == "s3":
        store = S3ObjectStore(parsed.netloc, parsed.path, endpoint_url=endpoint_url,
                              region=region)
        return store
    if parsed.scheme == "file":
        return FileObjectStore(Path(unquote(parsed.path)))
    raise ValueError(f"OBJECT_STORE_URL must be s3://bucket/prefix or file:///path, got {url!r}")
