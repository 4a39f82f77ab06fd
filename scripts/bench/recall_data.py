"""The data of `reverie bench recall`: its own database, N memory items (random unit
vectors, short statements) over N / per-user users and their fragments, loaded with binary
COPY through the schema the migrations create, then indexed and analysed."""
from __future__ import annotations

import random
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

BENCH_DB = "reverie_bench"
NAMESPACE = "bench"
DIM = 384
T0 = datetime(2026, 1, 1, tzinfo=UTC)
_TABLES = ("memory_items", "fragments")
#: Version of the generated data's shape: a loaded set of another version is loaded again.
LAYOUT = "3"
_PREDICATES = [
    ("city", "fact"), ("employer", "fact"), ("job_title", "fact"), ("hobby", "preference"),
    ("likes", "preference"), ("dislikes", "preference"), ("pet", "fact"),
    ("current_project", "fact"), ("language_spoken", "fact"), ("allergy", "constraint"),
    ("dietary_restriction", "constraint"), ("plan", "event"),
]
#: Constraints (pinned at recall) are a few of a user's memories, not a sixth of them.
_WEIGHTS = [1.5 if kind == "constraint" else 10 for _, kind in _PREDICATES]
WORDS = ("berlin munich oslo lisbon kyoto denver lagos quito tallinn porto acme globex "
          "initech umbrella hooli vandelay engineer teacher nurse designer chef pilot "
          "climbing chess cycling pottery sailing running baking jazz opera sushi tacos "
          "coffee tea peanuts shellfish gluten dairy vegan cat dog parrot hamster spanish "
          "french german japanese garden novel startup thesis marathon wedding dentist "
          "doctor concert holiday museum paris rome train flight budget piano guitar").split()


def pg_admin_url(data_dir: Path | None) -> str:
    from infra.db.engine import resolve_database_url
    from infra.settings import Settings
    settings = Settings(**({"data_dir": data_dir} if data_dir else {}))
    return resolve_database_url(settings)


def with_db(url: str, name: str) -> str:
    base, _, query = url.partition("?")
    return base.rsplit("/", 1)[0] + "/" + name + (("?" + query) if query else "")


def libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def ensure_db(admin_url: str, *, drop_first: bool = False) -> None:
    import psycopg
    with psycopg.connect(libpq(admin_url), autocommit=True) as c:
        if drop_first:
            c.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')
        if not c.execute("SELECT 1 FROM pg_database WHERE datname = %s", (BENCH_DB,)).fetchone():
            c.execute(f'CREATE DATABASE "{BENCH_DB}"')


def drop_db(admin_url: str) -> None:
    import psycopg
    with psycopg.connect(libpq(admin_url), autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')


# ---- data -----------------------------------------------------------------------------
def unit_vectors(rng: np.random.Generator, n: int) -> np.ndarray:
    v = rng.standard_normal((n, DIM), dtype=np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return v


def user_name(i: int) -> str:
    return f"u{i:07d}"


def _statement(rng: random.Random) -> tuple[str, str, str]:
    predicate, kind = rng.choices(_PREDICATES, weights=_WEIGHTS)[0]
    obj = " ".join(rng.sample(WORDS, rng.randint(1, 2)))
    return predicate, kind, f"User's {predicate.replace('_', ' ')} is {obj}."


def _fragment_text(rng: random.Random, at: datetime) -> str:
    user = " ".join(rng.choices(WORDS, k=rng.randint(6, 14)))
    reply = " ".join(rng.choices(WORDS, k=rng.randint(8, 20)))
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
            vecs = unit_vectors(nrng, stop - start)
            with cur.copy(f"COPY memory_items ({', '.join(cols)}) FROM STDIN "
                          "(FORMAT BINARY)") as cp:
                cp.set_types(types)
                for j in range(stop - start):
                    predicate, kind, statement = _statement(rng)
                    at = T0 - timedelta(days=rng.randint(0, 900))
                    sid = f"s{rng.randint(1, 60)}"
                    cp.write_row((
                        str(uuid.UUID(int=rng.getrandbits(128))), NAMESPACE,
                        user_name(int(users[start + j])), kind, predicate, statement, Jsonb({}),
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
            vecs = unit_vectors(nrng, len(chunk))
            with cur.copy(f"COPY fragments ({', '.join(cols)}) FROM STDIN "
                          "(FORMAT BINARY)") as cp:
                cp.set_types(types)
                for j, u in enumerate(chunk):
                    if (start + j) % run == 0:
                        session, at = f"s{rng.randint(1, 10**6)}", T0 - timedelta(
                            days=rng.randint(0, 900))
                    turn = 2 * ((start + j) % run)
                    cp.write_row((
                        str(uuid.UUID(int=rng.getrandbits(128))), NAMESPACE, user_name(int(u)),
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
    with psycopg.connect(libpq(url)) as conn:
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
    with psycopg.connect(libpq(url), autocommit=True) as conn:
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
    with psycopg.connect(libpq(url), autocommit=True) as conn:
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
        with psycopg.connect(libpq(url)) as conn:
            return dict(conn.execute("SELECT k, v FROM bench_meta").fetchall())
    except psycopg.Error:
        return {}
