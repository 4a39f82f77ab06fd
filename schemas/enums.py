"""The closed sets of names the parts compare: session states, run modes, extractor and
embedder kinds. `StrEnum`s, so they equal (and store as) their plain string values."""
from __future__ import annotations

from enum import StrEnum


class SessionState(StrEnum):
    """Where a session is in its life: capture, waiting for dreaming, done or given up."""

    OPEN = "open"
    ENDED = "ended"
    CONSOLIDATED = "consolidated"
    FAILED = "failed"


class RunMode(StrEnum):
    """How much memory a deployment keeps (`REVERIE_MODE`)."""

    #: No memory at all: capture only.
    NONE = "none"
    #: The per-turn working set only, no consolidation.
    ONLINE = "online"
    #: The working set plus dreaming (replay, reconcile, consolidate, expiry).
    FULL = "full"


class ExtractorKind(StrEnum):
    """Which extractor turns transcripts into claims (`REVERIE_EXTRACTOR`)."""

    RULES = "rules"
    LLM = "llm"


class EmbedderKind(StrEnum):
    """Which embedder makes vectors; `REVERIE_EMBEDDER` is one of these, `litellm/<model>`
    naming its model after the slash."""

    LOCAL = "local"
    HASH = "hash"
    LITELLM = "litellm"

    @classmethod
    def of(cls, spec: str) -> EmbedderKind:
        """The kind an embedder setting names (`litellm/<model>` -> LITELLM)."""
        return cls(spec.split("/", 1)[0])
