"""`reverie bench consolidate`: consolidation throughput through real Celery workers.

Seeded synthetic users (moves, job changes, allergies, quitting smoking, restatements, among
chit-chat) are written as ended sessions (transcript object + session row, exactly what
`end_session` leaves behind), then their session-end events go over Redis to worker
processes (`python -m scripts.cli worker --concurrency=1`) on a fresh bench database. Per
(worker count, store size) it reports sessions per second, end-to-consolidated latency from
a paced run, round trips per session (the workers' statement counter, scraped from their
metrics endpoint), rows written per session (pg_stat_user_tables deltas), embedding time
(measured in the workers) against the model's raw throughput, worker memory, and the bound:
COPY of the rows the batch produced into empty clones of their tables.
"""
from __future__ import annotations

import math
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from scripts.bench.conversations import generate
from scripts.bench.services import free_port, redis_server

ROOT = Path(__file__).resolve().parents[1]
#: Tables whose rows the COPY bound re-inserts: what consolidation produces.
COPY_TABLES = ("facts", "fact_evidence", "memory_items", "memory_item_versions", "fragments",
               "decisions", "checkpoints")


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))]


def server_url(data_dir: Path | None) -> str:
    from infra.db.engine import embedded_database_url, to_psycopg_url
    from infra.settings import Settings
    settings = Settings()
    url = settings.database_url or embedded_database_url(data_dir or settings.data_dir)
    return to_psycopg_url(url)


def with_database(url: str, name: str) -> str:
    base, _, query = url.partition("?")
    return base.rsplit("/", 1)[0] + "/" + name + (("?" + query) if query else "")


def admin(url: str, sql: str) -> None:
    from infra.db.engine import run_admin
    run_admin(with_database(url, "postgres"), sql)


class Worker:
    """One `reverie worker --concurrency=1` process, its metrics port and its memory."""

    def __init__(self, env: dict, log: Path) -> None:
        self.port = free_port()
        self.log = log
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "scripts.cli", "worker", "--concurrency=1",
             "--loglevel=WARNING"], env=dict(env, REVERIE_METRICS_PORT=str(self.port)),
            cwd=ROOT, stdout=log.open("w"), stderr=subprocess.STDOUT, start_new_session=True)
        self.samples: list[tuple[float, int, int]] = []  # (time, child rss, tree rss)

    def metrics(self) -> dict[tuple, float]:
        import urllib.request

        from prometheus_client.parser import text_string_to_metric_families
        raw = urllib.request.urlopen(f"http://127.0.0.1:{self.port}/metrics", timeout=5).read()
        return {(s.name, tuple(sorted(s.labels.items()))): s.value
                for fam in text_string_to_metric_families(raw.decode()) for s in fam.samples}

    def wait_ready(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited:\n{self.log.read_text()[-3000:]}")
            try:
                self.metrics()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"worker never served metrics:\n{self.log.read_text()[-3000:]}")

    def sample(self) -> None:
        import psutil
        try:
            main = psutil.Process(self.proc.pid)
            children = main.children(recursive=True)
            child = max((c.memory_info().rss for c in children), default=0)
            tree = main.memory_info().rss + sum(c.memory_info().rss for c in children)
            self.samples.append((time.monotonic(), child, tree))
        except psutil.Error:
            pass

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


def diff(after: dict, before: dict, name: str, **labels) -> float:
    want = set(labels.items())
    return sum(v - before.get(k, 0.0) for k, v in after.items()
               if k[0] == name and want <= set(k[1]))


def by_label(after: dict, before: dict, name: str, label: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for k, v in after.items():
        if k[0] == name:
            key = dict(k[1]).get(label, "")
            out[key] = out.get(key, 0.0) + v - before.get(k, 0.0)
    return out


# ---- the run -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Options:
    users: int = 10
    sessions: int = 5
    turns: int = 20
    workers: tuple[int, ...] = (1, 2)
    store: tuple[int, ...] = (0, 10)
    embedder: str = "local"
    seed: int = 7
    #: The latency run publishes at this share of the throughput the burst measured.
    latency_load: float = 0.5
    #: Postgres publishes a backend's table counters up to 10 s after it went idle.
    stats_wait_s: float = 10.5
    data_dir: Path | None = None
    keep: bool = False
    #: Sessions per dream batch in the workers (`Settings.dream_batch_size`); None: default.
    batch_size: int | None = None


class Scenario:
    """One worker count on one bench database: workers, publisher, memory sampler."""

    def __init__(self, opts: Options, url: str, broker: str, n_workers: int, tmp: Path,
                 progress) -> None:
        from infra.settings import Settings
        from api.runtime import start
        self.opts, self.url, self.progress, self.tmp = opts, url, progress, tmp
        queue = f"reverie-bench-{uuid.uuid4().hex[:8]}"
        objects = (tmp / "objects").as_uri()
        self.rt = start(Settings(database_url=url, broker_url=broker, queue=queue,
                                 embedder=opts.embedder, object_store_url=objects,
                                 data_dir=tmp, log_level="ERROR", mode="full"))
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("REVERIE_") and k != "PROMETHEUS_MULTIPROC_DIR"}
        env.update(DATABASE_URL=url, BROKER_URL=broker, REVERIE_QUEUE=queue,
                   REVERIE_EMBEDDER=opts.embedder, REVERIE_DATA_DIR=str(tmp),
                   REVERIE_OBJECT_STORE_URL=objects, REVERIE_LOG_LEVEL="WARNING",
                   HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
        if opts.batch_size is not None:
            env["REVERIE_DREAM_BATCH_SIZE"] = str(opts.batch_size)
        self.workers = [Worker(env, tmp / f"worker{n_workers}-{i}.log")
                        for i in range(n_workers)]
        self._sampling = True
        self._sampler = threading.Thread(target=self._sample, daemon=True)
        self._sampler.start()
        for w in self.workers:
            w.wait_ready()
        self.last_activity = time.monotonic()
        self.stored = 0

    def _sample(self) -> None:
        while self._sampling:
            for w in self.workers:
                w.sample()
            time.sleep(0.5)

    def close(self) -> None:
        self._sampling = False
        for w in self.workers:
            w.stop()
        self.rt.deps.dispose()

    # -- sessions ---------------------------------------------------------------------------
    def store(self, transcripts, *, ended: bool = True) -> list[str]:
        """Ended sessions, as `end_session` leaves them: transcript object + session row.
        With `ended=False` the rows stay open until `run` ends each one as it publishes its
        event (a worker's batch can only claim sessions that have ended)."""
        from pipeline.opening import summarize_thread
        from schemas.ids import session_key
        deps, rows = self.rt.deps, []
        for t in transcripts:
            key, checksum, size = deps.transcripts.write(t)
            rows.append(dict(
                sid=session_key(t.namespace, t.user_id, t.session_id), namespace=t.namespace,
                user_id=t.user_id, session_id=t.session_id, started_at=t.started_at,
                last_activity_at=t.ended_at, ended_at=t.ended_at if ended else None,
                state="ended" if ended else "open",
                end_reason="event", transcript_key=key, transcript_checksum=checksum,
                transcript_bytes=size, turn_count=len(t.turns),
                summary=summarize_thread([x.text for x in t.turns if x.role == "user"])))
        with deps.unit_of_work() as uow:
            uow.sessions.seed(rows)
        deps.engine.dispose()  # the publisher's counters reach pg_stat now, not in 10 s
        return [r["sid"] for r in rows]

    def run(self, sids: list[str], label: str, *, rate: float | None = None) -> dict:
        """Publish the session-end events (all at once, or `rate` per second) and wait.
        Paced (`rate`), each session is ended (row marked ended) just before its event."""
        from infra.stores.probes import BenchProbe
        from workers.tasks import publish_session_end
        published: dict[str, float] = {}
        consolidated: dict[str, float] = {}
        done: dict[str, float] = {}
        failed: set[str] = set()
        task = self.progress.add_task(label, total=len(sids))
        stop = threading.Event()

        probe = BenchProbe(self.rt.deps.engine)

        def poll() -> None:
            waiting, unfinished = set(sids), set(sids)
            deadline = time.monotonic() + 120 + 2.0 * len(sids)
            while unfinished and time.monotonic() < deadline and not stop.is_set():
                rows = probe.settled(waiting)
                seen = time.perf_counter()
                for sid, state in rows:
                    waiting.discard(sid)
                    if state == "failed":
                        failed.add(sid)
                        unfinished.discard(sid)
                    else:
                        consolidated[sid] = seen
                finished = probe.checkpointed(unfinished - waiting, "forget")
                seen = time.perf_counter()
                for sid in finished:
                    done[sid] = seen
                    unfinished.discard(sid)
                self.progress.update(task, completed=len(done) + len(failed))
                time.sleep(0.01 if rate else 0.025)

        poller = threading.Thread(target=poll, daemon=True)
        poller.start()
        start = time.perf_counter()
        for i, sid in enumerate(sids):
            if rate:
                time.sleep(max(0.0, start + i / rate - time.perf_counter()))
            if rate:
                probe.end_open(sid)
            published[sid] = time.perf_counter()
            publish_session_end(sid, None)
        poller.join()
        stop.set()
        self.last_activity = time.monotonic()
        self.stored += len(sids)
        self.progress.remove_task(task)
        if failed or len(done) < len(sids):
            tails = "\n".join(w.log.read_text()[-2000:] for w in self.workers)
            raise RuntimeError(f"{label}: {len(failed)} failed, {len(sids) - len(done) - len(failed)}"
                               f" unfinished\n{tails}")
        wall = max(done.values()) - min(published.values())
        latencies = [consolidated[s] - published[s] for s in sids if s in consolidated]
        return {"sessions": len(sids), "wall_s": wall, "per_s": len(sids) / wall,
                "latency_ms": [1000 * x for x in latencies]}

    # -- counters ---------------------------------------------------------------------------
    def table_stats(self) -> dict[str, int]:
        """Rows inserted + updated + deleted per table, once every backend has reported."""
        from infra.stores.probes import BenchProbe
        time.sleep(max(0.0, self.last_activity + self.opts.stats_wait_s - time.monotonic()))
        return BenchProbe(self.rt.deps.engine).table_activity()

    def cpu_seconds(self) -> dict[int, float]:
        """CPU time so far of the workers' processes and of this database's backends."""
        import psutil

        from infra.stores.probes import BenchProbe
        pids = BenchProbe(self.rt.deps.engine).backend_pids()
        out = {}
        for pid in pids | self.worker_pids():
            try:
                t = psutil.Process(pid).cpu_times()
                out[pid] = t.user + t.system
            except psutil.Error:
                pass
        return out

    def worker_pids(self) -> set[int]:
        import psutil
        out = set()
        for w in self.workers:
            try:
                main = psutil.Process(w.proc.pid)
                out |= {main.pid, *(c.pid for c in main.children(recursive=True))}
            except psutil.Error:
                pass
        return out

    def metrics(self) -> list[dict]:
        return [w.metrics() for w in self.workers]

    # -- the bound --------------------------------------------------------------------------
    def copy_bound(self, namespace: str) -> tuple[float, int]:
        """Seconds to COPY the rows `namespace` got into empty clones (indexes included)."""
        import psycopg
        conninfo = self.url.replace("postgresql+psycopg://", "postgresql://")
        data: dict[str, tuple[list[str], bytes]] = {}
        rows = 0
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute("SELECT set_config('reverie.namespace', '*', false)")
            for table in COPY_TABLES:
                cols = [r[0] for r in conn.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
                    "AND is_generated = 'NEVER' ORDER BY ordinal_position", (table,))]
                collist = ", ".join(f'"{c}"' for c in cols)
                buf = bytearray()
                with conn.cursor().copy(
                        f"COPY (SELECT {collist} FROM {table} WHERE namespace = "
                        f"'{namespace}') TO STDOUT") as copy:
                    for chunk in copy:
                        buf += chunk
                rows += buf.count(b"\n")
                data[table] = (cols, bytes(buf))
                conn.execute(f"DROP TABLE IF EXISTS bench_copy_{table}")
                conn.execute(f"CREATE TABLE bench_copy_{table} (LIKE {table} INCLUDING ALL)")
            started = time.perf_counter()
            with conn.transaction():
                for table, (cols, buf) in data.items():
                    collist = ", ".join(f'"{c}"' for c in cols)
                    with conn.cursor().copy(f"COPY bench_copy_{table} ({collist}) FROM STDIN") as copy:
                        copy.write(buf)
            elapsed = time.perf_counter() - started
            for table in COPY_TABLES:
                conn.execute(f"DROP TABLE bench_copy_{table}")
        return elapsed, rows

    def raw_embed(self, namespace: str) -> dict:
        """The model's own throughput on the batch's texts, in one call (workers idle), with
        one torch thread as in a worker's pool process, and with torch's default."""
        from infra.embedders import make_embedder
        from infra.stores.probes import BenchProbe
        texts = BenchProbe(self.rt.deps.engine).texts(namespace)
        embedder = make_embedder(self.opts.embedder)
        embedder.embed(texts[:16])  # load and warm the model
        out = {"texts": len(texts), "batch_size": getattr(embedder, "batch_size", None)}
        torch = sys.modules.get("torch")
        default = torch.get_num_threads() if torch else 1
        for label, threads in (("one_thread", 1), ("default_threads", default)):
            if torch:
                torch.set_num_threads(threads)
            started = time.perf_counter()
            embedder.embed(texts)
            out[f"texts_per_s_{label}"] = round(len(texts) / (time.perf_counter() - started), 1)
        out["default_threads"] = default
        return out


def measure(sc: Scenario, n_workers: int, k: int, *, with_raw_embed: bool) -> dict:
    """One scaling-table row: burst throughput, counters, COPY bound, paced latency."""
    o = sc.opts
    store_before = sc.stored
    ns = f"bench{n_workers}w{k}x"
    sids = sc.store(generate(o.seed, ns, o.users, o.sessions, o.turns))
    stats0, m0 = sc.table_stats(), sc.metrics()
    cpu0 = sc.cpu_seconds()
    burst = sc.run(sids, f"{n_workers} worker(s), store {store_before}: burst")
    cpu1, m1 = sc.cpu_seconds(), sc.metrics()
    mine = sc.worker_pids()
    mains = {w.proc.pid for w in sc.workers}  # Celery's main processes (the rest: the pool)
    worker_cpu = sum(v - cpu0.get(p, 0.0) for p, v in cpu1.items() if p in mine)
    main_cpu = sum(v - cpu0.get(p, 0.0) for p, v in cpu1.items() if p in mains)
    db_cpu = sum(v - cpu0.get(p, 0.0) for p, v in cpu1.items() if p not in mine)
    stats1 = sc.table_stats()
    n = len(sids)
    per_table = {t: stats1.get(t, 0) - stats0.get(t, 0) for t in stats1}
    stmts = sum(diff(a, b, "reverie_db_statements_total") for a, b in zip(m1, m0))
    by_task = {}
    for a, b in zip(m1, m0):
        for task, v in by_label(a, b, "reverie_db_statements_total", "task").items():
            by_task.setdefault(task, {"statements": 0.0, "seconds": 0.0, "runs": 0.0})
            by_task[task]["statements"] += v
        for task, v in by_label(a, b, "reverie_task_duration_seconds_sum", "task").items():
            by_task.setdefault(task, {"statements": 0.0, "seconds": 0.0, "runs": 0.0})
            by_task[task]["seconds"] += v
        for task, v in by_label(a, b, "reverie_task_duration_seconds_count", "task").items():
            by_task.setdefault(task, {"statements": 0.0, "seconds": 0.0, "runs": 0.0})
            by_task[task]["runs"] += v
    embed_s = sum(diff(a, b, "reverie_embed_seconds_total") for a, b in zip(m1, m0))
    embed_texts = sum(diff(a, b, "reverie_embedded_texts_total") for a, b in zip(m1, m0))
    busy_s = sum(v["seconds"] for v in by_task.values())
    copy_s, copy_rows = sc.copy_bound(ns)
    raw = sc.raw_embed(ns) if with_raw_embed else None
    lat_sids = sc.store(generate(o.seed, ns + "lat", o.users, o.sessions, o.turns),
                        ended=False)
    rate = max(0.05, o.latency_load * burst["per_s"])
    paced = sc.run(lat_sids, f"{n_workers} worker(s): latency at {rate:.0f}/s", rate=rate)
    worker_s = burst["wall_s"] * n_workers
    return {
        "workers": n_workers, "store_sessions": store_before, "sessions": n,
        "wall_s": round(burst["wall_s"], 3), "sessions_per_s": round(burst["per_s"], 2),
        "sessions_per_s_per_worker": round(burst["per_s"] / n_workers, 2),
        "sessions_per_s_per_worker_excl_embed": round(n / max(1e-9, worker_s - embed_s), 2),
        "busy_s": round(busy_s, 3), "embed_s": round(embed_s, 3), "embedded_texts": embed_texts,
        "worker_embed_texts_per_s": round(embed_texts / embed_s, 1) if embed_s else None,
        "raw_embed": raw,
        "latency_rate_per_s": round(rate, 1),
        "latency_p50_ms": round(percentile(paced["latency_ms"], 50), 1),
        "latency_p99_ms": round(percentile(paced["latency_ms"], 99), 1),
        "burst_latency_p50_ms": round(percentile(burst["latency_ms"], 50), 1),
        "worker_cpu_ms_per_session": round(1000 * worker_cpu / n, 1),
        "worker_main_cpu_ms_per_session": round(1000 * main_cpu / n, 1),
        "db_cpu_ms_per_session": round(1000 * db_cpu / n, 1),
        "round_trips_per_session": round(stmts / n, 1),
        "rows_per_session": round(sum(per_table.values()) / n, 1),
        "rows_by_table": {t: v for t, v in sorted(per_table.items()) if v},
        "tasks": {t: {"ms_per_run": round(1000 * v["seconds"] / v["runs"], 2) if v["runs"] else None,
                      "statements_per_session": round(v["statements"] / n, 1)}
                  for t, v in sorted(by_task.items())},
        "copy_rows": copy_rows, "copy_s": round(copy_s, 4),
        "pipeline_over_copy": round(burst["wall_s"] / copy_s, 1),
        "pipeline_excl_embed_over_copy": round((worker_s - embed_s) / n_workers / copy_s, 1),
    }


def memory_figures(sc: Scenario, n_workers: int, since: float) -> list[dict]:
    """Worker memory from the first sample after the warm-up (model loaded) to the end."""
    out = []
    for i, w in enumerate(sc.workers):
        s = [x for x in w.samples if x[0] >= since and x[1] > 0]
        if not s:
            continue
        out.append({"workers": n_workers, "worker": i, "samples": len(s),
                    "child_rss_mib": {"start": s[0][1] >> 20, "middle": s[len(s) // 2][1] >> 20,
                                      "end": s[-1][1] >> 20},
                    "child_peak_mib": max(x[1] for x in s) >> 20,
                    "tree_peak_mib": max(x[2] for x in s) >> 20,
                    "minutes": round((s[-1][0] - s[0][0]) / 60, 1)})
    return out


def prefill(sc: Scenario, target: int, step: int) -> None:
    """Bring the store up to `target` sessions (other users, same namespaces' shape)."""
    missing = target - sc.stored
    if missing <= 0:
        return
    o = sc.opts
    users = math.ceil(missing / o.sessions)
    transcripts = generate(o.seed, "benchfill", users, o.sessions, o.turns,
                           prefix=f"f{step}u")[:missing]
    sc.run(sc.store(transcripts), f"prefill to {target} sessions")


def warm_up(sc: Scenario, n_workers: int) -> None:
    """Until every worker has embedded something (its model is loaded): one worker's dream
    batch can take every session of a burst, so warm-up sessions end one by one, paced."""
    o = sc.opts
    for attempt in range(5):
        transcripts = generate(o.seed, f"benchwarm{n_workers}x{attempt}", 2 * n_workers, 1,
                               o.turns)
        sc.run(sc.store(transcripts, ended=False), "warm-up", rate=4.0)
        if all(diff(m, {}, "reverie_embedded_texts_total") > 0 for m in sc.metrics()):
            return


def run(opts: Options, progress, log=print) -> dict:
    """The whole benchmark; returns the figures (see README: Benchmarks: consolidation)."""
    from infra.settings import Settings
    with redis_server(os.environ.get("BROKER_URL") or "redis://127.0.0.1:6379/0") as broker, tempfile.TemporaryDirectory(prefix="reverie-bench-") as tmp:
        server = server_url(opts.data_dir)
        rows, memory = [], []
        for n_workers in opts.workers:
            name = f"reverie_bench_{os.getpid()}_{n_workers}w"
            admin(server, f'DROP DATABASE IF EXISTS "{name}"')
            admin(server, f'CREATE DATABASE "{name}"')
            url = with_database(server, name)
            sc = Scenario(opts, url, broker, n_workers, Path(tmp), progress)
            try:
                warm_up(sc, n_workers)
                warmed = time.monotonic()
                sc.stored = 0
                for step, k in enumerate(sorted(opts.store)):
                    prefill(sc, k * opts.users * opts.sessions, step)
                    row = measure(sc, n_workers, k, with_raw_embed=(n_workers == opts.workers[0]
                                                                    and step == 0))
                    rows.append(row)
                    log(row)
                memory.extend(memory_figures(sc, n_workers, warmed))
            finally:
                sc.close()
                if not opts.keep:
                    admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        return {"options": {k: (str(v) if isinstance(v, Path) else v)
                            for k, v in opts.__dict__.items()},
                "embedder": opts.embedder, "cpus": os.cpu_count(), "rows": rows,
                "batch_size": opts.batch_size or Settings().dream_batch_size,
                "memory": memory}


def command_line() -> str:
    name = Path(sys.argv[0]).name
    prog = ["reverie"] if name in ("reverie", "cli.py", "__main__.py") else [name]
    return shlex.join(prog + sys.argv[1:])


# ---- the command ---------------------------------------------------------------------------
def _opt(default, flag: str, help: str):
    import typer
    return typer.Option(default, flag, help=help)


def _ints(value: str, what: str) -> tuple[int, ...]:
    import typer
    try:
        out = tuple(int(x) for x in value.split(",") if x.strip())
    except ValueError:
        raise typer.BadParameter(f"{what}: comma-separated integers, e.g. 1,2")
    if not out or min(out) < 0:
        raise typer.BadParameter(f"{what}: comma-separated non-negative integers")
    if len(set(out)) < len(out):
        raise typer.BadParameter(f"{what}: {value!r} names a value twice")
    return out


def report_tables(figures: dict, console) -> None:
    from rich.table import Table
    title = (f"consolidation (replay, reconcile, consolidate, forget), embedder "
             f"{figures['embedder']}, batches of {figures.get('batch_size', 1)}, "
             f"{figures['cpus']} CPUs")
    speed = Table(title=title)
    for col in ("workers", "stored", "sessions", "sess/s", "per worker", "excl. embed",
                "p50 ms", "p99 ms"):
        speed.add_column(col, justify="right")
    cost = Table(title="per session, and the bulk-insert bound")
    for col in ("workers", "stored", "round trips", "rows", "worker CPU ms", "DB CPU ms",
                "embed ms", "COPY ms", "pipeline/COPY", "excl. embed"):
        cost.add_column(col, justify="right")
    for r in figures["rows"]:
        speed.add_row(str(r["workers"]), str(r["store_sessions"]), str(r["sessions"]),
                      f"{r['sessions_per_s']:.1f}", f"{r['sessions_per_s_per_worker']:.1f}",
                      f"{r['sessions_per_s_per_worker_excl_embed']:.1f}",
                      f"{r['latency_p50_ms']:.0f}", f"{r['latency_p99_ms']:.0f}")
        cost.add_row(str(r["workers"]), str(r["store_sessions"]),
                     f"{r['round_trips_per_session']:.1f}", f"{r['rows_per_session']:.1f}",
                     f"{r['worker_cpu_ms_per_session']:.1f}", f"{r['db_cpu_ms_per_session']:.1f}",
                     f"{1000 * r['embed_s'] / r['sessions']:.1f}", f"{1000 * r['copy_s']:.0f}",
                     f"{r['pipeline_over_copy']:.1f}x", f"{r['pipeline_excl_embed_over_copy']:.1f}x")
    console.print(speed)
    console.print(cost)
    first = figures["rows"][0]
    stages = Table(title=f"per task ({first['workers']} worker, store {first['store_sessions']})")
    for col in ("task", "ms per run", "statements per session"):
        stages.add_column(col, justify="right" if col != "task" else "left")
    for task, v in first["tasks"].items():
        stages.add_row(task, "-" if v["ms_per_run"] is None else f"{v['ms_per_run']:.2f}",
                       f"{v['statements_per_session']:.1f}")
    console.print(stages)
    console.print("worker CPU in Celery's main process (the rest is the pool process): "
                  + ", ".join(f"{r['worker_main_cpu_ms_per_session']} ms"
                              for r in figures["rows"]) + " per session")
    raw = first.get("raw_embed")
    if raw:
        console.print(f"embedding: {first['worker_embed_texts_per_s']} texts/s inside the "
                      f"worker (one call per dream batch) vs the raw model on the same "
                      f"{raw['texts']} texts in one call (batch size {raw['batch_size']}): "
                      f"{raw['texts_per_s_one_thread']} texts/s with 1 thread, "
                      f"{raw['texts_per_s_default_threads']} with {raw['default_threads']}")
    mem = Table(title="worker memory (RSS, MiB; child = the pool process running tasks)")
    for col in ("workers", "worker", "start", "middle", "end", "child peak", "tree peak",
                "minutes"):
        mem.add_column(col, justify="right")
    for m in figures["memory"]:
        c = m["child_rss_mib"]
        mem.add_row(str(m["workers"]), str(m["worker"]), str(c["start"]), str(c["middle"]),
                    str(c["end"]), str(m["child_peak_mib"]), str(m["tree_peak_mib"]),
                    str(m["minutes"]))
    console.print(mem)


def consolidate_cmd(
    users: int = _opt(10, "--users", "Synthetic users per batch."),
    sessions: int = _opt(5, "--sessions", "Sessions per user."),
    turns: int = _opt(20, "--turns", "Turns per session (user and assistant alternate)."),
    workers: str = _opt("1,2", "--workers", "Worker process counts to run, e.g. 1,2."),
    store: str = _opt("0,10", "--store", "Store sizes, as multiples of the batch already "
                      "consolidated before the batch runs, e.g. 0,10."),
    embedder: str = _opt("local", "--embedder", "local (all-MiniLM-L6-v2) or hash."),
    batch_size: int | None = _opt(None, "--batch-size", "Sessions per dream batch in the "
                                  "workers (default: Settings.dream_batch_size; 1: none)."),
    seed: int = _opt(7, "--seed", "Seed of the synthetic users."),
    report: Path | None = _opt(None, "--report", "Also write the figures as JSON here."),
    keep: bool = _opt(False, "--keep", "Keep the bench databases."),
    data_dir: Path | None = _opt(None, "--data-dir", "Embedded Postgres folder (without "
                                 "DATABASE_URL)."),
) -> None:
    """Consolidation throughput, latency, round trips, rows and memory with real workers."""
    import json

    import typer
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn)
    console = Console()
    if embedder not in ("local", "hash"):
        raise typer.BadParameter("--embedder must be local or hash")
    if batch_size is not None and batch_size < 1:
        raise typer.BadParameter("--batch-size must be at least 1")
    if min(users, sessions, turns) < 1:
        raise typer.BadParameter("--users, --sessions and --turns must be at least 1")
    opts = Options(users=users, sessions=sessions, turns=turns,
                   workers=_ints(workers, "--workers"), store=_ints(store, "--store"),
                   embedder=embedder, seed=seed, data_dir=data_dir, keep=keep,
                   batch_size=batch_size)
    if 0 in opts.workers:
        raise typer.BadParameter("--workers: at least one worker process")
    cmd = command_line()
    console.print(f"[bold]command:[/bold] {cmd}")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as progress:
        figures = run(opts, progress, log=lambda r: progress.console.print(
            f"  {r['workers']} worker(s), store {r['store_sessions']}: "
            f"{r['sessions_per_s']} sessions/s, p50 {r['latency_p50_ms']} ms"))
    figures["command"] = cmd
    report_tables(figures, console)
    if report is not None:
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(json.dumps(figures, indent=2, default=str) + "\n")
        console.print(f"figures written to {report}")
