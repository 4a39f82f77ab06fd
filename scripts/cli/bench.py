"""`reverie bench ...`: benchmarks. One function per command; register more commands on
`bench_app` below."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from schemas.enums import EmbedderKind

bench_app = typer.Typer(add_completion=False, no_args_is_help=True,
                        help="Benchmarks on public datasets and synthetic load.")
console = Console()
err = Console(stderr=True)


@bench_app.command("retrieval")
def retrieval(
    data: Path = typer.Option(..., "--data", exists=True, dir_okay=False,
                              help="A LoCoMo or LongMemEval JSON file (detected by shape)."),
    report: Optional[Path] = typer.Option(None, "--report", help="Write the figures as JSON."),
    embedder: str = typer.Option("local", "--embedder",
                                 help="local (all-MiniLM-L6-v2) or hash."),
    limit: Optional[int] = typer.Option(None, "--limit", min=1,
                                        help="Only the first N questions (quick runs)."),
    data_dir: Optional[Path] = typer.Option(
        None, "--data-dir", help="Keep the ingested memory here (re-runs resume and reuse "
        "cached baseline vectors); default: a temporary folder, removed afterwards."),
) -> None:
    """Recall quality: the system vs BM25 and dense retrieval over raw turns, same data."""
    from scripts.bench.data import DataFileError
    from scripts.bench.retrieval import METHODS, Options, metric_names, run
    if embedder not in (EmbedderKind.LOCAL, EmbedderKind.HASH):
        raise typer.BadParameter("--embedder must be local or hash")
    opts = Options(data=data, embedder=embedder, limit=limit, data_dir=data_dir,
                   report=report)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err) as progress:
        try:
            figures = run(opts, progress)
        except DataFileError as exc:
            raise typer.BadParameter(str(exc), param_hint="--data") from exc
    table = Table(title=f"{figures['dataset']}: {data.name} "
                        f"({figures['questions']['total']} questions, "
                        f"embedder {figures['embedder']}, extractor {figures['extractor']})")
    table.add_column("metric")
    for method in METHODS:
        table.add_column(method, justify="right")
    for name in metric_names(figures):
        table.add_row(name, *(_fmt(figures[m].get(name)) for m in METHODS))
    console.print(table)
    if figures["questions"].get("other_types_skipped"):
        console.print(f"{figures['questions']['other_types_skipped']} questions of other types "
                      "than knowledge-update skipped (the figures are about updates)")
    t = figures["timing"]
    console.print(f"ingested {t['sessions']} sessions in {t['ingest_s']}s; system recall "
                  f"{t['recall_ms_mean']} ms mean, {t['recall_ms_p95']} ms p95")
    if report is not None:
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(json.dumps(figures, indent=2, default=str) + "\n")
        console.print(f"report written to {report}")


def _fmt(value) -> str:
    return "-" if value is None else f"{value:.3f}"


@bench_app.command("faults")
def faults(
    users: int = typer.Option(8, min=1, help="Synthetic users."),
    sessions: int = typer.Option(3, min=1, help="Sessions per user."),
    kills: int = typer.Option(20, min=0, help="SIGKILLs of worker processes, about half of "
                                             "them pool children (full form: 100)."),
    broker: str = typer.Option("redis", help="redis (a private redis-server) | rabbitmq (a "
                                             "vhost of its own at AMQP_URL)."),
    pg_stop_s: float = typer.Option(10.0, "--pg-stop-s", min=0,
                                    help="Seconds the embedded Postgres is stopped (0: not)."),
    pg_freeze_s: float = typer.Option(5.0, "--pg-freeze-s", min=0,
                                      help="Seconds it is frozen by SIGSTOP (0: not)."),
    seed: int = typer.Option(7, help="Seed of the conversations and of the kills."),
    data_dir: Optional[Path] = typer.Option(None, "--data-dir",
                                            help="Embedded Postgres and objects here "
                                                 "(default: a temporary folder)."),
) -> None:
    """Faults: worker SIGKILLs, a broker kill+restart, a Postgres stop and freeze vs a clean
    run, row for row."""
    from scripts.bench.faults import Options, run
    if broker not in ("redis", "rabbitmq"):
        err.print(f"unknown broker {broker!r}: use --broker redis or --broker rabbitmq")
        raise typer.Exit(2)
    try:
        figures = run(Options(users=users, sessions=sessions, kills=kills, seed=seed,
                              broker=broker, pg_stop_s=pg_stop_s, pg_freeze_s=pg_freeze_s,
                              data_dir=data_dir), say=err.print)
    except RuntimeError as exc:  # a broker that cannot be had: say what is missing
        err.print(str(exc))
        raise typer.Exit(2)
    table = Table(title=f"faults ({figures['broker']}): {figures['sessions']} sessions, "
                        f"{figures.get('kills_main', 0)} main + "
                        f"{figures.get('kills_child', 0)} pool-child SIGKILLs, broker "
                        "killed and restarted once, Postgres "
                        f"down {figures.get('pg_down_s', 0)} s and frozen "
                        f"({figures.get('pg_frozen_processes', 0)} processes)")
    for col in ("table", "clean rows", "faulty rows", "missing", "extra"):
        table.add_column(col, justify="left" if col == "table" else "right")
    for name, t in figures["tables"].items():
        table.add_row(name, str(t["clean"]), str(t["faulty"]), str(t["missing"]),
                      str(t["extra"]))
    console.print(table)
    f = figures
    console.print(
        f"lost {f['lost']}, duplicated {f['duplicated']} rows vs the clean run; permanent "
        f"failures {f['permanent_failures']}; dead letters {f['dead_letters']} (writes that "
        f"failed {f['dead_letter_writes_failed']}); end_session raised {f['end_raised']}; "
        f"unconsolidated {f['unconsolidated']}; states that disagree with their "
        f"checkpoints {f['states_disagreeing']}")
    console.print(
        f"sessions ended before the broker came back consolidated "
        f"{f.get('stranded_consolidated_s', 'never')} s after it; clean capture "
        f"{f['clean_s']} s, faulty capture {f.get('faulty_capture_s')} s, settled "
        f"{f.get('settle_s')} s after the last fault (the storm lasted "
        f"{f.get('storm_s')} s; {f.get('sweeps')} beats, "
        f"{f.get('resent')} re-sends, no nightly batch); consolidated while the kills "
        f"went on: {f.get('consolidated_in_storm')} of {f['sessions']} sessions, the last "
        f"{f.get('all_consolidated_s')} s after the storm began; worker exits (restarted): "
        f"{f.get('worker_exits')}; identical: {f['identical']}")
    if not f["identical"] or f["unconsolidated"] or f["end_raised"] or f["states_disagreeing"]:
        raise typer.Exit(1)


from scripts.bench.consolidate import consolidate_cmd  # noqa: E402
bench_app.command("consolidate")(consolidate_cmd)


from scripts.bench.recall import recall_cmd  # noqa: E402
bench_app.command("recall")(recall_cmd)


@bench_app.command("serve")
def serve(
    items: int = typer.Option(2_000, "--items", min=100, help="Memory items (100000 for the "
                              "issue's figure)."),
    per_user: int = typer.Option(100, "--per-user", min=1, help="Items per user."),
    queries: int = typer.Option(200, "--queries", min=10, help="Timed requests per level."),
    clients: str = typer.Option("1,8,32", "--clients", help="Concurrency levels."),
    embedder: str = typer.Option("local", "--embedder", help="local or hash."),
    deadline_ms: int = typer.Option(5_000, "--deadline-ms", help="safe_recall's deadline in "
                                    "the server (high: time the work, not the give-up)."),
    seed: int = typer.Option(7, "--seed"),
    data_dir: Optional[Path] = typer.Option(None, "--data-dir", help="Embedded Postgres."),
) -> None:
    """The context endpoint over HTTP at 1/8/32 clients beside in-process Reader.recall."""
    from scripts.bench.serve import report, run
    if embedder not in (EmbedderKind.LOCAL, EmbedderKind.HASH):
        raise typer.BadParameter("--embedder must be local or hash")
    try:
        levels = [int(x) for x in clients.split(",") if x.strip()]
    except ValueError:
        raise typer.BadParameter("--clients takes numbers separated by commas, e.g. 1,8,32")
    if not levels or min(levels) < 1 or items < per_user:
        raise typer.BadParameter("need --clients >= 1 and --items >= --per-user")
    wide = Console(width=max(120, Console().width))  # the table is read, not wrapped
    res = run(items=items, per_user=per_user, queries=queries, levels=levels,
              embedder=embedder, deadline_ms=deadline_ms, seed=seed, data_dir=data_dir,
              console=wide)
    report(wide, res, items=items, queries=queries, embedder=embedder)
