"""The ranked lists of hybrid recall, built from the features of a user's live rows. Pure.

The store reads, in one lean statement, every live item and fragment of the user that could
rank: its vector distance to the query, the query words it contains (`hits`), its number of
distinct words, and what a result shows. Everything else happens here, because Postgres
spent ~1.4 ms on this ranking logic (aggregates, windows and per-row subplans over ~120 rows)
that Python does in a tenth of it. The lists, each cut to `pool`:

- vector: items and fragments together, by cosine distance (rows without a vector skip it);
- full text: BM25 (k1 1.2, b 0.75, a word counts once) over each table apart: a word's
  rarity (IDF) is counted among the user's live rows of that table, since ts_rank ignores
  it and a name said in every exchange outweighed the one rare word that finds the memory.
  A fragment also gains a share of its neighbours' score in the same session (half of the
  exchange before, a fifth of the one after): an answer is found through its question;
- pinned: up to 20 constraints (allergies, diets), the most recently updated.

With fragments, items and fragments share each list: ranked apart, the best of a handful of
items took rank 1 for any query, however unrelated, and crowded out the raw turns that
answer it. Topic versions: among the top TOPIC_POOL fragments of each list, `newer` names
the fragments of LATER sessions on the same topic (vectors within TOPIC_DISTANCE, or
sharing TOPIC_SHARE of what made the older one match, by IDF), which `rank.select` puts
first: what is true now before what was. Ties break by ref, so a query ranks the same way
every time.
"""
from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from pipeline.rank import (
    NEIGHBOUR_AFTER,
    NEIGHBOUR_BEFORE,
    TOPIC_DISTANCE,
    TOPIC_POOL,
    TOPIC_SHARE,
    Candidate,
    candidate,
)

K1, B = 1.2, 0.75
#: A raw fragment is less sure than consolidated knowledge (fuse's confidence boost).
FRAGMENT_CONFIDENCE = 0.6
#: Constraints pinned on top of every recall, the most recently updated first.
MAX_PINNED = 20


@dataclass(slots=True)
class RowFeatures:
    """One live row of the user as the store reads it for a query. Not frozen: a frozen
    dataclass sets each field through object.__setattr__, 3 us a row on every recall."""

    kind: str                       # item | fragment
    ref: str
    text: str
    at: datetime | None
    dist: float | None              # cosine distance to the query; None: no vector yet
    length: int                     # distinct words (length of its tsvector)
    hits: tuple[str, ...] = ()      # the query's words (lexemes) it contains
    # items
    confidence: float = 0.8
    predicate: str | None = None
    sources: tuple[str, ...] | str = ()  # or their JSON text (`sources_of`)
    item_kind: str | None = None
    accessed_at: datetime | None = None
    updated_at: datetime | None = None
    # fragments
    session_id: str | None = None
    turn_start: int = 0
    turn_end: int = 0
    embedding: object = None        # the fragment's vector, array-like (topic versions)


@dataclass(frozen=True, slots=True)
class TableStats:
    """Over ALL the user's live rows of one table (not only those read): BM25 needs them."""

    rows: int
    avg_length: float


def bm25(rows: Sequence[RowFeatures], stats: TableStats) -> tuple[dict[str, float],
                                                                   dict[str, float]]:
    """(score per ref, idf per word) for the rows of one table. Every row containing a query
    word must be among `rows`: a word's document frequency is counted here."""
    df: dict[str, int] = {}
    for r in rows:
        for h in r.hits:
            df[h] = df.get(h, 0) + 1
    n, av = float(stats.rows), max(stats.avg_length, 1.0)
    idf = {h: math.log(1 + (n - c + 0.5) / (c + 0.5)) for h, c in df.items()}
    scores = {r.ref: sum(idf[h] for h in r.hits) * (K1 + 1)
              / (1 + K1 * (1 - B + B * r.length / av))
              for r in rows if r.hits}
    return scores, idf


def _with_neighbours(frags: Sequence[RowFeatures], own: dict[str, float]) -> dict[str, float]:
    """Each fragment's score plus its shares of the adjacent exchanges' in its session."""
    by_end = {(f.session_id, f.turn_end): f.ref for f in frags}
    by_start = {(f.session_id, f.turn_start): f.ref for f in frags}
    out = {}
    for f in frags:
        before = by_end.get((f.session_id, f.turn_start - 1))
        after = by_start.get((f.session_id, f.turn_end + 1))
        s = (own.get(f.ref, 0.0) + NEIGHBOUR_BEFORE * own.get(before, 0.0)
             + NEIGHBOUR_AFTER * own.get(after, 0.0))
        if s > 0:
            out[f.ref] = s
    return out


def _ranks(scored: Iterable[tuple[str, float]], pool: int, *, descending: bool) -> dict[str, int]:
    sign = -1.0 if descending else 1.0
    order = sorted(scored, key=lambda x: (sign * x[1], x[0]))[:pool]
    return {ref: i for i, (ref, _) in enumerate(order, start=1)}


def _topic_versions(frags: dict[str, RowFeatures], tops: set[str],
                    idf: dict[str, float]) -> dict[str, tuple[str, ...]]:
    """For each fragment of `tops`, the later-session fragments of `tops` on its topic."""
    rows = [frags[r] for r in sorted(tops) if frags[r].at is not None]
    if len(rows) < 2:
        return {}
    close: set[tuple[int, int]] = set()
    with_vec = [i for i, f in enumerate(rows) if f.embedding is not None]
    if len(with_vec) > 1:
        m = np.vstack([rows[i].embedding for i in with_vec]).astype(np.float64)
        norms = np.linalg.norm(m, axis=1)
        norms[norms == 0] = 1.0
        unit = m / norms[:, None]
        ii, jj = np.nonzero(1.0 - unit @ unit.T <= TOPIC_DISTANCE)
        close = {(with_vec[i], with_vec[j]) for i, j in zip(ii.tolist(), jj.tolist())}
    hits = [set(f.hits) for f in rows]
    weight = [sum(idf.get(h, 0.0) for h in f.hits) for f in rows]
    out: dict[str, tuple[str, ...]] = {}
    for i, a in enumerate(rows):
        later = []
        for j, b in enumerate(rows):
            if b.at <= a.at or b.session_id == a.session_id:
                continue
            if (i, j) in close:
                later.append(b)
                continue
            shared = hits[i] & hits[j] if hits[i] else None
            if shared and sum(idf.get(h, 0.0) for h in shared) >= TOPIC_SHARE * weight[i]:
                later.append(b)
        if later:
            later.sort(key=lambda b: b.at, reverse=True)
            out[a.ref] = tuple(b.ref for b in later)
    return out


@dataclass(slots=True)
class Lists:
    """The ranked lists of one recall: rank by ref in each list (1-based), the pinned refs,
    the fragments among the top TOPIC_POOL of either list (`tops`, where topic versions
    are looked for) and what `_topic_versions` needs."""

    items: list[RowFeatures]
    frags: list[RowFeatures]
    vec: dict[str, int]
    fts: dict[str, int]
    pinned: set[str]
    tops: set[str]
    frag_idf: dict[str, float]
    by_ref: dict[str, RowFeatures]

    def newer(self, among: Iterable[str] | None = None) -> dict[str, tuple[str, ...]]:
        """Topic versions among the `tops` (only those also in `among`, when given: the
        relation is pairwise, so a subset's answer is the whole answer restricted)."""
        tops = self.tops if among is None else self.tops & set(among)
        return _topic_versions(self.by_ref, tops, self.frag_idf)


def rank_lists(rows: Sequence[RowFeatures], stats: dict[str, TableStats], *, pool: int,
               fragments: bool = True) -> Lists:
    """The lists of one recall (see the module doc).

    `rows` must hold every row of the user that contains a query word, every fragment next
    to one, the `pool` nearest by vector and every constraint; `stats` is keyed by kind."""
    items = [r for r in rows if r.kind == "item"]
    frags = [r for r in rows if r.kind == "fragment"] if fragments else []
    empty = TableStats(0, 1.0)
    item_fts, _ = bm25(items, stats.get("item", empty))
    frag_own, frag_idf = bm25(frags, stats.get("fragment", empty))
    frag_fts = _with_neighbours(frags, frag_own)
    if fragments:
        vec = _ranks(((r.ref, r.dist) for r in (*items, *frags) if r.dist is not None),
                     pool, descending=False)
        fts = _ranks([*item_fts.items(), *frag_fts.items()], pool, descending=True)
    else:
        vec = _ranks(((r.ref, r.dist) for r in items if r.dist is not None), pool,
                     descending=False)
        fts = _ranks(item_fts.items(), pool, descending=True)
    constraints = sorted((r for r in items if r.item_kind == "constraint"),
                         key=lambda r: r.ref)
    constraints.sort(key=lambda r: r.updated_at or datetime.min, reverse=True)
    pinned = {r.ref for r in constraints[:MAX_PINNED]}
    by_ref = {f.ref: f for f in frags}
    tops = {ref for ref, rank in (*vec.items(), *fts.items())
            if rank <= TOPIC_POOL and ref in by_ref}
    return Lists(items, frags, vec, fts, pinned, tops, frag_idf, by_ref)


def to_candidate(r: RowFeatures, lists: Lists, newer: dict[str, tuple[str, ...]],
                 **extra) -> Candidate:
    """The candidate of one row, with its ranks (and `extra` fields: score, pinned...)."""
    if r.kind == "item":
        return candidate(
            kind="item", ref=r.ref, text=r.text, at=r.updated_at, confidence=r.confidence,
            predicate=r.predicate, sources=sources_of(r), item_kind=r.item_kind,
            accessed_at=r.accessed_at, vec_rank=lists.vec.get(r.ref),
            fts_rank=lists.fts.get(r.ref), **extra)
    return candidate(
        kind="fragment", ref=r.ref, text=r.text, at=r.at, confidence=FRAGMENT_CONFIDENCE,
        sources=tuple(f"{r.session_id}#{t}" for t in range(r.turn_start, r.turn_end + 1)),
        vec_rank=lists.vec.get(r.ref), fts_rank=lists.fts.get(r.ref),
        newer=newer.get(r.ref, ()), **extra)


def sources_of(r: RowFeatures) -> tuple[str, ...]:
    """An item's sources; the store may hand them over as their JSON text, parsed here only
    for the rows that become results (json.loads cost ~3 us a row on every recall)."""
    if isinstance(r.sources, str):
        return tuple(json.loads(r.sources) or ())
    return tuple(r.sources or ())


def build_candidates(rows: Sequence[RowFeatures], stats: dict[str, TableStats], *,
                     pool: int, fragments: bool = True,
                     named: frozenset[str] = frozenset()) -> list[Candidate]:
    """The candidates of one recall with their ranks in each list (None: not in it): every
    row in a list, pinned, or of a `named` predicate. (`pipeline.top.recall_top` ranks the same rows without
    building a candidate for each.)"""
    lists = rank_lists(rows, stats, pool=pool, fragments=fragments)
    newer = lists.newer()
    out = [to_candidate(r, lists, newer) for r in lists.items
           if r.ref in lists.vec or r.ref in lists.fts or r.ref in lists.pinned
           or (r.predicate is not None and r.predicate in named)]
    out += [to_candidate(f, lists, newer) for f in lists.frags
            if f.ref in lists.vec or f.ref in lists.fts]
    return out
