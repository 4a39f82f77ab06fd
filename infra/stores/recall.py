"""Candidate retrieval for recall: filter first (namespace, user, live), then the full-text
and the vector ranks of items and fragments. Ranking itself is `pipeline.rank`."""
from __future__ import annotations

import struct
from collections.abc import Sequence
from operator import itemgetter

import numpy as np
from psycopg.adapt import Dumper
from psycopg.pq import Format
from sqlalchemy import TextClause, text
from sqlalchemy.orm import Session

from pipeline.rank import (
    NEIGHBOUR_AFTER,
    NEIGHBOUR_BEFORE,
    TOPIC_DISTANCE,
    TOPIC_POOL,
    TOPIC_SHARE,
    Candidate,
)

# An OR query from the user's words: plainto_tsquery ANDs every word, which finds nothing
# for a conversational question.
_TSQ = "replace(plainto_tsquery('english', :q)::text, '&', '|')::tsquery"

# Every list in ONE statement and ONE pass over the user's rows (latency). The user's live
# items are read once (a MATERIALIZED CTE), each with its vector distance and the query words
# it contains; each list is then a small sort of those rows, and one row per candidate comes
# back with its rank in each list (NULL: not in it). The same for fragments. The lists:
#   iv, fv    by vector: the top :pool by cosine distance
#   ift, fft  by full text: the top :pool by BM25 (below)
#   ipin      pinned constraints (allergies, diets): up to 20, the most recently updated
# With fragments, items and fragments are ranked TOGETHER in each list (one vector order, one
# full-text order): ranked apart, the best of a handful of items took rank 1 for any query,
# however unrelated, and crowded out the raw turns that answer it.
#
# Full text is BM25 (k1 1.2, b 0.75; a word counts once): any query word may match (an AND of
# every word finds nothing for a conversational question), and each counts by its rarity
# among the user's live rows of that table (IDF), which ts_rank_cd ignores: a name said in
# every exchange, or a common verb, outweighed the one rare word that finds the memory.
# A fragment also gets part of its neighbours' score in the same session (half of the
# exchange before, a fifth of the one after): a reply ("it was so calming") is found through
# the words of the question it answers.
#
# Topic versions: among the top TOPIC_POOL of each fragment list, `newer` names the
# fragments of LATER sessions on the same topic: vectors within TOPIC_DISTANCE, or sharing
# TOPIC_SHARE of what made the older one match the query (its matched words, by IDF):
# later words on the same thing, which `pipeline.rank.select` puts first (what is true now
# before what was).
#
# Ties break by id, so a query ranks the same way every time. A list is changed by changing
# its CTE. psycopg prepares the statement per pooled connection after a few runs
# (prepare_threshold), so parsing and planning are not paid per recall. The vector order is
# computed over the user's rows, never through the HNSW index: a global approximate index
# filtered down to one user can return fewer than :pool rows, or none.
_QUERY = f"""
q AS (SELECT CAST(:qv AS vector) AS v, {_TSQ} AS t),
qt AS (SELECT DISTINCT lexeme,
              ('''' || replace(replace(lexeme, chr(92), chr(92) || chr(92)), '''', '''''')
               || '''')::tsquery AS tq
       FROM unnest(to_tsvector('english', :q)))"""


def _bm25(rows: str, key: str, out: str) -> str:
    """CTEs `<out>_st`, `<out>_idf` and `<out>` (key, fts) over the CTE `rows` (with `hits`,
    the query words a row contains, and `len`, its number of distinct words)."""
    return f"""{out}_st AS (SELECT count(*)::float8 AS n, greatest(avg(len), 1)::float8 AS av
          FROM {rows}),
{out}_idf AS (SELECT h AS lexeme, ln(1 + (st.n - count(*) + 0.5) / (count(*) + 0.5)) AS idf
          FROM {rows} CROSS JOIN LATERAL unnest({rows}.hits) h CROSS JOIN {out}_st st
          GROUP BY h, st.n),
{out} AS (SELECT r.{key}, sum(d.idf) * 2.2 / (1 + 1.2 * (0.25 + 0.75 * r.len / st.av)) AS fts
          FROM {rows} r CROSS JOIN LATERAL unnest(r.hits) h JOIN {out}_idf d ON d.lexeme = h
          CROSS JOIN {out}_st st GROUP BY r.{key}, r.len, st.av)"""


_ITEMS = f"""
items AS MATERIALIZED (
  SELECT m.item_id, m.statement, m.updated_at, m.confidence, m.predicate, m.sources, m.kind,
         m.accessed_at, m.embedding <=> q.v AS dist, length(m.tsv) AS len,
         CASE WHEN m.tsv @@ q.t THEN ARRAY(SELECT qt.lexeme FROM qt WHERE m.tsv @@ qt.tq)
         END AS hits
  FROM memory_items m CROSS JOIN q
  WHERE m.namespace = :ns AND m.user_id = :uid AND NOT m.retired),
{_bm25("items", "item_id", "ibm")},
ipin AS (SELECT item_id FROM items WHERE kind = 'constraint'
         ORDER BY updated_at DESC, item_id LIMIT 20)"""
_ITEMS_ALONE = """
iv AS (SELECT item_id, row_number() OVER (ORDER BY dist, item_id) AS r FROM items
       WHERE dist IS NOT NULL ORDER BY dist, item_id LIMIT :pool),
ift AS (SELECT item_id, row_number() OVER (ORDER BY fts DESC, item_id) AS r FROM ibm
        ORDER BY fts DESC, item_id LIMIT :pool)"""
_FRAGMENTS = f"""
frags AS MATERIALIZED (
  SELECT f.fragment_id, f.text, f.at, f.session_id, f.turn_start, f.turn_end,
         f.embedding <=> q.v AS dist, length(f.tsv) AS len,
         CASE WHEN f.tsv @@ q.t THEN ARRAY(SELECT qt.lexeme FROM qt WHERE f.tsv @@ qt.tq)
         END AS hits
  FROM fragments f CROSS JOIN q
  WHERE f.namespace = :ns AND f.user_id = :uid AND NOT f.retired),
{_bm25("frags", "fragment_id", "fbm")},
fsm AS (
  SELECT f.fragment_id, coalesce(b.fts, 0) AS s, f.session_id, f.turn_start, f.turn_end
  FROM frags f LEFT JOIN fbm b USING (fragment_id)),
ffts AS (
  SELECT fragment_id, s
    + {NEIGHBOUR_BEFORE} * CASE WHEN lag(turn_end) OVER w = turn_start - 1
                                THEN lag(s) OVER w ELSE 0 END
    + {NEIGHBOUR_AFTER} * CASE WHEN lead(turn_start) OVER w = turn_end + 1
                               THEN lead(s) OVER w ELSE 0 END AS fts
  FROM fsm WINDOW w AS (PARTITION BY session_id ORDER BY turn_start)),
uv AS (SELECT kind, ref, row_number() OVER (ORDER BY dist, ref) AS r
       FROM (SELECT 'i' AS kind, item_id AS ref, dist FROM items WHERE dist IS NOT NULL
             UNION ALL
             SELECT 'f', fragment_id, dist FROM frags WHERE dist IS NOT NULL) x
       ORDER BY dist, ref LIMIT :pool),
uf AS (SELECT kind, ref, row_number() OVER (ORDER BY fts DESC, ref) AS r
       FROM (SELECT 'i' AS kind, item_id AS ref, fts FROM ibm
             UNION ALL
             SELECT 'f', fragment_id, fts FROM ffts WHERE fts > 0) x
       ORDER BY fts DESC, ref LIMIT :pool),
iv AS (SELECT ref AS item_id, r FROM uv WHERE kind = 'i'),
ift AS (SELECT ref AS item_id, r FROM uf WHERE kind = 'i'),
fv AS (SELECT ref AS fragment_id, r FROM uv WHERE kind = 'f'),
fft AS (SELECT ref AS fragment_id, r FROM uf WHERE kind = 'f'),
tops AS (SELECT f.fragment_id, f.at, f.session_id, f.embedding, r.hits,
                (SELECT sum(d.idf) FROM unnest(r.hits) h JOIN fbm_idf d ON d.lexeme = h) AS w
         FROM fragments f JOIN frags r USING (fragment_id)
         WHERE f.fragment_id IN (SELECT fragment_id FROM fv WHERE r <= {TOPIC_POOL}
                                 UNION SELECT fragment_id FROM fft WHERE r <= {TOPIC_POOL})),
twins AS (SELECT a.fragment_id, array_agg(b.fragment_id ORDER BY b.at DESC) AS newer
          FROM tops a JOIN tops b ON b.at > a.at AND b.session_id <> a.session_id
          WHERE (a.embedding <=> b.embedding) <= {TOPIC_DISTANCE}
             OR (SELECT sum(d.idf) FROM unnest(a.hits) h JOIN fbm_idf d ON d.lexeme = h
                 WHERE h = ANY(b.hits)) >= {TOPIC_SHARE} * a.w
          GROUP BY a.fragment_id)"""
_ITEM_ROWS = """
SELECT i.item_id AS ref, i.statement AS text, i.updated_at AS at, i.confidence, i.predicate,
       i.sources, i.kind, i.accessed_at, NULL::varchar AS session_id, NULL::int AS turn_start,
       NULL::int AS turn_end, iv.r AS vec_rank, ift.r AS fts_rank, NULL::varchar[] AS newer
FROM items i LEFT JOIN iv USING (item_id) LEFT JOIN ift USING (item_id)
WHERE iv.r IS NOT NULL OR ift.r IS NOT NULL OR i.item_id IN (SELECT item_id FROM ipin)"""
_FRAGMENT_ROWS = """
SELECT f.fragment_id, f.text, f.at, NULL, NULL, NULL, NULL, NULL, f.session_id, f.turn_start,
       f.turn_end, fv.r, fft.r, tw.newer
FROM frags f LEFT JOIN fv USING (fragment_id) LEFT JOIN fft USING (fragment_id)
     LEFT JOIN twins tw USING (fragment_id)
WHERE fv.r IS NOT NULL OR fft.r IS NOT NULL"""
_CANDIDATES = {
    True: f"WITH {_QUERY},{_ITEMS},{_FRAGMENTS}{_ITEM_ROWS}\nUNION ALL{_FRAGMENT_ROWS}",
    False: f"WITH {_QUERY},{_ITEMS},{_ITEMS_ALONE}{_ITEM_ROWS}",
}


#: The candidates statement's columns, in the order `candidates` unpacks them.
_COLUMNS = ("ref", "text", "at", "confidence", "predicate", "sources", "kind", "accessed_at",
            "session_id", "turn_start", "turn_end", "vec_rank", "fts_rank", "newer")
_TEXT: dict[tuple[bool, str], TextClause] = {}


def _statement(fragments: bool) -> TextClause:
    """The candidates statement as a TextClause, built once per text: constructing one scans
    the whole (5 kB) text for bind parameters, a fifth of a millisecond on every recall."""
    sql = _CANDIDATES[fragments]
    clause = _TEXT.get((fragments, sql))
    if clause is None:
        clause = _TEXT[(fragments, sql)] = text(sql)
    return clause


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
        result = self._s.execute(_statement(fragments), params)
        # Columns by position, looked up by name once: a Row's attribute access costs ~0.4 us,
        # ~0.25 ms over a recall's rows. .all(): one fetch; iterating fetches row by row.
        get = itemgetter(*(list(result.keys()).index(c) for c in _COLUMNS))
        out = []
        for row in result.all():
            (ref, text_, at, confidence, predicate, sources, kind, accessed_at, session_id,
             turn_start, turn_end, vec_rank, fts_rank, newer) = get(row)
            if turn_start is None:
                out.append(Candidate(
                    kind="item", ref=ref, text=text_, at=at, confidence=confidence,
                    predicate=predicate, sources=tuple(sources or ()), item_kind=kind,
                    accessed_at=accessed_at, vec_rank=vec_rank, fts_rank=fts_rank))
            else:
                out.append(Candidate(
                    kind="fragment", ref=ref, text=text_, at=at, confidence=0.6,
                    sources=tuple(f"{session_id}#{t}" for t in range(turn_start, turn_end + 1)),
                    vec_rank=vec_rank, fts_rank=fts_rank, newer=tuple(newer or ())))
        return out
