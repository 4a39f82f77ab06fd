"""`reverie forget` and `reverie export`: a user's right to erasure and to their data."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from schemas.errors import ReverieError
from scripts.cli.times import parse_time

console = Console()
err = Console(stderr=True)




def _runtime(data_dir: Path | None):
    from api.runtime import start
    return start(data_dir=data_dir, warm=False)


def _summary(report: dict, title: str) -> Table:
    table = Table(title=title)
    table.add_column("store")
    table.add_column("rows / objects", justify="right")
    for store, n in sorted(report.get("counts", {}).items()):
        if n:
            table.add_row(store, str(n))
    return table


def forget_cmd(
    namespace: str = typer.Argument(..., help="The tenant."),
    user: str = typer.Argument(..., help="The user inside the tenant."),
    text: Optional[str] = typer.Option(None, "--text", help="Forget this text, wherever it "
                                       "is (case-insensitive), and what came from it."),
    predicate: Optional[str] = typer.Option(None, "--predicate", help="Forget every value of "
                                            "this predicate (or only --object)."),
    obj: Optional[str] = typer.Option(None, "--object", help="With --predicate: this value."),
    fact: Optional[str] = typer.Option(None, "--fact", help="Forget this fact (every "
                                       "version of its value)."),
    everything: bool = typer.Option(False, "--all", help="Remove the user entirely."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
    at: Optional[str] = typer.Option(None, "--at", help="Time of the request (ISO-8601)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    data_dir: Optional[Path] = typer.Option(None, "--data-dir", help="State folder."),
) -> None:
    """Erase content for a user: facts, items, vectors, fragments, transcripts, caches."""
    from api.erasure import forget, preview
    from infra.stores.audit import acting_as
    kwargs = dict(text=text, predicate=predicate, object=obj, fact_id=fact, all=everything,
                  at=parse_time(at))
    try:
        with acting_as("cli"):
            rt = _runtime(data_dir)
            planned = preview(rt.memory, namespace, user, **kwargs)
            what = ("the whole user" if everything else f"text {text!r}" if text is not None
                    else f"fact {fact}" if fact else
                    f"{predicate or '*'} = {obj!r}" if obj else f"every {predicate}")
            if not as_json:
                err.print(_summary(planned, f"forget {what} for {namespace}/{user}: "
                                            "what will be removed"))
                if not any(planned.get("counts", {}).values()):
                    err.print("nothing stored matches (a tombstone still keeps it out)")
            if not yes and not typer.confirm(f"Erase {what} for {namespace}/{user}? "
                                             "This cannot be undone", err=True):
                err.print("[yellow]nothing erased[/yellow]")
                raise typer.Exit(1)
            report = forget(rt.memory, namespace, user, **kwargs)
    except ReverieError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(report, indent=2, sort_keys=True))
    else:
        console.print(_summary(report, f"erased for {namespace}/{user}"))


def export_cmd(
    namespace: str = typer.Argument(..., help="The tenant."),
    user: str = typer.Argument(..., help="The user inside the tenant."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write to this file "
                                       "instead of standard output."),
    data_dir: Optional[Path] = typer.Option(None, "--data-dir", help="State folder."),
) -> None:
    """Everything held for a user, as JSON."""
    from api.export import export_user
    from infra.stores.audit import acting_as
    try:
        with acting_as("cli"):
            rt = _runtime(data_dir)
            doc = export_user(rt.memory, namespace, user)
    except ReverieError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(2) from None
    body = json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=True)
    if out is None:
        typer.echo(body)
    else:
        out.write_text(body + "\n", encoding="utf-8")
        err.print(f"wrote {out}")
