"""A scan of every table for a piece of text: what the evaluation's `gone` and `isolated`
checks look through, so a table added by a later migration is scanned without anyone
remembering to add it.

Each row is cast whole to text and matched case-insensitively, restricted to the user's
rows where the table says whose rows they are (namespace, user_id, or a session key).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import inspect, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from infra.db.models import SessionRow

#: Tables that hold no user data (schema bookkeeping).
_SKIP_TABLES = frozenset({"alembic_version"})


@dataclass(frozen=True)
class TableMatches:
    """The rows of one table that hold the text (at most `limit`), or why it could not be
    scanned."""

    table: str
    rows: tuple[dict, ...] = ()
    error: str | None = None


def _like(needle: str) -> str:
    return "%" + re.sub(r"([\\%_])", r"\\\1", needle.strip()) + "%"


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class ContentScan:
    def __init__(self, session: Session) -> None:
        self._s = session

    def find(self, namespace: str, user_id: str, needle: str, *, unowned_rows: bool,
             limit: int = 20) -> list[TableMatches]:
        """Every table's rows of the user that contain `needle`; with `unowned_rows`, rows
        that name no namespace or user count as the user's (a database of its own)."""
        conn = self._s.connection()
        sids = list(self._s.scalars(select(SessionRow.sid).where(
            SessionRow.namespace == namespace, SessionRow.user_id == user_id)))
        insp = inspect(conn)
        out = []
        for table in sorted(insp.get_table_names()):
            if table in _SKIP_TABLES:
                continue
            columns = [c["name"] for c in insp.get_columns(table)]
            where, params = [], {"p": _like(needle)}
            nulls = " OR t.{c} IS NULL" if unowned_rows else ""
            if "namespace" in columns:
                where.append(f"(t.namespace = :ns{nulls.format(c='namespace')})")
                params["ns"] = namespace
            if "user_id" in columns:
                where.append(f"(t.user_id = :uid{nulls.format(c='user_id')})")
                params["uid"] = user_id
            elif "sid" in columns:
                if not sids:
                    continue  # keyed by session, and the user has none
                where.append("t.sid = ANY(:sids)")
                params["sids"] = sids
            where.append("CAST(t AS text) ILIKE :p ESCAPE '\\'")
            sql = (f"SELECT t.* FROM {_q(table)} AS t WHERE {' AND '.join(where)} "
                   f"LIMIT {int(limit)}")
            try:
                with conn.begin_nested():
                    rows = conn.execute(text(sql), params).mappings().all()
            except DBAPIError as exc:
                out.append(TableMatches(table, error=str(exc.orig or exc)))
                continue
            if rows:
                out.append(TableMatches(table, tuple(dict(r) for r in rows)))
        return out
