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
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Optional

import numpy as np
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pipeline.lists import FRAGMENT_CONFIDENCE
from pipeline.rank import RRF_K, VEC_WEIGHT

BENCH_DB = "reverie_bench"
NAMESPACE = "bench"
DIM = 384
T0 = datetime(2026, 1, 1, tzinfo=UTC)
_TABLES = ("memory_items", "fragments")
#: Version of the generated data's shape: a loaded set of another version is loaded again.
LAYOUT = "3"
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

_PREDICATES = [
    ("city", "fact"), ("employer", "fact"), ("job_title", "fact"), ("hobby", "preference"),
    ("likes", "preference"), ("dislikes", "preference"), ("pet", "fact"),
    ("current_project", "fact"), ("language_spoken", "fact"), ("allergy", "constraint"),
    ("dietary_restriction", "constraint"), ("plan", "event"),
]
#: Constraints (pinned at recall) are a few of a user's memories, not a sixth of them.
_WEIGHTS = [1.5 if kind == "constraint" else 10 for _, kind in _PREDICATES]
_WORDS = ("berlin munich oslo lisbon kyoto denver lagos quito tallinn porto acme globex "
          "initech umbrella hooli vandelay engineer teacher nurse designer chef pilot "
          "climbing chess cycling pottery sailing running baking jazz opera sushi tacos "
          "coffee tea peanuts shellfish gluten dairy vegan cat dog parrot hamster spanish "
          "french german japanese garden novel startup thesis marathon wedding dentist "
          "doctor concert holiday museum paris rome train flight budget piano guitar").split()


def _pg_admin_url(data_dir: Path | None) -> str:
    from infra.db.engine import resolve_database_url
    from infra.settings import Settings
    settings = Settings(**({"data_dir": data_dir} if data_dir else {}))
    return resolve_database_url(settings)


def _with_db(url: str, name: str) -> str:
    base, _, query = url.partition("?")
    return base.rsplit("/", 1)[0] + "/" + name + (("?" + query) if query else "")


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def _ensure_db(admin_url: str, *, drop_first: bool = False) -> None:
    import psycopg
    with psycopg.connect(_libpq(admin_url), autocommit=True) as c:
        if drop_first:
            c.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')
        if not c.execute("SELECT 1 FROM pg_database WHERE datname = %s", (BENCH_DB,)).fetchone():
            c.execute(f'CREATE DATABASE "{BENCH_DB}"')


def drop_db(admin_url: str) -> None:
    import psycopg
    with psycopg.connect(_libpq(admin_url), autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')


# ---- data -----------------------------------------------------------------------------
def _unit_vectors(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM), dtype=np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return v


def _user(i: int) -> str:
    return f"u{i:07d}"


def _statement(rng: random.Random) -> tuple[str, str, str]:
    predicate, kind = rng.choices(_PREDICATES, weights=_WEIGHTS)[0]
    obj = " ".join(rng.sample(_WORDS, rng.randint(1, 2)))
    return predicate, kind, f"User's {predicate.replace('_', ' ')} is {obj}."


def _fragment_text(rng: random.Random, at: datetime) -> str:
    user = " ".join(rng.choices(_WORDS, k=rng.randint(6, 14)))
    reply = " ".join(rng.choices(_WORDS, k=rng.randint(8, 20)))
    return f"[{at:%Y-%m-%d}] user: I was thinking about {user}.\nassistant: {reply}."


def _copy_items(conn, n: int, per_user: int, seed: int, progress, task) -> None:
    """COPY n items in batches; users are interleaved (a user's rows are spread over the
    table the way months of interleaved writes spread them), ~3% retired."""
    from pgvector.psycopg import register_vector
    from psycopg.types.json import Jsonb
    register_vector(conn)
    rng, nrng = random.Random(seed), np.random.default_rng(seed)
    users = np.repeat(np.arange(max(1, n // per_user)), per_user)[:n]
    if len(users) < n:
        users = np.concatenate([users, nrng.integers(0, users.max() + 1, n - len(users))])
    nrng.shuffle(users)
    cols = ("item_id", "namespace", "user_id", "kind", "predicate", "statement", "scope",
            "confidence", "sources", "revision", "retired", "created_at", "updated_at",
            "tags", "embedding", "embed_model")
    types = ("varchar", "varchar", "varchar", "varchar", "varchar", "text", "jsonb", "float8",
             "jsonb", "int4", "bool", "timestamptz", "timestamptz", "jsonb", "vector",
             "varchar")
    batch = 50_000
    with conn.cursor() as cur:
        for start in range(0, n, batch):
            stop = min(n, start + batch)
            vecs = _unit_vectors(nrng, stop - start)
            with cur.copy(f"COPY memory_items ({', '.join(cols)}) FROM STDIN "
                          "(FORMAT BINARY)") as cp:
                cp.set_types(types)
                for j in range(stop - start):
                    predicate, kind, statement = _statement(rng)
                    at = T0 - timedelta(days=rng.randint(0, 900))
                    sid = f"s{rng.randint(1, 60)}"
                    cp.write_row((
                        str(uuid.UUID(int=rng.getrandbits(128))), NAMESPACE,
                        _user(int(users[start + j])), kind, predicate, statement, Jsonb({}),
                        round(rng.uniform(0.5, 1.0), 3), Jsonb([f"{sid}#{rng.randint(0, 40)}"]),
                        1, rng.random() < 0.03, at, at, Jsonb([predicate]), vecs[j],
                        "bench-random-384"))
            conn.commit()
            progress.update(task, advance=stop - start)


def _copy_fragments(conn, users: int, per_user: int, seed: int, progress, task) -> None:
    """COPY `per_user` fragments for every user."""
    from pgvector.psycopg import register_vector
    register_vector(conn)
    rng, nrng = random.Random(seed + 1), np.random.default_rng(seed + 1)
    # Replay writes a session's fragments in one statement: a user's fragments sit in runs
    # of one session each (here 10 exchanges), the runs of all users interleaved.
    run = 10 if per_user % 10 == 0 else per_user
    blocks = np.repeat(np.arange(users), per_user // run)
    nrng.shuffle(blocks)
    order = np.repeat(blocks, run)
    session, at = "", T0
    cols = ("fragment_id", "namespace", "user_id", "session_id", "turn_start", "turn_end",
            "text", "at", "retired", "embedding", "embed_model")
    types = ("varchar", "varchar", "varchar", "varchar", "int4", "int4", "text",
             "timestamptz", "bool", "vector", "varchar")
    batch = 50_000
    with conn.cursor() as cur:
        for start in range(0, len(order), batch):
            chunk = order[start:start + batch]
            vecs = _unit_vectors(nrng, len(chunk))
            with cur.copy(f"COPY fragments ({', '.join(cols)}) FROM STDIN "
                          "(FORMAT BINARY)") as cp:
                cp.set_types(types)
                for j, u in enumerate(chunk):
                    if (start + j) % run == 0:
                        session, at = f"s{rng.randint(1, 10**6)}", T0 - timedelta(
                            days=rng.randint(0, 900))
                    turn = 2 * ((start + j) % run)
                    cp.write_row((
                        str(uuid.UUID(int=rng.getrandbits(128))), NAMESPACE, _user(int(u)),
                        session, turn, turn + 1, _fragment_text(rng, at), at,
                        rng.random() < 0.03, vecs[j], "bench-random-384"))
            conn.commit()
            progress.update(task, advance=len(chunk))


def load(url: str, *, items: int, per_user: int, fragments_per_user: int, seed: int,
         hnsw: bool, console: Console) -> dict:
    """Migrate the bench database, drop the two tables' secondary indexes, COPY, then build
    the indexes the migrations define (HNSW only with `hnsw`), VACUUM ANALYZE."""
    import psycopg
    from infra.db.engine import make_engine, migrate
    engine = make_engine(url)
    migrate(engine)
    engine.dispose()
    timings = {}
    with psycopg.connect(_libpq(url)) as conn:
        conn.execute("TRUNCATE memory_items, fragments")
        indexdefs = conn.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ANY(%s) "
            "AND indexname NOT IN (SELECT conname FROM pg_constraint)", (list(_TABLES),)
        ).fetchall()
        for name, _ in indexdefs:
            conn.execute(f'DROP INDEX IF EXISTS "{name}"')
        conn.execute("SET synchronous_commit = off")
        conn.commit()
        users = max(1, items // per_user)
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=False) as progress:
            t = time.perf_counter()
            task = progress.add_task("COPY memory_items", total=items)
            _copy_items(conn, items, per_user, seed, progress, task)
            timings["copy items s"] = time.perf_counter() - t
            t = time.perf_counter()
            task = progress.add_task("COPY fragments", total=users * fragments_per_user)
            _copy_fragments(conn, users, fragments_per_user, seed, progress, task)
            timings["copy fragments s"] = time.perf_counter() - t
        conn.execute("SET maintenance_work_mem = '1GB'")
        t = time.perf_counter()
        for name, ddl in indexdefs:
            if "hnsw" in ddl.lower() and not hnsw:
                console.print(f"  skipped {name} (HNSW; --hnsw builds it)")
                continue
            t1 = time.perf_counter()
            conn.execute(ddl)
            conn.commit()
            console.print(f"  built {name} in {time.perf_counter() - t1:.1f} s")
        timings["indexes s"] = time.perf_counter() - t
    with psycopg.connect(_libpq(url), autocommit=True) as conn:
        t = time.perf_counter()
        conn.execute("VACUUM ANALYZE memory_items")
        conn.execute("VACUUM ANALYZE fragments")
        timings["vacuum analyze s"] = time.perf_counter() - t
        conn.execute("CREATE TABLE IF NOT EXISTS bench_meta (k text PRIMARY KEY, v text)")
        conn.execute("DELETE FROM bench_meta")
        meta = {"items": items, "per_user": per_user, "fragments_per_user": fragments_per_user,
                "seed": seed, "hnsw": hnsw, "layout": LAYOUT}
        for k, v in meta.items():
            conn.execute("INSERT INTO bench_meta VALUES (%s, %s)", (k, str(v)))
    return timings


def warm_caches(url: str) -> float:
    """Read each table and its per-user index once, so that every path starts from the
    same state: the data in the OS page cache (a server whose data fits in memory), not
    whatever an earlier job left there. Returns the seconds it took."""
    import psycopg
    t = time.perf_counter()
    with psycopg.connect(_libpq(url), autocommit=True) as conn:
        for table in _TABLES:
            conn.execute(f"SELECT count(embedding) FROM {table}")  # sequential: the heap
        conn.execute("SET enable_seqscan = off")
        conn.execute("SET enable_bitmapscan = off")
        for table in _TABLES:  # index-only (VACUUMed): the per-user index
            conn.execute(f"SELECT count(*) FROM {table} WHERE namespace = %s AND NOT retired",
                         (NAMESPACE,))
    return time.perf_counter() - t


def loaded_meta(url: str) -> dict:
    import psycopg
    try:
        with psycopg.connect(_libpq(url)) as conn:
            return dict(conn.execute("SELECT k, v FROM bench_meta").fetchall())
    except psycopg.Error:
        return {}


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
    vecs = _unit_vectors(nrng, n)
    perm = list(range(users))
    rng.shuffle(perm)
    rounds = []
    for i in range(n):
        words = " ".join(rng.sample(_WORDS, 2))
        # Unique text per round: the reader's cache never answers.
        query, vec = f"what do you remember about {words}? (q{i})", vecs[i].tolist()
        rounds.append({path: (_user(perm[(i * len(PATHS) + j) % users]), query, vec)
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
    raw = psycopg.connect(_libpq(url), autocommit=True)

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
    with psycopg.connect(_libpq(url), autocommit=True) as conn:
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
    with psycopg.connect(_libpq(url), autocommit=True) as conn:
        register_vector(conn)
        for round_ in rounds[:n]:
            for name, sql in statements.items():
                uid, query, qvec = round_[name]
                rows = conn.execute("EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) " + sql, {
                    "ns": NAMESPACE, "uid": uid, "q": query, "pool": POOL,
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
    with psycopg.connect(_libpq(url)) as conn:
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
    admin = _pg_admin_url(data_dir)
    _ensure_db(admin)
    url = _with_db(admin, BENCH_DB)
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
    _report(console, res, items=items, per_user=per_user, fragments=items // per_user *
            fragments_per_user, queries=queries, load_timings=load_timings)
    if drop:
        drop_db(admin)
        console.print(f"dropped database {BENCH_DB}")


def _report(console: Console, res: dict, *, items: int, per_user: int, fragments: int,
            queries: int, load_timings: dict) -> None:
    bare = res["bare"]
    table = Table(title=f"recall latency, ms — {items:,} items, {per_user} per user, "
                        f"{fragments:,} fragments, {queries:,} queries (embedding excluded)")
    for col in ("path", "p50", "p90", "p99", "max", "mean", "x bare p50", "x bare p99"):
        table.add_column(col, justify="left" if col == "path" else "right")
    names = {"bare": "bare pgvector top-10 (psycopg, prepared, binary vector)",
             "floor": "floor: items + fragments, distance and word match, top-10",
             "textbook": "textbook hybrid: one statement, ts_rank_cd + vector RRF",
             "statement": "candidates statement + row features (autocommit)",
             "uow": "  part: read-pool checkout alone",
             "rank": "  part: ranking alone (pipeline.top.recall_top)",
             "system": "assistant path: candidates (read pool) + lists + rank",
             "reader": "Reader.recall, cache miss (+ audit row, cache version)"}
    for key, label in names.items():
        if key not in res:
            continue
        r = res[key]
        table.add_row(label, *(f"{r[c]:.3f}" for c in ("p50", "p90", "p99", "max", "mean")),
                      f"{r['p50'] / bare['p50']:.2f}", f"{r['p99'] / bare['p99']:.2f}")
    console.print(table)
    ok = "[green]met[/green]", "[red]missed[/red]"
    for key in ("system", "reader"):
        if key not in res:
            continue
        p99, ratio = res[key]["p99"], res[key]["p99"] / bare["p99"]
        console.print(f"{key}: target p99 < 5 ms {ok[0] if p99 < 5 else ok[1]} ({p99:.3f} ms); "
                      f"within 1.5x of bare p99 {ok[0] if ratio <= 1.5 else ok[1]} "
                      f"({ratio:.2f}x; p50 {res[key]['p50'] / bare['p50']:.2f}x)")
    if "floor" in res and "system" in res:
        floor, system = res["floor"], res["system"]
        console.print(
            f"floor (both memories read, no ranking): {floor['p50'] / bare['p50']:.2f}x / "
            f"{floor['p99'] / bare['p99']:.2f}x bare (p50 / p99); the assistant path is "
            f"{system['p50'] / floor['p50']:.2f}x / {system['p99'] / floor['p99']:.2f}x the floor")
    if "textbook" in res:
        tb = res["textbook"]
        console.print(f"textbook hybrid (RRF in one statement, nothing added): "
                      f"{tb['p50'] / bare['p50']:.2f}x / {tb['p99'] / bare['p99']:.2f}x bare")
    console.print(f"mean hits returned {res['_hits']['mean']:.1f}")
    if "_server" in res:
        srv = res["_server"]
        t2 = Table(title="inside Postgres (EXPLAIN ANALYZE execution time, ms)")
        for col in ("statement", "p50", "p90", "p99", "x bare p50", "x bare p99"):
            t2.add_column(col, justify="left" if col == "statement" else "right")
        for key, label in (("bare", "bare pgvector top-10"),
                           ("floor", "floor: items + fragments, distance and word match"),
                           ("textbook", "textbook hybrid (one statement, RRF in SQL)"),
                           ("statement", "candidates statement (items + fragments)")):
            r = srv[key]
            t2.add_row(label, *(f"{r[c]:.3f}" for c in ("p50", "p90", "p99")),
                       f"{r['p50'] / srv['bare']['p50']:.2f}",
                       f"{r['p99'] / srv['bare']['p99']:.2f}")
        console.print(t2)
    console.print(f"machine load average (1 min) {res['_load']['before']:.2f} before timing, "
                  f"{res['_load']['after']:.2f} after, on {os.cpu_count()} cores")
    if load_timings:
        console.print("load: " + ", ".join(f"{k} {v:.1f}" for k, v in load_timings.items()))
