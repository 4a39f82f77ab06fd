"""What a namespace holds, in a form two runs of the same input can be compared by, row
for row (`reverie bench faults`): every column that does not name the namespace or the
time of the run (ids are derived from the namespace, so they are left out)."""
from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.orm import Session

#: Table -> the columns compared (the namespace filter is added).
_QUERIES = {
    "sessions": "SELECT user_id, session_id, state, turn_count, ended_at FROM sessions",
    "facts": "SELECT user_id, subject, predicate, object, cardinality, valid_from, valid_to,"
             " retracted_at IS NULL, source, round(confidence::numeric, 4), session_id, turn,"
             " evidence FROM facts",
    "memory_items": "SELECT user_id, kind, predicate, statement, revision, retired,"
                    " round(confidence::numeric, 4) FROM memory_items",
    "memory_item_versions": "SELECT count(*) FROM memory_item_versions",
    "fragments": "SELECT user_id, session_id, turn_start, turn_end, text, retired FROM fragments",
    "decisions": "SELECT user_id, session_id, kind, rule, predicate FROM decisions",
    "quarantine": "SELECT count(*) FROM quarantine",
    "checkpoints": "SELECT s.user_id, s.session_id, c.stage FROM checkpoints c"
                   " JOIN sessions s ON s.sid = c.sid",
    "profiles": "SELECT user_id, text FROM profiles",
}
_DEAD_LETTERS = text(
    "SELECT count(*) FROM dead_letters d WHERE EXISTS (SELECT 1 FROM sessions s"
    " WHERE s.namespace = :ns AND d.payload::text LIKE '%' || s.sid || '%')")


def namespace_snapshot(session: Session, namespace: str) -> dict[str, list[tuple]]:
    """Every compared row of `namespace`, sorted, per table (as the administrative login:
    dead letters carry no namespace)."""
    out = {}
    for table, sql in _QUERIES.items():
        alias = "s." if table == "checkpoints" else ""
        rows = session.execute(text(f"{sql} WHERE {alias}namespace = :ns"),
                               {"ns": namespace}).all()
        out[table] = sorted((tuple(str(v) for v in r) for r in rows))
    out["dead_letters"] = [(str(session.execute(_DEAD_LETTERS, {"ns": namespace}).scalar()),)]
    return out
