"""Export: everything held for one user, as one JSON-able document.

It covers the same places erasure cleans (so what an erasure leaves behind shows here):
facts on both time axes with every version (retracted ones included) and their evidence,
memory items with every revision and their provenance, fragments, sessions with their
decoded transcripts and the buffers of open ones, the working set, quarantine, decisions,
the pipeline's checkpoints, extraction runs and dead letters for the user's sessions,
tombstones (kind and time only: they are keyed hashes), the profile and the audit log.
Vectors are not exported (they are derived from the statements and texts that are).
"""
from __future__ import annotations

from datetime import date, datetime
from typing import Any

from api.memory import Memory
from infra.stores.erasure_target import user_transcripts
from schemas.ids import check_ident, check_namespace

FORMAT = 1


def _json(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_json(v) for v in value]
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return value


def export_user(memory: Memory, namespace: str, user_id: str) -> dict:
    """Everything held for the user (`namespace`, `user_id`) as one JSON-able document."""
    check_namespace(namespace), check_ident(user_id, "user id")
    deps = memory.deps
    now = deps.now()
    with deps.unit_of_work(namespace=namespace) as uow:
        uow.audit.record(namespace, user_id, "export", "export:user", now)
        rows = uow.export.user_rows(namespace, user_id)
        profile = uow.profiles.get(namespace, user_id)
        doc = {
            "format": FORMAT,
            "namespace": namespace,
            "user_id": user_id,
            "exported_at": now,
            "profile": ({"text": profile.text, "cache_version": profile.cache_version,
                         "rendered_at": profile.rendered_at,
                         "sensitive_consent": profile.sensitive_consent}
                        if profile else None),
            **rows,
        }
    doc["transcripts"] = _transcripts(memory, namespace, user_id)
    return _json(doc)


def _transcripts(memory: Memory, namespace: str, user_id: str) -> list[dict]:
    """Every object under the user's prefix, decoded (decrypted when encrypted at rest)."""
    out = []
    for key, transcript, raw in user_transcripts(memory.deps.transcripts, namespace, user_id):
        if transcript is not None:
            out.append({"key": key, "transcript": transcript.model_dump(mode="json")})
        else:
            out.append({"key": key, "bytes": len(raw),
                        "text": raw.decode("utf-8", "replace")})
    return out
