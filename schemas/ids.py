"""Identifier rules: namespaces, user ids and session ids are checked before anything runs.

They become object-store keys and query parameters; a namespace that is empty, malformed or
an SQL fragment is refused with a clear error instead of being escaped and hoped about.
"""
from __future__ import annotations

import re
import uuid

from schemas.errors import InvalidInput

#: Whole-string patterns (`fullmatch`): `$` alone accepts a trailing newline ("x\n").
_NAMESPACE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_IDENT = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:@-]{0,127}")

#: Fixed uuid5 namespace so ids are deterministic across processes and runs.
REVERIE_UUID = uuid.UUID("6f1c3a9e-5b1d-4c3e-9a57-2e0d7c1b8f42")


def check_namespace(namespace: str) -> str:
    if not isinstance(namespace, str) or not _NAMESPACE.fullmatch(namespace):
        raise InvalidInput(
            f"invalid namespace {namespace!r}: use 1-64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit")
    return namespace


def check_ident(value: str, what: str) -> str:
    if not isinstance(value, str) or not _IDENT.fullmatch(value):
        raise InvalidInput(
            f"invalid {what} {value!r}: use 1-128 letters, digits, '.', '_', ':', '@' or '-', "
            "starting with a letter or digit")
    return value


def stable_id(*parts: object) -> str:
    """Deterministic id (uuid5) over the parts: re-running a stage yields the same ids."""
    return str(uuid.uuid5(REVERIE_UUID, "\x1f".join(str(p) for p in parts)))


def session_key(namespace: str, user_id: str, session_id: str) -> str:
    return stable_id("session", namespace, user_id, session_id)


def user_scope(namespace: str, user_id: str) -> str:
    """The key that names one user of one namespace: what tombstone hashes, reconcile's
    view, the per-user lock and the erasure pseudonym are keyed by."""
    return f"{namespace}\x1f{user_id}"
