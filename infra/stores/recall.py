"""Candidate retrieval for recall: filter first (namespace, user, live), then the full-text
and the vector ranks of items and fragments. Ranking itself is `pipeline.rank`."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from pgvector.psycopg import register_vector
from sqlalchemy import text
from sqlalchemy.orm import Session

from pipeline.rank import Candidate

# An OR query from the user's words: plainto_tsquery ANDs every word, which finds nothing
# for a conversational question.
_TSQ = "replace(plainto_tsquery('english', :q)::text, '&', '|')::tsquery"



# Every list in ONE statement and ONE pass over the user's rows (latency): the user's live
# items are read once, each row gets its vector distance and its full-text rank, and window
# functions number the lists (ties broken by id: the same query ranks the same way every
# time); the same for fragments. The lists (unchanged in meaning):
#   items by vector    top :pool by cosine distance, among items with an embedding
#   items by full text top :pool by ts_rank_cd, among items matching the OR query
#   pinned constraints up to 20 `constraint` items (allergies, diets), ranked or not
#   fragments          top :pool by vector, top :pool by full text, likewise
# One row per candidate comes back with both ranks (NULL: not in that list). psycopg
# prepares the statement per pooled connection after a few runs (prepare_threshold), so
# parsing and planning are not paid per recall.
_ITEM_LISTS = f"""
q AS (SELECT CAST(:qv AS vector) AS v, {_TSQ} AS t),
items AS (
  SELECT m.item_id, m.statement, m.updated_at, m.confidence, m.predicate, m.sources, m.kind,
         m.accessed_at, m.embedding <=> q.v AS dist,
         CASE WHEN m.tsv @@ q.t THEN ts_rank_cd(m.tsv, q.t) END AS fts
  FROM memory_items m CROSS JOIN q
  WHERE m.namespace = :ns AND m.user_id = :uid AND NOT m.retired),
items_ranked AS (
  SELECT *, row_number() OVER (ORDER BY dist, item_id) AS vr,
         row_number() OVER (ORDER BY fts DESC NULLS LAST, item_id) AS fr,
         row_number() OVER (PARTITION BY kind ORDER BY updated_at DESC, item_id) AS kr
  FROM items)"""
_FRAGMENT_LISTS = """
frags AS (
  SELECT f.fragment_id, f.text, f.at, f.session_id, f.turn_start, f.turn_end,
         f.embedding <=> q.v AS dist,
         CASE WHEN f.tsv @@ q.t THEN ts_rank_cd(f.tsv, q.t) END AS fts
  FROM fragments f CROSS JOIN q
  WHERE f.namespace = :ns AND f.user_id = :uid AND NOT f.retired),
frags_ranked AS (
  SELECT *, row_number() OVER (ORDER BY dist, fragment_id) AS vr,
         row_number() OVER (ORDER BY fts DESC NULLS LAST, fragment_id) AS fr
  FROM frags)"""
_VEC_RANK = "CASE WHEN dist IS NOT NULL AND vr <= :pool THEN vr END"
_FTS_RANK = "CASE WHEN fts IS NOT NULL AND fr <= :pool THEN fr END"
_ITEM_ROWS = f"""
SELECT item_id AS ref, statement AS text, updated_at AS at, confidence, predicate, sources,
       kind, accessed_at, NULL::varchar AS session_id, NULL::int AS turn_start,
       NULL::int AS turn_end, {_VEC_RANK} AS vec_rank, {_FTS_RANK} AS fts_rank
FROM items_ranked
WHERE {_VEC_RANK} IS NOT NULL OR {_FTS_RANK} IS NOT NULL
   OR (kind = 'constraint' AND kr <= 20)"""
_FRAGMENT_ROWS = f"""
SELECT fragment_id, text, at, NULL::float8, NULL::varchar, NULL::jsonb, NULL::varchar,
       NULL::timestamptz, session_id, turn_start, turn_end, {_VEC_RANK}, {_FTS_RANK}
FROM frags_ranked
WHERE {_VEC_RANK} IS NOT NULL OR {_FTS_RANK} IS NOT NULL"""
_CANDIDATES = {
    True: f"WITH {_ITEM_LISTS},{_FRAGMENT_LISTS}{_ITEM_ROWS}\nUNION ALL{_FRAGMENT_ROWS}",
    False: f"WITH {_ITEM_LISTS}{_ITEM_ROWS}",
}


def _vec_literal(vec: Sequence[float]) -> str:
    return "[" + ",".join(f"{v:.6f}" for v in vec) + "]"


def _qvec_param(session: Session, qvec: Sequence[float]) -> np.ndarray:
    """The query vector as a binary pgvector parameter: formatting 384 floats as text costs
    about as much as the index scan. The vector type is registered once per pooled
    connection (the registration is remembered in the pool's per-connection `info`)."""
    fairy = session.connection().connection
    if not fairy.info.get("reverie_pgvector"):
        register_vector(fairy.driver_connection)
        fairy.info["reverie_pgvector"] = True
    return np.asarray(qvec, dtype=np.float32)


class RecallStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def candidates(self, namespace: str, user_id: str, query: str, qvec: Sequence[float],
                   *, pool: int = 30, fragments: bool = True) -> list[Candidate]:
        params = {"ns": namespace, "uid": user_id, "q": query,
                  "qv": _qvec_param(self._s, qvec), "pool": pool}
        out = []
        for row in self._s.execute(text(_CANDIDATES[fragments]), params):
            if row.turn_start is None:
                out.append(Candidate(
                    kind="item", ref=row.ref, text=row.text, at=row.at,
                    confidence=row.confidence, predicate=row.predicate,
                    sources=tuple(row.sources or ()), item_kind=row.kind,
                    accessed_at=row.accessed_at, vec_rank=row.vec_rank,
                    fts_rank=row.fts_rank))
            else:
                out.append(Candidate(
                    kind="fragment", ref=row.ref, text=row.text, at=row.at, confidence=0.6,
                    sources=tuple(f"{row.session_id}#{t}"
                                  for t in range(row.turn_start, row.turn_end + 1)),
                    vec_rank=row.vec_rank, fts_rank=row.fts_rank))
        return out
