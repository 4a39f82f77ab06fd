"""Recall ranking: reciprocal rank fusion of full-text and vector ranks, boosted by
confidence and recency, downranked by decay, floored, cut to top-k and a token budget. Pure."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from pipeline.vocabulary import SINGLE_VALUED

#: RRF constant (Cormack et al.): damps the head so one ranker cannot dominate.
RRF_K = 60
#: Results below this fused score are noise (a single weak rank from one ranker).
SCORE_FLOOR = 0.004


@dataclass(frozen=True)
class Candidate:
    kind: str             # item | fragment
    ref: str
    text: str
    at: datetime | None
    confidence: float = 0.8
    predicate: str | None = None
    sources: tuple[str, ...] = ()
    item_kind: str | None = None
    accessed_at: datetime | None = None
    fts_rank: int | None = None      # 1-based rank in the full-text list, None if absent
    vec_rank: int | None = None      # 1-based rank in the vector list
    score: float = 0.0
    conflict: bool = False
    pinned: bool = False


def _with(c: Candidate, **changes) -> Candidate:
    """`dataclasses.replace` for the hot path: a copy with `changes`, without replace's
    per-field introspection (5 us a candidate, most of fuse's time on every recall). The
    input is not modified."""
    if not hasattr(c, "__dict__"):  # a slotted Candidate: the general way
        return replace(c, **changes)
    new = object.__new__(Candidate)
    new.__dict__.update(c.__dict__, **changes)
    return new


def fuse(cands: Sequence[Candidate], *, now: datetime, half_life_days: float = 90.0,
         fts_weight: float = 1.0, vec_weight: float = 1.0) -> list[Candidate]:
    """Score every candidate; constraints (allergies, diets) are pinned: always relevant."""
    out = []
    for c in cands:
        s = 0.0
        if c.fts_rank is not None:
            s += fts_weight / (RRF_K + c.fts_rank)
        if c.vec_rank is not None:
            s += vec_weight / (RRF_K + c.vec_rank)
        s *= 0.75 + 0.25 * c.confidence
        last = c.accessed_at or c.at
        if last is not None and half_life_days > 0:
            age_days = max(0.0, (now - last).total_seconds() / 86400)
            s *= 0.7 + 0.3 * math.pow(0.5, age_days / half_life_days)
        if c.kind == "item":
            s *= 1.15  # consolidated knowledge beats a raw chunk of the same rank
        out.append(_with(c, score=s, pinned=c.item_kind == "constraint"))
    return sorted(out, key=lambda c: (not c.pinned, -c.score, c.ref))


def mark_conflicts(cands: Sequence[Candidate]) -> list[Candidate]:
    """Two live values of one single-valued predicate: mark both rather than pick one."""
    seen: dict[str, int] = {}
    for c in cands:
        if c.kind == "item" and c.predicate in SINGLE_VALUED:
            seen[c.predicate] = seen.get(c.predicate, 0) + 1
    return [_with(c, conflict=True) if c.kind == "item" and seen.get(c.predicate or "", 0) > 1
            else c for c in cands]


def select(cands: Sequence[Candidate], *, k: int, token_budget: int,
           floor: float = SCORE_FLOOR) -> tuple[list[Candidate], list[str]]:
    """Top-k above the floor (pinned items exempt), within the token budget. Returns the
    kept candidates and the refs truncated by the budget (recorded for evaluation)."""
    kept, truncated, used = [], [], 0
    for c in cands:
        if not c.pinned and c.score < floor:
            continue
        if len(kept) >= k:
            break
        cost = estimate_tokens(c.text)
        if used + cost > token_budget and kept:
            truncated.append(c.ref)
            continue
        kept.append(c)
        used += cost
    return kept, truncated


def estimate_tokens(text: str) -> int:
    return max(1, len(text) // 4)
