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
import tempfile
import time
from pathlib import Path

from scripts.bench.consolidate_report import command_line, report_tables
from scripts.bench.consolidate_scenario import Options, Scenario
from scripts.bench.consolidate_workers import admin, by_label, diff, fresh_database, \
    percentile, server_url
from scripts.bench.conversations import generate
from scripts.bench.services import redis_server

__all__ = ["Options", "Scenario", "consolidate_cmd", "run"]


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
    broker_url = os.environ.get("BROKER_URL") or "redis://127.0.0.1:6379/0"
    with redis_server(broker_url) as broker, \
            tempfile.TemporaryDirectory(prefix="reverie-bench-") as tmp:
        server = server_url(opts.data_dir)
        rows, memory = [], []
        for n_workers in opts.workers:
            name = f"reverie_bench_{os.getpid()}_{n_workers}w"
            url = fresh_database(server, name)
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



def consolidate_cmd(
    users: int = _opt(10, "--users", "Synthetic users per batch."),
    sessions: int = _opt(5, "--sessions", "Sessions per user."),
    turns: int = _opt(20, "--turns", "Turns per session (user and assistant alternate)."),
    workers: str = _opt("1,2", "--workers", "Worker process counts to run, e.g. 1,2."),
    store: str = _opt("0,10", "--store", "Store sizes, as multiples of the batch already "
                      "consolidated before the batch runs, e.g. 0,10."),
    embedder: str | None = _opt(None, "--embedder", "local (all-MiniLM-L6-v2) or hash "
                                "(default: local; hash with --llm-sim)."),
    batch_size: int | None = _opt(None, "--batch-size", "Sessions per dream batch in the "
                                  "workers (default: Settings.dream_batch_size; 1: none)."),
    seed: int = _opt(7, "--seed", "Seed of the synthetic users."),
    report: Path | None = _opt(None, "--report", "Also write the figures as JSON here."),
    keep: bool = _opt(False, "--keep", "Keep the bench databases."),
    data_dir: Path | None = _opt(None, "--data-dir", "Embedded Postgres folder (without "
                                 "DATABASE_URL)."),
    llm_sim: bool = _opt(False, "--llm-sim", "Extract with the LLM extractor on a simulated "
                         "provider: extract processes on a thread pool, per --concurrency."),
    llm_latency_ms: float = _opt(1200.0, "--llm-latency-ms", "The simulated model's median "
                                 "latency (--llm-sim)."),
    concurrency: str = _opt("1,8,32,64", "--concurrency", "Extraction threads per extract "
                            "process to run (--llm-sim), e.g. 1,8,32,64."),
    layout: str = _opt("split", "--layout", "--llm-sim: split (N extract + N consolidate/"
                       "forget processes) or single (N processes serving every queue)."),
    hedge: float = _opt(0.0, "--hedge", "--llm-sim: hedge model calls past this percentile "
                        "of the recent latency (REVERIE_LLM_HEDGE_PERCENTILE; 0: off)."),
    long_runs: int = _opt(3, "--long-runs", "--llm-sim: times the 900-turn row runs."),
) -> None:
    """Consolidation throughput, latency, round trips, rows and memory with real workers."""
    import json

    import typer
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn)
    console = Console()
    embedder = embedder or ("hash" if llm_sim else "local")
    if embedder not in ("local", "hash"):
        raise typer.BadParameter("--embedder must be local or hash")
    if batch_size is not None and batch_size < 1:
        raise typer.BadParameter("--batch-size must be at least 1")
    if min(users, sessions, turns) < 1:
        raise typer.BadParameter("--users, --sessions and --turns must be at least 1")
    opts = Options(users=users, sessions=sessions, turns=turns,
                   workers=_ints(workers, "--workers"), store=_ints(store, "--store"),
                   embedder=embedder, seed=seed, data_dir=data_dir, keep=keep,
                   batch_size=batch_size, llm_sim=llm_sim, llm_latency_ms=llm_latency_ms,
                   concurrency=_ints(concurrency, "--concurrency"), layout=layout,
                   hedge_percentile=hedge, long_runs=long_runs)
    if 0 in opts.workers:
        raise typer.BadParameter("--workers: at least one worker process")
    if 0 in opts.concurrency:
        raise typer.BadParameter("--concurrency: at least one thread")
    if llm_latency_ms <= 0:
        raise typer.BadParameter("--llm-latency-ms must be positive")
    if layout not in ("split", "single"):
        raise typer.BadParameter("--layout must be split or single")
    if not 0 <= hedge < 100:
        raise typer.BadParameter("--hedge: a percentile, 0 (off) up to 99.9")
    if long_runs < 1:
        raise typer.BadParameter("--long-runs must be at least 1")
    cmd = command_line()
    console.print(f"[bold]command:[/bold] {cmd}")
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as progress:
        if llm_sim:
            from scripts.bench import consolidate_llm
            figures = consolidate_llm.run(opts, progress, log=lambda r: progress.console.print(
                f"  {r['workers']} worker(s), {r['concurrency']} in flight, "
                f"{r['sessions']} sessions: "
                + (f"{r['sessions_per_s']} sessions/s, p50 {r['latency_p50_ms']} ms"
                   if "sessions_per_s" in r else f"{r['wall_s']} s")
                + f", {r['over_bound']}x the model bound"))
        else:
            figures = run(opts, progress, log=lambda r: progress.console.print(
                f"  {r['workers']} worker(s), store {r['store_sessions']}: "
                f"{r['sessions_per_s']} sessions/s, p50 {r['latency_p50_ms']} ms"))
    figures["command"] = cmd
    if llm_sim:
        consolidate_llm.report_tables(figures, console)
    else:
        report_tables(figures, console)
    if report is not None:
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(json.dumps(figures, indent=2, default=str) + "\n")
        console.print(f"figures written to {report}")
