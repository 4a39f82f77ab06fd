"""The tables `reverie bench consolidate` prints, and the command line it records."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path


def command_line() -> str:
    name = Path(sys.argv[0]).name
    prog = ["reverie"] if name in ("reverie", "cli.py", "__main__.py") else [name]
    return shlex.join(prog + sys.argv[1:])



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
