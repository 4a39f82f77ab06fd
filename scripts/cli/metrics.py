"""`reverie metrics`: a Prometheus endpoint for what only the store and the broker know.

Workers serve their own counters (task latency, decisions, round trips, embedding time) on
`REVERIE_METRICS_PORT`; this command serves, computed on each scrape, the live memory items
per namespace, sessions by state, decisions by kind with the correction and quarantine
ratios, LLM tokens and cost per extraction run, dead letters and the queue depth.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

console = Console()


def build_registry(deps):
    """A registry with the store's gauges and (with a Redis broker) the queue depth."""
    from prometheus_client import CollectorRegistry

    from infra.metrics import QueueDepthCollector, StoreCollector
    from workers.app import queues_of
    registry = CollectorRegistry(auto_describe=False)
    registry.register(StoreCollector(deps.engine))
    if deps.settings.broker_url:
        registry.register(QueueDepthCollector(deps.settings.broker_url,
                                              list(queues_of(deps.settings).values())))
    return registry


def metrics_cmd(
    port: Optional[int] = typer.Option(None, "--port", help="Port to serve /metrics on "
                                       "(default: REVERIE_METRICS_PORT + 1, i.e. 9465)."),
    host: Optional[str] = typer.Option(None, "--host", help="Address to bind (default: "
                                       "REVERIE_METRICS_HOST, i.e. 127.0.0.1)."),
    once: bool = typer.Option(False, "--once", help="Print one scrape and exit."),
    data_dir: Optional[Path] = typer.Option(None, "--data-dir", help="State folder."),
) -> None:
    """Serve the store-derived metrics (computed on scrape) for Prometheus."""
    from prometheus_client import generate_latest, start_http_server

    from api.runtime import start
    rt = start(data_dir=data_dir, warm=False)
    registry = build_registry(rt.deps)
    if once:
        console.out(generate_latest(registry).decode(), end="")
        return
    port = port if port is not None else rt.settings.metrics_port + 1
    host = host or rt.settings.metrics_host
    start_http_server(port, addr=host, registry=registry)
    console.print(f"serving Reverie store metrics on http://{host}:{port}/metrics "
                  "(Ctrl-C to stop)")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
