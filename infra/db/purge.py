"""Erasure that reaches the disk: rewrite the tables an erasure touched, then retire the WAL.

A `DELETE` leaves the erased bytes in dead tuples (and in index entries), `VACUUM` only
marks that space reusable, and the WAL keeps the inserts that wrote them until its segment
is recycled. After an erasure batch, off the request path, `purge_erased` therefore:

1. rewrites every namespaced table with `VACUUM FULL` (heap, TOAST and every index go to
   new files; the old files are truncated at commit and unlinked at the next checkpoint),
   analyses it again, and rewrites `pg_statistic`, whose samples of a column's values
   (taken by an autovacuum ANALYZE before the erasure) may hold erased text;
2. has WAL segments removed rather than recycled (`wal_recycle = off`, set with ALTER
   SYSTEM when the login is a superuser; a recycled segment would keep its old bytes until
   overwritten), then switches to a new segment and checkpoints twice, so the redo point
   moves past every segment that held the erased rows and the server deletes them.

It needs the administrative login (table owner or superuser; `CHECKPOINT` and
`pg_switch_wal` a superuser or `pg_checkpoint`). One purge runs at a time (advisory lock):
a purge asked while another runs waits for it (that one may have passed the erased rows'
tables before the erasure committed), then a purge asked for an erasure at `requested_at`
is skipped when a complete one started after it. A purge that left a table (its lock not granted within `LOCK_TIMEOUT_MS`) covers
nothing: the sweeper tries again every `Settings.erasure_purge_delay_s` (`purge_due`).
What remains elsewhere (WAL archives, replicas, backups) is stated in the README.
"""
from __future__ import annotations

import time
from datetime import datetime

import structlog
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

log = structlog.get_logger(__name__)
#: Session-level advisory lock: one purge at a time.
_LOCK = 7215000003
#: Longest wait for one table's lock before the purge leaves it for the next run.
LOCK_TIMEOUT_MS = 10_000
#: Longest wait for a purge already running to finish before this one gives up (and the
#: sweeper tries again): a purge asked while another runs is not covered by it.
WAIT_FOR_RUNNING_MS = 120_000
#: Longest wait for other sessions' older snapshots and transactions to end: a rewrite keeps
#: every row such a snapshot may still see (VACUUM FULL copies "recently dead" tuples), the
#: erased ones included. A purge that could not wait them out covers nothing.
WAIT_FOR_SNAPSHOTS_S = 30.0
_NEXT_XID = text("SELECT txid_snapshot_xmax(txid_current_snapshot()) % 4294967296")
#: Other backends of this database holding a snapshot or an xid older than :x (32-bit xids
#: compared modulo wraparound).
_OLDER = ("((:x - {col}::text::bigint + 4294967296) % 4294967296) BETWEEN 1 AND 2147483647")
_HELD_BY_OLDER = text(
    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
    "AND pid <> pg_backend_pid() AND ("
    f"(backend_xmin IS NOT NULL AND {_OLDER.format(col='backend_xmin')}) OR "
    f"(backend_xid IS NOT NULL AND {_OLDER.format(col='backend_xid')}))")
_NAMESPACED = text(
    "SELECT c.table_name FROM information_schema.columns c "
    "JOIN information_schema.tables t ON t.table_schema = c.table_schema "
    " AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE' "
    "WHERE c.table_schema = current_schema() AND c.column_name = 'namespace' "
    "ORDER BY c.table_name")


def purge_erased(engine: Engine, now: datetime, *,
                 requested_at: datetime | None = None) -> dict:
    """Rewrite the namespaced tables and retire the WAL that held erased rows (module doc).
    Returns what it did: tables rewritten, whether the WAL was retired, seconds taken;
    `skipped` when another purge holds the lock or one started after `requested_at`."""
    started = time.perf_counter()
    with engine.connect() as conn:
        conn = conn.execution_options(isolation_level="AUTOCOMMIT")
        # A purge already running may have rewritten the erased rows' tables before the
        # erasure committed: it does not cover it. Wait for it, then decide (below).
        conn.exec_driver_sql(f"SET lock_timeout = {WAIT_FOR_RUNNING_MS}")
        try:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _LOCK})
        except DBAPIError:  # still running: the sweeper purges later (`purge_due`)
            return {"skipped": "another purge is running"}
        try:
            last = conn.execute(text("SELECT started_at FROM maintenance_runs "
                                     "WHERE name = 'purge_erased'")).scalar()
            if requested_at is not None and last is not None and last >= requested_at:
                return {"skipped": f"purged at {last.isoformat()}"}
            _record(conn, "purge_tried", now)
            older = _wait_for_older_snapshots(conn)
            tables = list(conn.execute(_NAMESPACED).scalars())
            # A rewrite waits for the table's readers; one held up past this is left (and
            # reported) for the next purge rather than stalling every query behind it.
            conn.exec_driver_sql(f"SET lock_timeout = {LOCK_TIMEOUT_MS}")
            left = []
            for table in tables:
                try:
                    # ANALYZE with it: the planner's samples of the table's columns
                    # (pg_statistic's most common values, histogram bounds) may hold
                    # erased text, and are replaced from the rewritten rows.
                    conn.exec_driver_sql(f'VACUUM (FULL, ANALYZE) "{table}"')
                except DBAPIError as exc:
                    left.append(table)
                    log.warning("erasure.purge_table_left", table=table,
                                error=str(exc.orig or exc))
            if not left:
                _rewrite_statistics(conn)
            wal = _retire_wal(conn) if not left else False
            if not left and not older:  # only a complete purge covers the erasures before it
                _record(conn, "purge_erased", now)
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _LOCK})
            conn.exec_driver_sql("RESET lock_timeout")  # a pooled connection: as it came
    report = {"tables": len(tables) - len(left), "left": left, "wal_retired": wal,
              "held_by_older_snapshots": older,
              "seconds": round(time.perf_counter() - started, 3)}
    log.info("erasure.purged", **report)
    return report


def _wait_for_older_snapshots(conn) -> int:
    """Wait until no other session of the database still sees what the erasure deleted (an
    open transaction or snapshot begun before it: a report, a backup's pg_dump, a slow
    reader); returns how many still did when the wait ran out (0: the rewrite drops every
    erased row)."""
    x = conn.execute(_NEXT_XID).scalar()
    deadline = time.monotonic() + WAIT_FOR_SNAPSHOTS_S
    while True:
        older = conn.execute(_HELD_BY_OLDER, {"x": x}).scalar() or 0
        if not older or time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    if older:
        log.warning("erasure.purge_held_by_snapshots", sessions=older,
                    hint="an older open transaction may still see erased rows; the sweeper "
                         "purges again (Settings.erasure_purge_delay_s)")
    return older


def _record(conn, name: str, at: datetime) -> None:
    conn.execute(text(
        "INSERT INTO maintenance_runs (name, started_at) VALUES (:n, :t) "
        "ON CONFLICT (name) DO UPDATE SET started_at = :t"), {"n": name, "t": at})


def purge_due(engine: Engine, now: datetime, retry_after_s: float) -> bool:
    """True when an erasure is not yet covered by a complete purge and neither it nor the
    last attempt is younger than `retry_after_s`: the sweeper then purges (a purge whose
    table lock timed out, or whose task was lost, is tried again at that cadence)."""
    with engine.connect() as conn:
        runs = dict(conn.execute(text(
            "SELECT name, started_at FROM maintenance_runs WHERE name IN "
            "('purge_wanted', 'purge_erased', 'purge_tried')")).all())
    wanted = runs.get("purge_wanted")
    if wanted is None or (runs.get("purge_erased") and runs["purge_erased"] >= wanted):
        return False
    latest = max(wanted, runs.get("purge_tried") or wanted)
    return (now - latest).total_seconds() >= retry_after_s


def want_purge(engine: Engine, at: datetime) -> None:
    """Record that an erasure at `at` wants a purge (`purge_if_wanted` honours it even if
    the purge task itself was lost with the broker). Any login may: the application's is
    allowed this one row (migration 0009)."""
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO maintenance_runs (name, started_at) VALUES ('purge_wanted', :t) "
            "ON CONFLICT (name) DO UPDATE SET started_at = greatest("
            "maintenance_runs.started_at, :t)"), {"t": at})


def purge_if_wanted(engine: Engine, now: datetime) -> dict:
    """The nightly batch's purge: only when an erasure since the last purge wants one."""
    with engine.connect() as conn:
        wanted = conn.execute(text("SELECT started_at FROM maintenance_runs "
                                   "WHERE name = 'purge_wanted'")).scalar()
    if wanted is None:
        return {"skipped": "no erasure since the last purge"}
    return purge_erased(engine, now, requested_at=wanted)


def _rewrite_statistics(conn) -> None:
    """Rewrite pg_statistic: the samples ANALYZE replaced stay in its dead tuples (an
    autovacuum ANALYZE may have sampled an erased value before the erasure). A catalog:
    only a superuser may; otherwise the server's autovacuum reclaims them in time."""
    try:
        conn.exec_driver_sql("VACUUM (FULL) pg_catalog.pg_statistic")
    except DBAPIError as exc:
        log.warning("erasure.statistics_not_rewritten", error=str(exc.orig or exc),
                    hint="run the purge as a superuser to rewrite pg_statistic")


def _retire_wal(conn) -> bool:
    """Segments removed, not recycled; the redo point past the rewrite. False when the
    login may not (the server's own checkpoints then retire them, within max_wal_size)."""
    try:
        if conn.execute(text("SHOW wal_recycle")).scalar() == "on":
            conn.exec_driver_sql("ALTER SYSTEM SET wal_recycle = off")
            conn.execute(text("SELECT pg_reload_conf()"))
            # The postmaster passes the reload to every process at once: once this backend
            # sees it, the checkpointer was told too, and reads it before its next
            # checkpoint. A fixed sleep was not enough on a loaded machine (a recycled
            # segment keeps its old bytes).
            deadline = time.monotonic() + 10
            while (conn.execute(text("SHOW wal_recycle")).scalar() == "on"
                   and time.monotonic() < deadline):
                time.sleep(0.05)
        for _ in range(2):
            conn.execute(text("SELECT pg_switch_wal()"))
            conn.exec_driver_sql("CHECKPOINT")
    except DBAPIError as exc:
        log.warning("erasure.wal_not_retired", error=str(exc.orig or exc),
                    hint="run the purge as a superuser, or set wal_recycle = off and grant "
                         "pg_checkpoint and EXECUTE on pg_switch_wal to the admin login")
        return False
    return True
