"""Worker process signals: fresh dependencies per forked child, and the worker's telemetry.

- Each forked child builds its own dependency bundle (database connections must not cross a
  fork).
- Every task run is timed (`reverie_task_duration_seconds{task}`) and counted by outcome;
  a session task that fails for good counts a failed session. Log lines of a task carry its
  name and id (the stage binds namespace, user, session and stage once the session is
  loaded); an OpenTelemetry span wraps the task when OpenTelemetry is installed.
- Every SQL statement a task sends is counted (`reverie_db_statements{task}`): database
  round trips, read by `reverie bench consolidate`.
- Metrics use prometheus multiprocess mode: `prepare_metrics()` runs first thing in the
  worker's main process (before prometheus_client is imported) and points
  PROMETHEUS_MULTIPROC_DIR at a fresh folder; the prefork children write their samples
  there, and the main process serves their sum plus the broker queue depth on
  `Settings.metrics_port` (one endpoint per worker node, counters survive child restarts).
"""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import structlog
from celery.signals import (task_failure, task_postrun, task_prerun, worker_process_init,
                            worker_process_shutdown)

from infra.deps import set_deps

log = structlog.get_logger(__name__)
_MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
#: Task id -> (start time, tracing span) for the task running in this process.
_running: dict[str, tuple[float, object]] = {}
#: The task this thread runs now (a prefork child runs one; a threads pool many at once);
#: labels the statement counter.
_current = threading.local()
#: Tasks whose failure for good is a failed session (the chain stops there).
_SESSION_TASKS = frozenset({"dream.extract.v1", "dream.consolidate.v1", "dream.session.v1"})
_OUTCOMES = {"SUCCESS": "success", "FAILURE": "failure", "RETRY": "retry"}


def prepare_metrics() -> str:
    """Multiprocess metrics for this worker: a fresh samples folder, inherited by children.

    Call before anything imports prometheus_client. A folder named by the environment is
    wiped (one folder per worker node); otherwise a temporary one is made."""
    path = os.environ.get(_MULTIPROC_ENV)
    if path:
        Path(path).mkdir(parents=True, exist_ok=True)
        for stale in Path(path).glob("*.db"):
            stale.unlink()
    else:
        path = tempfile.mkdtemp(prefix="reverie-metrics-")
        os.environ[_MULTIPROC_ENV] = path
        main = os.getpid()
        atexit.register(lambda: os.getpid() == main and shutil.rmtree(path, ignore_errors=True))
    if "prometheus_client" in sys.modules:  # imported too early: move its values over
        _switch_to_multiprocess()
    return path


def _switch_to_multiprocess() -> None:
    from prometheus_client import values
    if values.ValueClass.__name__ == "MmapedValue":
        return
    values.ValueClass = values.MultiProcessValue()
    if "infra.metrics" in sys.modules:
        from infra import metrics
        for metric in metrics._ALL:
            if metric._labelnames:
                metric._metrics.clear()
            else:
                metric._metric_init()


def serve_metrics(port: int, broker_url: str | None, queues: list[str],
                  host: str = "127.0.0.1") -> bool:
    """Serve the children's summed samples (and the queue depth) from this process."""
    if not port or _MULTIPROC_ENV not in os.environ:
        return False
    from prometheus_client import CollectorRegistry, start_http_server
    from prometheus_client.multiprocess import MultiProcessCollector

    from infra.metrics import QueueDepthCollector
    registry = CollectorRegistry()
    MultiProcessCollector(registry)
    if broker_url:
        registry.register(QueueDepthCollector(broker_url, queues))
    try:
        start_http_server(port, addr=host, registry=registry)
    except OSError as exc:  # another worker on this host has the port: run without
        log.warning("metrics.port_unavailable", port=port, error=str(exc))
        return False
    log.info("metrics.serving", host=host, port=port)
    return True


def _pin_torch_threads() -> None:
    """One intra-op thread per pool process (OMP_NUM_THREADS overrides), once torch is in.

    Each prefork child runs one task at a time, and a host runs about one child per core:
    more threads per child oversubscribe the cores, and torch's spin-waiting threads then
    slow the model several times over (measured here: 2 threads, 30 texts/s at batch 10;
    1 thread, 100 texts/s). The local embedder sizes the pool when it loads the model, so
    this is checked after every task (a few microseconds)."""
    torch = sys.modules.get("torch")
    if torch is None:
        return
    wanted = max(1, int(os.environ.get("OMP_NUM_THREADS") or 1))
    if torch.get_num_threads() != wanted:
        torch.set_num_threads(wanted)


def _count_statement(*_args, **_kw) -> None:
    from infra.metrics import DB_STATEMENTS
    DB_STATEMENTS.labels(getattr(_current, "task", "none")).inc()


def _refresh_live_items() -> None:
    """After the nightly batch: the live-item gauge of every namespace."""
    from infra.deps import current_deps
    from infra.metrics import LIVE_ITEMS
    with current_deps().unit_of_work() as uow:
        counts = uow.items.live_by_namespace()
    for namespace, n in counts.items():
        LIVE_ITEMS.labels(namespace).set(n)


def install(queues: list[str] | None = None) -> None:
    """Connect the signals (in the worker's main process, before the pool forks); the
    metrics endpoint reports the depth of `queues` (default: every queue)."""
    from infra import tracing
    from infra.db.engine import on_every_statement
    from infra.deps import current_deps
    from infra.metrics import SESSIONS_FAILED, TASK_SECONDS, TASKS

    from workers.app import queues_of
    settings = current_deps().settings
    serve_metrics(settings.metrics_port, settings.broker_url,
                  queues or list(queues_of(settings).values()), settings.metrics_host)
    on_every_statement(_count_statement)
    # The gazetteer's index (~2 s of CPU) before the pool forks or takes a task: built in a
    # worker's first task it ate into that task's time limit on a busy machine, and every
    # prefork child built its own.
    from pipeline.extract import gazetteer
    gazetteer.load()

    @worker_process_init.connect(weak=False)
    def _fresh_deps(**_kw) -> None:
        from infra import deps as deps_module
        inherited = deps_module._current
        if inherited is not None:  # the parent's pooled connections stay the parent's
            inherited.engine.dispose(close=False)
        set_deps(None)  # rebuilt on first use in the child, from the same environment
        tracing.configure_tracing("reverie-worker")

    @worker_process_shutdown.connect(weak=False)
    def _process_gone(**_kw) -> None:
        from prometheus_client import multiprocess
        multiprocess.mark_process_dead(os.getpid())

    @task_prerun.connect(weak=False)
    def _task_started(task_id=None, task=None, args=(), **_kw) -> None:
        _current.task = task.name
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(task=task.name, task_id=task_id)
        span = tracing.span(task.name, task_id=task_id,
                            sid=args[0] if args and isinstance(args[0], str) else "")
        span.__enter__()
        _running[task_id] = (time.perf_counter(), span)

    @task_postrun.connect(weak=False)
    def _task_finished(task_id=None, task=None, state=None, **_kw) -> None:
        started, span = _running.pop(task_id, (None, None))
        if started is not None:
            TASK_SECONDS.labels(task.name).observe(time.perf_counter() - started)
            span.__exit__(None, None, None)
        TASKS.labels(task.name, _OUTCOMES.get(state, str(state).lower())).inc()
        if task.name == "dream.nightly.v1" and state == "SUCCESS":
            try:
                _refresh_live_items()
            except Exception as exc:  # a gauge is never worth a failed task
                log.warning("metrics.live_items_failed", error=str(exc))
        _current.task = "none"
        structlog.contextvars.clear_contextvars()
        _pin_torch_threads()

    @task_failure.connect(weak=False)
    def _task_failed(sender=None, **_kw) -> None:
        # Fired once retries are exhausted (a retry is not a failure): the chain stops here.
        if sender is not None and sender.name in _SESSION_TASKS:
            SESSIONS_FAILED.inc()
