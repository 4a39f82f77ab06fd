"""The Python API: capture (start, append, end), corrections, and the read path.

Every call names its namespace and user; ids are checked before anything touches a store.
"""
from __future__ import annotations

from datetime import UTC, datetime

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


def _aware(at: datetime | None, fallback: datetime) -> datetime:
    if at is None:
        return fallback
    if at.tzinfo is None:
        raise InvalidInput(f"time {at.isoformat()} has no timezone; pass an aware datetime")
    return at.astimezone(UTC)


class Memory:
    """Capture and read a user's memory. One instance per process, thread-safe."""

    def __init__(self, deps: Deps) -> None:
        self.deps = deps

    @property
    def settings(self) -> Settings:
        return self.deps.settings

    # ---- capture ----------------------------------------------------------------------
    def start_session(self, namespace: str, user_id: str, session_id: str,
                      started_at: datetime | None = None) -> SessionInfo:
        """Open a session (idempotent while it is open)."""
        check_namespace(namespace), check_ident(user_id, "user id")
        check_ident(session_id, "session id")
        at = _aware(started_at, self.deps.now())
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
                    text: str, at: datetime | None = None, *, injected: bool = False) -> Turn:
        """Buffer one turn. Refused, with nothing written, after the end or over the limits."""
        return self.append_turns(namespace, user_id, session_id,
                                 [NewTurn(role=role, text=text, at=at, injected=injected)])[0]

    def append_turns(self, namespace: str, user_id: str, session_id: str,
                     turns: list[NewTurn]) -> list[Turn]:
        """Buffer several turns in one transaction: all of them, or (on any refusal) none."""
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
                turn = Turn(index=info.turn_count, role=new.role, text=new.text,
                            at=_aware(new.at, self.deps.now()), injected=new.injected)
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
                    at: datetime | None = None) -> SessionInfo:
        """Write the immutable transcript and publish the session-end event (after commit)."""
        check_namespace(namespace), check_ident(user_id, "user id")
        check_ident(session_id, "session id")
        now = _aware(at, self.deps.now())
        with self.deps.unit_of_work(namespace=namespace) as uow:
            info = uow.sessions.get(namespace, user_id, session_id, lock=True)
            ended = session_end.end_session(uow, self.deps, info, reason="event", now=now)
            uow.audit.record(namespace, user_id, "write", f"session:{session_id}:end", now)
            if self.settings.mode == RunMode.FULL:
                uow.after_commit(lambda: publish_session_end(self.deps, ended.sid, now))
        return ended
