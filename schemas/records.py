"""Typed records: the contracts between capture, the pipeline stages and the stores.

Every record is frozen; stages return new records instead of changing the ones they got.
"""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas.enums import SessionState

Role = Literal["user", "assistant", "tool", "system"]
Source = Literal["user_edit", "stated", "imported", "inferred"]
ClaimOp = Literal["assert", "retract"]
#: The mood a claim was said in (DESIGN "Claims: who said it, in what mood, true when").
#: `asserted`: true now (from `valid_from`); `planned`: true from a future `valid_from`;
#: `ended`: a state that stopped ("I'm back on meat", "we split up") — it removes the value
#: at `valid_to` (or `valid_from`); `hypothetical` / `question` ("should I move to Lisbon?"),
#: `negated` ("I'm not allergic"), `quoted` (pasted, tool or assistant text) assert nothing.
Modality = Literal["asserted", "planned", "ended", "hypothetical", "question", "negated",
                   "quoted"]
#: The only moods that change the user's facts; the rest stay episodic.
FACT_MODALITIES: frozenset[str] = frozenset({"asserted", "planned", "ended"})
#: Origins whose claims may be the user's own word (None: the user's turn, unmarked).
TRUSTED_ORIGINS: frozenset[str | None] = frozenset({None, "user"})

#: Source precedence: a lower source never supersedes a higher one.
SOURCE_RANK: dict[str, int] = {"inferred": 0, "imported": 1, "stated": 2, "user_edit": 3}


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Turn(Frozen):
    """One turn of a session, as captured."""

    index: int
    role: Role
    text: str
    #: When it was said, in the UTC offset the client gave (UTC when it gave none): the
    #: day "tomorrow" or "on Friday" counts from is the user's, not UTC's.
    at: datetime
    #: True when the turn (or part of it) is memory that Reverie injected into the prompt;
    #: such text is never re-extracted (stores must not fill with their own recollections).
    injected: bool = False


class NewTurn(Frozen):
    """A turn as a client sends it: the index is assigned on capture."""

    role: str
    text: str
    at: datetime | None = None
    injected: bool = False


class InlineClaim(Frozen):
    """A structured fact written during the session (an assistant's remember_fact call)."""

    predicate: str
    object: str
    valid_from: datetime | None = None
    source: Source = "stated"
    confidence: float = Field(default=0.9, ge=0.0, le=1.0)
    turn: int | None = None
    op: ClaimOp = "assert"


class Transcript(Frozen):
    """The immutable record of one ended session: what goes to the object store."""

    format: Literal[1] = 1
    namespace: str
    user_id: str
    session_id: str
    started_at: datetime
    ended_at: datetime
    turns: tuple[Turn, ...]
    claims: tuple[InlineClaim, ...] = ()


class Claim(Frozen):
    """A candidate statement, produced by an extractor from one session.

    `subject` is who it is about ("user", or someone else: "sister", "boss", a name).
    `modality` is the mood it was said in; `op` stays for corrections and explicit
    removals — `removes()` below is the one place where the two meet. `valid_from` is world
    time (None: from the turn's time); `valid_to` is when an `ended` state stopped (None:
    at `valid_from`). `evidence` is the text span that supports it, kept for explanation
    and quarantine review.
    """

    subject: str = "user"
    predicate: str
    object: str
    op: ClaimOp = "assert"
    modality: Modality = "asserted"
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    source: Source = "stated"
    confidence: float = Field(default=0.9, ge=0.0, le=1.0)
    session_id: str = ""
    turn: int | None = None
    evidence: str = ""
    #: Set by the extractor when the text came from somewhere the user did not say in their
    #: own voice (tool output, quoted or pasted text, the assistant, system text).
    untrusted_origin: str | None = None
    #: Sensitive category (health, sexuality, politics, religion) when the claim is one.
    sensitive: str | None = None
    #: Relation to existing facts proposed by an LLM extractor (duplicate / conflict / stale /
    #: unrelated). A hint only: the reconcile rules decide.
    proposed_relation: str | None = None
    #: Dependents the user said continue across this change ("I start at Nordlys in July,
    #: same job title"): reconcile keeps them instead of closing them with their parent.
    carries_over: tuple[str, ...] = ()


def changes_user_facts(claim: Claim) -> bool:
    """True when `claim` may change the user's facts: about the user, said as asserted,
    planned or ended, and from a trusted origin (the user's own voice). Everything else
    (other people's news, questions, hypotheticals, negations, quoted text) stays episodic."""
    return (claim.subject == "user" and claim.modality in FACT_MODALITIES
            and claim.untrusted_origin in TRUSTED_ORIGINS)


def removes(claim: Claim) -> bool:
    """True when `claim` takes a value away: an explicit retraction (`op`, a correction or a
    removal) or a state said to have ended (`modality`). The one mapping between the two."""
    return claim.op == "retract" or claim.modality == "ended"


def ends_at(claim: Claim) -> datetime | None:
    """World time at which a removing claim ends the value (None: at the turn's time)."""
    return claim.valid_to or claim.valid_from


class Fact(Frozen):
    """One version of a bitemporal triple."""

    fact_id: str
    namespace: str
    user_id: str
    subject: str = "user"
    predicate: str
    object: str
    cardinality: Literal["single", "multi"]
    valid_from: datetime
    valid_to: datetime | None = None
    asserted_at: datetime
    retracted_at: datetime | None = None
    source: Source
    confidence: float
    session_id: str | None = None
    turn: int | None = None
    sensitive: str | None = None
    #: The fact version this row replaced (closed copy or successor chain), for explain.
    replaces: str | None = None


class SessionInfo(Frozen):
    sid: str
    namespace: str
    user_id: str
    session_id: str
    started_at: datetime
    last_activity_at: datetime
    ended_at: datetime | None = None
    state: SessionState
    end_reason: str | None = None
    transcript_key: str | None = None
    transcript_checksum: str | None = None
    turn_count: int = 0
    summary: str | None = None


class MemoryItem(Frozen):
    item_id: str
    namespace: str
    user_id: str
    kind: str
    predicate: str | None = None
    statement: str
    scope: dict = {}
    confidence: float
    sources: tuple[str, ...] = ()
    revision: int = 1
    superseded_by: str | None = None
    retired: bool = False
    sensitive: str | None = None
    created_at: datetime
    updated_at: datetime
    accessed_at: datetime | None = None
    ttl_days: int | None = None
    tags: tuple[str, ...] = ()


class Fragment(Frozen):
    """A chunk of raw turns (one exchange) for episodic recall."""

    fragment_id: str
    namespace: str
    user_id: str
    session_id: str
    turn_start: int
    turn_end: int
    text: str
    at: datetime
    retired: bool = False


class RecallHit(Frozen):
    """One piece of injected memory, with where it came from."""

    kind: Literal["item", "fragment"]
    ref: str
    text: str
    score: float
    at: datetime | None = None
    predicate: str | None = None
    sources: tuple[str, ...] = ()
    conflict: bool = False
    pinned: bool = False
    #: The hit holds text that is not the user's own (fenced or withheld, `pipeline.fence`):
    #: `render_context` labels it.
    untrusted: bool = False


class RecallResult(Frozen):
    """At most k answers to the query in `hits`, and apart from them, in `pinned`, the
    user's standing constraints (allergies, diets, access needs): relevant to any request,
    never counted in k."""

    hits: tuple[RecallHit, ...]
    pinned: tuple[RecallHit, ...] = ()
    #: For a question about the past only ("where did I work before X?"): fact versions
    #: that are no longer true, each labelled with its valid time.
    past: tuple[RecallHit, ...] = ()
    truncated: tuple[str, ...] = ()
    degraded: bool = False
    cached: bool = False


class TopicEntry(Frozen):
    """One line of the compact recall index (progressive disclosure): a topic — a predicate
    of consolidated memory, or the raw conversation fragments — with what expanding it
    would bring. `refs` go to `api.disclosure.expand` for the full items."""

    topic: str
    label: str
    kind: Literal["item", "fragment"]
    predicate: str | None = None
    count: int
    refs: tuple[str, ...]
    #: One line, truncated: enough for the assistant to decide whether to expand.
    preview: str
    score: float
    #: Estimated tokens of expanding every ref of the topic.
    tokens: int = 0
    conflict: bool = False
    pinned: bool = False


class ApiKey(Frozen):
    """An API key of the HTTP service (never its secret)."""

    key_id: str
    namespace: str
    prefix: str
    label: str | None = None
    created_at: datetime
    revoked_at: datetime | None = None
    last_used_at: datetime | None = None


class IdempotentResponse(Frozen):
    """What a write under an Idempotency-Key answered (status None: still running)."""

    fingerprint: str
    status_code: int | None = None
    body: dict | list | None = None
    created_at: datetime


class ContextBlock(Frozen):
    """What an assistant puts in its prompt for one turn (`api.context.context_block`)."""

    profile: str = ""
    opening: str = ""
    memories: tuple[RecallHit, ...] = ()
    truncated: tuple[str, ...] = ()
    #: The whole block rendered for the prompt.
    text: str
    #: True when memory could not answer in time: every part is empty, `note` says so.
    degraded: bool = False
    note: str | None = None


class WorkingSetEntry(Frozen):
    """One claim the online per-turn pass wrote for an open session: short-lived, discarded
    when the session is consolidated."""

    entry_id: str
    namespace: str
    user_id: str
    session_id: str
    predicate: str
    object: str
    op: ClaimOp
    turn: int
    at: datetime
    expires_at: datetime


class QuarantinedClaim(Frozen):
    """A claim held back because the evidence could not settle it (or it came from text the
    user did not write): for review, and never part of what recall gives an assistant."""

    quarantine_id: str
    namespace: str
    user_id: str
    session_id: str | None = None
    predicate: str
    object: str
    #: The claim as extracted (turn, evidence, ...), kept for review.
    claim: dict = Field(default_factory=dict)
    reason: str
    created_at: datetime
    resolved_at: datetime | None = None
    resolution: str | None = None


class DeadLetter(Frozen):
    """A task that failed permanently, with the reason, for an operator to look at."""

    dead_letter_id: str
    task_name: str
    namespace: str | None = None
    payload: dict = Field(default_factory=dict)
    reason: str
    failed_at: datetime
