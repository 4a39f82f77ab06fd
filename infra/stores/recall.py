"""Candidate rows for recall: filter first (namespace, user, live), read each row that could
rank with its features for the query, in ONE statement; the lists and the ranking are
Python (`pipeline.lists`, `pipeline.top`).

The statement reads the user's live items and fragments once (a MATERIALIZED CTE), each with
its vector distance and the query words it contains, and returns only the rows a list can
take: every row containing a query word (BM25 counts each word's rarity among them), every
fragment next to one (its neighbour's words lend it score), the :pool nearest by vector and
every constraint (pinned), with the per-table row count and mean length BM25 needs, and a
fragment's vector (topic versions compare them), plus every item of a predicate the question
names (`pipeline.asks.predicates_named`: "my dog" names `pet`), fetched for the returned rows only, by the
row's ctid (the tuple this statement's snapshot read; no index descent), so the CTE stays
small for a user with thousands of fragments. Aggregates, windows and per-row subplans
for the ranking cost Postgres ~1.4 ms over ~120 rows; this statement costs ~2x a bare
per-user top-10 inside Postgres (`reverie bench recall`).

The vector order is computed over the user's rows, never through the HNSW index: a global
approximate index filtered down to one user can return fewer than :pool rows, or none.
Executed through psycopg directly, results in binary: timestamps and arrays then load
without text parsing, and the prepared statement (prepare=True) skips parse and plan. Two
columns are read raw and decoded only for the rows a recall keeps: an item's sources as
their JSON text (`pipeline.lists.sources_of`), a fragment's vector as its `vector_send`
bytes (`VectorBytes`); decoding them for every row cost ~0.1 ms a recall.
"""
from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

import numpy as np
from psycopg import Connection

from infra.db.vectors import VectorBytes, register_vector_adapters
from pipeline.lists import RowFeatures, TableStats, build_candidates
from pipeline.rank import Candidate

# An OR query from the user's words: plainto_tsquery ANDs every word, which finds nothing
# for a conversational question. `qt`: each query word as its own tsquery, so a row's
# `hits` name the words it contains.
_QUERY = """
q AS (SELECT %(qv)s::vector AS v,
             replace(plainto_tsquery('english', %(q)s)::text, '&', '|')::tsquery AS t),
qt AS (SELECT DISTINCT lexeme,
              ('''' || replace(replace(lexeme, chr(92), chr(92) || chr(92)), '''', '''''')
               || '''')::tsquery AS tq
       FROM unnest(to_tsvector('english', %(q)s)))"""
_ITEM_ROWS = """
  SELECT 'item'::text AS k, m.item_id AS ref, m.embedding <=> q.v AS dist,
         length(m.tsv) AS len,
         CASE WHEN m.tsv @@ q.t THEN ARRAY(SELECT qt.lexeme FROM qt WHERE m.tsv @@ qt.tq)
         END AS hits,
         m.statement AS text, m.updated_at AS at, m.confidence, m.predicate,
         m.sources::text AS sources,
         m.kind, m.accessed_at, NULL::varchar AS session_id, NULL::int AS ts, NULL::int AS te,
         NULL::tid AS tid
  FROM memory_items m CROSS JOIN q
  WHERE m.namespace = %(ns)s AND m.user_id = %(uid)s AND NOT m.retired
    -- A dated plan past its date is not upcoming, even before expiry retires it.
    AND NOT coalesce((m.scope->>'until')::timestamptz <= coalesce(%(at)s::timestamptz, now()),
                     false)"""
_FRAGMENT_ROWS = """
  SELECT 'fragment', f.fragment_id, f.embedding <=> q.v, length(f.tsv),
         CASE WHEN f.tsv @@ q.t THEN ARRAY(SELECT qt.lexeme FROM qt WHERE f.tsv @@ qt.tq) END,
         f.text, f.at, NULL, NULL, NULL, NULL, NULL, f.session_id, f.turn_start, f.turn_end,
         f.ctid
  FROM fragments f CROSS JOIN q
  WHERE f.namespace = %(ns)s AND f.user_id = %(uid)s AND NOT f.retired"""
# A fragment without query words next to one with them (same session, adjacent turns).
_NEAR = """,
near AS (SELECT ref FROM (
  SELECT ref, hits IS NULL AND (
           (lag(te) OVER w = ts - 1 AND lag(hits) OVER w IS NOT NULL)
        OR (lead(ts) OVER w = te + 1 AND lead(hits) OVER w IS NOT NULL)) AS beside
  FROM r WHERE k = 'fragment' WINDOW w AS (PARTITION BY session_id ORDER BY ts)) x
  WHERE beside)"""
_SELECT = """
SELECT r.k, r.ref, r.dist, r.len, r.hits, r.text, r.at, r.confidence, r.predicate, r.sources,
       r.kind, r.accessed_at, r.session_id, r.ts, r.te, st.n, st.av,
       CASE WHEN r.k = 'fragment'
            THEN (SELECT vector_send(f.embedding) FROM fragments f WHERE f.ctid = r.tid) END
FROM r JOIN st USING (k)
WHERE r.hits IS NOT NULL OR r.kind = 'constraint' OR r.ref IN (SELECT ref FROM vt)
   OR r.predicate = ANY(%(preds)s::text[]){near}"""


def _statement(fragments: bool) -> str:
    rows = _ITEM_ROWS + ("\n  UNION ALL" + _FRAGMENT_ROWS if fragments else "")
    return f"""WITH {_QUERY},
r AS MATERIALIZED ({rows}),
st AS (SELECT k, count(*) AS n, avg(len)::float8 AS av FROM r GROUP BY k),
vt AS (SELECT ref FROM r WHERE dist IS NOT NULL ORDER BY dist, ref LIMIT %(pool)s)\
{_NEAR if fragments else ""}{_SELECT.format(
        near=" OR r.ref IN (SELECT ref FROM near)" if fragments else "")}"""


STATEMENTS = {True: _statement(True), False: _statement(False)}

# The assistant's recall in ONE statement, one round trip: the read's audit row (a
# data-modifying CTE runs once, read or not), the user's cache version (a row of kind
# 'version', its value in `n`) and the candidate rows.
_AUDITED = """WITH audit AS (
  INSERT INTO audit_log (audit_id, namespace, user_id, actor, action, target, at)
  VALUES (%(id)s, %(ns)s, %(uid)s, %(actor)s, %(action)s, %(target)s, %(at)s)),"""
_VERSION_ROW = """
UNION ALL
SELECT 'version', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       NULL, (SELECT coalesce(max(cache_version), 0) FROM profiles
              WHERE namespace = %(ns)s AND user_id = %(uid)s), NULL, NULL"""
AUDITED_STATEMENTS = {f: _AUDITED + STATEMENTS[f].removeprefix("WITH") + _VERSION_ROW
                      for f in (True, False)}


def read_rows(conn: Connection, namespace: str, user_id: str, query: str,
              qvec: Sequence[float], *, pool: int, fragments: bool = True,
              predicates: Sequence[str] = (), at: datetime | None = None
              ) -> tuple[list[RowFeatures], dict[str, TableStats]]:
    """The candidate rows of one recall, on `conn` (in the caller's transaction), as of
    `at` (None: the database's clock) for dated items."""
    register_vector_adapters(conn)  # done when the engine opened it; a no-op check
    params = {"ns": namespace, "uid": user_id, "q": query, "pool": pool,
              "qv": np.asarray(qvec, dtype=np.float32), "preds": sorted(predicates),
              "at": at}
    cur = conn.cursor(binary=True)
    cur.execute(STATEMENTS[fragments], params, prepare=True)
    return to_features(cur.fetchall())


def to_features(records) -> tuple[list[RowFeatures], dict[str, TableStats]]:
    """Row features and per-table statistics; a 'version' row (cache version in `n`) is
    returned as TableStats(version, 0) under "version"."""
    rows, stats = [], {}
    for (k, ref, dist, length, hits, text, at, confidence, predicate, sources, kind,
         accessed_at, session_id, ts, te, n, av, emb) in records:
        if k == "version":
            stats[k] = TableStats(int(n), 0.0)
            continue
        if k not in stats:
            stats[k] = TableStats(n, av or 0.0)
        if k == "item":
            rows.append(RowFeatures(
                kind=k, ref=ref, text=text, at=at, dist=dist, length=length,
                hits=tuple(hits or ()), confidence=confidence, predicate=predicate,
                sources=sources or (), item_kind=kind, accessed_at=accessed_at,
                updated_at=at))
        else:
            rows.append(RowFeatures(
                kind=k, ref=ref, text=text, at=at, dist=dist, length=length,
                hits=tuple(hits or ()), session_id=session_id, turn_start=ts, turn_end=te,
                embedding=None if emb is None else VectorBytes(emb)))
    return rows, stats


class RecallStore:
    """Recall candidates inside a unit of work (its SQLAlchemy session's connection)."""

    def __init__(self, session) -> None:
        self._s = session

    def candidates(self, namespace: str, user_id: str, query: str, qvec: Sequence[float],
                   *, pool: int = 30, fragments: bool = True,
                   predicates: Sequence[str] = ()) -> list[Candidate]:
        conn = self._s.connection().connection.driver_connection
        rows, stats = read_rows(conn, namespace, user_id, query, qvec, pool=pool,
                                fragments=fragments, predicates=predicates)
        return build_candidates(rows, stats, pool=pool, fragments=fragments,
                                named=frozenset(predicates))


_SCOPE = ("SELECT set_config('reverie.namespace', %(ns)s, false), "
          "set_config('statement_timeout', %(timeout)s, false)")


def prepare_read_connection(conn: Connection, role: str,
                            statement_timeout_ms: int | None = None) -> None:
    """A new connection of the read pool: autocommit, role `role` for the whole session
    (row-level security applies), synchronous_commit off (its one write is a recall's
    audit row: a crash may lose the last few, never half-write one), a statement_timeout
    (the server ends a query that outlives it, so a database that froze and came back
    does not keep pool connections busy on queries nobody waits for), remembered to
    restore it after a recall with a deadline."""
    if conn.info.transaction_status != 0:  # IDLE: not inside the dialect's first queries
        conn.rollback()
    conn.autocommit = True
    conn.execute(f'SET ROLE "{role}"')
    conn.execute("SET synchronous_commit = off")
    if statement_timeout_ms:
        conn.execute(f"SET statement_timeout = {int(statement_timeout_ms)}")
    default_timeout = conn.execute("SHOW statement_timeout").fetchone()[0]
    conn._reverie_timeout = default_timeout  # type: ignore[attr-defined]


class RecallReads:
    """The assistant's recall on a connection of the read pool (`prepare_read_connection`),
    without a transaction around it: one statement, one round trip (audit row, cache
    version and candidates, in one snapshot), where a unit of work paid BEGIN, SET LOCAL
    ROLE, the namespace, the cache version, the audit row and COMMIT on every recall.

    The namespace (and the deadline's statement_timeout) are session settings of the
    pooled connection, sent only when they differ from what it holds: a connection whose
    state is in doubt after an error is discarded (`Deps.recall_reads`), never reused."""

    def __init__(self, conn: Connection, namespace: str, actor: str, *,
                 statement_timeout_ms: int | None = None) -> None:
        self._c = conn
        self._ns = namespace
        self._actor = actor
        timeout = (str(statement_timeout_ms) if statement_timeout_ms is not None
                   else getattr(conn, "_reverie_timeout", "0"))
        if getattr(conn, "_reverie_scope", None) != (namespace, timeout):
            conn._reverie_scope = None  # type: ignore[attr-defined]
            conn.execute(_SCOPE, {"ns": namespace, "timeout": timeout}, prepare=True)
            conn._reverie_scope = (namespace, timeout)  # type: ignore[attr-defined]

    def audited_rows(self, user_id: str, query: str, qvec: Sequence[float], *, pool: int,
                     action: str, target: str, at: datetime, fragments: bool = True,
                     predicates: Sequence[str] = ()
                     ) -> tuple[int, list[RowFeatures], dict[str, TableStats]]:
        """(cache version, candidate rows, table statistics) of one recall, its audit row
        written: one statement."""
        params = {"ns": self._ns, "uid": user_id, "q": query, "pool": pool,
                  "qv": np.asarray(qvec, dtype=np.float32), "preds": sorted(predicates),
                  "id": str(uuid.uuid4()),
                  "actor": self._actor[:64], "action": action[:32], "target": target,
                  "at": at}
        cur = self._c.cursor(binary=True)
        cur.execute(AUDITED_STATEMENTS[fragments], params, prepare=True)
        rows, stats = to_features(cur.fetchall())
        return stats.pop("version").rows, rows, stats

    def rows(self, user_id: str, query: str, qvec: Sequence[float], *, pool: int,
             fragments: bool = True, predicates: Sequence[str] = (),
             at: datetime | None = None
             ) -> tuple[list[RowFeatures], dict[str, TableStats]]:
        """The candidate rows of one recall, without audit or cache version."""
        return read_rows(self._c, self._ns, user_id, query, qvec, pool=pool,
                         fragments=fragments, predicates=predicates, at=at)
