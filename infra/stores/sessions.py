"""Sessions and the turns buffered while a session is open."""
from __future__ import annotations

from datetime import datetime

from collections.abc import Sequence

from sqlalchemy import case, delete, func, select, text, update
from sqlalchemy.orm import Session

from infra.db.models import BufferedClaimRow, BufferedTurnRow, CheckpointRow, SessionRow
from schemas.errors import NotFound
from schemas.ids import session_key
from schemas.records import InlineClaim, SessionInfo, Turn


def _info(row: SessionRow) -> SessionInfo:
    return SessionInfo(
        sid=row.sid, namespace=row.namespace, user_id=row.user_id, session_id=row.session_id,
        started_at=row.started_at, last_activity_at=row.last_activity_at,
        ended_at=row.ended_at, state=row.state, end_reason=row.end_reason,
        transcript_key=row.transcript_key, transcript_checksum=row.transcript_checksum,
        turn_count=row.turn_count, summary=row.summary)


_S = SessionRow.__table__
_C = CheckpointRow.__table__
#: Session-level advisory locks of dream batches: key = hash of this prefix + the sid.
_CLAIM_KEY = "hashtextextended('reverie-claim' || chr(31) || {sid}, 0)"
#: A claim looks at this many times its size of the oldest ended sessions: the oldest are
#: often held by other workers' batches (they stay "ended" until consolidated).
_CLAIM_WINDOW = 4
#: SKIP LOCKED for advisory locks: try the locks of the window's sessions (the CTE is
#: materialized, so every try happens once), keep the oldest `keep` taken, give the rest
#: back. One statement.
_CLAIM_OTHERS = text(
    "WITH tried AS MATERIALIZED ("
    f"  SELECT sid, ended_at, pg_try_advisory_lock({_CLAIM_KEY.format(sid='sid')}) AS got"
    "  FROM (SELECT sid, ended_at FROM sessions WHERE namespace = :ns AND state = 'ended'"
    "        AND sid <> :sid ORDER BY ended_at, sid LIMIT :window) candidates),"
    " taken AS (SELECT sid, ended_at, row_number() OVER (ORDER BY ended_at, sid) AS n"
    "           FROM tried WHERE got)"
    " SELECT sid, ended_at FROM taken WHERE CASE WHEN n <= :keep THEN true"  # in order:
    f"  ELSE NOT pg_advisory_unlock({_CLAIM_KEY.format(sid='sid')}) END")    # CASE, not OR


class SessionStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def find(self, namespace: str, user_id: str, session_id: str, *,
             lock: bool = False) -> SessionInfo | None:
        q = select(SessionRow).where(SessionRow.sid == session_key(namespace, user_id,
                                                                   session_id),
                                     SessionRow.namespace == namespace)
        if lock:
            q = q.with_for_update()
        row = self._s.scalars(q).one_or_none()
        return _info(row) if row else None

    def get(self, namespace: str, user_id: str, session_id: str, *,
            lock: bool = False) -> SessionInfo:
        info = self.find(namespace, user_id, session_id, lock=lock)
        if info is None:
            raise NotFound(f"no session {session_id!r} for user {user_id!r} in namespace "
                           f"{namespace!r}; start it first")
        return info

    def get_by_sid(self, sid: str, *, lock: bool = False) -> SessionInfo:
        q = select(SessionRow).where(SessionRow.sid == sid)
        if lock:
            q = q.with_for_update()
        row = self._s.scalars(q).one_or_none()
        if row is None:
            raise NotFound(f"no session with key {sid!r}")
        return _info(row)

    # ---- dream batches -------------------------------------------------------------------
    def with_checkpoints(self, sids: Sequence[str], version: str, *,
                         outputs_of: str | None = None
                         ) -> list[tuple[SessionInfo, dict[str, dict | None]]]:
        """The sessions `sids` (in that order) with the stages already done for their
        current transcript and `version`: stage -> output (the output only for stage
        `outputs_of`, None for the others). One query; raises NotFound for a missing sid."""
        done = (select(func.json_object_agg(_C.c.stage, case(
            (_C.c.stage == (outputs_of or ""), _C.c.output), else_=None)))
            .where(_C.c.sid == _S.c.sid, _C.c.version == version,
                   _C.c.input_hash == func.coalesce(_S.c.transcript_checksum, ""))
            .scalar_subquery())
        rows = {r.sid: r for r in self._s.execute(
            select(*_S.c, done.label("done")).where(_S.c.sid.in_(list(sids))))}
        missing = [sid for sid in sids if sid not in rows]
        if missing:
            raise NotFound(f"no session with key {missing[0]!r}")
        return [(_info(rows[sid]), rows[sid].done or {}) for sid in sids]

    def stages_done(self, sid: str, version: str, stages: Sequence[str]) -> tuple[SessionInfo, int]:
        """The session and how many of `stages` are checkpointed for its transcript (one
        query, no lock: a finished session is finished whoever holds it)."""
        n = (select(func.count(func.distinct(_C.c.stage)))
             .where(_C.c.sid == _S.c.sid, _C.c.version == version, _C.c.stage.in_(stages),
                    _C.c.input_hash == func.coalesce(_S.c.transcript_checksum, ""))
             .scalar_subquery())
        row = self._s.execute(select(*_S.c, n.label("n")).where(_S.c.sid == sid)).one_or_none()
        if row is None:
            raise NotFound(f"no session with key {sid!r}")
        return _info(row), row.n

    def unfinished(self, sids: Sequence[str], version: str, stages: Sequence[str]) -> list[str]:
        """Those of `sids` that some of `stages` have not checkpointed yet (one query)."""
        n = (select(func.count(func.distinct(_C.c.stage)))
             .where(_C.c.sid == _S.c.sid, _C.c.version == version, _C.c.stage.in_(stages),
                    _C.c.input_hash == func.coalesce(_S.c.transcript_checksum, ""))
             .scalar_subquery())
        left = set(self._s.scalars(select(_S.c.sid).where(_S.c.sid.in_(list(sids)),
                                                          n < len(stages))))
        return [sid for sid in sids if sid in left]

    def claim(self, sid: str, namespace: str, size: int, *,
              wait: bool = False) -> dict[str, datetime | None]:
        """Claim `sid` and up to `size - 1` other ended sessions of `namespace` for one dream
        batch: session-level advisory locks on this connection, so two workers never take
        the same session, and whoever holds one keeps it across the batch's commits.

        Returns the claimed sids with their end times (`sid` first, its time None), or {}
        when another worker holds `sid` (with `wait`, blocks until it is free instead). The
        others are taken oldest first and only when free (SKIP LOCKED semantics): their
        locks are tried, never waited for."""
        lock = "true FROM pg_advisory_lock" if wait else "pg_try_advisory_lock"
        got = self._s.execute(text(f"SELECT {lock}({_CLAIM_KEY.format(sid=':sid')})"),
                              {"sid": sid}).scalar()
        if not got:
            return {}
        claimed: dict[str, datetime | None] = {sid: None}
        if size > 1:
            claimed.update(self._s.execute(_CLAIM_OTHERS, {
                "ns": namespace, "sid": sid, "keep": size - 1,
                "window": _CLAIM_WINDOW * (size - 1)}).all())
        return claimed

    def set_states(self, sids: Sequence[str], state: str) -> None:
        if sids:
            self._s.execute(update(SessionRow).where(SessionRow.sid.in_(list(sids)))
                            .values(state=state))

    def create(self, namespace: str, user_id: str, session_id: str,
               started_at: datetime) -> SessionInfo:
        row = SessionRow(sid=session_key(namespace, user_id, session_id), namespace=namespace,
                         user_id=user_id, session_id=session_id, started_at=started_at,
                         last_activity_at=started_at, state="open", turn_count=0,
                         transcript_bytes=0)
        self._s.add(row)
        self._s.flush()
        return _info(row)

    def append_turn(self, info: SessionInfo, turn: Turn) -> None:
        self._s.add(BufferedTurnRow(sid=info.sid, idx=turn.index, namespace=info.namespace,
                                    role=turn.role, text=turn.text, at=turn.at,
                                    injected=turn.injected))
        self._s.execute(update(SessionRow).where(SessionRow.sid == info.sid).values(
            turn_count=SessionRow.turn_count + 1,
            last_activity_at=func.greatest(SessionRow.last_activity_at, turn.at)))

    def add_claim(self, info: SessionInfo, seq: int, claim: InlineClaim) -> None:
        self._s.add(BufferedClaimRow(sid=info.sid, seq=seq, namespace=info.namespace,
                                     payload=claim.model_dump(mode="json")))

    def buffered_turns(self, sid: str) -> list[Turn]:
        rows = self._s.scalars(select(BufferedTurnRow).where(BufferedTurnRow.sid == sid)
                               .order_by(BufferedTurnRow.idx))
        return [Turn(index=r.idx, role=r.role, text=r.text, at=r.at, injected=r.injected)
                for r in rows]

    def buffered_claims(self, sid: str) -> list[InlineClaim]:
        rows = self._s.scalars(select(BufferedClaimRow).where(BufferedClaimRow.sid == sid)
                               .order_by(BufferedClaimRow.seq))
        return [InlineClaim.model_validate(r.payload) for r in rows]

    def count_claims(self, sid: str) -> int:
        return self._s.scalar(select(func.count()).select_from(BufferedClaimRow)
                              .where(BufferedClaimRow.sid == sid)) or 0

    def mark_ended(self, sid: str, *, ended_at: datetime, reason: str, key: str,
                   checksum: str, size: int, summary: str | None) -> None:
        self._s.execute(update(SessionRow).where(SessionRow.sid == sid).values(
            state="ended", ended_at=ended_at, end_reason=reason, transcript_key=key,
            transcript_checksum=checksum, transcript_bytes=size, summary=summary))
        self._s.execute(delete(BufferedTurnRow).where(BufferedTurnRow.sid == sid))
        self._s.execute(delete(BufferedClaimRow).where(BufferedClaimRow.sid == sid))

    def set_state(self, sid: str, state: str) -> None:
        self._s.execute(update(SessionRow).where(SessionRow.sid == sid).values(state=state))

    def set_transcript(self, sid: str, key: str, checksum: str, size: int,
                       summary: str | None) -> None:
        self._s.execute(update(SessionRow).where(SessionRow.sid == sid).values(
            transcript_key=key, transcript_checksum=checksum, transcript_bytes=size,
            summary=summary))

    def claim_idle(self, before: datetime, limit: int = 500) -> list[SessionInfo]:
        """Open sessions idle since `before`, locked so two sweepers never end the same one."""
        rows = self._s.scalars(
            select(SessionRow).where(SessionRow.state == "open",
                                     SessionRow.last_activity_at <= before)
            .order_by(SessionRow.last_activity_at).limit(limit)
            .with_for_update(skip_locked=True))
        return [_info(r) for r in rows]

    def pending(self, limit: int = 1000) -> list[SessionInfo]:
        """Ended sessions that no pipeline run has consolidated yet."""
        rows = self._s.scalars(select(SessionRow).where(SessionRow.state.in_(("ended",)))
                               .order_by(SessionRow.ended_at).limit(limit))
        return [_info(r) for r in rows]

    def select(self, *, namespace: str | None = None, user_id: str | None = None,
               session_id: str | None = None, since: datetime | None = None,
               until: datetime | None = None) -> list[SessionInfo]:
        """Ended sessions by user or time range (what reprocessing takes)."""
        q = select(SessionRow).where(SessionRow.transcript_key.is_not(None))
        if namespace is not None:
            q = q.where(SessionRow.namespace == namespace)
        if user_id is not None:
            q = q.where(SessionRow.user_id == user_id)
        if session_id is not None:
            q = q.where(SessionRow.session_id == session_id)
        if since is not None:
            q = q.where(SessionRow.ended_at >= since)
        if until is not None:
            q = q.where(SessionRow.ended_at < until)
        return [_info(r) for r in self._s.scalars(q.order_by(SessionRow.started_at))]

    def last_ended(self, namespace: str, user_id: str, before: datetime) -> SessionInfo | None:
        row = self._s.scalars(
            select(SessionRow).where(SessionRow.namespace == namespace,
                                     SessionRow.user_id == user_id,
                                     SessionRow.ended_at.is_not(None),
                                     SessionRow.ended_at <= before)
            .order_by(SessionRow.ended_at.desc()).limit(1)).one_or_none()
        return _info(row) if row else None

    def for_user(self, namespace: str, user_id: str) -> list[SessionInfo]:
        rows = self._s.scalars(select(SessionRow).where(SessionRow.namespace == namespace,
                                                        SessionRow.user_id == user_id)
                               .order_by(SessionRow.started_at))
        return [_info(r) for r in rows]
