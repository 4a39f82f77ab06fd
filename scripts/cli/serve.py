"""`reverie serve` (the HTTP API) and `reverie keys` (its API keys)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

console = Console()
err = Console(stderr=True)
keys_app = typer.Typer(no_args_is_help=True, help="API keys of the HTTP service (one "
                                                  "namespace per key, stored hashed).")


def _runtime(data_dir: Path | None, *, warm: bool = False):
    from api.runtime import start
    return start(data_dir=data_dir, warm=warm)


def serve_cmd(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on."),
    port: int = typer.Option(8420, help="TCP port."),
    workers: int = typer.Option(1, min=1, help="Server processes."),
    log_level: str = typer.Option("warning", help="uvicorn's log level."),
    data_dir: Optional[Path] = typer.Option(None, "--data-dir", help="State folder."),
) -> None:
    """Serve the REST API (/v1, OpenAPI at /openapi.json), /healthz, /readyz and /metrics."""
    from server.serve import run
    if data_dir is not None:  # worker processes build their settings from the environment
        os.environ["REVERIE_DATA_DIR"] = str(data_dir.resolve())
    # Migrates once, before any worker starts; the app warms up while /readyz says 503.
    rt = _runtime(data_dir)
    if rt.deps.engine is not rt.deps.app_engine:
        # Requests run on the application's login; the admin pool served start-up
        # (migrations, provisioning): closed, so no admin connection idles in the server.
        rt.deps.engine.dispose()
    app = None
    if workers == 1:
        from server.app import create_app
        app = create_app(rt)
    else:
        rt.deps.dispose()
    err.print(f"Reverie serving on http://{host}:{port} ({workers} worker(s)); "
              "ready when /readyz answers 200")
    run(app, host=host, port=port, workers=workers, log_level=log_level)


@keys_app.command("create")
def create(namespace: str, label: Optional[str] = typer.Option(None, help="A note: who or "
                                                                   "what holds the key."),
           data_dir: Optional[Path] = typer.Option(None, "--data-dir")) -> None:
    """A new key for NAMESPACE; printed once (only its hash is kept)."""
    from api.keys import create_key
    key, secret = create_key(_runtime(data_dir).deps, namespace, label)
    err.print(f"key {key.prefix} (id {key.key_id}) for namespace {key.namespace}; "
              "store it now, it is not shown again:")
    console.print(secret)


@keys_app.command("list")
def list_(namespace: Optional[str] = typer.Argument(None),
          data_dir: Optional[Path] = typer.Option(None, "--data-dir")) -> None:
    """Keys (never their secrets), of one namespace or all."""
    from api.keys import list_keys
    table = Table()
    for col in ("id", "prefix", "namespace", "label", "created", "last used", "revoked"):
        table.add_column(col)
    for k in list_keys(_runtime(data_dir).deps, namespace):
        table.add_row(k.key_id, k.prefix, k.namespace, k.label or "", _d(k.created_at),
                      _d(k.last_used_at), _d(k.revoked_at))
    console.print(table)


@keys_app.command("revoke")
def revoke(key_id: str = typer.Argument(..., help="The key's id or prefix."),
           data_dir: Optional[Path] = typer.Option(None, "--data-dir")) -> None:
    """Revoke a key: refused from now on (by other server processes within
    REVERIE_API_KEY_CACHE_S seconds)."""
    from api.keys import revoke_key
    key = revoke_key(_runtime(data_dir).deps, key_id)
    console.print(f"revoked key {key.prefix} of namespace {key.namespace}")


def _d(at) -> str:
    return at.strftime("%Y-%m-%d %H:%M") if at else ""


def mcp_cmd(
    namespace: str = typer.Option(..., "--namespace", help="The tenant the tools act in."),
    user: str = typer.Option(..., "--user", help="The user the assistant talks to."),
    data_dir: Optional[Path] = typer.Option(None, "--data-dir", help="State folder."),
) -> None:
    """Serve Reverie's MCP tools over stdio (for a desktop assistant's MCP config)."""
    from schemas.ids import check_ident, check_namespace
    from server.mcp_tools import build_mcp, fixed_caller
    check_namespace(namespace), check_ident(user, "user id")
    rt = _runtime(data_dir, warm=True)  # stdout is the protocol: nothing else prints there
    server = build_mcp(rt, fixed_caller(namespace, user))
    try:
        server.run("stdio")
    finally:
        ended = server.sessions.end_all()  # the remembered facts consolidate
        if ended:
            err.print(f"ended {len(ended)} MCP session(s)")
        rt.deps.dispose()
