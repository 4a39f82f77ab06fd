"""`reverie db`: the embedded Postgres a command without DATABASE_URL starts and leaves
running for the next command (and the workers): its status, and how to stop it."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

console = Console(soft_wrap=True)
db_app = typer.Typer(no_args_is_help=True, help=(
    "The embedded Postgres under REVERIE_DATA_DIR/pg. Commands start it when DATABASE_URL is "
    "unset and leave it running for the next one; `reverie db stop` stops it."))

DataDir = Annotated[Optional[Path], typer.Option("--data-dir", help="State folder (default: "
                                                 "REVERIE_DATA_DIR, ~/.reverie).")]


def _data_dir(data_dir: Path | None) -> Path:
    from infra.settings import Settings
    return (data_dir or Settings().data_dir).expanduser()


@db_app.command()
def stop(data_dir: DataDir = None) -> None:
    """Stop the embedded Postgres (its data stays; the next command starts it again)."""
    from infra.db.engine import stop_embedded_server
    root = _data_dir(data_dir)
    if stop_embedded_server(root):
        console.print(f"stopped the embedded Postgres of {root}")
    else:
        console.print(f"no embedded Postgres is running for {root}")


@db_app.command()
def status(data_dir: DataDir = None) -> None:
    """Whether the embedded Postgres of the data folder is running."""
    from infra.db.engine import embedded_running
    root = _data_dir(data_dir)
    state = "running" if embedded_running(root) else "not running"
    console.print(f"embedded Postgres of {root}: {state}"
                  + (" (stop it with `reverie db stop`)" if state == "running" else ""))
