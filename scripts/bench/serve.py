"""`reverie bench serve`: the context endpoint over HTTP under concurrent clients, beside the
in-process `Reader.recall` of the same queries.

The data set is the recall bench's (`scripts/bench/recall.py`: N memory items of synthetic
users), in database `reverie_bench_serve`, loaded once and reused. A `reverie serve` process
answers `GET /v1/users/{user}/context`; 1, 8 and 32 client threads (one httpx connection
each) send questions that are all different, so the server embeds every one (query
embedding is inside the figure) and no cache answers. The in-process side runs
`Reader.recall` on the same questions at the same concurrency, with the same embedder.
The endpoint does more than recall (profile, opening context, the deadline and breaker of
`safe_recall`); the ratio says what the whole HTTP path costs over the library call.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import numpy as np
from rich.console import Console
from rich.table import Table

from scripts.bench import recall_data as data
from scripts.bench.services import free_port


#: Its own database (the recall bench may drop `reverie_bench` while this one runs).
SERVE_DB = "reverie_bench_serve"
#: The server's connections, as pg_stat_activity names them (libpq's PGAPPNAME).
SERVER_APP = "reverie-bench-serve"


def _ensure_db(admin_url: str) -> str:
    import psycopg
    with psycopg.connect(data.libpq(admin_url), autocommit=True) as c:
        if not c.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                         (SERVE_DB,)).fetchone():
            c.execute(f'CREATE DATABASE "{SERVE_DB}"')
    return data.with_db(admin_url, SERVE_DB)


def _questions(n: int, users: int, seed: int) -> list[tuple[str, str]]:
    rng = random.Random(seed + 11)
    return [(data.user_name(rng.randrange(users)),
             f"what do you remember about {' '.join(rng.sample(data.WORDS, 2))}? (#{i})")
            for i in range(n)]


def _pct(xs: list[float]) -> dict[str, float]:
    a = np.asarray(xs) * 1000
    return {"p50": float(np.percentile(a, 50)), "p99": float(np.percentile(a, 99)),
            "mean": float(a.mean())}


def _timed(fn, jobs, concurrency: int) -> tuple[list[float], float]:
    def one(job):
        t = time.perf_counter()
        fn(job)
        return time.perf_counter() - t
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        times = list(pool.map(one, jobs))
    return times, time.perf_counter() - started


def _logins(admin_url: str) -> dict[str, str]:
    """The server's two logins, as a deployment sets them: the application's ordinary role
    (`reverie_app_login`: row-level security holds it to one namespace; a superuser would
    bypass it, and the figures would not be the deployment's) and the administrative one
    (the data set's loading, migrations)."""
    from infra.db.roles import app_login_password, app_login_url
    from infra.settings import Settings
    return {"DATABASE_URL": app_login_url(admin_url, app_login_password(Settings().secret_key)),
            "DATABASE_ADMIN_URL": admin_url}


def _start_server(logins: dict, env_extra: dict, port: int, log: Path) -> subprocess.Popen:
    env = dict(os.environ, **logins, **env_extra, PGAPPNAME=SERVER_APP)
    env.pop("BROKER_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "scripts.cli", "serve", "--port",
                             str(port)], env=env, stdout=log.open("w"),
                            stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"reverie serve exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        time.sleep(0.3)
    _stop(proc)
    raise RuntimeError("reverie serve did not become ready in 180 s")


def _server_logins(admin_url: str) -> dict[str, bool]:
    """login -> may it bypass row-level security, for every connection the server process
    holds open (named by `PGAPPNAME`) after the requests: its pools."""
    import psycopg
    with psycopg.connect(data.libpq(admin_url), autocommit=True) as c:
        rows = c.execute(
            "SELECT DISTINCT a.usename, r.rolsuper OR r.rolbypassrls FROM pg_stat_activity a "
            "JOIN pg_roles r ON r.oid = a.usesysid WHERE a.datname = %s "
            "AND a.application_name = %s", (SERVE_DB, SERVER_APP)).fetchall()
    return {name: bool(privileged) for name, privileged in rows}


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def run(*, items: int, per_user: int, queries: int, levels: list[int], embedder: str,
        deadline_ms: int, seed: int, data_dir: Path | None, console: Console) -> dict:
    """Load (or reuse) the data set, time both sides at each level; returns the figures."""
    from api.keys import create_key
    from api.runtime import start
    from infra.settings import Settings
    url = _ensure_db(data.pg_admin_url(data_dir))
    want = {"items": str(items), "per_user": str(per_user), "seed": str(seed),
            "layout": data.LAYOUT}
    have = data.loaded_meta(url)
    if any(have.get(k) != v for k, v in want.items()):
        console.print(f"loading {items:,} items ({items // per_user:,} users) into {SERVE_DB}")
        data.load(url, items=items, per_user=per_user, fragments_per_user=20, seed=seed,
                  hnsw=False, console=console)
    else:
        console.print(f"database {SERVE_DB} already holds this data set")
    data.warm_caches(url)
    objects = Path(tempfile.mkdtemp(prefix="reverie-bench-serve-"))
    env = {"REVERIE_EMBEDDER": embedder, "REVERIE_RECALL_DEADLINE_MS": str(deadline_ms),
           "REVERIE_OBJECT_STORE_URL": objects.as_uri(), "REVERIE_LOG_LEVEL": "ERROR"}
    logins = _logins(url)
    rt = start(Settings(database_url=logins["DATABASE_URL"], database_admin_url=url,
                        embedder=embedder, recall_deadline_ms=deadline_ms,
                        object_store_url=objects.as_uri(), log_level="ERROR"))
    _, key = create_key(rt.deps, data.NAMESPACE, "bench serve")
    users = max(1, items // per_user)
    port = free_port()
    server = _start_server(logins, env, port, objects / "serve.log")
    results: dict = {}
    try:
        base = f"http://127.0.0.1:{port}"
        clients: dict[int, httpx.Client] = {}

        def http_context(job):
            import threading
            c = clients.setdefault(threading.get_ident(), httpx.Client(
                base_url=base, timeout=60, headers={"Authorization": f"Bearer {key}"}))
            r = c.get(f"/v1/users/{job[0]}/context", params={"query": job[1], "k": 5})
            r.raise_for_status()
            if r.json()["degraded"]:
                results.setdefault("degraded", 0)
                results["degraded"] += 1

        def in_process(job):
            rt.reader.recall(data.NAMESPACE, job[0], job[1], k=5)

        warm = _questions(20, users, seed + 1)
        _timed(http_context, warm, 4), _timed(in_process, warm, 4)
        for level in levels:
            qs = _questions(queries, users, seed + level)
            http_times, http_wall = _timed(http_context, qs, level)
            own = [(u, q + " (in process)") for u, q in qs]  # same words, not a cache hit
            lib_times, lib_wall = _timed(in_process, own, level)
            results[level] = {"http": _pct(http_times), "in_process": _pct(lib_times),
                              "http_rps": queries / http_wall, "lib_rps": queries / lib_wall}
            console.print(f"  {level} client(s): HTTP p99 {results[level]['http']['p99']:.1f} "
                          f"ms, in process p99 {results[level]['in_process']['p99']:.1f} ms")
        for c in clients.values():
            c.close()
        results["logins"] = _server_logins(url)
    finally:
        _stop(server)
        rt.deps.dispose()
    return results


def report(console: Console, res: dict, *, items: int, queries: int, embedder: str) -> None:
    table = Table(title=f"context endpoint vs Reader.recall — {items:,} items, {queries} "
                        f"queries per level, embedder {embedder} (ms, incl. query embedding)")
    for col in ("clients", "HTTP p50", "HTTP p99", "in-process p50", "in-process p99",
                "p99 ratio", "HTTP req/s", "in-process req/s"):
        table.add_column(col, justify="right")
    for level, r in res.items():
        if not isinstance(level, int):
            continue
        h, p = r["http"], r["in_process"]
        table.add_row(str(level), f"{h['p50']:.1f}", f"{h['p99']:.1f}", f"{p['p50']:.1f}",
                      f"{p['p99']:.1f}", f"{h['p99'] / p['p99']:.2f}x", f"{r['http_rps']:.0f}",
                      f"{r['lib_rps']:.0f}")
    console.print(table)
    logins = ", ".join(f"{name}{' (bypasses RLS)' if bad else ''}"
                       for name, bad in sorted(res.get("logins", {}).items()))
    console.print(f"the server's connections log in as: {logins or 'none seen'}")
    console.print(f"degraded context answers: {res.get('degraded', 0)} (deadline and "
                  f"breaker of safe_recall; counted in the HTTP figures); load average "
                  f"{os.getloadavg()[0]:.1f}")
