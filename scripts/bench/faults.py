"""`reverie bench faults`: the pipeline under faults, compared row for row with a clean run.

The same seeded conversations (`scripts.bench.conversations`) are captured twice, through
the Python API: once in process (the clean run), once through a broker of the run's own
(`--broker redis`: a private redis-server without persistence; `rabbitmq`: a vhost of its
own on the RabbitMQ at AMQP_URL, default 127.0.0.1:5672 guest/guest) to two real worker
processes, while `scripts.bench.injectors` SIGKILLs main processes and pool children at
random moments (and starts again whatever exits). Midway the broker is killed (Redis) or
its vhost deleted (RabbitMQ): queued events are lost and two sessions end while it is
away, their publishes refused. After capture the embedded Postgres is stopped and started
again, then frozen (SIGSTOP of the postmaster and its backends) and thawed.

Nothing else helps the run settle: no nightly batch, only the sweeper's re-send half on a
5 s beat, with the re-send delay (`REVERIE_RESEND_AFTER_MINUTES`) at 1 min instead of 5,
so a run takes minutes; the bound in production is that delay plus one sweep. Every
session must end `consolidated` with its four checkpoints and the faulty namespace hold
exactly what the clean one holds (`infra.stores.snapshot`). The CLI prints the figures.
"""
from __future__ import annotations

import os
import random
import shutil
import tempfile
import threading
import time
import uuid
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from scripts.bench.injectors import Storm, Worker, freeze_postgres, stop_postgres

#: Seconds a faulty run may take to settle after its faults before it counts as stuck.
SETTLE_S = 300
#: The faulty run's re-send delay (minutes) and beat (seconds): time compressed, see above.
RESEND_AFTER_MIN = 1.0
BEAT_S = 5.0
#: Seconds between the progress lines printed while the run settles.
REPORT_EVERY_S = 15.0


@dataclass
class Options:
    users: int = 8
    sessions: int = 3
    turns: int = 8
    kills: int = 20
    seed: int = 7
    broker: str = "redis"
    pg_stop_s: float = 10.0
    pg_freeze_s: float = 5.0
    data_dir: Path | None = None


def open_broker(kind: str) -> AbstractContextManager:
    """A broker the run may take away: `redis` or `rabbitmq` (RuntimeError saying what is
    missing when it cannot)."""
    if kind == "redis":
        from scripts.bench.services import PrivateRedis
        return PrivateRedis()
    if kind == "rabbitmq":
        from scripts.bench.brokers import PrivateVhost
        return PrivateVhost(os.environ.get("AMQP_URL", "amqp://guest:guest@127.0.0.1:5672//"))
    raise ValueError(f"unknown broker {kind!r}: redis or rabbitmq")


def _capture(rt, namespace: str, transcripts, raised: list) -> float:
    """Every session through start / append / end; returns the seconds it took. An
    `end_session` that raises is kept in `raised` (it must not: its end committed)."""
    started = time.perf_counter()
    for t in transcripts:
        rt.memory.start_session(namespace, t.user_id, t.session_id, t.started_at)
        for turn in t.turns:
            rt.memory.append_turn(namespace, t.user_id, t.session_id, turn.role, turn.text,
                                  turn.at)
        try:
            rt.memory.end_session(namespace, t.user_id, t.session_id, t.ended_at)
        except Exception as exc:  # noqa: BLE001 — counted and reported, the run goes on
            raised.append(f"{type(exc).__name__}: {exc}")
    return time.perf_counter() - started


def _snapshot(rt, namespace: str) -> dict:
    from infra.stores.snapshot import namespace_snapshot
    with rt.deps.unit_of_work() as uow:
        return namespace_snapshot(uow.session, namespace)


def _consolidated(rt, namespace: str) -> set[tuple[str, str]]:
    """(user, session) of every session of `namespace` consolidated with its four
    checkpoints; empty while the database cannot be reached."""
    try:
        snap = _snapshot(rt, namespace)
    except Exception:  # noqa: BLE001 — the database is down on purpose: ask again later
        return set()
    stages: dict[tuple[str, str], int] = {}
    for user, sid, _stage in snap["checkpoints"]:
        stages[(user, sid)] = stages.get((user, sid), 0) + 1
    return {(row[0], row[1]) for row in snap["sessions"]
            if row[2] == "consolidated" and stages.get((row[0], row[1])) == 4}


def _disagreeing(snap: dict) -> int:
    """Sessions whose state disagrees with their checkpoints: `consolidated` without all
    four, or `failed` with all four (a late failure after the work was done)."""
    stages: dict[tuple[str, str], int] = {}
    for user, sid, _stage in snap["checkpoints"]:
        stages[(user, sid)] = stages.get((user, sid), 0) + 1
    return sum(1 for row in snap["sessions"]
               if (row[2] == "consolidated") != (stages.get((row[0], row[1])) == 4)
               and row[2] in ("consolidated", "failed"))


class Beat(threading.Thread):
    """The sweeper's re-send half (and the dead-letter spool) every `BEAT_S` seconds on the
    real clock, as the worker's beat would run it; errors (the database stopped) counted."""

    def __init__(self, rt) -> None:
        super().__init__(daemon=True)
        self.rt, self.stop, self.sweeps, self.resent, self.errors = rt, threading.Event(), 0, 0, 0

    def run(self) -> None:
        from workers.failures import drain_spool
        from workers.triggers import resend_stranded
        while not self.stop.wait(BEAT_S):
            try:
                self.resent += len(resend_stranded(self.rt.deps, datetime.now(UTC)))
                drain_spool(self.rt.deps)
            except Exception:  # noqa: BLE001 — an outage: the next beat tries again
                self.errors += 1
            self.sweeps += 1


def _progress(first_seen: dict, storm: Storm, began: float, total: int) -> dict:
    """How the work went on while the kills did: sessions seen consolidated (polled once a
    second, from when capture ended) before the storm's last kill, and when the last one
    was, in seconds after the storm began."""
    storm_s = (storm.ended_at or time.perf_counter()) - began
    times = sorted(first_seen.values())
    return {"consolidated_in_storm": sum(1 for t in times if t <= storm_s),
            "all_consolidated_s": round(times[-1], 1) if len(times) == total else None}


def _log_count(logs: list[Path], event: str) -> int:
    return sum(p.read_text(errors="replace").count(event) for p in logs if p.exists())


def run(opts: Options, say=print) -> dict:
    """Clean run, faulty run, comparison: the figures (see the module doc)."""
    root = opts.data_dir or Path(tempfile.mkdtemp(prefix="reverie-faults-"))
    try:
        return _run(opts, root, say)
    finally:
        if opts.data_dir is None:  # the embedded server and its data go with the folder
            from infra.db.engine import stop_embedded
            stop_embedded(root)
            shutil.rmtree(root, ignore_errors=True)


def _run(opts: Options, root: Path, say) -> dict:
    from api.runtime import start
    from infra.settings import Settings
    from scripts.bench.conversations import generate

    tag = uuid.uuid4().hex[:6]
    clean_ns, faulty_ns = f"faults{tag}c", f"faults{tag}f"
    transcripts = generate(opts.seed, "x", opts.users, opts.sessions, opts.turns)
    base = Settings(data_dir=root, embedder="hash", broker_url=None,
                    object_store_url=(root / "objects").as_uri())
    embedded = base.database_url is None
    clean_rt = start(base, warm=False)
    say(f"clean run: {len(transcripts)} sessions of {opts.users} users, in process")
    clean_s = _capture(clean_rt, clean_ns, transcripts, [])
    clean = _snapshot(clean_rt, clean_ns)
    figures: dict = {"sessions": len(transcripts), "clean_s": round(clean_s, 1),
                     "broker": opts.broker}
    with open_broker(opts.broker) as broker:
        figures.update(_faulty(opts, root, base, clean_rt, broker, transcripts, faulty_ns,
                               embedded, start, say))
        faulty = figures.pop("snapshot")
    clean_rt.deps.dispose()
    figures["tables"] = {t: {"clean": len(clean[t]), "faulty": len(faulty[t]),
                             "missing": len(set(clean[t]) - set(faulty[t])),
                             "extra": len(set(faulty[t]) - set(clean[t])),
                             "equal": clean[t] == faulty[t]} for t in clean}
    figures["lost"] = sum(v["missing"] for v in figures["tables"].values())
    figures["duplicated"] = sum(v["extra"] for v in figures["tables"].values())
    figures["dead_letters"] = int(faulty["dead_letters"][0][0])
    figures["states_disagreeing"] = _disagreeing(faulty)
    figures["identical"] = all(v["equal"] for v in figures["tables"].values())
    return figures


def _faulty(opts, root, base, clean_rt, broker, transcripts, ns, embedded, start, say) -> dict:
    queue = f"reverie-faults-{uuid.uuid4().hex[:6]}"
    env = dict(os.environ, BROKER_URL=broker.url, REVERIE_QUEUE=queue,
               REVERIE_EMBEDDER="hash", REVERIE_DATA_DIR=str(root),
               REVERIE_OBJECT_STORE_URL=(root / "objects").as_uri(),
               REVERIE_TASK_TIME_LIMIT_S="30", REVERIE_VISIBILITY_TIMEOUT_S="35",
               REVERIE_UNACKED_RESTORE_INTERVAL_S="2", REVERIE_METRICS_PORT="0",
               REVERIE_RESEND_AFTER_MINUTES=str(RESEND_AFTER_MIN))
    for key in ("DATABASE_URL", "DATABASE_ADMIN_URL"):
        value = getattr(clean_rt.settings, key.lower())
        if value:
            env[key] = value
    logs = [root / f"worker{i}.log" for i in range(2)]
    workers = [Worker(env, log) for log in logs]
    rt = start(base.model_copy(update={"broker_url": broker.url, "queue": queue,
                                       "resend_after_minutes": RESEND_AFTER_MIN}), warm=False)
    storm = Storm(workers, random.Random(opts.seed), opts.kills)
    killer, beat = threading.Thread(target=storm.run, daemon=True), Beat(rt)
    raised: list[str] = []
    out: dict = {}
    try:
        storm_began = time.perf_counter()
        killer.start()
        half = len(transcripts) // 2
        say(f"faulty run ({opts.broker}): 2 workers, {opts.kills} SIGKILLs, the broker "
            f"killed after {half} sessions")
        captured = _capture(rt, ns, transcripts[:half], raised)
        broker.kill()
        captured += _capture(rt, ns, transcripts[half:half + 2], raised)  # publishes fail
        broker.start()
        back = time.perf_counter()
        stranded = {(t.user_id, t.session_id) for t in transcripts[:half + 2]}
        beat.start()
        captured += _capture(rt, ns, transcripts[half + 2:], raised)
        out["faulty_capture_s"] = round(captured, 1)
        if embedded and opts.pg_stop_s > 0:
            say(f"postgres: stopped for {opts.pg_stop_s:g} s")
            out["pg_down_s"] = round(stop_postgres(root, opts.pg_stop_s), 1)
        if embedded and opts.pg_freeze_s > 0:
            say(f"postgres: frozen for {opts.pg_freeze_s:g} s")
            out["pg_frozen_processes"] = freeze_postgres(root, opts.pg_freeze_s)
        faults_over = time.perf_counter()
        everyone = {(t.user_id, t.session_id) for t in transcripts}
        first_seen: dict[tuple[str, str], float] = {}  # session -> s after the storm began
        next_report = time.perf_counter()
        while True:  # settled, or stuck SETTLE_S after the last fault (kill or Postgres)
            done = _consolidated(rt, ns)
            for key in done - first_seen.keys():
                first_seen[key] = time.perf_counter() - storm_began
            if time.perf_counter() >= next_report:  # how far the work got, as it goes
                next_report += REPORT_EVERY_S
                say(f"  {time.perf_counter() - storm_began:5.0f} s: {len(done)}/"
                    f"{len(everyone)} consolidated, {sum(storm.kills.values())} kills")
            if "stranded_consolidated_s" not in out and stranded <= done:
                out["stranded_consolidated_s"] = round(time.perf_counter() - back, 1)
            last = max(faults_over, storm.ended_at or time.perf_counter())
            if (done >= everyone and storm.ended_at) or time.perf_counter() - last > SETTLE_S:
                break
            time.sleep(1)
        last = max(faults_over, storm.ended_at or faults_over)
        out.update(settle_s=round(time.perf_counter() - last, 1),
                   storm_s=round((storm.ended_at or time.perf_counter()) - storm_began, 1),
                   sweeps=beat.sweeps, resent=beat.resent, beat_errors=beat.errors,
                   kills_main=storm.kills["main"], kills_child=storm.kills["child"],
                   worker_exits=sorted(storm.exits), end_raised=len(raised),
                   unconsolidated=len(everyone - _consolidated(rt, ns)),
                   **_progress(first_seen, storm, storm_began, len(everyone)))
    finally:
        beat.stop.set()
        storm.stop.set()
        killer.join(30)
        for w in workers:
            w.stop()
    out["permanent_failures"] = _log_count(logs, "task.failed")
    out["dead_letter_writes_failed"] = _log_count(logs, "task.dead_letter_failed")
    out["snapshot"] = _snapshot(rt, ns)
    rt.deps.dispose()
    return out
