"""Worker processes for `reverie bench consolidate`, their metrics, and the bench database's
server: one `reverie worker` process with its metrics port and memory samples, counter
deltas between two scrapes, and the admin statements that make and drop bench databases.
"""
from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from scripts.bench.services import free_port

#: The checkout the workers run from (`python -m scripts.cli` there imports this code).
ROOT = Path(__file__).resolve().parents[2]


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


def fresh_database(server: str, name: str) -> str:
    """An empty bench database `name` on `server` (dropped first if a run left it); its URL."""
    admin(server, f'DROP DATABASE IF EXISTS "{name}"')
    admin(server, f'CREATE DATABASE "{name}"')
    return with_database(server, name)


class Worker:
    """One `reverie worker` process (`--concurrency=1` unless `args` say otherwise), its
    metrics port and its memory."""

    def __init__(self, env: dict, log: Path, args: tuple[str, ...] = ("--concurrency=1",)
                 ) -> None:
        self.port = free_port()
        self.log = log
        self.args = args
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "scripts.cli", "worker", *args,
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
