"""`reverie bench recall`: recall latency at scale, beside a bare pgvector top-k on the same table.

Loads N memory items (random unit vectors, short statements) spread over N / per-user users,
plus fragments, into a separate database (`reverie_bench`, created through the migrations)
with binary COPY, builds the schema's indexes after loading (not HNSW unless asked: per-user
recall never uses it), VACUUM ANALYZE. A user's items are spread over the whole table (as
months of interleaved writes spread them); fragments sit in runs of one session each (replay
writes a session's exchanges in one statement). Then, round by round, it times:

- bare: `SELECT item_id ... ORDER BY embedding <=> q LIMIT 10` for one user (psycopg,
  prepared, vector sent binary, no transaction): the floor for any recall on this table;
- floor: the same, over the user's items AND fragments, each row's distance and whether
  it contains a query word, top-10 by word match then distance: what any hybrid recall
  over both memories must read, with a ranking that costs nothing;
- textbook: a one-statement hybrid over both memories (ts_rank_cd and vector lists, RRF in
  SQL, 10 rows back), without what recall adds: the least any hybrid recall costs here;
- statement: the candidates statement alone (`infra.stores.recall.read_rows`) with the
  row features built from its rows, on one autocommit connection;
- uow / rank: the two other parts of the assistant's path, alone (a read-pool checkout
  with nothing sent; the ranking of the previous candidates);
- system: the assistant's path for candidates and ranking — the candidates statement on
  the read pool (`Deps.recall_reads`), then `pipeline.top.recall_top` (lists, fusion,
  conflicts, top-k and budget: what `api.read.Reader.recall` does after its cache check);
- reader: the whole `Reader.recall` on a cache miss: one statement that also writes the
  audit row and reads the cache version, then the lists, ranking and the cache; the query
  vector looked up.

Query embedding is excluded everywhere (vectors are precomputed). Within a round every path
asks the same question but for its own user, so no path reads pages another just read; the
order of the paths rotates from round to round.
"""
from __future__ import annotations

import os
import random
import shlex
import sys
import time
from pathlib import Path
from typing import Annotated, Optional

import numpy as np
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pipeline.lists import FRAGMENT_CONFIDENCE
from pipeline.rank import RRF_K, VEC_WEIGHT
from scripts.bench.recall_data import (
    BENCH_DB, DIM, LAYOUT, NAMESPACE, T0, WORDS, drop_db, ensure_db, libpq, load, loaded_meta,
    pg_admin_url, unit_vectors, user_name, warm_caches, with_db,
)
from scripts.bench.recall_report import report

#: Length of each ranked list (recall's pool for k = 5..10).
POOL = 30
#: The timed paths, each on its own users (see `_queries`).
PATHS = ("bare", "floor", "textbook", "statement", "uow", "rank", "system", "reader")
#: The reference: a bare pgvector top-10 over one user's items.
BARE_SQL = ("SELECT item_id FROM memory_items WHERE namespace = %(ns)s AND user_id = %(uid)s "
            "AND NOT retired ORDER BY embedding <=> %(qv)s::vector LIMIT 10")
#: The floor of any hybrid recall over both memories: every live item AND fragment of the
#: user read once, each with its vector distance and whether it contains a query word, the
#: top-10 returned (word matches first, then by distance). No BM25, no fusion, no pins,
#: no budget, no provenance: what is left of recall when its ranking costs nothing.
FLOOR_SQL = """
WITH q AS (SELECT %(qv)s::vector AS v,
             replace(plainto_tsquery('english', %(q)s)::text, '&', '|')::tsquery AS t)
SELECT ref FROM (
  SELECT m.item_id AS ref, m.embedding <=> q.v AS dist, m.tsv @@ q.t AS hit
  FROM memory_items m CROSS JOIN q
  WHERE m.namespace = %(ns)s AND m.user_id = %(uid)s AND NOT m.retired
  UNION ALL
  SELECT f.fragment_id, f.embedding <=> q.v, f.tsv @@ q.t
  FROM fragments f CROSS JOIN q
  WHERE f.namespace = %(ns)s AND f.user_id = %(uid)s AND NOT f.retired) r
ORDER BY hit DESC, dist LIMIT 10"""
#: A textbook hybrid recall in one statement over both memories: ts_rank_cd and vector
#: lists of 30 fused by RRF in SQL, boosted by confidence, constraints first, 10 rows back,
#: nothing in Python. It has none of what recall adds (BM25's word rarity, neighbouring
#: exchanges, topic versions, conflicts, budget, provenance): the least a hybrid costs.
#: Its constants are recall's own (`pipeline.rank`).
TEXTBOOK_SQL = f"""
WITH q AS (SELECT %(qv)s::vector AS v,
             replace(plainto_tsquery('english', %(q)s)::text, '&', '|')::tsquery AS t),
r AS MATERIALIZED (
  SELECT 'item'::text AS k, m.item_id AS ref, m.embedding <=> q.v AS dist,
         CASE WHEN m.tsv @@ q.t THEN ts_rank_cd(m.tsv, q.t) END AS fts, m.statement AS text,
         m.updated_at AS at, m.confidence AS conf, m.kind = 'constraint' AS pinned
  FROM memory_items m CROSS JOIN q
  WHERE m.namespace = %(ns)s AND m.user_id = %(uid)s AND NOT m.retired
  UNION ALL
  SELECT 'fragment', f.fragment_id, f.embedding <=> q.v,
         CASE WHEN f.tsv @@ q.t THEN ts_rank_cd(f.tsv, q.t) END, f.text, f.at,
         {FRAGMENT_CONFIDENCE}, false
  FROM fragments f CROSS JOIN q
  WHERE f.namespace = %(ns)s AND f.user_id = %(uid)s AND NOT f.retired),
v AS (SELECT ref, row_number() OVER (ORDER BY dist, ref) AS rk FROM r
      ORDER BY dist, ref LIMIT {POOL}),
f AS (SELECT ref, row_number() OVER (ORDER BY fts DESC, ref) AS rk FROM r WHERE fts IS NOT NULL
      ORDER BY fts DESC, ref LIMIT {POOL})
SELECT r.k, r.ref, r.text, r.at, r.pinned,
       (coalesce(1.0 / ({RRF_K} + f.rk), 0) + coalesce({VEC_WEIGHT} / ({RRF_K} + v.rk), 0))
         * (0.75 + 0.25 * r.conf)
         * CASE WHEN r.k = 'item' THEN 1.15 ELSE 1 END AS score
FROM r LEFT JOIN v USING (ref) LEFT JOIN f USING (ref)
WHERE v.rk IS NOT NULL OR f.rk IS NOT NULL OR r.pinned
ORDER BY r.pinned DESC, score DESC, r.ref LIMIT 10"""


# ---- timing ---------------------------------------------------------------------------
class _LookupEmbedder:
    """Returns the precomputed vector of a query: the bench excludes query embedding."""

    name = "bench-random-384"
    dim = DIM

    def __init__(self, vectors: dict[str, list[float]]) -> None:
        self.vectors = vectors

    def embed(self, texts):
        return [self.vectors[t] for t in texts]


def _queries(n: int, users: int, seed: int) -> list[dict[str, tuple[str, str, list[float]]]]:
    """`n` rounds of one query per path. Within a round every path gets the same question
    and vector but its own user: no path finds pages another path just read (a user's rows
    are read from the OS cache or disk, as for a user who was not just served)."""
    rng, nrng = random.Random(seed + 2), np.random.default_rng(seed + 2)
    vecs = unit_vectors(nrng, n)
    perm = list(range(users))
    rng.shuffle(perm)
    rounds = []
    for i in range(n):
        words = " ".join(rng.sample(WORDS, 2))
        # Unique text per round: the reader's cache never answers.
        query, vec = f"what do you remember about {words}? (q{i})", vecs[i].tolist()
        rounds.append({path: (user_name(perm[(i * len(PATHS) + j) % users]), query, vec)
                       for j, path in enumerate(PATHS)})
    return rounds


def _pct(xs: list[float]) -> dict[str, float]:
    a = np.asarray(xs) * 1000
    return {"p50": float(np.percentile(a, 50)), "p90": float(np.percentile(a, 90)),
            "p99": float(np.percentile(a, 99)), "max": float(a.max()), "mean": float(a.mean())}


def measure(url: str, rounds: list[dict], *, warmup: int,
            with_reader: bool, data_dir: Path | None, console: Console) -> dict[str, dict]:
    import psycopg

    from infra.stores.recall import read_rows
    from pipeline.top import recall_top

    deps = _deps(url, [q for r in rounds for q in r.values()], data_dir)
    reader = _reader(deps) if with_reader else None
    now, k, budget, half_life = T0, 5, 600, 90.0
    pool = max(POOL, 3 * k)

    def one_statement(conn, sql, uid, query, qvec):
        # One prepared statement, the vector sent binary, no transaction.
        conn.execute(sql, {"ns": NAMESPACE, "uid": uid, "q": query,
                           "qv": np.asarray(qvec, dtype=np.float32)}, prepare=True).fetchall()

    def system(uid, query, qvec):
        # What api.read.Reader.recall does after its cache check: the candidate rows on
        # the read pool, then the lists and the ranking.
        with deps.recall_reads(NAMESPACE) as reads:
            rows, stats = reads.rows(uid, query, qvec, pool=pool)
        return recall_top(rows, stats, pool=pool, now=now, half_life_days=half_life, k=k,
                          token_budget=budget)

    # The candidates statement alone, its row features built: one autocommit connection, no
    # transaction around it (no scoping, no BEGIN/COMMIT).
    raw = psycopg.connect(libpq(url), autocommit=True)

    def uow_alone(uid, query, qvec):
        with deps.recall_reads(NAMESPACE):
            pass

    last: list = []

    def rank_alone(uid, query, qvec):
        # Ranking the rows the previous statement returned (pure Python, no I/O).
        if last:
            recall_top(*last, pool=pool, now=now, half_life_days=half_life, k=k,
                       token_budget=budget)

    def statement(uid, query, qvec):
        last[:] = read_rows(raw, NAMESPACE, uid, query, qvec, pool=pool)

    runners = {"bare": lambda uid, q, v: one_statement(conn, BARE_SQL, uid, q, v),
               "floor": lambda uid, q, v: one_statement(conn, FLOOR_SQL, uid, q, v),
               "textbook": lambda uid, q, v: one_statement(conn, TEXTBOOK_SQL, uid, q, v),
               "statement": statement, "uow": uow_alone, "rank": rank_alone,
               "system": lambda uid, q, v: counts.append(len(system(uid, q, v)[0])),
               "reader": lambda uid, q, v: reader.recall(NAMESPACE, uid, q, k=k)}
    paths = [p for p in PATHS if p != "reader" or reader is not None]
    timings: dict[str, list[float]] = {p: [] for p in paths}
    counts: list[int] = []
    with psycopg.connect(libpq(url), autocommit=True) as conn:
        from pgvector.psycopg import register_vector
        register_vector(conn)
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=True) as progress:
            task = progress.add_task("timing queries", total=len(rounds))
            for i, round_ in enumerate(rounds):
                # Rotate the order within the round: no path always runs first or last.
                for j in range(len(paths)):
                    path = paths[(i + j) % len(paths)]
                    uid, query, qvec = round_[path]
                    t = time.perf_counter()
                    runners[path](uid, query, qvec)
                    if i >= warmup:
                        timings[path].append(time.perf_counter() - t)
                progress.update(task, advance=1)
    raw.close()
    deps.dispose()
    out = {name: _pct(xs) for name, xs in timings.items() if xs}
    out["_hits"] = {"mean": float(np.mean(counts)) if counts else 0.0}
    return out


def server_side(url: str, rounds: list[dict], *, n: int) -> dict[str, dict]:
    """Execution time inside Postgres (EXPLAIN ANALYZE, timing off) of the bare, floor and
    textbook queries and of the candidates statement, each over its own `n` users: the
    database's share of the work, far less sensitive than wall-clock figures to a machine
    busy with other jobs."""
    import psycopg
    from pgvector.psycopg import register_vector

    from infra.stores.recall import STATEMENTS
    statements = {"bare": BARE_SQL, "floor": FLOOR_SQL, "textbook": TEXTBOOK_SQL,
                  "statement": STATEMENTS[True]}
    out: dict[str, list[float]] = {name: [] for name in statements}
    with psycopg.connect(libpq(url), autocommit=True) as conn:
        register_vector(conn)
        for round_ in rounds[:n]:
            for name, sql in statements.items():
                uid, query, qvec = round_[name]
                rows = conn.execute("EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) " + sql, {
                    "ns": NAMESPACE, "uid": uid, "q": query, "pool": POOL, "preds": [], "at": None,
                    "qv": np.asarray(qvec, dtype=np.float32)}).fetchall()
                line = next(r[0] for r in rows if r[0].startswith("Execution Time"))
                out[name].append(float(line.split()[2]) / 1000)
    return {name: _pct(xs) for name, xs in out.items()}


def _deps(url: str, queries, data_dir: Path | None):
    """The dependency bundle the read path needs (no object store or extractor: recall
    touches neither), with the lookup embedder."""
    from infra.clock import SystemClock
    from infra.db.engine import make_engine
    from infra.deps import Deps
    from infra.settings import Settings
    from pipeline.vocabulary import Vocabulary
    settings = Settings(database_url=url, embedder="hash",
                        **({"data_dir": data_dir} if data_dir else {}))
    return Deps(settings=settings, clock=SystemClock(), engine=make_engine(url),
                transcripts=None, extractor=None, vocabulary=Vocabulary.with_extensions(),
                _embedder=_LookupEmbedder({q: v for _, q, v in queries}))


def _reader(deps):
    from api.memory import Memory
    from api.read import Reader
    return Reader(Memory(deps))


def _plan(url: str, query: tuple[str, str, list[float]]) -> str:
    """EXPLAIN of the bare query for one user: shows which index serves it."""
    import psycopg
    from pgvector.psycopg import register_vector
    uid, query_text, qvec = query
    with psycopg.connect(libpq(url)) as conn:
        register_vector(conn)
        rows = conn.execute("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + BARE_SQL, {
            "ns": NAMESPACE, "uid": uid, "q": query_text,
            "qv": np.asarray(qvec, dtype=np.float32)}).fetchall()
    return "\n".join(r[0] for r in rows)


# ---- command --------------------------------------------------------------------------
def recall_cmd(
    items: Annotated[int, typer.Option("--items", help="Memory items to load (N).")] = 100_000,
    per_user: Annotated[int, typer.Option("--per-user", help="Items per user.")] = 100,
    queries: Annotated[int, typer.Option("--queries", help="Timed queries (Q).")] = 2_000,
    fragments_per_user: Annotated[int, typer.Option(
        "--fragments-per-user", help="Conversation fragments per user.")] = 20,
    warmup: Annotated[int, typer.Option(help="Untimed queries first.")] = 200,
    seed: Annotated[int, typer.Option(help="Random seed (data and queries).")] = 7,
    reload: Annotated[bool, typer.Option("--reload", help="Load again even when the bench "
                                         "database already holds this data set.")] = False,
    hnsw: Annotated[bool, typer.Option("--hnsw", help="Also build the HNSW indexes (slow at "
                                       "1M; per-user recall does not use them).")] = False,
    reader: Annotated[bool, typer.Option("--reader/--no-reader", help="Also time the whole "
                                         "Reader.recall (cache miss).")] = True,
    explain: Annotated[bool, typer.Option("--explain", help="Print the bare query's plan.")] = False,
    server: Annotated[int, typer.Option("--server", help="Also time N executions of each "
                                        "statement inside Postgres (0: skip).")] = 500,
    prewarm: Annotated[bool, typer.Option("--prewarm/--no-prewarm", help="Read both tables "
                                          "and their user indexes once before timing.")] = True,
    drop: Annotated[bool, typer.Option("--drop", help="Drop the bench database at the end.")] = False,
    data_dir: Annotated[Optional[Path], typer.Option(
        "--data-dir", help="State folder of the embedded Postgres.")] = None,
) -> None:
    """Recall latency (p50/p99) at N items against a bare pgvector top-k on the same table."""
    console = Console(width=max(120, Console().width))
    command = "reverie bench recall " + " ".join(shlex.quote(a) for a in sys.argv[3:])
    console.print(f"[bold]$ {command.strip()}[/bold]")
    if per_user < 1 or items < per_user:
        raise typer.BadParameter("need --items >= --per-user >= 1")
    admin = pg_admin_url(data_dir)
    ensure_db(admin)
    url = with_db(admin, BENCH_DB)
    want = {"items": str(items), "per_user": str(per_user),
            "fragments_per_user": str(fragments_per_user), "seed": str(seed), "layout": LAYOUT}
    have = loaded_meta(url)
    load_timings = {}
    if reload or any(have.get(k) != v for k, v in want.items()) or (
            hnsw and have.get("hnsw") != "True"):
        console.print(f"loading {items:,} items ({items // per_user:,} users x {per_user}) and "
                      f"{items // per_user * fragments_per_user:,} fragments into "
                      f"database {BENCH_DB}")
        load_timings = load(url, items=items, per_user=per_user,
                            fragments_per_user=fragments_per_user, seed=seed, hnsw=hnsw,
                            console=console)
    else:
        console.print(f"database {BENCH_DB} already holds this data set (--reload to load again)")
    qs = _queries(queries + warmup, max(1, items // per_user), seed)
    if explain:
        console.print(_plan(url, qs[0]["bare"]))
    if prewarm:
        seconds = warm_caches(url)
        console.print(f"read both tables and their user indexes once ({seconds:.1f} s)")
    load_before = os.getloadavg()[0]
    res = measure(url, qs, warmup=warmup, with_reader=reader, data_dir=data_dir,
                  console=console)
    res["_load"] = {"before": load_before, "after": os.getloadavg()[0]}
    if server:
        # Fresh users (past the timed rounds' users where the set allows).
        extra = _queries(queries + warmup + server, max(1, items // per_user), seed)
        res["_server"] = server_side(url, extra[queries + warmup:], n=server)
    report(console, res, items=items, per_user=per_user, fragments=items // per_user *
            fragments_per_user, queries=queries, load_timings=load_timings)
    if drop:
        drop_db(admin)
        console.print(f"dropped database {BENCH_DB}")
