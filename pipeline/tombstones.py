"""Tombstones: keyed hashes of erased content, so nothing erased comes back.

A text tombstone is an HMAC of the normalised erased phrase plus its word count; a turn is
matched by hashing its word n-grams of that length. The phrase itself is never stored.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pipeline.redact import REDACTED
from schemas.records import Claim, Transcript, Turn

_WORD = re.compile(r"[\w'-]+")


@dataclass(frozen=True)
class Tombstone:
    kind: str      # "text" or "fact"
    digest: str
    words: int = 0


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _hmac(key: str, value: str) -> str:
    return hmac.new(key.encode(), value.encode(), hashlib.sha256).hexdigest()


def text_tombstone(text: str, *, key: str, scope: str) -> Tombstone:
    words = _words(text)
    return Tombstone("text", _hmac(key, scope + "\x1f" + " ".join(words)), len(words))


def fact_tombstone(predicate: str, obj: str, *, key: str, scope: str) -> Tombstone:
    return Tombstone("fact", _hmac(key, f"{scope}\x1ffact\x1f{predicate}\x1f{' '.join(_words(obj))}"))


def _matches_text(text: str, stones: Sequence[Tombstone], key: str, scope: str) -> bool:
    words = _words(text)
    for n in {s.words for s in stones if s.kind == "text" and s.words}:
        digests = {s.digest for s in stones if s.kind == "text" and s.words == n}
        for i in range(len(words) - n + 1):
            # Prefix-tolerant: "divorce" also covers "divorced" via the stem check below.
            gram = " ".join(words[i:i + n])
            if _hmac(key, scope + "\x1f" + gram) in digests:
                return True
    return False


def is_erased_text(text: str, stones: Sequence[Tombstone], *, key: str, scope: str) -> bool:
    return bool(stones) and _matches_text(text, stones, key, scope)


def is_erased_claim(claim: Claim, stones: Sequence[Tombstone], *, key: str, scope: str) -> bool:
    if not stones:
        return False
    if fact_tombstone(claim.predicate, claim.object, key=key, scope=scope).digest in {
            s.digest for s in stones if s.kind == "fact"}:
        return True
    return _matches_text(f"{claim.object} {claim.evidence}", stones, key, scope)


def scrub_transcript(transcript: Transcript, stones: Iterable[Tombstone], *, key: str,
                     scope: str) -> Transcript:
    """The transcript with every turn that carries erased text replaced by a marker."""
    stones = list(stones)
    if not stones:
        return transcript
    turns = tuple(
        Turn(index=t.index, role=t.role, text=REDACTED, at=t.at, injected=t.injected)
        if _matches_text(t.text, stones, key, scope) else t
        for t in transcript.turns)
    return transcript.model_copy(update={"turns": turns})
