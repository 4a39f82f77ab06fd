"""Sessions and the turns buffered while a session is open."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone

from sqlalchemy import bindparam, case, delete, func, insert, select, text, update
from sqlalchemy.orm import Session

from infra.db.models import BufferedClaimRow, BufferedTurnRow, CheckpointRow, SessionRow
from pipeline.batching import Pending
from schemas.enums import SessionState
from schemas.errors import NotFound
from schemas.ids import session_key
from schemas.records import InlineClaim, SessionInfo, Turn


def to_session_info(row: SessionRow) -> SessionInfo:
    return SessionInfo(
        sid=row.sid, namespace=row.namespace, user_id=row.user_id, session_id=row.session_id,
        started_at=row.started_at, last_activity_at=row.last_activity_at,
        ended_at=row.ended_at, state=row.state, end_reason=row.end_reason,
        transcript_key=row.transcript_key, transcript_checksum=row.transcript_checksum,
        turn_count=row.turn_count, summary=row.summary)


def _offset_s(at: datetime) -> int | None:
    """The offset of `at` from UTC in seconds, None for UTC (the column's default)."""
    offset = at.utcoffset()
    return int(offset.total_seconds()) if offset else None


def _in_offset(at: datetime, offset_s: int | None) -> datetime:
    """`at` as the client gave it: in its own offset (UTC when it had none)."""
    return at.astimezone(timezone(timedelta(seconds=offset_s)) if offset_s else UTC)


_S = SessionRow.__table__
_C = CheckpointRow.__table__
#: Session-level advisory lock by which a dream batch holds a user: the two-key form,
#: (namespace, user), so that pg_locks tells how many batches run in a namespace (the
#: first key is its classid, `_PEERS`).
_NS_KEY = "hashtext('reverie-claim' || chr(31) || {ns})"
_USER_KEY = _NS_KEY + ", hashtext({user})"
#: The claim locks other backends hold in the namespace (`:ns`): their dream batches.
_HELD = ("SELECT l.pid, l.objid FROM pg_locks l WHERE l.locktype = 'advisory'"
         " AND l.objsubid = 2 AND l.granted AND l.pid <> pg_backend_pid()"
         " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
         f" AND l.classid = ({_NS_KEY.format(ns=':ns')}::bigint & 4294967295)::oid")
#: Whether session row `{s}` has its replay (extract) checkpoint for its transcript and
#: extractor `:version`: consolidate takes a user's sessions only up to the first without.
_EXTRACTED = ("EXISTS (SELECT 1 FROM checkpoints k WHERE k.sid = {s}.sid"
              " AND k.stage = 'replay' AND k.version = :version"
              " AND k.input_hash = coalesce({s}.transcript_checksum, ''))")
_PENDING_OF_USER = text(
    f"SELECT s.sid, s.user_id, s.ended_at, {_EXTRACTED.format(s='s')} AS extracted"
    " FROM sessions s WHERE s.namespace = :ns AND s.user_id = :user AND s.state = 'ended'"
    " ORDER BY s.ended_at, s.sid LIMIT :limit")
#: The oldest `:window` ended sessions of the namespace, but those of users other batches
#: hold (the event's user is ours already), with the number of those batches. Reading
#: takes no lock: a user is taken by `_TAKE_USERS` only once the batch has chosen it, so a
#: scan never holds, even for a moment, a user whose own event then finds it busy.
_PENDING_OF_FREE_USERS = text(
    f"WITH held AS MATERIALIZED ({_HELD}),"
    " candidates AS MATERIALIZED ("
    "  SELECT sid, user_id, ended_at, transcript_checksum FROM sessions"
    "  WHERE namespace = :ns AND state = 'ended'"  # SessionState.ENDED
    "  AND sid <> ALL(:exclude) ORDER BY ended_at, sid LIMIT :window)"
    " SELECT c.sid, c.user_id, c.ended_at, (SELECT count(DISTINCT pid) FROM held) AS peers,"
    f" {_EXTRACTED.format(s='c')} AS extracted"
    " FROM candidates c WHERE c.user_id = :user"
    "  OR (hashtext(c.user_id)::bigint & 4294967295)::oid NOT IN (SELECT objid FROM held)"
    " ORDER BY c.ended_at, c.sid")
#: Session-level advisory lock by which an extract event holds a session it extracts.
_EXTRACT_KEY = "hashtext('reverie-extract'), hashtext({sid})"
_HOLD_EXTRACTION = text(f"SELECT true FROM pg_advisory_lock({_EXTRACT_KEY.format(sid=':sid')})")
#: The oldest ended, unextracted sessions of the namespace that no other extract event
#: holds, each locked as it is taken: the CTE keeps the end order and the outer LIMIT
#: stops the scan (and the locking) once enough are held.
_UNEXTRACTED = text(
    "WITH c AS MATERIALIZED (SELECT s.sid FROM sessions s WHERE s.namespace = :ns"
    f" AND s.state = 'ended' AND s.sid <> ALL(:exclude) AND NOT {_EXTRACTED.format(s='s')}"
    " ORDER BY s.ended_at, s.sid LIMIT :window)"
    f" SELECT sid FROM c WHERE pg_try_advisory_lock({_EXTRACT_KEY.format(sid='c.sid')})"
    " LIMIT :limit")
_TAKE_USERS = text(
    "SELECT u FROM unnest(CAST(:users AS text[])) AS u"
    f" WHERE pg_try_advisory_lock({_USER_KEY.format(ns=':ns', user='u')})")


def _stages_checkpointed(version: str, stages: Sequence[str]):
    """How many of `stages` a session row (`_S`) has checkpointed for its current
    transcript and `version`: a scalar subquery correlated with that row."""
    return (select(func.count(func.distinct(_C.c.stage)))
            .where(_C.c.sid == _S.c.sid, _C.c.version == version, _C.c.stage.in_(stages),
                   _C.c.input_hash == func.coalesce(_S.c.transcript_checksum, ""))
            .scalar_subquery())


#: `with_checkpoints`'s statement, built once: the stage workers run it for every session
#: (an extract task before its model call, each consolidate event), and building the
#: statement and its cache key again on each call cost more CPU than the query's
#: execution (with `erasure._TOMBSTONES`, the read before the model call went from a
#: median of 3.9 to 1.8 ms of CPU in one thread).
_WITH_CHECKPOINTS = select(*_S.c, select(func.json_object_agg(_C.c.stage, case(
    (_C.c.stage == bindparam("outputs_of"), _C.c.output), else_=None)))
    .where(_C.c.sid == _S.c.sid, _C.c.version == bindparam("version"),
           _C.c.input_hash == func.coalesce(_S.c.transcript_checksum, ""))
    .scalar_subquery().label("done")).where(_S.c.sid.in_(bindparam("sids", expanding=True)))


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
        return to_session_info(row) if row else None

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
        return to_session_info(row)

    # ---- dream batches -------------------------------------------------------------------
    def with_checkpoints(self, sids: Sequence[str], version: str, *,
                         outputs_of: str | None = None
                         ) -> list[tuple[SessionInfo, dict[str, dict | None]]]:
        """The sessions `sids` (in that order) with the stages already done for their
        current transcript and `version`: stage -> output (the output only for stage
        `outputs_of`, None for the others). One query; raises NotFound for a missing sid."""
        rows = {r.sid: r for r in self._s.execute(_WITH_CHECKPOINTS, {
            "sids": list(sids), "version": version, "outputs_of": outputs_of or ""})}
        missing = [sid for sid in sids if sid not in rows]
        if missing:
            raise NotFound(f"no session with key {missing[0]!r}")
        return [(to_session_info(rows[sid]), rows[sid].done or {}) for sid in sids]

    def stages_done(self, sid: str, version: str, stages: Sequence[str]) -> tuple[SessionInfo, int]:
        """The session and how many of `stages` are checkpointed for its transcript (one
        query, no lock: a finished session is finished whoever holds it)."""
        n = _stages_checkpointed(version, stages)
        row = self._s.execute(select(*_S.c, n.label("n")).where(_S.c.sid == sid)).one_or_none()
        if row is None:
            raise NotFound(f"no session with key {sid!r}")
        return to_session_info(row), row.n

    def unfinished(self, sids: Sequence[str], version: str, stages: Sequence[str]) -> list[str]:
        """Those of `sids` that some of `stages` have not checkpointed yet (one query)."""
        left = set(self._s.scalars(select(_S.c.sid).where(
            _S.c.sid.in_(list(sids)), _stages_checkpointed(version, stages) < len(stages))))
        return [sid for sid in sids if sid in left]

    def claim_user(self, namespace: str, user_id: str, *, wait: bool = False) -> bool:
        """Hold `user_id` for a dream batch: a session-level advisory lock on this
        connection, so it outlives the batch's stage commits and no other worker's batch
        takes this user's sessions meanwhile (gone with the connection if the worker dies).
        False when another batch holds the user; with `wait`, blocks until it is free."""
        lock = "true FROM pg_advisory_lock" if wait else "pg_try_advisory_lock"
        return bool(self._s.execute(
            text(f"SELECT {lock}({_USER_KEY.format(ns=':ns', user=':user')})"),
            {"ns": namespace, "user": user_id}).scalar())

    def pending_of_free_users(self, namespace: str, user_id: str, *, window: int,
                              version: str, exclude: Sequence[str] = ()
                              ) -> tuple[list[Pending], int]:
        """The oldest `window` ended sessions of `namespace` (but `exclude`) of `user_id`
        (held by this connection already) and of users no other batch holds, each saying
        whether extractor `version` has extracted it; and how many other dream batches hold
        users of the namespace meanwhile (0 when none is pending). Nothing is locked: the
        batch takes the users it chose with `take_users`."""
        rows = self._s.execute(_PENDING_OF_FREE_USERS, {
            "ns": namespace, "user": user_id, "window": window, "exclude": list(exclude),
            "version": version}).all()
        return ([Pending(sid, user, ended, extracted)
                 for sid, user, ended, _, extracted in rows], int(rows[0][3]) if rows else 0)

    def pending_of_user(self, namespace: str, user_id: str, *, version: str,
                        limit: int) -> list[Pending]:
        """The user's oldest `limit` ended sessions (by end time), each saying whether
        extractor `version` has extracted it."""
        rows = self._s.execute(_PENDING_OF_USER, {"ns": namespace, "user": user_id,
                                                  "version": version, "limit": limit})
        return [Pending(sid, user, ended, extracted) for sid, user, ended, extracted in rows]

    def hold_extraction(self, sid: str) -> None:
        """Hold `sid` for an extract event, waiting while another event's batch holds it
        (a session-level advisory lock, as `claim_user`: released with the connection)."""
        self._s.execute(_HOLD_EXTRACTION, {"sid": sid})

    def unextracted(self, namespace: str, *, version: str, limit: int,
                    exclude: Sequence[str] = ()) -> list[str]:
        """Up to `limit` of the oldest ended sessions of `namespace` (but `exclude`) that
        extractor `version` has not extracted and no other extract event holds, by end
        time, each now held (`hold_extraction`) for an extract event to take along."""
        return list(self._s.scalars(_UNEXTRACTED, {
            "ns": namespace, "version": version, "limit": limit, "window": 4 * limit,
            "exclude": list(exclude)}))

    def take_users(self, namespace: str, user_ids: Sequence[str]) -> set[str]:
        """Hold those of `user_ids` that are free, as `claim_user` does (tried, never waited
        for: SKIP LOCKED semantics); the users now held."""
        if not user_ids:
            return set()
        return set(self._s.execute(_TAKE_USERS, {"ns": namespace,
                                                 "users": list(user_ids)}).scalars())

    def seed(self, rows: Sequence[dict], *, chunk: int = 500) -> None:
        """Insert session rows (column dicts) as `end_session` leaves them, `chunk` per
        statement: benchmarks fill a store this way without playing every session."""
        for i in range(0, len(rows), chunk):
            self._s.execute(insert(SessionRow), list(rows[i:i + chunk]))

    def set_states(self, sids: Sequence[str], state: SessionState) -> None:
        if sids:
            self._s.execute(update(SessionRow).where(SessionRow.sid.in_(list(sids)))
                            .values(state=state))

    def create(self, namespace: str, user_id: str, session_id: str,
               started_at: datetime) -> SessionInfo:
        row = SessionRow(sid=session_key(namespace, user_id, session_id), namespace=namespace,
                         user_id=user_id, session_id=session_id, started_at=started_at,
                         last_activity_at=started_at, state=SessionState.OPEN, turn_count=0,
                         transcript_bytes=0)
        self._s.add(row)
        self._s.flush()
        return to_session_info(row)

    def append_turn(self, info: SessionInfo, turn: Turn) -> None:
        self._s.add(BufferedTurnRow(sid=info.sid, idx=turn.index, namespace=info.namespace,
                                    role=turn.role, text=turn.text, at=turn.at,
                                    at_offset_s=_offset_s(turn.at), injected=turn.injected))
        self._s.execute(update(SessionRow).where(SessionRow.sid == info.sid).values(
            turn_count=SessionRow.turn_count + 1,
            last_activity_at=func.greatest(SessionRow.last_activity_at, turn.at)))

    def add_claim(self, info: SessionInfo, seq: int, claim: InlineClaim) -> None:
        self._s.add(BufferedClaimRow(sid=info.sid, seq=seq, namespace=info.namespace,
                                     payload=claim.model_dump(mode="json")))

    def buffered_turns(self, sid: str) -> list[Turn]:
        rows = self._s.scalars(select(BufferedTurnRow).where(BufferedTurnRow.sid == sid)
                               .order_by(BufferedTurnRow.idx))
        return [Turn(index=r.idx, role=r.role, text=r.text, at=_in_offset(r.at, r.at_offset_s),
                     injected=r.injected) for r in rows]

    def buffered_claims(self, sid: str) -> list[InlineClaim]:
        rows = self._s.scalars(select(BufferedClaimRow).where(BufferedClaimRow.sid == sid)
                               .order_by(BufferedClaimRow.seq))
        return [InlineClaim.model_validate(r.payload) for r in rows]

    def count_claims(self, sid: str) -> int:
        return self._s.scalar(select(func.count()).select_from(BufferedClaimRow)
                              .where(BufferedClaimRow.sid == sid)) or 0

    def mark_ended(self, sid: str, *, ended_at: datetime, reason: str, key: str,
                   checksum: str, size: int, summary: str | None,
                   resend_at: datetime | None = None) -> None:
        """The session's end, and (`resend_at`) when its event is sent again should its
        pipeline not have finished by then: recorded together, so no end goes without its
        event (`claim_stranded`)."""
        self._s.execute(update(SessionRow).where(SessionRow.sid == sid).values(
            state=SessionState.ENDED, ended_at=ended_at, end_reason=reason, transcript_key=key,
            transcript_checksum=checksum, transcript_bytes=size, summary=summary,
            resend_at=resend_at))
        self._s.execute(delete(BufferedTurnRow).where(BufferedTurnRow.sid == sid))
        self._s.execute(delete(BufferedClaimRow).where(BufferedClaimRow.sid == sid))

    def claim_stranded(self, now: datetime, next_at: datetime,
                       limit: int = 500) -> list[SessionInfo]:
        """Sessions whose pipeline has not finished and whose event is due again at `now`
        (a message of its chain lost with the broker, or a publish that failed), moved on
        to `next_at`; SKIP LOCKED, so two sweepers never send the same one."""
        due = (select(_S.c.sid).where(_S.c.resend_at <= now,
                                      _S.c.state.not_in(("open", "failed")))
               .order_by(_S.c.resend_at).limit(limit)
               .with_for_update(skip_locked=True).scalar_subquery())
        rows = self._s.scalars(update(SessionRow).where(SessionRow.sid.in_(due))
                               .values(resend_at=next_at).returning(SessionRow)
                               .execution_options(synchronize_session=False))
        return sorted((to_session_info(r) for r in rows), key=lambda i: (i.ended_at, i.sid))

    def finish_pipeline(self, sids: Sequence[str]) -> None:
        """The sessions' last stage ran: nothing left to send again."""
        if sids:
            self._s.execute(update(SessionRow).where(SessionRow.sid.in_(list(sids)))
                            .values(resend_at=None))

    def settle_failed(self, sid: str, version: str, stages: Sequence[str]) -> str | None:
        """A session whose task failed for good: `failed`, unless its checkpoints show
        every stage ran after all (a task failing after its work is done), then
        `consolidated`. An open or unknown session is left alone; returns the new state."""
        done = _stages_checkpointed(version, stages) >= len(stages)
        return self._s.execute(
            update(_S).where(_S.c.sid == sid, _S.c.state != "open")
            .values(state=case((done, "consolidated"), else_="failed"), resend_at=None)
            .returning(_S.c.state)).scalar_one_or_none()

    def set_state(self, sid: str, state: SessionState) -> None:
        self._s.execute(update(SessionRow).where(SessionRow.sid == sid).values(state=state))

    def set_transcript(self, sid: str, key: str, checksum: str, size: int,
                       summary: str | None) -> None:
        self._s.execute(update(SessionRow).where(SessionRow.sid == sid).values(
            transcript_key=key, transcript_checksum=checksum, transcript_bytes=size,
            summary=summary))

    def set_summary(self, sid: str, summary: str | None) -> None:
        """The session's open thread, rewritten (a statement in it was held back)."""
        self._s.execute(update(SessionRow).where(SessionRow.sid == sid).values(summary=summary))

    def claim_idle(self, before: datetime, limit: int = 500) -> list[SessionInfo]:
        """Open sessions idle since `before`, locked so two sweepers never end the same one."""
        rows = self._s.scalars(
            select(SessionRow).where(SessionRow.state == SessionState.OPEN,
                                     SessionRow.last_activity_at <= before)
            .order_by(SessionRow.last_activity_at).limit(limit)
            .with_for_update(skip_locked=True))
        return [to_session_info(r) for r in rows]

    def pending(self, limit: int = 1000) -> list[SessionInfo]:
        """Ended sessions that no pipeline run has consolidated yet."""
        rows = self._s.scalars(select(SessionRow).where(SessionRow.state.in_((SessionState.ENDED,)))
                               .order_by(SessionRow.ended_at).limit(limit))
        return [to_session_info(r) for r in rows]

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
        return [to_session_info(r) for r in self._s.scalars(q.order_by(SessionRow.started_at))]

    def last_ended(self, namespace: str, user_id: str, before: datetime) -> SessionInfo | None:
        row = self._s.scalars(
            select(SessionRow).where(SessionRow.namespace == namespace,
                                     SessionRow.user_id == user_id,
                                     SessionRow.ended_at.is_not(None),
                                     SessionRow.ended_at <= before)
            .order_by(SessionRow.ended_at.desc()).limit(1)).one_or_none()
        return to_session_info(row) if row else None

    def for_user(self, namespace: str, user_id: str) -> list[SessionInfo]:
        rows = self._s.scalars(select(SessionRow).where(SessionRow.namespace == namespace,
                                                        SessionRow.user_id == user_id)
                               .order_by(SessionRow.started_at))
        return [to_session_info(r) for r in rows]
