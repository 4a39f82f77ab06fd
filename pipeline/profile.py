"""Profile rendering: deterministic, by sections, bounded in size."""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime

from pipeline.valid_time import is_current
from pipeline.vocabulary import PROFILE_SECTIONS
from schemas.records import Fact

#: Hard bound on the rendered profile (about 400 tokens at ~4 characters a token).
MAX_PROFILE_CHARS = 1500
_MAX_VALUES = 8


def render_profile(facts: Sequence[Fact], *, sensitive_consent: bool = False,
                   now: datetime | None = None) -> str:
    """Current facts (those holding at `now`, or else the open ones) into 'Heading:
    predicate: value; ...' lines. Same facts, same text."""
    by_predicate: dict[str, list[str]] = {}
    for f in sorted(facts, key=lambda f: (f.predicate, f.valid_from, f.object.lower())):
        if not is_current(f, now):
            continue
        if f.sensitive and not sensitive_consent:
            continue
        by_predicate.setdefault(f.predicate, []).append(f.object)
    lines = []
    for heading, predicates in PROFILE_SECTIONS:
        parts = []
        for p in predicates:
            values = by_predicate.get(p)
            if values:
                shown = values[:_MAX_VALUES]
                more = f" (+{len(values) - len(shown)} more)" if len(values) > len(shown) else ""
                parts.append(f"{p.replace('_', ' ')}: {', '.join(shown)}{more}")
        if parts:
            lines.append(f"{heading}: " + "; ".join(parts))
    text = "\n".join(lines)
    if len(text) > MAX_PROFILE_CHARS:
        text = text[:MAX_PROFILE_CHARS].rsplit(";", 1)[0] + " …"
    return text


def facts_digest(facts: Sequence[Fact], *, sensitive_consent: bool = False,
                 now: datetime | None = None) -> str:
    """What the profile depends on; re-render only when it changes (a planned fact coming
    into force at `now` changes it, with no new write)."""
    key = "\n".join(sorted(f"{f.predicate}={f.object}|{f.sensitive}" for f in facts
                           if is_current(f, now)))
    return hashlib.sha256(f"{sensitive_consent}\n{key}".encode()).hexdigest()
