"""Telemetry of a real worker process: its Prometheus endpoint answers during a run and the
counters move; its JSON log lines of a task carry namespace, user, session and stage; and
`reverie metrics` computes the store's gauges on scrape, and, run as the command it is
against a real Redis broker, reports the queue depth, on loopback."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request

import pytest

from scripts.bench.services import free_port
from tests.integration.test_worker import (  # noqa: F401  (broker_env is a fixture)
    _publisher, _start_worker, _stop, _story, _wait, broker_env)


def _scrape(port: int) -> dict[tuple, float]:
    from prometheus_client.parser import text_string_to_metric_families
    raw = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(raw.decode())
            for s in family.samples}


def _total(samples: dict, name: str, **labels) -> float:
    want = set(labels.items())
    return sum(v for (n, lab), v in samples.items() if n == name and want <= set(lab))


@pytest.fixture
def metrics_env(broker_env):
    port = free_port()
    return dict(broker_env, REVERIE_METRICS_PORT=str(port), REVERIE_LOG_JSON="true",
                REVERIE_LOG_LEVEL="INFO"), port


def _answering(port: int) -> bool:
    try:
        _scrape(port)
        return True
    except OSError:
        return False


def test_worker_endpoint_counts_a_consolidation(metrics_env, tmp_path, ns):
    env, port = metrics_env
    worker = _start_worker(env, tmp_path, "w")
    rt = _publisher(env)
    log = tmp_path / "w.log"
    try:
        _wait(lambda: _answering(port), 60, "the worker's metrics endpoint", [log])
        before = _scrape(port)
        assert _total(before, "reverie_sessions_consolidated_total") == 0
        for queue in ("", ".extract", ".consolidate", ".forget"):  # every queue it serves
            assert ("reverie_queue_depth", (("queue", env["REVERIE_QUEUE"] + queue),)) in before
        _story(rt, ns)
        _wait(lambda: _total(_scrape(port), "reverie_sessions_consolidated_total") >= 1, 90,
              "the consolidation counter to move", [log])
        # With rules on a worker serving every queue, the extract event runs the whole chain
        # (replay, reconcile, consolidate, forget; workers/dreaming.py) and publishes no
        # consolidate or forget event.
        _wait(lambda: _total(_scrape(port), "reverie_tasks_total", task="dream.extract.v1",
                             outcome="success") >= 1, 30, "the extract task", [log])
        after = _scrape(port)
        assert _total(after, "reverie_task_duration_seconds_count", task="dream.extract.v1") == 1
        assert _total(after, "reverie_tasks_total", task="dream.extract.v1", outcome="success") == 1
        assert _total(after, "reverie_db_statements_total", task="dream.extract.v1") > 0
        for name in ("dream.consolidate.v1", "dream.forget.v1"):
            assert _total(after, "reverie_task_duration_seconds_count", task=name) == 0
        assert _total(after, "reverie_decisions_total", kind="asserted") >= 2  # city, allergy
        assert _total(after, "reverie_claims_extracted_total") >= 2
        assert _total(after, "reverie_embedded_texts_total") >= 1
        assert _total(after, "reverie_sessions_failed_total") == 0
        assert _total(after, "reverie_memory_items_live") >= 2
        time.sleep(0.5)  # the last lines of the task reach the log
        lines = [json.loads(line) for line in log.read_text().splitlines()
                 if line.startswith("{")]
        staged = [entry for entry in lines if entry.get("event", "").startswith("stage.")]
        assert {e["stage"] for e in staged} >= {"replay", "reconcile", "consolidate"}
        for entry in staged:
            assert entry["namespace"] == ns and entry["user"] == "u1"
            assert entry["session"] == "s1" and entry["task"].startswith("dream.")
    finally:
        _stop(worker)
        rt.deps.dispose()


def test_metrics_command_computes_store_gauges_on_scrape(runtime, ns):
    from datetime import UTC, datetime, timedelta

    from prometheus_client import generate_latest

    from scripts.cli.metrics import build_registry
    t0 = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)
    runtime.deps.clock.set(t0 + timedelta(days=3))  # after the turns below
    mem = runtime.memory
    mem.start_session(ns, "u1", "s1", t0)
    mem.append_turn(ns, "u1", "s1", "user", "I live in Munich.", t0)
    mem.end_session(ns, "u1", "s1", t0 + timedelta(minutes=1))
    mem.start_session(ns, "u1", "s2", t0 + timedelta(days=2))
    mem.append_turn(ns, "u1", "s2", "user", "I just moved to Berlin.", t0 + timedelta(days=2))
    mem.end_session(ns, "u1", "s2", t0 + timedelta(days=2, minutes=1))
    text = generate_latest(build_registry(runtime.deps)).decode()
    live = [line for line in text.splitlines()
            if line.startswith(f'reverie_memory_items_live{{namespace="{ns}"}}')]
    assert live and float(live[0].split()[-1]) == 1.0  # Berlin; Munich retired
    ratio = [line for line in text.splitlines() if line.startswith("reverie_correction_ratio ")]
    assert ratio and float(ratio[0].split()[-1]) > 0  # the move superseded Munich
    assert 'reverie_store_decisions{kind="superseded"}' in text
    assert 'reverie_store_sessions{state="consolidated"}' in text


_DEPTH = re.compile(r'^reverie_queue_depth\{queue="([^"]+)"\} (\S+)$', re.MULTILINE)


def _waiting_event(env, ns) -> None:
    """A session ended with no worker running: its event waits in the broker."""
    rt = _publisher(env)
    try:
        _story(rt, ns)
    finally:
        rt.deps.dispose()


def _queues(env) -> set[str]:
    base = env["REVERIE_QUEUE"]
    return {base, f"{base}.extract", f"{base}.consolidate", f"{base}.forget"}


def test_the_metrics_command_reports_a_real_brokers_queue_depth(broker_env, ns):
    _waiting_event(broker_env, ns)
    done = subprocess.run([sys.executable, "-m", "scripts.cli", "metrics", "--once"],
                          env=broker_env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    depth = {q: float(n) for q, n in _DEPTH.findall(done.stdout)}
    assert set(depth) == _queues(broker_env), done.stdout
    assert sum(depth.values()) >= 1, depth
    assert 'reverie_store_sessions{state="ended"}' in done.stdout
    assert "Traceback" not in done.stderr and "No hostname" not in done.stderr, done.stderr


def test_the_metrics_endpoint_serves_on_loopback_only(broker_env, ns, tmp_path):
    import psutil
    _waiting_event(broker_env, ns)
    port = free_port()
    log = open(tmp_path / "metrics.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "scripts.cli", "metrics", "--port",
                             str(port)], env=broker_env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        _wait(lambda: _answering(port), 120, "reverie metrics to answer",
              logs=[tmp_path / "metrics.log"])
        samples = _scrape(port)
        assert {dict(lab)["queue"] for (n, lab) in samples if n == "reverie_queue_depth"} \
            == _queues(broker_env)
        listening = [c.laddr for c in psutil.Process(proc.pid).net_connections("inet")
                     if c.status == psutil.CONN_LISTEN]
        assert listening and {a.ip for a in listening} == {"127.0.0.1"}, listening
    finally:
        _stop(proc)
