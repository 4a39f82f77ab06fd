"""The project's error tree: every failure is either worth retrying or not.

Workers retry `TransientError` with backoff; a `PermanentError` fails fast and lands in the
dead-letter table with its reason.
"""
from __future__ import annotations


class ReverieError(Exception):
    """Base of every error Reverie raises on purpose."""


class TransientError(ReverieError):
    """A failure that may pass: a store or broker blip, a rate limit, a timeout."""


class PermanentError(ReverieError):
    """A failure that retrying cannot fix: bad input, a broken invariant."""


class NotFound(PermanentError):
    """An id that names nothing (unknown session, user or fact)."""


class InvalidInput(PermanentError):
    """Input rejected before anything was written (malformed, oversize, hostile)."""


class SessionClosed(InvalidInput):
    """A turn or end event for a session that has already ended."""


class ObjectExists(PermanentError):
    """An immutable object already exists with other content."""


class StoreUnavailable(TransientError):
    """A backing store (Postgres, object store, cache) cannot be reached."""


class Unauthorized(PermanentError):
    """A request without a valid API key (missing, malformed, unknown or revoked)."""


class Conflict(PermanentError):
    """A request that clashes with one already made (an Idempotency-Key reused for another
    request, or one still running)."""


class SetupError(PermanentError):
    """A service the process needs is there but lacks something only an operator can add
    (a Postgres extension): the message says what to do."""
