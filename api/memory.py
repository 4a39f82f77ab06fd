"""The Python API: capture (start, append, end), corrections, and the read path.

Every call names its namespace and user; ids are checked before anything touches a store.
"""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import structlog

from infra.deps import Deps
from infra.settings import Settings
from pipeline.values import check_value
from schemas.enums import RunMode, SessionState
from schemas.errors import InvalidInput, SessionClosed
from schemas.ids import check_ident, check_namespace
from schemas.records import InlineClaim, NewTurn, SessionInfo, Turn
from workers import session_end
from workers.online import write_working_set
from workers.triggers import publish_session_end

log = structlog.get_logger(__name__)
ROLES = ("user", "assistant", "tool", "system")


def _aware(at: datetime | str | None, fallback: datetime, *,
           own_offset: bool = False) -> datetime:
    """`at` as an aware UTC datetime: a datetime with a timezone, or an ISO-8601 string
    with an offset ("2026-05-04T10:00:00+02:00", "...Z"); None is `fallback`. With
    `own_offset` the time stays in the offset it came in (a turn's: the user's calendar
    day is what "tomorrow" counts from)."""
    if at is None:
        return fallback
    if isinstance(at, str):
        try:
            at = datetime.fromisoformat(at.strip())
        except ValueError:
            raise InvalidInput(f"time {at!r} is not ISO-8601; pass e.g. "
                               "'2026-05-04T10:00:00+00:00' or an aware datetime") from None
    if not isinstance(at, datetime):
        raise InvalidInput(f"time must be a datetime or an ISO-8601 string, got "
                           f"{type(at).__name__}")
    if at.tzinfo is None:
        raise InvalidInput(f"time {at.isoformat()} has no timezone; pass an aware datetime")
    return at if own_offset else at.astimezone(UTC)


def _checked_time(at: datetime | str | None, now: datetime, skew_s: float, what: str,
                  not_before: datetime | None = None, *, own_offset: bool = False) -> datetime:
    """A client-given time, refused when later than now plus the allowed skew (a time in
    the future would make its facts current from then, and quarantine true updates as
    "dated before" it) or earlier than the session's start."""
    when = _aware(at, now, own_offset=own_offset)
    if when > now + timedelta(seconds=skew_s):
        raise InvalidInput(f"{what} time {when.isoformat()} is later than now "
                           f"({now.isoformat()}) plus the allowed skew of {skew_s:g} s "
                           "(REVERIE_MAX_CLOCK_SKEW_S); send the time it happened")
    if not_before is not None and when < not_before:
        raise InvalidInput(f"{what} time {when.isoformat()} is before the session's start "
                           f"({not_before.isoformat()}); send the time it happened")
    return when


class Memory:
    """Capture and read a user's memory. One instance per process, thread-safe."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    @property
    def settings(self) -> Settings:
        return self.deps.settings

    # ---- capture ----------------------------------------------------------------------
    def start_session(self, namespace: str, user_id: str, session_id: str,
                      started_at: datetime | str | None = None) -> SessionInfo:
        """Open a session (idempotent while it is open)."""
        check_namespace(namespace), check_ident(user_id, "user id")
        check_ident(session_id, "session id")
        at = _checked_time(started_at, self.deps.now(), self.settings.max_clock_skew_s,
                           "session start")
        with self.deps.unit_of_work(namespace=namespace) as uow:
            existing = uow.sessions.find(namespace, user_id, session_id)
            if existing is not None:
                if existing.state != SessionState.OPEN:
                    raise SessionClosed(f"session {session_id!r} already ended; start a new "
                                        "session id")
                return existing
            uow.audit.record(namespace, user_id, "write", f"session:{session_id}:start", at)
            return uow.sessions.create(namespace, user_id, session_id, at)

    def append_turn(self, namespace: str, user_id: str, session_id: str, role: str,
                    text: str, at: datetime | str | None = None, *,
                    injected: bool = False) -> Turn:
        """Buffer one turn. Refused, with nothing written, after the end, over the limits,
        when empty (or only whitespace), or dated in the future or before the session."""
        when = None if at is None else _aware(at, self.deps.now(), own_offset=True)
        return self.append_turns(namespace, user_id, session_id,
                                 [NewTurn(role=role, text=text, at=when, injected=injected)])[0]

    def append_turns(self, namespace: str, user_id: str, session_id: str,
                     turns: list[NewTurn]) -> list[Turn]:
        """Buffer several turns in one transaction: all of them, or (on any refusal) none.
        A client's time later than now plus the allowed skew, or before the session's
        start, is refused; a turn without one takes the clock's."""
        check_namespace(namespace), check_ident(user_id, "user id")
        check_ident(session_id, "session id")
        if not turns:
            raise InvalidInput("no turns given; send at least one")
        for t in turns:
            self._check_turn(t.role, t.text)
        out = []
        with self.deps.unit_of_work(namespace=namespace) as uow:
            info = uow.sessions.get(namespace, user_id, session_id, lock=True)
            if info.state != SessionState.OPEN:
                raise SessionClosed(f"session {session_id!r} has ended; turns after the end "
                                    "are refused (start a new session)")
            used = sum(len(t.text.encode()) + 120 for t in uow.sessions.buffered_turns(info.sid))
            for new in turns:
                if info.turn_count >= self.settings.max_turns_per_session:
                    raise InvalidInput(f"session {session_id!r} reached "
                                       f"{self.settings.max_turns_per_session} turns; end it")
                used += len(new.text.encode()) + 120
                if used > self.settings.max_transcript_bytes:
                    raise InvalidInput(
                        f"session {session_id!r} would exceed the transcript limit of "
                        f"{self.settings.max_transcript_bytes} bytes; end it and start another")
                now = self.deps.now()
                when = now if new.at is None else _checked_time(
                    new.at, now, self.settings.max_clock_skew_s, "turn",
                    not_before=info.started_at, own_offset=True)
                turn = Turn(index=info.turn_count, role=new.role, text=new.text, at=when,
                            injected=new.injected)
                uow.sessions.append_turn(info, turn)
                if (self.settings.mode != RunMode.NONE and turn.role == "user"
                        and not turn.injected):
                    write_working_set(uow, self.deps, info, turn)
                info = info.model_copy(update={"turn_count": info.turn_count + 1})
                out.append(turn)
        return out

    def _check_turn(self, role: str, text: str) -> None:
        if role not in ROLES:
            raise InvalidInput(f"role must be one of {', '.join(ROLES)}, got {role!r}")
        if not isinstance(text, str):
            raise InvalidInput("turn text must be a string")
        if "\x00" in text:
            raise InvalidInput("turn text contains a NUL byte")
        if not text.strip():
            raise InvalidInput("turn text is empty (or only whitespace); send turns with words")
        limit = self.settings.max_turn_chars
        if len(text) > limit:
            raise InvalidInput(f"turn of {len(text)} characters is over the limit of {limit} "
                               "(REVERIE_MAX_TURN_CHARS); split it or raise the limit")

    def remember(self, namespace: str, user_id: str, session_id: str,
                 claim: InlineClaim) -> None:
        """A structured fact written during the session (an assistant's remember_fact)."""
        check_namespace(namespace), check_ident(user_id, "user id")
        check_ident(session_id, "session id")
        try:  # the same validation and cleaning as a correction (api.admin.correct)
            value = check_value(claim.predicate, claim.object,
                                allow_empty=claim.op == "retract")
        except ValueError as exc:
            raise InvalidInput(str(exc)) from None
        if value != claim.object:
            claim = claim.model_copy(update={"object": value})
        with self.deps.unit_of_work(namespace=namespace) as uow:
            info = uow.sessions.get(namespace, user_id, session_id, lock=True)
            if info.state != SessionState.OPEN:
                raise SessionClosed(f"session {session_id!r} has ended")
            uow.sessions.add_claim(info, uow.sessions.count_claims(info.sid), claim)
            uow.audit.record(namespace, user_id, "write", f"session:{session_id}:claim",
                             self.deps.now())

    def end_session(self, namespace: str, user_id: str, session_id: str,
                    at: datetime | str | None = None) -> SessionInfo:
        """Write the immutable transcript and publish the session-end event (after commit).
        An end time in the future or before the session's start is refused."""
        check_namespace(namespace), check_ident(user_id, "user id")
        check_ident(session_id, "session id")
        clock_now = self.deps.now()
        now = _checked_time(at, clock_now, self.settings.max_clock_skew_s, "session end")
        with self.deps.unit_of_work(namespace=namespace) as uow:
            info = uow.sessions.get(namespace, user_id, session_id, lock=True)
            if at is not None:
                now = _checked_time(now, clock_now, self.settings.max_clock_skew_s,
                                    "session end", not_before=info.started_at)
            ended = session_end.end_session(uow, self.deps, info, reason="event", now=now)
            uow.audit.record(namespace, user_id, "write", f"session:{session_id}:end", now)
            if self.settings.mode == RunMode.FULL:
                uow.after_commit(lambda: publish_session_end(self.deps, ended.sid, now))
        return ended
