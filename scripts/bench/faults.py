"""`reverie bench faults`: the pipeline under faults, compared row for row with a clean run.

The same seeded conversations (`scripts.bench.conversations`) are captured twice, through
the Python API: once in process (the clean run), once through a private Redis to two real
worker processes while this benchmark SIGKILLs worker processes at random moments (the
main process or a pool child; a killed main is started again) and kills the broker once
midway (it keeps nothing on disk: queued events are lost, publishes fail until it is back).
Every session must end with all four checkpoints, through the idle sweeper's re-sends
alone (no nightly batch), and the faulty namespace must hold exactly what the clean one
holds (`infra.stores.snapshot`). The figures are printed by the CLI.
"""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

#: Seconds a faulty run may take to settle after the last capture before it counts as stuck.
SETTLE_S = 240


@dataclass
class Options:
    users: int = 8
    sessions: int = 3
    turns: int = 8
    kills: int = 20
    seed: int = 7
    data_dir: Path | None = None


@dataclass
class Storm:
    """The fault injector: SIGKILLs worker processes at random while capture runs."""

    workers: list
    rng: random.Random
    want: int
    kills: dict = field(default_factory=lambda: {"main": 0, "child": 0})
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        import psutil
        while not self.stop.is_set() and sum(self.kills.values()) < self.want:
            time.sleep(self.rng.uniform(0.3, 1.5))
            w = self.rng.choice(self.workers)
            proc = w.proc
            if proc.poll() is not None:
                continue
            try:
                children = psutil.Process(proc.pid).children()
            except psutil.NoSuchProcess:
                continue
            if children and self.rng.random() < 0.5:
                target, kind = self.rng.choice(children).pid, "child"
            else:
                target, kind = proc.pid, "main"
            try:
                os.kill(target, signal.SIGKILL)
            except ProcessLookupError:
                continue
            self.kills[kind] += 1
            if kind == "main":
                for child in children:  # orphans of the killed main go with it
                    try:
                        os.kill(child.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                proc.wait(10)
                w.start()


class Worker:
    def __init__(self, env: dict, log: Path) -> None:
        self.env, self.log, self.proc = env, log, None
        self.start()

    def start(self) -> None:
        out = open(self.log, "a")
        self.proc = subprocess.Popen([sys.executable, "-m", "scripts.cli", "worker",
                                      "--concurrency=2", "--loglevel=WARNING"], env=self.env,
                                     stdout=out, stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


def _capture(rt, namespace: str, transcripts) -> float:
    """Every session through start / append / end; returns the seconds it took."""
    started = time.perf_counter()
    for t in transcripts:
        rt.memory.start_session(namespace, t.user_id, t.session_id, t.started_at)
        for turn in t.turns:
            rt.memory.append_turn(namespace, t.user_id, t.session_id, turn.role, turn.text,
                                  turn.at)
        rt.memory.end_session(namespace, t.user_id, t.session_id, t.ended_at)
    return time.perf_counter() - started


def _snapshot(rt, namespace: str) -> dict:
    from infra.stores.snapshot import namespace_snapshot
    with rt.deps.unit_of_work() as uow:
        return namespace_snapshot(uow.session, namespace)


def _finished(rt, namespace: str, sessions: int) -> bool:
    snap = _snapshot(rt, namespace)
    return len(snap["checkpoints"]) >= 4 * sessions


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
    from scripts.bench.services import PrivateRedis
    from workers.triggers import sweep

    tag = uuid.uuid4().hex[:6]
    clean_ns, faulty_ns = f"faults{tag}c", f"faults{tag}f"
    transcripts = generate(opts.seed, "x", opts.users, opts.sessions, opts.turns)
    base = Settings(data_dir=root, embedder="hash", broker_url=None,
                    object_store_url=(root / "objects").as_uri())
    clean_rt = start(base, warm=False)
    say(f"clean run: {len(transcripts)} sessions of {opts.users} users, in process")
    clean_s = _capture(clean_rt, clean_ns, transcripts)
    clean = _snapshot(clean_rt, clean_ns)
    figures: dict = {"sessions": len(transcripts), "clean_s": round(clean_s, 1)}
    with PrivateRedis() as redis:
        queue = f"reverie-faults-{tag}"
        env = dict(os.environ, BROKER_URL=redis.url, REVERIE_QUEUE=queue,
                   REVERIE_EMBEDDER="hash", REVERIE_DATA_DIR=str(root),
                   REVERIE_OBJECT_STORE_URL=(root / "objects").as_uri(),
                   REVERIE_TASK_TIME_LIMIT_S="30", REVERIE_VISIBILITY_TIMEOUT_S="35",
                   REVERIE_UNACKED_RESTORE_INTERVAL_S="2", REVERIE_METRICS_PORT="0")
        for key in ("DATABASE_URL", "DATABASE_ADMIN_URL"):
            value = getattr(clean_rt.settings, key.lower())
            if value:
                env[key] = value
        workers = [Worker(env, root / f"worker{i}.log") for i in range(2)]
        rt = start(base.model_copy(update={"broker_url": redis.url, "queue": queue}),
                   warm=False)
        storm = Storm(workers, random.Random(opts.seed), opts.kills)
        killer = threading.Thread(target=storm.run, daemon=True)
        try:
            killer.start()
            half = len(transcripts) // 2
            say(f"faulty run: 2 workers, {opts.kills} SIGKILLs, the broker killed after "
                f"{half} sessions")
            captured = _capture(rt, faulty_ns, transcripts[:half])
            redis.kill()
            captured += _capture(rt, faulty_ns, transcripts[half:half + 2])  # publishes fail
            redis.start()
            captured += _capture(rt, faulty_ns, transcripts[half + 2:])
            while killer.is_alive() and sum(storm.kills.values()) < opts.kills:
                time.sleep(0.5)
            storm.stop.set()
            killer.join(30)
            settle = time.perf_counter()
            sweeps = 0
            while not _finished(rt, faulty_ns, len(transcripts)):
                if time.perf_counter() - settle > SETTLE_S:
                    break
                # The sweeper's beat, with the clock past every re-send time.
                sweep(rt.deps, datetime.now(UTC) + timedelta(days=3650))
                sweeps += 1
                time.sleep(3)
            figures.update(faulty_capture_s=round(captured, 1),
                           settle_s=round(time.perf_counter() - settle, 1), sweeps=sweeps,
                           kills_main=storm.kills["main"], kills_child=storm.kills["child"])
        finally:
            storm.stop.set()
            for w in workers:
                w.stop()
        faulty = _snapshot(rt, faulty_ns)
        rt.deps.dispose()
    clean_rt.deps.dispose()
    figures["tables"] = {t: {"clean": len(clean[t]), "faulty": len(faulty[t]),
                             "missing": len(set(clean[t]) - set(faulty[t])),
                             "extra": len(set(faulty[t]) - set(clean[t])),
                             "equal": clean[t] == faulty[t]} for t in clean}
    figures["identical"] = all(v["equal"] for v in figures["tables"].values())
    return figures
