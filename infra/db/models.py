"""SQLAlchemy models: the schema the alembic migrations create. ORM classes end in `Row`.

Every table carries `namespace` (and `user_id` where the row belongs to one user): it is the
isolation boundary, enforced by the application and again by Postgres row-level security.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger, Boolean, Computed, DateTime, Float, ForeignKey, Index, Integer, String, Text,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB, TSVECTOR
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from infra.db.vectors import BinaryVector as Vector

EMBEDDING_DIM = 384
TS = DateTime(timezone=True)


class Base(DeclarativeBase):
    pass


class SessionRow(Base):
    __tablename__ = "sessions"
    sid: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64), index=True)
    user_id: Mapped[str] = mapped_column(String(128))
    session_id: Mapped[str] = mapped_column(String(128))
    started_at: Mapped[datetime] = mapped_column(TS)
    last_activity_at: Mapped[datetime] = mapped_column(TS)
    ended_at: Mapped[datetime | None] = mapped_column(TS)
    state: Mapped[str] = mapped_column(String(16))  # open | ended | consolidated | failed
    end_reason: Mapped[str | None] = mapped_column(String(16))
    transcript_key: Mapped[str | None] = mapped_column(Text)
    transcript_checksum: Mapped[str | None] = mapped_column(String(64))
    transcript_bytes: Mapped[int] = mapped_column(Integer, default=0)
    turn_count: Mapped[int] = mapped_column(Integer, default=0)
    summary: Mapped[str | None] = mapped_column(Text)
    #: While the session's pipeline has not finished: when the sweeper sends its
    #: session-end event again (migration 0006); cleared with forget's checkpoint.
    resend_at: Mapped[datetime | None] = mapped_column(TS)
    __table_args__ = (
        Index("uq_sessions_user_session", "namespace", "user_id", "session_id", unique=True),
        Index("ix_sessions_open_activity", "state", "last_activity_at"),
        Index("ix_sessions_user_ended", "namespace", "user_id", "ended_at"),
        Index("ix_sessions_resend", "resend_at", postgresql_where=text("resend_at IS NOT NULL")),
    )


class BufferedTurnRow(Base):
    """Turns of a session that is still open; moved to the transcript object at the end."""
    __tablename__ = "buffered_turns"
    sid: Mapped[str] = mapped_column(ForeignKey("sessions.sid", ondelete="CASCADE"),
                                     primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    role: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(TS)
    #: The offset from UTC (seconds) of the time the client gave, which `at` (a
    #: timestamptz) does not keep; NULL for UTC. The turn is rebuilt in it.
    at_offset_s: Mapped[int | None] = mapped_column(Integer, nullable=True)
    injected: Mapped[bool] = mapped_column(Boolean, default=False)


class BufferedClaimRow(Base):
    """Structured claims written inline during an open session (remember_fact)."""
    __tablename__ = "buffered_claims"
    sid: Mapped[str] = mapped_column(ForeignKey("sessions.sid", ondelete="CASCADE"),
                                     primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    payload: Mapped[dict] = mapped_column(JSONB)


class FactRow(Base):
    """One version of a bitemporal triple. Closed by retraction, never edited in place."""
    __tablename__ = "facts"
    fact_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    subject: Mapped[str] = mapped_column(String(64), default="user")
    predicate: Mapped[str] = mapped_column(String(64))
    object: Mapped[str] = mapped_column(Text)
    cardinality: Mapped[str] = mapped_column(String(8))
    valid_from: Mapped[datetime] = mapped_column(TS)
    valid_to: Mapped[datetime | None] = mapped_column(TS)
    asserted_at: Mapped[datetime] = mapped_column(TS)
    retracted_at: Mapped[datetime | None] = mapped_column(TS)
    source: Mapped[str] = mapped_column(String(16))
    confidence: Mapped[float] = mapped_column(Float)
    session_id: Mapped[str | None] = mapped_column(String(128))
    turn: Mapped[int | None] = mapped_column(Integer)
    evidence: Mapped[str] = mapped_column(Text, default="")
    sensitive: Mapped[str | None] = mapped_column(String(16))
    replaces: Mapped[str | None] = mapped_column(String(36))
    item_id: Mapped[str | None] = mapped_column(String(36))
    __table_args__ = (
        Index("ix_facts_user_predicate", "namespace", "user_id", "predicate", "valid_to"),
        # At most one current value per single-valued predicate: a database invariant.
        Index("uq_facts_single_current", "namespace", "user_id", "predicate", unique=True,
              postgresql_where=text("cardinality = 'single' AND valid_to IS NULL "
                                    "AND retracted_at IS NULL")),
        # A multi-valued predicate never holds the same value twice at once.
        Index("uq_facts_multi_current", "namespace", "user_id", "predicate",
              text("lower(object)"), unique=True,
              postgresql_where=text("cardinality = 'multi' AND valid_to IS NULL "
                                    "AND retracted_at IS NULL")),
    )


class FactEvidenceRow(Base):
    """Each time a fact was stated again: provenance and confidence without a new version."""
    __tablename__ = "fact_evidence"
    evidence_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    fact_id: Mapped[str] = mapped_column(ForeignKey("facts.fact_id", ondelete="CASCADE"),
                                         index=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    session_id: Mapped[str | None] = mapped_column(String(128))
    turn: Mapped[int | None] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String(16))
    confidence: Mapped[float] = mapped_column(Float)
    evidence: Mapped[str] = mapped_column(Text, default="")
    observed_at: Mapped[datetime] = mapped_column(TS)


class MemoryItemRow(Base):
    """The seed's MemoryItem: stable id, current revision, vector and full-text vector."""
    __tablename__ = "memory_items"
    item_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    kind: Mapped[str] = mapped_column(String(16))
    predicate: Mapped[str | None] = mapped_column(String(64))
    statement: Mapped[str] = mapped_column(Text)
    scope: Mapped[dict] = mapped_column(JSONB, default=dict)
    confidence: Mapped[float] = mapped_column(Float)
    sources: Mapped[list] = mapped_column(JSONB, default=list)
    revision: Mapped[int] = mapped_column(Integer, default=1)
    superseded_by: Mapped[str | None] = mapped_column(String(36))
    retired: Mapped[bool] = mapped_column(Boolean, default=False)
    sensitive: Mapped[str | None] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(TS)
    updated_at: Mapped[datetime] = mapped_column(TS)
    accessed_at: Mapped[datetime | None] = mapped_column(TS)
    ttl_days: Mapped[int | None] = mapped_column(Integer)
    tags: Mapped[list] = mapped_column(JSONB, default=list)
    embedding = mapped_column(Vector(EMBEDDING_DIM), nullable=True)
    embed_model: Mapped[str | None] = mapped_column(String(128))
    tsv = mapped_column(TSVECTOR, Computed("to_tsvector('english', statement)", persisted=True))
    __table_args__ = (
        Index("ix_items_user_live", "namespace", "user_id", "retired"),
        Index("ix_items_tsv", "tsv", postgresql_using="gin"),
        Index("ix_items_embedding", "embedding", postgresql_using="hnsw",
              postgresql_ops={"embedding": "vector_cosine_ops"}),
    )


class MemoryItemVersionRow(Base):
    """Every revision of a memory item, kept until erasure."""
    __tablename__ = "memory_item_versions"
    item_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    revision: Mapped[int] = mapped_column(Integer, primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    statement: Mapped[str] = mapped_column(Text)
    confidence: Mapped[float] = mapped_column(Float)
    sources: Mapped[list] = mapped_column(JSONB, default=list)
    fact_id: Mapped[str | None] = mapped_column(String(36))
    created_at: Mapped[datetime] = mapped_column(TS)
    superseded_at: Mapped[datetime | None] = mapped_column(TS)


class FragmentRow(Base):
    """A retrievable chunk of raw turns (one exchange), for episodic recall."""
    __tablename__ = "fragments"
    fragment_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    session_id: Mapped[str] = mapped_column(String(128))
    turn_start: Mapped[int] = mapped_column(Integer)
    turn_end: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(TS)
    retired: Mapped[bool] = mapped_column(Boolean, default=False)
    retired_at: Mapped[datetime | None] = mapped_column(TS)
    embedding = mapped_column(Vector(EMBEDDING_DIM), nullable=True)
    embed_model: Mapped[str | None] = mapped_column(String(128))
    tsv = mapped_column(TSVECTOR, Computed("to_tsvector('english', text)", persisted=True))
    __table_args__ = (
        Index("ix_fragments_user_live", "namespace", "user_id", "retired"),
        Index("ix_fragments_session", "namespace", "user_id", "session_id"),
        Index("ix_fragments_tsv", "tsv", postgresql_using="gin"),
        Index("ix_fragments_embedding", "embedding", postgresql_using="hnsw",
              postgresql_ops={"embedding": "vector_cosine_ops"}),
    )


class DecisionRow(Base):
    """Every reconcile decision: inputs, the rule that fired, the reason."""
    __tablename__ = "decisions"
    decision_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    session_id: Mapped[str | None] = mapped_column(String(128))
    kind: Mapped[str] = mapped_column(String(16))
    rule: Mapped[str] = mapped_column(String(64))
    reason: Mapped[str] = mapped_column(Text)
    predicate: Mapped[str | None] = mapped_column(String(64))
    inputs: Mapped[dict] = mapped_column(JSONB, default=dict)
    fact_id: Mapped[str | None] = mapped_column(String(36))
    created_at: Mapped[datetime] = mapped_column(TS)
    __table_args__ = (Index("ix_decisions_user", "namespace", "user_id", "predicate"),)


class QuarantineRow(Base):
    """Claims held back because the evidence could not settle them."""
    __tablename__ = "quarantine"
    quarantine_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    session_id: Mapped[str | None] = mapped_column(String(128))
    predicate: Mapped[str] = mapped_column(String(64))
    object: Mapped[str] = mapped_column(Text)
    claim: Mapped[dict] = mapped_column(JSONB)
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(TS)
    resolved_at: Mapped[datetime | None] = mapped_column(TS)
    resolution: Mapped[str | None] = mapped_column(String(16))
    __table_args__ = (Index("ix_quarantine_user", "namespace", "user_id"),)


class TombstoneRow(Base):
    """A keyed hash of erased content and its scope; never the content itself."""
    __tablename__ = "tombstones"
    tombstone_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    kind: Mapped[str] = mapped_column(String(16))  # text | fact
    digest: Mapped[str] = mapped_column(String(64))
    words: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(TS)
    __table_args__ = (Index("ix_tombstones_user", "namespace", "user_id"),)


class CheckpointRow(Base):
    """A finished stage: (session, stage, transcript checksum, extractor version)."""
    __tablename__ = "checkpoints"
    sid: Mapped[str] = mapped_column(String(36), primary_key=True)
    stage: Mapped[str] = mapped_column(String(16), primary_key=True)
    input_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    version: Mapped[str] = mapped_column(String(128), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    output: Mapped[dict | None] = mapped_column(JSONB)
    completed_at: Mapped[datetime] = mapped_column(TS)


class ProfileRow(Base):
    """The rendered profile and the per-user cache version."""
    __tablename__ = "profiles"
    namespace: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    text: Mapped[str] = mapped_column(Text, default="")
    facts_digest: Mapped[str] = mapped_column(String(64), default="")
    cache_version: Mapped[int] = mapped_column(BigInteger, default=0)
    rendered_at: Mapped[datetime | None] = mapped_column(TS)
    sensitive_consent: Mapped[bool] = mapped_column(Boolean, default=False)


class DeadLetterRow(Base):
    """A task that failed permanently, with the reason, for an operator to look at."""
    __tablename__ = "dead_letters"
    dead_letter_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    task_name: Mapped[str] = mapped_column(String(128))
    namespace: Mapped[str | None] = mapped_column(String(64))
    payload: Mapped[dict] = mapped_column(JSONB)
    reason: Mapped[str] = mapped_column(Text)
    failed_at: Mapped[datetime] = mapped_column(TS)


class WorkingSetRow(Base):
    """The online per-turn pass's short-lived working set for an open session."""
    __tablename__ = "working_set"
    entry_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    session_id: Mapped[str] = mapped_column(String(128))
    predicate: Mapped[str] = mapped_column(String(64))
    object: Mapped[str] = mapped_column(Text)
    op: Mapped[str] = mapped_column(String(8))
    turn: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(TS)
    expires_at: Mapped[datetime] = mapped_column(TS)
    __table_args__ = (Index("ix_working_set_user", "namespace", "user_id"),)


class ExtractionRunRow(Base):
    """One extractor run over a session: tokens and cost against the session's budget."""
    __tablename__ = "extraction_runs"
    run_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    sid: Mapped[str] = mapped_column(String(36), index=True)
    namespace: Mapped[str] = mapped_column(String(64))
    extractor: Mapped[str] = mapped_column(String(128))
    claims: Mapped[int] = mapped_column(Integer)
    dropped: Mapped[int] = mapped_column(Integer, default=0)
    prompt_tokens: Mapped[int] = mapped_column(Integer, default=0)
    completion_tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost_usd: Mapped[float] = mapped_column(Float, default=0.0)
    created_at: Mapped[datetime] = mapped_column(TS)


class AuditRow(Base):
    """Who read, wrote, revised or erased what and when."""
    __tablename__ = "audit_log"
    audit_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(128))
    actor: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(Text, default="")
    at: Mapped[datetime] = mapped_column(TS)
    __table_args__ = (Index("ix_audit_user", "namespace", "user_id", "at"),)


class ApiKeyRow(Base):
    """A key of the HTTP service, bound to one namespace; only the secret's hash is kept."""
    __tablename__ = "api_keys"
    key_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    namespace: Mapped[str] = mapped_column(String(64), index=True)
    prefix: Mapped[str] = mapped_column(String(32), unique=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    label: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(TS)
    revoked_at: Mapped[datetime | None] = mapped_column(TS)
    last_used_at: Mapped[datetime | None] = mapped_column(TS)


class IdempotencyRow(Base):
    """The response one write gave under a client's Idempotency-Key (replayed on retry)."""
    __tablename__ = "idempotency_keys"
    namespace: Mapped[str] = mapped_column(String(64), primary_key=True)
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    status_code: Mapped[int | None] = mapped_column(Integer)
    body: Mapped[dict | None] = mapped_column(JSONB)
    created_at: Mapped[datetime] = mapped_column(TS, index=True)
    completed_at: Mapped[datetime | None] = mapped_column(TS)
