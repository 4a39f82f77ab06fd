"""`reverie bench consolidate --llm-sim`: the pipeline with an LLM extractor, against the
simulated provider (`scripts/bench/llm_sim.py`), through real worker processes.

Per worker count N, N extract processes (`reverie worker --queues extract --pool threads
--concurrency C`, the model's I/O overlapping across sessions) and N consolidate/forget
processes (`--queues consolidate,forget,triggers --concurrency 1`, prefork as usual) run
on one bench database. Per extract concurrency C, a burst of generated sessions (4 x the
calls N x C can hold, at least 16) is published at once: sessions/s from the first
end event to the last forget checkpoint. The latency run publishes half as many at half
that rate: end event to the session turning consolidated. The bound beside each row is
what the simulated model alone allows: sessions x median latency / calls in flight (N x C,
at most one per session); beside it, what the simulated provider alone allows the same
burst with no pipeline time (`scripts.bench.model_bound`: its mean is not its median, and
its 429s and hangs cost retries), and the ratio to that. The "900 turns" row is 30 sessions of 30 turns of one user (the
shape of the Memobase benchmark), at the largest concurrency: from the first end event to
the last consolidation.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from infra.llm_limits import HEDGE_MIN_SAMPLES
from scripts.bench.consolidate_scenario import Options, Scenario
from scripts.bench.consolidate_workers import admin, by_label, diff, fresh_database, \
    percentile, server_url
from scripts.bench.conversations import generate
from scripts.bench.llm_sim import SimOptions, SimulatedProvider, simulated_provider
from scripts.bench.model_bound import mean_session_s, provider_alone_s
from scripts.bench.services import redis_server

#: The client's per-call timeout, in medians of the model's latency (at least 2 s): past
#: the simulated p99.9 (sigma 0.4: 3.4x the median), well short of its hangs (12 s). A
#: hung call costs this much and a retry, not the hang.
CALL_TIMEOUT_MEDIANS = 4
#: A burst holds this many sessions per call the extract pools can have in flight.
ROUNDS = 4
#: The model the workers name: the simulated provider answers any, and litellm prices a
#: known one (the cost per session at its list price; an unpriced name also costs litellm
#: a walk of its whole cost map on every call).
MODEL = "openai/gpt-4o-mini"
#: The consolidate/forget processes: prefork, one task at a time, as `reverie worker` runs.
REST = ("--queues=consolidate,forget,triggers", "--concurrency=1")


def extract_args(concurrency: int) -> tuple[str, ...]:
    return ("--queues=extract", "--pool=threads", f"--concurrency={concurrency}")


def call_timeout_s(sim: SimulatedProvider) -> float:
    return max(2.0, CALL_TIMEOUT_MEDIANS * sim.options.latency_ms / 1000)


def llm_env(sim: SimulatedProvider, hedge_percentile: float = 0.0) -> dict[str, str]:
    """The workers' settings for the LLM extractor on the simulated provider."""
    return {"REVERIE_EXTRACTOR": "llm", "REVERIE_LLM_MODEL": MODEL,
            "REVERIE_LLM_API_BASE": sim.api_base, "REVERIE_LLM_API_KEY": "sim",
            "REVERIE_LLM_TIMEOUT_S": f"{call_timeout_s(sim):g}",
            "REVERIE_LLM_HEDGE_PERCENTILE": f"{hedge_percentile:g}"}


def all_queues_args(concurrency: int) -> tuple[str, ...]:
    """`--layout single`: one process serving every queue on a thread pool."""
    return ("--pool=threads", f"--concurrency={concurrency}")


def model_bound(sessions: int, median_s: float, in_flight: int) -> float:
    """Seconds the model alone needs: every session's call, `in_flight` at a time."""
    return sessions * median_s / max(1, min(in_flight, sessions))


def beside_bound(sim: SimOptions, timeout_s: float, sessions: int, slots: int,
                 wall_s: float) -> dict:
    """The provider's own figures beside the issue's bound (`scripts.bench.model_bound`):
    the work bound at the simulator's mean time per session (429s and hangs included) and
    the median wall of the same burst with no pipeline time, and the ratio to the latter."""
    alone = provider_alone_s(sim, timeout_s, sessions, slots)
    work = sessions * mean_session_s(sim, timeout_s) / max(1, min(slots, sessions))
    return {"work_bound_s": round(work, 3), "provider_alone_s": round(alone, 3),
            "over_provider_alone": round(wall_s / alone, 2)}


def _pids(workers) -> set[int]:
    import psutil
    out = set()
    for w in workers:
        try:
            main = psutil.Process(w.proc.pid)
            out |= {main.pid, *(c.pid for c in main.children(recursive=True))}
        except psutil.Error:
            pass
    return out


def _burst(sc: Scenario, sim: SimulatedProvider, sids: list[str], label: str,
           extract: list) -> dict:
    """Publish `sids` at once; the provider's counts and the CPU time the burst took in
    the extract processes, the consolidate/forget processes, Postgres and the simulated
    provider (its connection threads, in this process)."""
    sim.reset()
    cpu0, m0 = sc.cpu_seconds(), [w.metrics() for w in extract]
    out = sc.run(sids, label)
    cpu1, m1 = sc.cpu_seconds(), [w.metrics() for w in extract]
    used = {p: v - cpu0.get(p, 0.0) for p, v in cpu1.items()}
    ex, workers = _pids(extract), sc.worker_pids()
    calls = sum(sim.outcomes.values())
    out.update(
        tokens=sum(diff(a, b, "reverie_llm_tokens_total") for a, b in zip(m1, m0)),
        cost_usd=sum(diff(a, b, "reverie_llm_cost_usd_total") for a, b in zip(m1, m0)),
        hedge_tokens=sum(diff(a, b, "reverie_llm_hedge_tokens_total") for a, b in zip(m1, m0)),
        hedge_cost_usd=sum(diff(a, b, "reverie_llm_hedge_cost_usd_total")
                           for a, b in zip(m1, m0)),
        hedges={k: sum(by_label(a, b, "reverie_llm_hedges_total", "outcome").get(k, 0.0)
                       for a, b in zip(m1, m0)) for k in ("won", "lost", "skipped", "failed")},
        billed_tokens=sim.tokens["prompt"] + sim.tokens["completion"],
        calls=calls, outcomes=dict(sim.outcomes), peak_in_flight=sim.peak_in_flight,
        mean_in_flight=sim.call_seconds / out["wall_s"],
        cpu_ms={"provider": 1000 * sim.cpu_seconds / len(sids),
                "extract": 1000 * sum(v for p, v in used.items() if p in ex) / len(sids),
                "consolidate": 1000 * sum(v for p, v in used.items()
                                          if p in workers and p not in ex) / len(sids),
                "db": 1000 * sum(v for p, v in used.items() if p not in workers) / len(sids)})
    return out


def measure(sc: Scenario, sim: SimulatedProvider, n_workers: int, concurrency: int,
            extract: list) -> dict:
    """One row: burst throughput and the provider's view of it, then paced latency."""
    o = sc.opts
    median_s = sim.options.latency_ms / 1000
    slots = n_workers * concurrency
    n = max(16, ROUNDS * slots)
    users = -(-n // o.sessions)
    ns = f"llm{n_workers}w{concurrency}c"
    sids = sc.store(generate(o.seed, ns, users, o.sessions, o.turns)[:n])
    burst = _burst(sc, sim, sids, f"{n_workers} worker(s), {concurrency} in flight: burst",
                   extract)
    lat_n = max(8, n // 2)
    lat_sids = sc.store(generate(o.seed, ns + "lat", -(-lat_n // o.sessions), o.sessions,
                                 o.turns)[:lat_n], ended=False)
    rate = max(0.05, 0.5 * burst["per_s"])
    paced = sc.run(lat_sids, f"{n_workers} worker(s), {concurrency} in flight: latency at "
                   f"{rate:.1f}/s", rate=rate)
    bound = model_bound(n, median_s, slots)
    processes = n_workers if o.layout == "single" else 2 * n_workers
    return {
        "layout": o.layout, "hedge_percentile": o.hedge_percentile,
        "workers": n_workers, "concurrency": concurrency, "processes": processes,
        "sessions": n, "wall_s": round(burst["wall_s"], 3),
        "sessions_per_s": round(burst["per_s"], 2),
        "sessions_per_s_per_extract_process": round(burst["per_s"] / n_workers, 2),
        "sessions_per_s_per_process": round(burst["per_s"] / processes, 2),
        "latency_rate_per_s": round(rate, 2),
        "latency_p50_ms": round(percentile(paced["latency_ms"], 50), 1),
        "latency_p99_ms": round(percentile(paced["latency_ms"], 99), 1),
        "tokens_per_session": round(burst["tokens"] / n, 1),
        "provider_tokens_per_session": round(burst["billed_tokens"] / n, 1),
        "cost_usd_per_1000_sessions": round(1000 * burst["cost_usd"] / n, 4),
        "hedge_tokens_per_session": round(burst["hedge_tokens"] / n, 1),
        "hedge_cost_usd_per_1000_sessions": round(1000 * burst["hedge_cost_usd"] / n, 4),
        "hedges": burst["hedges"],
        "calls_per_session": round(burst["calls"] / n, 3), "outcomes": burst["outcomes"],
        "peak_in_flight": burst["peak_in_flight"],
        "mean_in_flight": round(burst["mean_in_flight"], 1),
        "bound_s": round(bound, 3), "over_bound": round(burst["wall_s"] / bound, 2),
        **beside_bound(sim.options, call_timeout_s(sim), n, slots, burst["wall_s"]),
        "cpu_ms_per_session": {k: round(v, 1) for k, v in burst["cpu_ms"].items()},
    }


def measure_900(sc: Scenario, sim: SimulatedProvider, n_workers: int,
                concurrency: int, extract: list, run_no: int = 0) -> dict:
    """30 sessions of 30 turns of one user, published at once: to the last consolidation,
    and where that time went. The provider's view of each session (its first call's start,
    its first answer's end) splits the wall time: the session answered last waited
    `dispatch` for its first call and `model` for its answer (retries and hedges
    included); `after` is from that answer to the last consolidation."""
    ns = f"llm900x{n_workers}w{run_no}"
    sids = sc.store(generate(sc.opts.seed + run_no, ns, 1, 30, 30, prefix="memobase"))
    burst = _burst(sc, sim, sids, f"{n_workers} worker(s): 900 turns", extract)
    wall = burst["to_consolidated_s"]
    t0, seen = burst["first_published"], sim.sessions()
    answered = [(end, start) for start, end in seen.values() if end is not None]
    last_end, last_start = max(answered) if answered else (t0, t0)
    bound = model_bound(len(sids), sim.options.latency_ms / 1000, n_workers * concurrency)
    return {"workers": n_workers, "concurrency": concurrency, "sessions": len(sids),
            "turns": 900, "wall_s": round(wall, 3), "bound_s": round(bound, 3),
            "over_bound": round(wall / bound, 2),
            **beside_bound(sim.options, call_timeout_s(sim), len(sids),
                           n_workers * concurrency, wall),
            "last_answer_s": round(last_end - t0, 3),
            "dispatch_s": round(last_start - t0, 3),
            "model_s": round(last_end - last_start, 3),
            "after_s": round(burst["last_consolidated"] - last_end, 3),
            "last_call_start_s": round(max(s for s, _ in seen.values()) - t0, 3)
            if seen else None,
            "tokens_per_session": round(burst["tokens"] / len(sids), 1),
            "provider_tokens_per_session": round(burst["billed_tokens"] / len(sids), 1),
            "hedges": burst["hedges"], "outcomes": burst["outcomes"],
            "peak_in_flight": burst["peak_in_flight"]}


def warm_up(sc: Scenario, n_workers: int, tag: str, *, per_process: int = 2,
            rate: float = 4.0) -> None:
    """A few paced sessions: every extract process has imported litellm and made a call
    (with hedges: seen enough answers for the threshold, `HEDGE_MIN_SAMPLES`)."""
    o = sc.opts
    sc.run(sc.store(generate(o.seed, f"llmwarm{tag}", per_process * n_workers, 1, o.turns),
                    ended=False), "warm-up", rate=rate)


def run(opts: Options, progress, log=print) -> dict:
    """The whole `--llm-sim` benchmark; returns the figures (see BENCHMARKS_consolidate.md)."""
    broker_url = os.environ.get("BROKER_URL") or "redis://127.0.0.1:6379/0"
    sim_options = SimOptions(latency_ms=opts.llm_latency_ms, seed=opts.seed)
    with redis_server(broker_url) as broker, simulated_provider(sim_options) as sim, \
            tempfile.TemporaryDirectory(prefix="reverie-bench-") as tmp:
        server = server_url(opts.data_dir)
        rows, long_rows = [], []
        for n_workers in opts.workers:
            name = f"reverie_bench_llm_{os.getpid()}_{n_workers}w"
            single = opts.layout == "single"
            sc = Scenario(opts, fresh_database(server, name), broker, n_workers, Path(tmp),
                          progress, worker_args=[] if single else [REST] * n_workers,
                          env=llm_env(sim, opts.hedge_percentile))
            try:
                for c in opts.concurrency:
                    args = all_queues_args(c) if single else extract_args(c)
                    extract = sc.start_workers([args] * n_workers, f"extract{c}")
                    warm_up(sc, n_workers, f"{n_workers}w{c}c")
                    if opts.hedge_percentile:  # enough answers seen for the threshold
                        warm_up(sc, n_workers, f"{n_workers}w{c}c-hedge",
                                per_process=HEDGE_MIN_SAMPLES + 6, rate=20.0)
                    row = measure(sc, sim, n_workers, c, extract)
                    rows.append(row)
                    log(row)
                    if c == max(opts.concurrency):
                        for k in range(opts.long_runs):
                            long_rows.append(measure_900(sc, sim, n_workers, c, extract, k))
                            log(long_rows[-1])
                    sc.stop_workers(extract)
            finally:
                sc.close()
                if not opts.keep:
                    admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        return {"options": {k: (str(v) if isinstance(v, Path) else v)
                            for k, v in opts.__dict__.items()},
                "llm_sim": {k: v for k, v in sim_options.__dict__.items()},
                "call_timeout_s": call_timeout_s(sim), "embedder": opts.embedder,
                "cpus": os.cpu_count(), "load_average": os.getloadavg(), "rows": rows,
                "turns_900": long_rows}


def _alone(row: dict, key: str, fmt: str) -> str:
    """A provider-alone figure, or "-" in a report written before it was measured."""
    return fmt.format(row[key]) if key in row else "-"


def report_tables(figures: dict, console) -> None:
    from rich.table import Table
    sim = figures["llm_sim"]
    speed = Table(title=(
        f"LLM extraction, simulated provider: median {sim['latency_ms']:g} ms (sigma "
        f"{sim['sigma']}), {100 * sim['rate_limit_share']:g}% 429s, "
        f"{100 * sim['timeout_share']:g}% hangs; embedder {figures['embedder']}, "
        f"{figures['cpus']} CPUs; "
        + ("N processes serving every queue" if figures["options"].get("layout") == "single"
           else "N extract + N consolidate processes")
        + (f"; hedged past p{figures['options']['hedge_percentile']:g}"
           if figures["options"].get("hedge_percentile") else "")))
    for col in ("N x threads", "sessions", "sess/s", "per proc: extract / all",
                "p50 / p99 ms", "in flight: peak / mean", "wall / bound s", "ratio",
                "provider alone s", "ratio to it"):
        speed.add_column(col, justify="right")
    cost = Table(title="per session (hedges: answers paid for and not used)")
    for col in ("N x threads", "tokens", "USD per 1000", "calls", "hedge tokens / USD per "
                "1000", "CPU ms: extract", "consolidate", "Postgres", "provider"):
        cost.add_column(col, justify="right")
    for r in figures["rows"]:
        shape = f"{r['workers']} x {r['concurrency']}"
        speed.add_row(shape, str(r["sessions"]), f"{r['sessions_per_s']:.1f}",
                      f"{r['sessions_per_s_per_extract_process']:.1f} / "
                      f"{r['sessions_per_s_per_process']:.1f}",
                      f"{r['latency_p50_ms']:.0f} / {r['latency_p99_ms']:.0f}",
                      f"{r['peak_in_flight']} / {r['mean_in_flight']:.0f}",
                      f"{r['wall_s']:.2f} / {r['bound_s']:.2f}", f"{r['over_bound']:.2f}x",
                      _alone(r, "provider_alone_s", "{:.2f}"),
                      _alone(r, "over_provider_alone", "{:.2f}x"))
        c = r["cpu_ms_per_session"]
        cost.add_row(shape, f"{r['tokens_per_session']:.0f}",
                     f"{r['cost_usd_per_1000_sessions']:.3f}", f"{r['calls_per_session']:.2f}",
                     f"{r['hedge_tokens_per_session']:.0f} / "
                     f"{r['hedge_cost_usd_per_1000_sessions']:.3f}",
                     f"{c['extract']:.1f}", f"{c['consolidate']:.1f}", f"{c['db']:.1f}",
                     f"{c['provider']:.1f}" if "provider" in c else "-")
    console.print(speed)
    console.print(cost)
    long = Table(title="900 turns: 30 sessions x 30 turns of one user, first end event to "
                       "the last consolidation; the session answered last: its dispatch "
                       "(end event to its first call) and model time, then the rest")
    for col in ("N x threads", "wall s", "bound s", "ratio", "provider alone s / ratio",
                "dispatch / model / after s",
                "last call sent s", "tokens/sess (provider)", "hedges won / lost",
                "provider answers"):
        long.add_column(col, justify="right")
    for r in figures["turns_900"]:
        h = r["hedges"]
        long.add_row(f"{r['workers']} x {r['concurrency']}", f"{r['wall_s']:.2f}",
                     f"{r['bound_s']:.2f}", f"{r['over_bound']:.2f}x",
                     f"{_alone(r, 'provider_alone_s', '{:.2f}')} / "
                     f"{_alone(r, 'over_provider_alone', '{:.2f}x')}",
                     f"{r['dispatch_s']:.2f} / {r['model_s']:.2f} / {r['after_s']:.2f}",
                     f"{r['last_call_start_s']:.2f}",
                     f"{r['tokens_per_session']:.0f} ({r['provider_tokens_per_session']:.0f})",
                     f"{h['won']:.0f} / {h['lost']:.0f}",
                     ", ".join(f"{k} {v}" for k, v in sorted(r["outcomes"].items())))
    console.print(long)
    console.print(f"load average at the end: {figures['load_average']}")
