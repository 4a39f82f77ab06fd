"""The report of `reverie bench recall`: the latency table, the targets and the ratios."""
from __future__ import annotations

import os

from rich.console import Console
from rich.table import Table


def report(console: Console, res: dict, *, items: int, per_user: int, fragments: int,
            queries: int, load_timings: dict) -> None:
    bare = res["bare"]
    table = Table(title=f"recall latency, ms — {items:,} items, {per_user} per user, "
                        f"{fragments:,} fragments, {queries:,} queries (embedding excluded)")
    for col in ("path", "p50", "p90", "p99", "max", "mean", "x bare p50", "x bare p99"):
        table.add_column(col, justify="left" if col == "path" else "right")
    names = {"bare": "bare pgvector top-10 (psycopg, prepared, binary vector)",
             "floor": "floor: items + fragments, distance and word match, top-10",
             "textbook": "textbook hybrid: one statement, ts_rank_cd + vector RRF",
             "statement": "candidates statement + row features (autocommit)",
             "uow": "  part: read-pool checkout alone",
             "rank": "  part: ranking alone (pipeline.top.recall_top)",
             "system": "assistant path: candidates (read pool) + lists + rank",
             "reader": "Reader.recall, cache miss (+ audit row, cache version)"}
    for key, label in names.items():
        if key not in res:
            continue
        r = res[key]
        table.add_row(label, *(f"{r[c]:.3f}" for c in ("p50", "p90", "p99", "max", "mean")),
                      f"{r['p50'] / bare['p50']:.2f}", f"{r['p99'] / bare['p99']:.2f}")
    console.print(table)
    ok = "[green]met[/green]", "[red]missed[/red]"
    for key in ("system", "reader"):
        if key not in res:
            continue
        p99, ratio = res[key]["p99"], res[key]["p99"] / bare["p99"]
        console.print(f"{key}: target p99 < 5 ms {ok[0] if p99 < 5 else ok[1]} ({p99:.3f} ms); "
                      f"within 1.5x of bare p99 {ok[0] if ratio <= 1.5 else ok[1]} "
                      f"({ratio:.2f}x; p50 {res[key]['p50'] / bare['p50']:.2f}x)")
    if "floor" in res and "system" in res:
        floor, system = res["floor"], res["system"]
        console.print(
            f"floor (both memories read, no ranking): {floor['p50'] / bare['p50']:.2f}x / "
            f"{floor['p99'] / bare['p99']:.2f}x bare (p50 / p99); the assistant path is "
            f"{system['p50'] / floor['p50']:.2f}x / {system['p99'] / floor['p99']:.2f}x the floor")
    if "textbook" in res:
        tb = res["textbook"]
        console.print(f"textbook hybrid (RRF in one statement, nothing added): "
                      f"{tb['p50'] / bare['p50']:.2f}x / {tb['p99'] / bare['p99']:.2f}x bare")
    console.print(f"mean hits returned {res['_hits']['mean']:.1f}")
    if "_server" in res:
        srv = res["_server"]
        t2 = Table(title="inside Postgres (EXPLAIN ANALYZE execution time, ms)")
        for col in ("statement", "p50", "p90", "p99", "x bare p50", "x bare p99"):
            t2.add_column(col, justify="left" if col == "statement" else "right")
        for key, label in (("bare", "bare pgvector top-10"),
                           ("floor", "floor: items + fragments, distance and word match"),
                           ("textbook", "textbook hybrid (one statement, RRF in SQL)"),
                           ("statement", "candidates statement (items + fragments)")):
            r = srv[key]
            t2.add_row(label, *(f"{r[c]:.3f}" for c in ("p50", "p90", "p99")),
                       f"{r['p50'] / srv['bare']['p50']:.2f}",
                       f"{r['p99'] / srv['bare']['p99']:.2f}")
        console.print(t2)
    console.print(f"machine load average (1 min) {res['_load']['before']:.2f} before timing, "
                  f"{res['_load']['after']:.2f} after, on {os.cpu_count()} cores")
    if load_timings:
        console.print("load: " + ", ".join(f"{k} {v:.1f}" for k, v in load_timings.items()))
