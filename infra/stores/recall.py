"""Candidate retrieval for recall: filter first (namespace, user, live), then the full-text
and the vector ranks of items and fragments. Ranking itself is `pipeline.rank`."""
from __future__ import annotations

import struct
from collections.abc import Sequence

import numpy as np
from psycopg.adapt import Dumper
from psycopg.pq import Format
from sqlalchemy import text
from sqlalchemy.orm import Session

from pipeline.rank import Candidate

# An OR query from the user's words: plainto_tsquery ANDs every word, which finds nothing
# for a conversational question.
_TSQ = "replace(plainto_tsquery('english', :q)::text, '&', '|')::tsquery"

# Every list in ONE statement and ONE pass over the user's rows (latency). The user's live
# items are read once (a MATERIALIZED CTE), each with its vector distance and full-text rank;
# each list is then a small sort of those rows, and one row per candidate comes back with
# its rank in each list (NULL: not in it). The same for fragments. The lists:
#   iv    items by vector: top :pool by cosine distance, among items with an embedding
#   ift   items by full text: top :pool by ts_rank_cd, among items matching the OR query
#   ipin  pinned constraints (allergies, diets): up to 20, the most recently updated
#   fv    fragments by vector, top :pool      fft  fragments by full text, top :pool
# Ties break by id, so a query ranks the same way every time. A list is changed by changing
# its CTE. psycopg prepares the statement per pooled connection after a few runs
# (prepare_threshold), so parsing and planning are not paid per recall. The vector order is
# computed over the user's rows, never through the HNSW index: a global approximate index
# filtered down to one user can return fewer than :pool rows, or none.
_ITEM_LISTS = f"""
q AS (SELECT CAST(:qv AS vector) AS v, {_TSQ} AS t),
items AS MATERIALIZED (
  SELECT m.item_id, m.statement, m.updated_at, m.confidence, m.predicate, m.sources, m.kind,
         m.accessed_at, m.embedding <=> q.v AS dist,
         CASE WHEN m.tsv @@ q.t THEN ts_rank_cd(m.tsv, q.t) END AS fts
  FROM memory_items m CROSS JOIN q
  WHERE m.namespace = :ns AND m.user_id = :uid AND NOT m.retired),
iv AS (SELECT item_id, row_number() OVER (ORDER BY dist, item_id) AS r FROM items
       WHERE dist IS NOT NULL ORDER BY dist, item_id LIMIT :pool),
ift AS (SELECT item_id, row_number() OVER (ORDER BY fts DESC, item_id) AS r FROM items
        WHERE fts IS NOT NULL ORDER BY fts DESC, item_id LIMIT :pool),
ipin AS (SELECT item_id FROM items WHERE kind = 'constraint'
         ORDER BY updated_at DESC, item_id LIMIT 20)"""
_FRAGMENT_LISTS = """
frags AS MATERIALIZED (
  SELECT f.fragment_id, f.text, f.at, f.session_id, f.turn_start, f.turn_end,
         f.embedding <=> q.v AS dist,
         CASE WHEN f.tsv @@ q.t THEN ts_rank_cd(f.tsv, q.t) END AS fts
  FROM fragments f CROSS JOIN q
  WHERE f.namespace = :ns AND f.user_id = :uid AND NOT f.retired),
fv AS (SELECT fragment_id, row_number() OVER (ORDER BY dist, fragment_id) AS r FROM frags
       WHERE dist IS NOT NULL ORDER BY dist, fragment_id LIMIT :pool),
fft AS (SELECT fragment_id, row_number() OVER (ORDER BY fts DESC, fragment_id) AS r
        FROM frags WHERE fts IS NOT NULL ORDER BY fts DESC, fragment_id LIMIT :pool)"""
_ITEM_ROWS = """
SELECT i.item_id AS ref, i.statement AS text, i.updated_at AS at, i.confidence, i.predicate,
       i.sources, i.kind, i.accessed_at, NULL::varchar AS session_id, NULL::int AS turn_start,
       NULL::int AS turn_end, iv.r AS vec_rank, ift.r AS fts_rank
FROM items i LEFT JOIN iv USING (item_id) LEFT JOIN ift USING (item_id)
WHERE iv.r IS NOT NULL OR ift.r IS NOT NULL OR i.item_id IN (SELECT item_id FROM ipin)"""
_FRAGMENT_ROWS = """
SELECT f.fragment_id, f.text, f.at, NULL, NULL, NULL, NULL, NULL, f.session_id, f.turn_start,
       f.turn_end, fv.r, fft.r
FROM frags f LEFT JOIN fv USING (fragment_id) LEFT JOIN fft USING (fragment_id)
WHERE fv.r IS NOT NULL OR fft.r IS NOT NULL"""
_CANDIDATES = {
    True: f"WITH {_ITEM_LISTS},{_FRAGMENT_LISTS}{_ITEM_ROWS}\nUNION ALL{_FRAGMENT_ROWS}",
    False: f"WITH {_ITEM_LISTS}{_ITEM_ROWS}",
}


class _QueryVector:
    """The query vector, sent in pgvector's binary format: formatting 384 floats as text
    costs about as much as the index scan. The statement's `CAST(:qv AS vector)` tells the
    server the parameter's type, so no type lookup is needed, and only this class is
    adapted: nothing else on the connection changes (vectors still load as before)."""

    __slots__ = ("data",)

    def __init__(self, values: Sequence[float]) -> None:
        self.data = np.asarray(values, dtype=">f4")


class _QueryVectorDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: _QueryVector) -> bytes:
        return struct.pack(">HH", obj.data.shape[0], 0) + obj.data.tobytes()


def _qvec_param(session: Session, qvec: Sequence[float]) -> _QueryVector:
    """The query vector parameter; its dumper is registered once per pooled connection."""
    fairy = session.connection().connection
    if not fairy.info.get("reverie_qvec"):
        fairy.driver_connection.adapters.register_dumper(_QueryVector, _QueryVectorDumper)
        fairy.info["reverie_qvec"] = True
    return _QueryVector(qvec)


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
