"""The episodic layer: immutable session transcripts in the object store.

Keys are `transcripts/<namespace>/<user>/<session>/r<revision>.json`; revision 0 is the
original and an erasure writes a redacted revision before deleting the older one. With
`encrypt_transcripts` the bytes are an envelope: a fresh data key per object, itself
encrypted with the key-encryption key derived from the settings' secret.
"""
from __future__ import annotations

import base64
import hashlib
import json

from cryptography.fernet import Fernet

from infra.stores.objects import ObjectStore, sha256
from schemas.errors import InvalidInput, PermanentError
from schemas.records import Transcript

_ENVELOPE = "reverie-envelope-v1"


class TranscriptStore:
    def __init__(self, objects: ObjectStore, *, max_bytes: int, encrypt_with: str | None = None):
        self.objects = objects
        self.max_bytes = max_bytes
        self._kek = Fernet(base64.urlsafe_b64encode(hashlib.sha256(
            ("kek:" + encrypt_with).encode()).digest())) if encrypt_with else None

    @staticmethod
    def user_prefix(namespace: str, user_id: str) -> str:
        return f"transcripts/{namespace}/{user_id}/"

    @staticmethod
    def key_for(namespace: str, user_id: str, session_id: str, revision: int = 0) -> str:
        return f"transcripts/{namespace}/{user_id}/{session_id}/r{revision}.json"

    def encode(self, transcript: Transcript) -> bytes:
        data = transcript.model_dump_json().encode()
        if len(data) > self.max_bytes:
            raise InvalidInput(
                f"transcript of session {transcript.session_id!r} is {len(data)} bytes, over "
                f"the limit of {self.max_bytes} (REVERIE_MAX_TRANSCRIPT_BYTES)")
        if self._kek is None:
            return data
        data_key = Fernet.generate_key()
        return json.dumps({
            "format": _ENVELOPE,
            "key": self._kek.encrypt(data_key).decode(),
            "data": Fernet(data_key).encrypt(data).decode(),
        }).encode()

    def decode(self, raw: bytes) -> Transcript:
        if raw.startswith(b'{"format": "' + _ENVELOPE.encode()):
            if self._kek is None:
                raise PermanentError("transcript is encrypted but no key is configured")
            env = json.loads(raw)
            data_key = self._kek.decrypt(env["key"].encode())
            raw = Fernet(data_key).decrypt(env["data"].encode())
        return Transcript.model_validate_json(raw)

    def write(self, transcript: Transcript, revision: int = 0) -> tuple[str, str, int]:
        """Write once; return (key, checksum of the stored bytes, size)."""
        key = self.key_for(transcript.namespace, transcript.user_id, transcript.session_id,
                           revision)
        data = self.encode(transcript)
        if self._kek is not None and self.objects.exists(key):
            # Encryption is not deterministic: compare the plaintext of what is there.
            existing = self.objects.get(key)
            if self.decode(existing) == transcript:
                return key, sha256(existing), len(existing)
        checksum = self.objects.put_once(key, data)
        return key, checksum, len(data)

    def read(self, key: str, checksum: str | None = None) -> Transcript:
        raw = self.objects.get(key)
        if checksum is not None and sha256(raw) != checksum:
            raise PermanentError(f"transcript {key!r} does not match its checksum")
        return self.decode(raw)

    def list_user(self, namespace: str, user_id: str) -> list[str]:
        return self.objects.list(self.user_prefix(namespace, user_id))
