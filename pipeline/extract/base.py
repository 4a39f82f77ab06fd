"""The extractor interface: turns of one session become candidate claims."""
from __future__ import annotations

from typing import Protocol

from schemas.records import Claim, Transcript


class Extractor(Protocol):
    """Turns a whole session into claims. `version` goes into every checkpoint key, so a new
    extractor version re-derives memory when sessions are reprocessed."""

    name: str
    version: str

    def extract(self, transcript: Transcript) -> list[Claim]:
        """Claims the session supports, end-of-session view (later corrections applied)."""
        ...
