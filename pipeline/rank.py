"""Recall ranking: reciprocal rank fusion of full-text and vector ranks, boosted by
confidence and recency, downranked by decay, floored, cut to top-k and a token budget. Pure."""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import MISSING, dataclass, fields, replace
from datetime import datetime

from pipeline.vocabulary import SINGLE_VALUED

#: RRF constant (Cormack et al.): damps the head so one ranker cannot dominate. Lower than
#: the customary 60: each list is short (a pool of tens) and its head is where the answer
#: is (LoCoMo evidence recall@10: 0.74 at 60, 0.78 at 10).
RRF_K = 10
#: Weight of the vector list against full text (1.0): BM25 over the user's own words is the
#: sharper ranker on conversational memory; the vectors add paraphrase.
VEC_WEIGHT = 0.6
#: A fragment's full-text score gains these shares of its neighbours' in the session (the
#: exchange before, the one after): an answer is found through the question it answers.
NEIGHBOUR_BEFORE = 0.5
NEIGHBOUR_AFTER = 0.2
#: Fragments of different sessions are versions of one topic (`Candidate.newer`) when
#: closer than this cosine distance, or when the later one contains this share (by IDF) of
#: the query words that matched the earlier one; looked for among the top TOPIC_POOL of
#: each list.
TOPIC_DISTANCE = 0.5
TOPIC_SHARE = 0.5
TOPIC_POOL = 20
#: What an item gains when the question names its predicate ("my dog" -> pet; see
#: `pipeline.asks.predicates_named`): as much as a first place in a list, so the fact the
#: question is about ranks above fragments that are only loosely similar to it.
PREDICATE_BONUS = 1.0 / (RRF_K + 1)
#: The bonus goes to the best-scored item of each named predicate, the fact the question is
#: about, not to every item of it: on a long history with many items of one predicate
#: (LoCoMo: a dozen hobbies, events and plans), lifting them all pushed the exchanges that
#: answer out of the top k (dev recall@10 0.779 -> 0.770).
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
    #: Refs of candidates from later sessions on the same topic (see TOPIC_DISTANCE).
    newer: tuple[str, ...] = ()


def _with(c: Candidate, **changes) -> Candidate:
    """`dataclasses.replace` for the hot path: a copy with `changes`, without replace's
    per-field introspection (5 us a candidate, most of fuse's time on every recall). The
    input is not modified."""
    if not hasattr(c, "__dict__"):  # a slotted Candidate: the general way
        return replace(c, **changes)
    new = object.__new__(Candidate)
    new.__dict__.update(c.__dict__, **changes)
    return new


_DEFAULTS = {f.name: f.default for f in fields(Candidate) if f.default is not MISSING}
_REQUIRED = frozenset(f.name for f in fields(Candidate) if f.default is MISSING)
_FIELDS = frozenset(f.name for f in fields(Candidate))


def candidate(**values) -> Candidate:
    """`Candidate(**values)` for the hot path: a frozen dataclass's __init__ sets each field
    through object.__setattr__ (2 us a candidate, ~60 per recall)."""
    if not _REQUIRED <= values.keys() <= _FIELDS:
        raise TypeError(f"candidate() needs {sorted(_REQUIRED - values.keys())}, "
                        f"knows no {sorted(values.keys() - _FIELDS)}")
    new = object.__new__(Candidate)
    new.__dict__.update(_DEFAULTS, **values)
    return new


def fused_score(fts_rank: int | None, vec_rank: int | None, confidence: float,
                last: datetime | None, is_item: bool, *, now: datetime,
                half_life_days: float, fts_weight: float = 1.0,
                vec_weight: float = VEC_WEIGHT) -> float:
    """One candidate's fused score: RRF of its ranks, boosted by confidence, decayed by the
    age of its last use, consolidated items above raw fragments."""
    s = 0.0
    if fts_rank is not None:
        s += fts_weight / (RRF_K + fts_rank)
    if vec_rank is not None:
        s += vec_weight / (RRF_K + vec_rank)
    s *= 0.75 + 0.25 * confidence
    if last is not None and half_life_days > 0:
        age_days = max(0.0, (now - last).total_seconds() / 86400)
        s *= 0.7 + 0.3 * math.pow(0.5, age_days / half_life_days)
    if is_item:
        s *= 1.15  # consolidated knowledge beats a raw chunk of the same rank
    return s


def predicate_bonus(predicate: str | None, named: frozenset[str], confidence: float) -> float:
    """PREDICATE_BONUS for an item whose predicate the question names, by its confidence."""
    if predicate is None or predicate not in named:
        return 0.0
    return PREDICATE_BONUS * (0.75 + 0.25 * confidence)


def named_bonuses(items: Iterable[tuple[str, str | None, float, float]],
                  named: frozenset[str]) -> dict[str, float]:
    """ref -> `predicate_bonus` for the best item of each predicate in `named`, from
    (ref, predicate, confidence, score) rows; ties go to the smaller ref."""
    best: dict[str, tuple[float, str, float]] = {}
    for ref, predicate, confidence, score in items:
        if predicate is None or predicate not in named:
            continue
        held = best.get(predicate)
        if held is None or (-score, ref) < (-held[0], held[1]):
            best[predicate] = (score, ref, confidence)
    return {ref: predicate_bonus(p, named, conf) for p, (_, ref, conf) in best.items()}


def fuse(cands: Sequence[Candidate], *, now: datetime, half_life_days: float = 90.0,
         fts_weight: float = 1.0, vec_weight: float = VEC_WEIGHT,
         named: frozenset[str] = frozenset()) -> list[Candidate]:
    """Score every candidate; constraints (allergies, diets) are pinned: always relevant;
    the best item of each predicate the question names gains `predicate_bonus`."""
    base = [fused_score(c.fts_rank, c.vec_rank, c.confidence, c.accessed_at or c.at,
                        c.kind == "item", now=now, half_life_days=half_life_days,
                        fts_weight=fts_weight, vec_weight=vec_weight) for c in cands]
    bonus = named_bonuses(((c.ref, c.predicate if c.kind == "item" else None, c.confidence, s)
                           for c, s in zip(cands, base, strict=True)), named) if named else {}
    out = [_with(c, score=s + bonus.get(c.ref, 0.0), pinned=c.item_kind == "constraint")
           for c, s in zip(cands, base, strict=True)]
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
    """Top-k above the floor, within the token budget (`keep`), then ordered with
    `newest_first`. Returns the kept candidates and the refs truncated by the budget."""
    kept, truncated = keep(cands, k=k, token_budget=token_budget, floor=floor)
    return newest_first(kept), truncated


def keep(ranked: Sequence, *, k: int, token_budget: int,
         floor: float = SCORE_FLOOR) -> tuple[list, list[str]]:
    """Which of `ranked` (in fused order; anything with `pinned`, `score`, `text` and
    `ref`) are kept: top-k above the floor, within the token budget. Pinned items
    (constraints) come first and on top of k: they are a standing header, not an answer to
    the query, and a user with five allergies must still get k answers. The refs truncated
    by the budget are recorded for evaluation."""
    kept, truncated, used, answers = [], [], 0, 0
    for c in ranked:
        if not c.pinned and c.score < floor:
            continue
        if not c.pinned and answers >= k:
            break
        cost = estimate_tokens(c.text)
        if used + cost > token_budget and kept:
            truncated.append(c.ref)
            continue
        kept.append(c)
        used += cost
        answers += not c.pinned
    return kept, truncated


def newest_first(kept: Sequence[Candidate]) -> list[Candidate]:
    """What is true now before what was: a kept candidate ranks at least as high as any
    older kept version of its topic (`newer`), and above it on a tie. Which candidates are
    kept does not change, only their order; pinned ones stay first."""
    refs = {c.ref for c in kept}
    if not any(r in refs for c in kept for r in c.newer):
        return list(kept)
    best = {c.ref: c.score for c in kept}
    for c in sorted(kept, key=lambda c: (c.at is None, c.at or 0)):  # oldest first: chains
        for r in c.newer:
            if r in best and best[r] < best[c.ref]:
                best[r] = best[c.ref]
    at = {c.ref: c.at.timestamp() if c.at else 0.0 for c in kept}
    return sorted(kept, key=lambda c: (not c.pinned, -best[c.ref], -at[c.ref], c.ref))


def estimate_tokens(text: str) -> int:
    return max(1, len(text) // 4)
