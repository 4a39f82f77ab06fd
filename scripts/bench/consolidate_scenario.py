"""One scenario of `reverie bench consolidate`: a worker count on one bench database, the
sessions it stores, the runs it publishes and times, and the counters and bound it reads.
"""
from __future__ import annotations

import os
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from scripts.bench.consolidate_workers import Worker

#: Tables whose rows the COPY bound re-inserts: what consolidation produces.
COPY_TABLES = ("facts", "fact_evidence", "memory_items", "memory_item_versions", "fragments",
               "decisions", "checkpoints")


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
    #: The LLM extractor on the simulated provider (`scripts/bench/consolidate_llm.py`).
    llm_sim: bool = False
    llm_latency_ms: float = 1200.0
    #: Extraction threads per extract process (`--llm-sim` only).
    concurrency: tuple[int, ...] = (1, 8, 32, 64)
    #: `--llm-sim` only: "split" (N extract + N consolidate/forget processes) or "single"
    #: (N processes serving every queue on one thread pool, as `reverie worker` does).
    layout: str = "split"
    #: `--llm-sim` only: the workers' `llm_hedge_percentile` (0: no hedged calls).
    hedge_percentile: float = 0.0
    #: `--llm-sim` only: times the "900 turns" row runs (each on a user of its own).
    long_runs: int = 3


class Scenario:
    """One worker count on one bench database: workers, publisher, memory sampler."""

    def __init__(self, opts: Options, url: str, broker: str, n_workers: int, tmp: Path,
                 progress, *, worker_args: list[tuple[str, ...]] | None = None,
                 env: dict[str, str] | None = None) -> None:
        """`worker_args`: one `reverie worker` argument tuple per process (default:
        `n_workers` times `--concurrency=1`); `env`: more of the workers' environment."""
        from infra.settings import Settings
        from api.runtime import start
        self.opts, self.url, self.progress, self.tmp = opts, url, progress, tmp
        queue = f"reverie-bench-{uuid.uuid4().hex[:8]}"
        objects = (tmp / "objects").as_uri()
        self.rt = start(Settings(database_url=url, broker_url=broker, queue=queue,
                                 embedder=opts.embedder, object_store_url=objects,
                                 data_dir=tmp, log_level="ERROR", mode="full"))
        extra, env = env or {}, {k: v for k, v in os.environ.items()
                                 if not k.startswith("REVERIE_") and k != "PROMETHEUS_MULTIPROC_DIR"}
        env.update(DATABASE_URL=url, BROKER_URL=broker, REVERIE_QUEUE=queue,
                   REVERIE_EMBEDDER=opts.embedder, REVERIE_DATA_DIR=str(tmp),
                   REVERIE_OBJECT_STORE_URL=objects, REVERIE_LOG_LEVEL="WARNING",
                   HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false", **extra)
        if opts.batch_size is not None:
            env["REVERIE_DREAM_BATCH_SIZE"] = str(opts.batch_size)
        self.env = env
        self.workers: list[Worker] = []
        self._sampling = True
        self._sampler = threading.Thread(target=self._sample, daemon=True)
        self._sampler.start()
        self.start_workers([("--concurrency=1",)] * n_workers if worker_args is None
                           else worker_args,
                           f"worker{n_workers}")
        self.last_activity = time.monotonic()
        self.stored = 0

    def start_workers(self, worker_args: list[tuple[str, ...]], tag: str) -> list[Worker]:
        """Start one worker process per argument tuple and wait until each serves metrics."""
        started = [Worker(self.env, self.tmp / f"{tag}-{len(self.workers) + i}.log", args)
                   for i, args in enumerate(worker_args)]
        self.workers.extend(started)
        for w in started:
            w.wait_ready()
        return started

    def stop_workers(self, workers: list[Worker]) -> None:
        for w in workers:
            w.stop()
        self.workers = [w for w in self.workers if w not in workers]

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
                "first_published": min(published.values()),
                "last_consolidated": max(consolidated.values(), default=start),
                "latency_ms": [1000 * x for x in latencies],
                # first end event to the last session turning consolidated
                "to_consolidated_s": max(consolidated.values(), default=start)
                - min(published.values())}

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
