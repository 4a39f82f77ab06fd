"""`reverie`: the operator's command line."""
from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from schemas.errors import ReverieError
from scripts.cli.times import parse_time

app = typer.Typer(add_completion=False, no_args_is_help=True, help=(
    "Reverie: memory for AI assistants that stays true as a user's life changes.\n\n"
    "Without DATABASE_URL an embedded Postgres runs under REVERIE_DATA_DIR (~/.reverie); "
    "without BROKER_URL tasks run in process."))
console = Console()
err = Console(stderr=True)

DataDir = Annotated[Optional[Path], typer.Option("--data-dir", help="State folder (embedded "
                                                 "Postgres data and object store).")]




def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            console.print(f"reverie {version('reverie')}")
        except PackageNotFoundError:  # run from a checkout that was never installed
            console.print("reverie (not installed)")
        raise typer.Exit()


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")]
        = False) -> None:
    """Reverie: memory for AI assistants that stays true as a user's life changes."""


def _runtime(data_dir: Path | None = None, **kw):
    """A one-shot command's runtime: not warmed up (no `safe_recall` deadline to protect,
    and most commands never embed)."""
    from api.runtime import start
    return start(data_dir=data_dir, warm=False, **kw)


@app.command()
def demo(data_dir: DataDir = None) -> None:
    """Play the Munich -> Berlin story on the embedded stack (no services needed)."""
    from scripts.cli.demo import run_demo
    run_demo(console, data_dir)


@app.command()
def migrate(data_dir: DataDir = None) -> None:
    """Apply the database migrations."""
    _runtime(data_dir)
    console.print("[green]database is at the latest migration[/green]")


@app.command()
def worker(concurrency: int = typer.Option(1, min=1, help="Processes (prefork) or threads "
                                          "(threads) running tasks."),
           queues: str = typer.Option(None, "--queues", help="Comma-separated: extract, "
                                      "consolidate, forget, triggers (default: all)."),
           pool: str = typer.Option("prefork", "--pool", help="prefork, or threads (for "
                                    "the LLM's I/O: many extractions in flight)."),
           loglevel: str = typer.Option("INFO"), data_dir: DataDir = None) -> None:
    """Run a Celery worker (needs BROKER_URL); metrics on REVERIE_METRICS_PORT (9464)."""
    from workers.signals import prepare_metrics
    prepare_metrics()  # before prometheus_client is imported: children share one endpoint
    if pool not in ("prefork", "threads", "solo"):
        raise typer.BadParameter("--pool must be prefork, threads or solo")
    import os
    if data_dir is not None:  # forked children build their settings from the environment
        os.environ["REVERIE_DATA_DIR"] = str(data_dir.resolve())
    if pool == "threads":  # the threads share one connection pool: make room for them
        os.environ.setdefault("REVERIE_DB_POOL_SIZE", str(min(concurrency, 20)))
    rt = _runtime(data_dir)
    if rt.settings.broker_url is None:
        err.print("[red]BROKER_URL is not set: a worker needs a broker (e.g. "
                  "redis://127.0.0.1:6379/0).[/red]")
        raise typer.Exit(2)
    _broker_or_exit(rt.settings)
    from workers.app import app as celery_app
    from workers.app import resolve_queues
    try:
        names = resolve_queues(rt.settings, queues)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--queues") from exc
    from workers.app import serve
    from workers.signals import install
    serve(names)
    install(names)
    # Celery's own command line, for its exit status: `worker_main` (and `app.start`)
    # drop it, so a worker whose pool could not start ("Could not start worker
    # processes") exited 0 and a supervisor restarting on failure left the node down.
    from celery.bin.celery import celery as celery_cli
    celery_cli.params[0].default = celery_app
    if pool == "prefork":  # a child killed while the pool starts is forked again
        celery_app.conf.worker_pool = "workers.pool:RestartingPool"
    # A node name of its own: RabbitMQ holds each node's control queue exclusively, so two
    # workers on one host under Celery's default name would refuse each other.
    code = celery_cli.main(args=["worker", f"--concurrency={concurrency}",
                                 f"--loglevel={loglevel}", f"--pool={pool}",
                                 f"--queues={','.join(names)}",
                                 f"--hostname=reverie-{os.getpid()}@%h",
                                 # No revokes or clock sync to learn from neighbours
                                 # (the pool's start check keeps its own window).
                                 "--without-mingle", "--without-gossip"]
                           + (["-E"] if rt.settings.task_events else []), standalone_mode=False)
    if isinstance(code, int) and code:
        err.print(f"[red]the worker stopped with status {code}; see its log above[/red]")
        raise typer.Exit(code)


def _broker_or_exit(settings) -> None:
    """Exit 2, in one line, when the broker does not answer within its start timeout: a
    worker that cannot run must not look up to its supervisor."""
    from workers.app import broker_unreachable
    why = broker_unreachable(settings)
    if why is not None:
        err.print(f"[red]error:[/red] cannot reach the broker at "
                  f"{escape(_safe_url(settings.broker_url))} within "
                  f"{settings.broker_start_timeout_s:g} s ({escape(why)}): start it or fix "
                  "BROKER_URL", soft_wrap=True)
        raise typer.Exit(2)


def _safe_url(url: str) -> str:
    """A URL for people: the password masked."""
    import re
    return re.sub(r"(//[^:/@]*:)[^@]*@", r"\1**@", url)


@app.command()
def beat(loglevel: str = typer.Option("INFO"), data_dir: DataDir = None) -> None:
    """Run the scheduler: idle sweeper every minute, nightly batch on its cron."""
    rt = _runtime(data_dir)
    if rt.settings.broker_url is None:
        err.print("[red]BROKER_URL is not set: beat publishes to a broker.[/red]")
        raise typer.Exit(2)
    _broker_or_exit(rt.settings)
    from workers.app import app as celery_app
    celery_app.Beat(loglevel=loglevel).run()


@app.command()
def sweep(at: str = typer.Option(None, help="Run as of this time (ISO-8601)."),
          data_dir: DataDir = None) -> None:
    """End and consolidate every session idle past the timeout."""
    rt = _runtime(data_dir)
    from workers.triggers import sweep as do_sweep
    ended = do_sweep(rt.deps, parse_time(at) or rt.deps.now())
    console.print(f"ended {len(ended)} idle session(s)")


@app.command()
def nightly(at: str = typer.Option(None, help="Run as of this time (ISO-8601)."),
            data_dir: DataDir = None) -> None:
    """The nightly batch: pending consolidation, then expiry by policy (TTLs, quotas)."""
    rt = _runtime(data_dir)
    from workers.triggers import nightly_batch
    console.print_json(json.dumps(nightly_batch(rt.deps, parse_time(at) or rt.deps.now()),
                                  default=str))


@app.command()
def reprocess(session: str = typer.Option(None, help="A session id, or NS/USER/SESSION."),
              user: str = typer.Option(None, help="NS/USER: every session of that user."),
              since: str = typer.Option(None, help="Sessions ended at or after this time."),
              until: str = typer.Option(None, help="... and before this time."),
              dry_run: bool = typer.Option(False, "--dry-run", help="List, change nothing."),
              force: bool = typer.Option(False, help="Drop checkpoints: re-run every stage."),
              data_dir: DataDir = None) -> None:
    """Dream again over sessions from the raw transcripts."""
    if not (session or user or since):
        raise typer.BadParameter("give --session, --user or --since")
    rt = _runtime(data_dir)
    from schemas.ids import check_ident, check_namespace
    from workers.triggers import reprocess as do_reprocess
    sel: dict = {"since": parse_time(since), "until": parse_time(until)}
    if user:
        ns, _, uid = user.partition("/")
        sel.update(namespace=check_namespace(ns), user_id=check_ident(uid, "user id"))
    if session:
        parts = session.split("/")
        if len(parts) == 3:
            sel.update(namespace=check_namespace(parts[0]),
                       user_id=check_ident(parts[1], "user id"))
        sel["session_id"] = check_ident(parts[-1], "session id")
    with rt.deps.unit_of_work(namespace="*") as uow:  # selection may span namespaces
        sessions = uow.sessions.select(**sel)
    if not sessions:
        err.print("[yellow]no ended session matches[/yellow]")
        raise typer.Exit(1)
    if dry_run:
        for s in sessions:
            console.print(f"{s.namespace}/{s.user_id}/{s.session_id}  ended {s.ended_at}  "
                          f"{s.state}")
        console.print(f"{len(sessions)} session(s) would be reprocessed")
        return
    with Progress(console=err, transient=False) as progress:
        task = progress.add_task("reprocessing", total=len(sessions))
        n = do_reprocess(rt.deps, sessions, rt.deps.now(), force=force,
                         progress=lambda _s: progress.advance(task))
    console.print(f"reprocessed {n} session(s)")


def _facts_table(facts, title: str) -> Table:
    table = Table(title=title)
    for col in ("predicate", "object", "valid_from", "valid_to", "asserted_at", "retracted_at",
                "source", "conf", "session#turn"):
        table.add_column(col)
    for f in facts:
        table.add_row(f.predicate, f.object, _d(f.valid_from), _d(f.valid_to),
                      _d(f.asserted_at), _d(f.retracted_at), f.source, f"{f.confidence:.2f}",
                      f"{f.session_id or '-'}#{f.turn if f.turn is not None else '-'}")
    return table


def _d(at: datetime | None) -> str:
    return at.strftime("%Y-%m-%d %H:%M") if at else ""


@app.command()
def facts(namespace: str, user: str,
          predicate: str = typer.Option(None, help="Only this predicate."),
          valid_at: str = typer.Option(None, help="What was true in the world then."),
          known_at: str = typer.Option(None, help="What we believed at that time."),
          history: bool = typer.Option(False, "--history", help="Every version kept."),
          as_json: bool = typer.Option(False, "--json"), data_dir: DataDir = None) -> None:
    """A user's facts: current by default, or on either time axis."""
    rt = _runtime(data_dir)
    r = rt.reader
    if valid_at:
        rows, title = r.as_of(namespace, user, parse_time(valid_at), predicate), f"true at {valid_at}"
    elif known_at:
        rows, title = (r.believed_as_of(namespace, user, parse_time(known_at), predicate),
                       f"believed at {known_at}")
    elif history:
        rows, title = r.history(namespace, user, predicate), "history"
    else:
        rows, title = r.current(namespace, user, predicate), "current"
    if as_json:
        console.print_json(json.dumps([f.model_dump(mode="json") for f in rows]))
    else:
        console.print(_facts_table(rows, f"{namespace}/{user}: {title}"))


@app.command()
def profile(namespace: str, user: str, data_dir: DataDir = None) -> None:
    """The rendered profile (always injected)."""
    rt = _runtime(data_dir)
    console.print(rt.reader.profile(namespace, user) or "(empty profile)")


@app.command()
def opening(namespace: str, user: str, at: str = typer.Option(None),
            data_dir: DataDir = None) -> None:
    """The opening context for a session starting now (or --at)."""
    rt = _runtime(data_dir)
    console.print(rt.reader.opening(namespace, user, parse_time(at)) or "(none)")


@app.command()
def recall(namespace: str, user: str, query: str, k: int = typer.Option(5, "-k"),
           as_json: bool = typer.Option(False, "--json"), data_dir: DataDir = None) -> None:
    """What memory would be injected for QUERY."""
    rt = _runtime(data_dir)
    result = rt.reader.recall(namespace, user, query, k=k)
    if as_json:
        console.print_json(result.model_dump_json())
        return
    from api.read import render_context
    console.print(render_context(result) or "(nothing recalled)")


@app.command()
def correct(namespace: str, user: str, predicate: str, value: str,
            remove: bool = typer.Option(False, "--remove", help="Remove VALUE (e.g. one "
                                        "allergy of several) instead of setting it."),
            data_dir: DataDir = None) -> None:
    """Correct a stored fact as the user (source user_edit: outranks anything extracted):
    set VALUE, or with --remove take that one value away."""
    if not remove and value.strip().lower() in ("none", "nothing", "null", "-"):
        err.print(f"[red]error:[/red] {value!r} would be stored as a value; to remove one, "
                  f"run: reverie correct {namespace} {user} {predicate} VALUE --remove")
        raise typer.Exit(2)
    rt = _runtime(data_dir)
    from api.admin import correct as do_correct
    plan = do_correct(rt.memory, namespace, user, predicate, value, remove=remove)
    for d in plan.decisions:
        console.print(f"{d.kind}: {d.reason}")


@app.command()
def explain(namespace: str, user: str, predicate: str, data_dir: DataDir = None) -> None:
    """Why each current and past value of PREDICATE is or was believed."""
    rt = _runtime(data_dir)
    from api.explain import explain as do_explain
    entries = do_explain(rt.memory, namespace, user, predicate)
    if not entries:
        console.print(f"nothing known about {predicate!r} for {namespace}/{user}")
    for e in entries:
        head = f"[bold]{e['object']}[/bold] — {e['status']}"
        if "valid_from" in e:
            head += f" (true {_d(e['valid_from'])} .. {_d(e['valid_to']) or 'now'}; " \
                    f"learned {_d(e['asserted_at'])}, source {e['source']})"
        console.print(head)
        src = e["from"]
        console.print(f"   from session {src.get('session') or '-'}, turn {src.get('turn')}")
        for r in e.get("restated", []):
            console.print(f"   restated in session {r['session']} turn {r['turn']}: {r['text']!r}")
        for d in e.get("decisions", []):
            console.print(f"   {d['kind']} by rule {d['rule']}: {d['reason']}"
                          + (f" — said: {d['said']!r}" if d.get("said") else ""))
        if e.get("reason"):
            console.print(f"   held back: {e['reason']} — said: {e.get('said')!r}")


from scripts.cli import bench as cli_bench  # noqa: E402
app.add_typer(cli_bench.bench_app, name="bench")
from scripts.cli import eval as cli_eval  # noqa: E402
app.command("eval")(cli_eval.eval_cmd)
from scripts.cli import metrics as cli_metrics  # noqa: E402
app.command("metrics")(cli_metrics.metrics_cmd)
from scripts.cli import db as cli_db  # noqa: E402
app.add_typer(cli_db.db_app, name="db")
from scripts.cli import forget as cli_forget  # noqa: E402
app.command("forget")(cli_forget.forget_cmd)
app.command("export")(cli_forget.export_cmd)
from scripts.cli import link as cli_link  # noqa: E402
app.command("link")(cli_link.link_cmd)
from scripts.cli import serve as cli_serve  # noqa: E402
app.command("serve")(cli_serve.serve_cmd)
app.add_typer(cli_serve.keys_app, name="keys")
app.command("mcp")(cli_serve.mcp_cmd)


def main() -> None:
    try:
        app()
    except ReverieError as exc:
        # One line whatever the terminal's width; the message is text, not markup.
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
