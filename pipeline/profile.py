"""Profile rendering: deterministic, by sections, bounded in size."""
from __future__ import annotations

import hashlib
from collections.abc import Sequence

from pipeline.vocabulary import PROFILE_SECTIONS
from schemas.records import Fact

#: Hard bound on the rendered profile (about 400 tokens at ~4 characters a token).
MAX_PROFILE_CHARS = 1500
_MAX_VALUES = 8


def render_profile(facts: Sequence[Fact], *, sensitive_consent: bool = False) -> str:
    """Current facts into 'Heading: predicate: value; ...' lines. Same facts, same text."""
    by_predicate: dict[str, list[str]] = {}
    for f in sorted(facts, key=lambda f: (f.predicate, f.valid_from, f.object.lower())):
        if f.valid_to is not None or f.retracted_at is not None:
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


def facts_digest(facts: Sequence[Fact], *, sensitive_consent: bool = False) -> str:
    """What the profile depends on; re-render only when it changes."""
    key = "\n".join(sorted(f"{f.predicate}={f.object}|{f.sensitive}" for f in facts
                           if f.valid_to is None and f.retracted_at is None))
    return hashlib.sha256(f"{sensitive_consent}\n{key}".encode()).hexdigest()
