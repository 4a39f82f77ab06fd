"""Request and response bodies of the REST API (what the OpenAPI spec documents)."""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field

from schemas.records import InlineClaim, NewTurn

IDENT = r"^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,127}$"
PREDICATE = r"^[a-z][a-z0-9_]{0,63}$"
#: Turns one request may carry (a whole transcript goes through sessions:import).
MAX_TURNS = 500

#: Times a request may carry: wide enough for any life event, narrow enough to convert.
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
LATEST = datetime(2999, 12, 31, tzinfo=UTC)


def _storable(text: str) -> str:
    """Text Postgres can store: no NUL byte, no lone surrogate (invalid UTF-8)."""
    if "\x00" in text:
        raise ValueError("text contains a NUL byte; remove it")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text is not valid Unicode (a lone surrogate); send UTF-8") from None
    return text


def _in_range(at: datetime) -> datetime:
    if not EARLIEST <= at <= LATEST:
        raise ValueError(f"time must be between {EARLIEST.year} and {LATEST.year}")
    return at


Text = Annotated[str, AfterValidator(_storable)]
Moment = Annotated[AwareDatetime, AfterValidator(_in_range)]

UserId = Path(pattern=IDENT, description="The user inside the key's namespace.")
SessionId = Path(pattern=IDENT, description="The client's id for the session.")


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Problem(BaseModel):
    """An error (RFC 9457): `detail` says what to do."""
    type: str
    title: str
    status: int
    detail: str
    errors: list[dict[str, Any]] | None = None


class SessionStart(Body):
    started_at: Moment | None = None


class SessionEnd(Body):
    ended_at: Moment | None = None


class TurnIn(Body):
    role: Literal["user", "assistant", "tool", "system"]
    text: Text = Field(max_length=200_000)
    at: Moment | None = None
    #: True when the text is (or holds) memory Reverie injected: never re-extracted.
    injected: bool = False

    def record(self) -> NewTurn:
        return NewTurn(role=self.role, text=self.text, at=self.at, injected=self.injected)


class TurnsIn(Body):
    turns: list[TurnIn] = Field(min_length=1, max_length=MAX_TURNS)


class TurnOut(BaseModel):
    index: int
    role: str
    text: str
    at: datetime
    injected: bool


class TurnsOut(BaseModel):
    turns: list[TurnOut]


class ClaimIn(Body):
    """A fact the assistant was told to remember (the inline `remember_fact` pattern)."""
    predicate: str = Field(pattern=PREDICATE, examples=["city"])
    object: Text = Field(min_length=1, max_length=2_000, examples=["Berlin"])
    valid_from: Moment | None = None
    confidence: float = Field(default=0.9, ge=0.0, le=1.0)
    turn: int | None = Field(default=None, ge=0, le=1_000_000)
    op: Literal["assert", "retract"] = "assert"

    def record(self) -> InlineClaim:
        return InlineClaim(predicate=self.predicate, object=self.object.strip() or self.object,
                           valid_from=self.valid_from, confidence=self.confidence,
                           turn=self.turn, op=self.op)


class Accepted(BaseModel):
    status: str
    session_id: str | None = None


class SessionImport(Body):
    session_id: str = Field(pattern=IDENT)
    started_at: Moment | None = None
    ended_at: Moment | None = None
    turns: list[TurnIn] = Field(min_length=1, max_length=5_000)
    claims: list[ClaimIn] = Field(default_factory=list, max_length=500)


class CorrectionIn(Body):
    predicate: str = Field(pattern=PREDICATE)
    value: Text = Field(default="", max_length=2_000)
    #: True: the user says the value no longer holds (retract it).
    remove: bool = False


class DecisionOut(BaseModel):
    kind: str
    rule: str
    reason: str
    predicate: str
    fact_id: str | None = None


class CorrectionOut(BaseModel):
    decisions: list[DecisionOut]


class ForgetIn(Body):
    """Exactly one of: `text`, `predicate` (with or without `object`), `fact_id`, `all`."""
    text: Text | None = Field(default=None, max_length=2_000)
    predicate: str | None = Field(default=None, pattern=PREDICATE)
    object: Text | None = Field(default=None, max_length=2_000)
    fact_id: str | None = Field(default=None, pattern=IDENT)
    all: bool = False
    #: True: report what would be removed, remove nothing.
    dry_run: bool = False


class ErasureReceipt(BaseModel):
    namespace: str
    user_id: str
    mode: str
    at: str
    dry_run: bool
    counts: dict[str, int] = {}
    #: The decision that records that (not what) the erasure happened.
    decision_id: str | None = None
    #: Tombstones that keep the erased content from being derived again.
    tombstone_ids: list[str] = []


class QuarantineEntry(BaseModel):
    quarantine_id: str
    predicate: str
    object: str
    reason: str
    session_id: str | None = None
    turn: int | None = None
    said: str | None = None
    created_at: datetime
    resolution: str | None = None
    resolved_at: datetime | None = None


class QuarantineAction(Body):
    action: Literal["accept", "reject"]
