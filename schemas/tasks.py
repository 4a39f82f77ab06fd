"""Task payloads: what a task's arguments mean, read back when the task fails for good."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from schemas.records import Frozen


class _TaskArgs(Frozen):
    @classmethod
    def of_call(cls, args: Sequence[Any], kwargs: Mapping[str, Any]):
        """The payload of a call; raises pydantic's ValidationError when it is not one."""
        return cls.model_validate({**dict(zip(cls.model_fields, args)), **kwargs})


class SessionTaskArgs(_TaskArgs):
    """The arguments of every per-session task: `(sid, at=None, deferrals=0)`."""

    sid: str
    #: The trigger's time when a scenario drives the clock (ISO 8601), else None.
    at: str | None = None
    deferrals: int = 0

    @property
    def sids(self) -> tuple[str, ...]:
        return (self.sid,)


class SessionsTaskArgs(_TaskArgs):
    """The arguments of a task over several sessions of one namespace: `(sids, at=None)`."""

    sids: tuple[str, ...]
    at: str | None = None


class DeadLetter(Frozen):
    """A task that failed for good, with the reason; `sids` when it was sessions' task."""

    task_name: str
    payload: dict
    reason: str
    failed_at: datetime
    sids: tuple[str, ...] = ()
