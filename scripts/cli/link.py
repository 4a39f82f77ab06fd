"""`reverie link`: the signed, expiring address where one user sees their memory."""
from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape

from schemas.errors import ReverieError

err = Console(stderr=True)


def link_cmd(
    namespace: str = typer.Argument(..., help="The tenant."),
    user: str = typer.Argument(..., help="The user the link shows (and no one else)."),
    ttl: str = typer.Option("1h", "--ttl", help="How long the link works: 90s, 30m, 1h, 7d "
                            "(at most 30d)."),
) -> None:
    """Print a link to the inspector that shows USER of NAMESPACE their memory.

    The address starts with REVERIE_PUBLIC_URL (http://127.0.0.1:8420); anyone holding the
    link sees that user's memory until it expires, so hand it to that user only."""
    from api.links import parse_ttl, user_link
    from infra.clock import SystemClock
    from infra.settings import Settings
    try:
        typer.echo(user_link(Settings(), namespace, user, now=SystemClock().now(),
                             ttl=parse_ttl(ttl)))
    except ReverieError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(2) from None
