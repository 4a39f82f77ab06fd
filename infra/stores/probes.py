"""What the consolidation benchmark reads and writes beside the pipeline, each on a
connection of its own (never a unit of work's): the progress of the sessions it published,
and the server's counters."""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Engine, text

from schemas.enums import SessionState


class BenchProbe:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def settled(self, sids: Sequence[str]) -> list[tuple[str, str]]:
        """(sid, state) of those sessions that are consolidated or failed."""
        with self._engine.connect() as c:
            return [(sid, state) for sid, state in c.execute(text(
                "SELECT sid, state FROM sessions WHERE sid = ANY(:s) AND state IN (:c, :f)"),
                {"s": list(sids), "c": SessionState.CONSOLIDATED.value,
                 "f": SessionState.FAILED.value})]

    def checkpointed(self, sids: Sequence[str], stage: str) -> list[str]:
        """Those sessions with a checkpoint of `stage`."""
        with self._engine.connect() as c:
            return list(c.execute(text(
                "SELECT sid FROM checkpoints WHERE sid = ANY(:s) AND stage = :stage"),
                {"s": list(sids), "stage": stage}).scalars())

    def end_open(self, sid: str) -> None:
        """Mark an open session ended at its last activity (as the idle sweeper would)."""
        with self._engine.begin() as c:
            c.execute(text("UPDATE sessions SET state = 'ended', ended_at = last_activity_at "
                           "WHERE sid = :s AND state = 'open'"), {"s": sid})

    def table_activity(self) -> dict[str, int]:
        """Rows inserted + updated + deleted so far, per table (pg_stat_user_tables)."""
        with self._engine.connect() as c:
            rows = c.execute(text("SELECT relname, n_tup_ins + n_tup_upd + n_tup_del "
                                  "FROM pg_stat_user_tables")).all()
        return {name: int(n) for name, n in rows}

    def backend_pids(self) -> set[int]:
        """The server processes of this database's other connections."""
        with self._engine.connect() as c:
            return set(c.execute(text("SELECT pid FROM pg_stat_activity WHERE datname = "
                                      "current_database() AND pid <> pg_backend_pid()"))
                       .scalars())

    def texts(self, namespace: str) -> list[str]:
        """Every fragment text and item statement of the namespace (what was embedded)."""
        with self._engine.connect() as c:
            return list(c.execute(text(
                "SELECT text FROM fragments WHERE namespace = :ns UNION ALL "
                "SELECT statement FROM memory_items WHERE namespace = :ns"),
                {"ns": namespace}).scalars())
