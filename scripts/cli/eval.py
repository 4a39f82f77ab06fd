"""The `reverie eval` command: play scenario files and report every check."""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from schemas.enums import RunMode

MODES = tuple(RunMode)


def _scenario_line(console: Console, mode: str | None):
    def show(result: dict) -> None:
        ok = result["failed"] == 0 and "error" not in result
        mark = "[green]PASS[/green]" if ok else "[red]FAIL[/red]"
        line = (f"{mark} {escape(result['name'])}  {result['passed']} passed, "
                f"{result['failed']} failed  [dim]{result['seconds']:.1f}s[/dim]")
        if mode:
            line = f"[dim]{mode:>6}[/dim] " + line
        if "error" in result:
            line += f"\n       [yellow]{escape(result['error'])}[/yellow]"
        console.print(line)
    return show


def _compare_table(reports: dict[str, dict]) -> Table:
    from scripts.eval.match import compare_rows
    table = Table(title="checks passed per mode (passed/total)")
    table.add_column("check")
    for mode in reports:
        table.add_column(mode, justify="right")
    for row in compare_rows(reports):
        table.add_row(*row)
    return table


def eval_cmd(
    paths: Annotated[Optional[list[Path]], typer.Argument(
        help="Scenario files (FORMAT.md v1), or folders of *.json scenario files. None: the "
             "sample scenarios shipped with Reverie (scripts/eval/samples).",
        metavar="[PATH]...", show_default=False)] = None,
    mode: Annotated[str, typer.Option(
        "--mode", help="none (no memory) | online (per-turn working set only) | full.")] = "full",
    report: Annotated[Optional[Path], typer.Option(
        "--report", help="Write the JSON report to this file.")] = None,
    data_dir: Annotated[Optional[Path], typer.Option(
        "--data-dir", help="Keep the run's state here (embedded Postgres data under pg/, "
                           "one database per scenario; objects under objects/).")] = None,
    compare_modes: Annotated[bool, typer.Option(
        "--compare-modes", help="Run in none, online and full; print passes per check "
                                "kind side by side.")] = False,
) -> None:
    """Play multi-session scenarios through the real pipeline and report every check.

    Prints one line per scenario, then `N passed, M failed` last. Exits 0 when the run
    completed, whatever the checks say; 2 when it could not run (a bad file, a service down).
    """
    from infra.settings import Settings
    from scripts.eval.match import totals_line
    from scripts.eval.runner import RunAborted, run_mode
    from scripts.eval.scenario import ScenarioFileError, load_all
    from scripts.eval.stack import EvalStack, ServiceDown

    console = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    if mode not in MODES:
        raise typer.BadParameter(f"--mode must be one of {', '.join(MODES)}, got {mode!r}")
    if not paths:
        from scripts.eval import SAMPLES
        paths = [SAMPLES]
        console.print(f"[dim]no PATH given: playing the sample scenarios in "
                      f"{escape(str(SAMPLES))}[/dim]")
    try:
        scenarios = load_all(paths)
    except ScenarioFileError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2)

    settings = Settings()
    if data_dir is not None:
        root, keep = data_dir.expanduser().resolve(), True
        root.mkdir(parents=True, exist_ok=True)
    elif settings.broker_url is not None:  # workers share the configured state: keep it
        root, keep = settings.data_dir, True
    else:
        root, keep = Path(tempfile.mkdtemp(prefix="reverie-eval-")), False
    stack = EvalStack(settings, root, keep=keep)
    modes = MODES if compare_modes else (mode,)
    reports: dict[str, dict] = {}
    try:
        for run in modes:
            reports[run] = run_mode(scenarios, stack, run,
                                    _scenario_line(console, run if compare_modes else None))
    except (RunAborted, ServiceDown) as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(2)
    finally:
        stack.close()
        if not keep:
            shutil.rmtree(root, ignore_errors=True)

    doc = reports[mode] if not compare_modes else {"format": 1, "compare_modes": True,
                                                   "runs": reports}
    if report is not None:
        report.parent.mkdir(parents=True, exist_ok=True)
        report.write_text(json.dumps(doc, indent=2, default=str) + "\n", encoding="utf-8")
        console.print(f"[dim]report written to {escape(str(report))}[/dim]")
    if settings.broker_url is not None:
        console.print("[dim]played on the workers' database and object store, each scenario "
                      "in its own namespace (system_namespace in the report)[/dim]")
    elif data_dir is not None:
        server = "DATABASE_URL's server" if settings.database_url else "the Postgres under pg/"
        console.print(f"[dim]state kept in {escape(str(root))}: one database per scenario "
                      f"(named in the report) on {server}, objects under objects/[/dim]")
    if compare_modes:
        console.print(_compare_table(reports))
        for run, rep in reports.items():
            console.print(f"{run}: {totals_line(rep['totals']['passed'], rep['totals']['failed'])}")
        passed = sum(r["totals"]["passed"] for r in reports.values())
        failed = sum(r["totals"]["failed"] for r in reports.values())
    else:
        passed, failed = reports[mode]["totals"]["passed"], reports[mode]["totals"]["failed"]
    console.print(totals_line(passed, failed))
