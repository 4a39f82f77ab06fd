"""Erasure's targets: what one request removes, resolved to content and provenance, and how
rows, inline claims and transcripts are matched against it.

Matching is by content (`needles`: lower-cased text, found case-insensitively anywhere in a
column) and by provenance (`turns`: the (session id, turn index) pairs whose text is being
erased, so that whatever was derived from such a turn goes with it).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sqlalchemy import Text, and_, cast, false, func, or_, tuple_

from infra.db.models import FragmentRow
from infra.stores.transcripts import TranscriptStore
from pipeline.redact import REDACTED
from schemas.records import InlineClaim, Transcript

Turns = frozenset[tuple[str, int]]
_REVISION = re.compile(r"/r(\d+)\.json$")


@dataclass(frozen=True)
class Target:
    """What one erasure request removes, resolved to content and provenance."""

    namespace: str
    user_id: str
    needles: tuple[str, ...] = ()
    turns: Turns = frozenset()
    #: Facts chosen by predicate / object / id (all versions of each value).
    fact_ids: frozenset[str] = frozenset()
    #: (predicate, object) pairs whose claims must never be derived again.
    values: frozenset[tuple[str, str]] = frozenset()


def contains(column, needles: Sequence[str]):
    """Case-insensitive containment of any needle in `column` (any type, compared as text).

    JSON columns hold strings escaped: the escaped form of each needle is searched too."""
    forms = []
    for n in needles:
        forms.append(n)
        escaped = json.dumps(n)[1:-1]
        if escaped != n:
            forms.append(escaped.lower())
    if not forms:
        return false()
    text = func.lower(cast(column, Text))
    return or_(*[func.strpos(text, f) > 0 for f in dict.fromkeys(forms)])


def at_turns(session_col, turn_col, turns: Iterable[tuple[str, int]]):
    pairs = sorted(turns)
    if not pairs:
        return false()
    return tuple_(session_col, turn_col).in_(pairs)


def covering(turns: Iterable[tuple[str, int]]):
    by_session: dict[str, list[int]] = {}
    for s, t in turns:
        by_session.setdefault(s, []).append(t)
    if not by_session:
        return false()
    return or_(*[and_(FragmentRow.session_id == s,
                      or_(*[and_(FragmentRow.turn_start <= t, FragmentRow.turn_end >= t)
                            for t in ts]))
                 for s, ts in by_session.items()])


@dataclass(frozen=True)
class ErasableFact:
    """What an erasure needs of one fact version: its value, where it came from, its item."""

    fact_id: str
    predicate: str
    object: str
    session_id: str | None
    turn: int | None
    item_id: str | None


@dataclass(frozen=True)
class BufferedTurn:
    """A turn of an open session, as buffered (the session key, its index, its text)."""

    sid: str
    idx: int
    text: str


@dataclass
class Counts:
    values: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, n: int) -> None:
        self.values[key] = self.values.get(key, 0) + int(n or 0)


def claim_erased(claim: InlineClaim, session_id: str, t: Target) -> bool:
    if claim.turn is not None and (session_id, claim.turn) in t.turns:
        return True
    if (claim.predicate, claim.object.strip().lower()) in {
            (p, o.strip().lower()) for p, o in t.values}:
        return True
    return any(n in claim.object.lower() for n in t.needles)


# ---- the episodic layer ----------------------------------------------------------------
def revision_of(key: str) -> int | None:
    m = _REVISION.search(key)
    return int(m.group(1)) if m else None


def redacted(transcript: Transcript, t: Target) -> Transcript | None:
    """The transcript with every erased turn replaced by the marker and every erased inline
    claim dropped; None when nothing in it is erased."""
    sid = transcript.session_id
    turns, changed = [], False
    for turn in transcript.turns:
        hit = (sid, turn.index) in t.turns or any(n in turn.text.lower() for n in t.needles)
        if hit and turn.text != REDACTED:
            turns.append(turn.model_copy(update={"text": REDACTED}))
            changed = True
        else:
            turns.append(turn)
    claims = tuple(c for c in transcript.claims if not claim_erased(c, sid, t))
    changed |= len(claims) != len(transcript.claims)
    if not changed:
        return None
    return transcript.model_copy(update={"turns": tuple(turns), "claims": claims})


def user_transcripts(store: TranscriptStore, namespace: str,
                     user_id: str) -> list[tuple[str, Transcript | None, bytes]]:
    """Every object under the user's prefix: (key, decoded transcript or None, raw bytes)."""
    out = []
    for key in store.list_user(namespace, user_id):
        raw = store.objects.get(key)
        try:
            out.append((key, store.decode(raw), raw))
        except Exception:  # not a transcript (an annotation, a foreign object): raw only
            out.append((key, None, raw))
    return out
