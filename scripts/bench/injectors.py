"""The faults `reverie bench faults` injects: worker SIGKILLs (main processes and pool
children), a supervisor that starts again whatever exits, and a Postgres stop and freeze."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

#: Seconds the storm waits for a pool to come up when none is.
CHILD_WAIT_S = 0.3


class Worker:
    """One `reverie worker` process (prefork, two children) and its log."""

    def __init__(self, env: dict, log: Path) -> None:
        self.env, self.log, self.proc = env, log, None
        self.start()

    def start(self) -> None:
        out = open(self.log, "a")
        self.proc = subprocess.Popen([sys.executable, "-m", "scripts.cli", "worker",
                                      "--concurrency=2", "--loglevel=WARNING"], env=self.env,
                                     stdout=out, stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def children(self) -> list[int]:
        import psutil
        if self.proc.poll() is not None:
            return []
        try:
            return [c.pid for c in psutil.Process(self.proc.pid).children()]
        except psutil.NoSuchProcess:
            return []

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


def _kill(pid: int) -> bool:
    try:
        os.kill(pid, signal.SIGKILL)
        return True
    except ProcessLookupError:
        return False


@dataclass
class Storm:
    """SIGKILLs worker processes at random moments until `want` have landed: each time a
    worker whose pool is up (its children forked) is picked, and by a coin either one of
    its pool children (the main forks another, also while its pool starts) or
    its main process (which the storm starts again). Only running pools are hit, so work
    goes on between kills however many are asked for. Until `stop`, it also supervises: a
    worker that exits by itself (a pool that could not start, a broker that refused it) is
    started again, as a supervisor that restarts on failure would, and its status kept."""

    workers: list[Worker]
    rng: random.Random
    want: int
    kills: dict = field(default_factory=lambda: {"main": 0, "child": 0})
    exits: list[int] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    #: perf_counter() when the last kill landed (None while the storm lasts).
    ended_at: float | None = None

    def run(self) -> None:
        while not self.stop.is_set():
            self._supervise()
            if sum(self.kills.values()) >= self.want:
                if self.ended_at is None:
                    self.ended_at = time.perf_counter()
                time.sleep(0.5)
                continue
            time.sleep(self.rng.uniform(0.5, 2.5))
            up = [(w, kids) for w in self.workers if (kids := w.children())]
            if not up:
                time.sleep(CHILD_WAIT_S)
                continue
            w, kids = self.rng.choice(up)
            if self.rng.random() < 0.5:
                if _kill(self.rng.choice(kids)):
                    self.kills["child"] += 1
            elif _kill(w.proc.pid):
                self.kills["main"] += 1
                for pid in kids:  # orphans of the killed main go with it
                    _kill(pid)
                w.proc.wait(10)
                w.start()

    def _supervise(self) -> None:
        for w in self.workers:
            code = w.proc.poll()
            if code is not None:
                self.exits.append(code)
                w.start()


def postgres_processes(data_dir: Path) -> list[int]:
    """The embedded postmaster and every backend it forked."""
    import psutil
    from infra.db.engine import embedded_postmaster_pid
    pid = embedded_postmaster_pid(data_dir)
    if pid is None:
        return []
    try:
        main = psutil.Process(pid)
        return [pid, *(c.pid for c in main.children(recursive=True))]
    except psutil.NoSuchProcess:
        return []


def stop_postgres(data_dir: Path, seconds: float) -> float:
    """Stop the embedded server (a fast shutdown: connections dropped), wait `seconds`,
    start it again on the same socket; returns how long it was down."""
    from infra.db.engine import embedded_handle
    server = embedded_handle(data_dir)
    began = time.perf_counter()
    server.stop()
    time.sleep(seconds)
    server.start()
    return time.perf_counter() - began


def freeze_postgres(data_dir: Path, seconds: float) -> int:
    """SIGSTOP the postmaster and its backends (connections stay open, nothing answers)
    for `seconds`, then SIGCONT; returns how many processes were frozen."""
    pids = postgres_processes(data_dir)
    frozen = [pid for pid in pids if _signal(pid, signal.SIGSTOP)]
    try:
        time.sleep(seconds)
    finally:
        for pid in frozen:
            _signal(pid, signal.SIGCONT)
    return len(frozen)


def _signal(pid: int, sig: int) -> bool:
    try:
        os.kill(pid, sig)
        return True
    except ProcessLookupError:
        return False
