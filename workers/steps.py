"""The stages as units of work: load through the stores, call the pure pipeline, write.

Each stage runs in one transaction and ends by recording its checkpoint
(session, stage, transcript checksum, extractor version) in that same transaction, so a stage
re-delivered after a crash either finds its checkpoint (and does nothing) or finds none of
its writes (and does everything). Jobs may run more than once; this is designed for.
"""
from __future__ import annotations

import contextvars
import functools
import time
from datetime import datetime, timedelta

import structlog

from infra import metrics, tracing
from infra.deps import Deps, UnitOfWork
from infra.stores.items import ItemChange
from pipeline.opening import summarize_thread
from pipeline.profile import facts_digest, render_profile
from pipeline.reconcile import reconcile
from pipeline.redact import REDACTED, redact_pii
from pipeline.replay import extract_claims, fragments_of
from pipeline.tombstones import Tombstone, is_erased_claim, scrub_transcript
from schemas.errors import PermanentError, SessionClosed
from schemas.plan import CloseFact, InsertFact, Plan, Reconfirm
from schemas.records import Claim, SessionInfo, Transcript, Turn

log = structlog.get_logger(__name__)
STAGES = ("replay", "reconcile", "consolidate", "forget")


def _pause(deps: Deps, stage: str) -> None:
    """Test-only fault injection: hold the stage's transaction open so a test can kill it."""
    spec = deps.settings.debug_stage_pause
    if spec and spec.split(":")[0] == stage:
        time.sleep(float(spec.split(":")[1]))


def _stage(name: str):
    """Run a stage in its own logging context (every line carries the stage, and the
    namespace, user and session once `_bind` named them) and, with OpenTelemetry, a span."""
    def wrap(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            def inner():
                structlog.contextvars.bind_contextvars(stage=name)
                with tracing.span(f"stage.{name}", stage=name):
                    return fn(*args, **kwargs)
            return contextvars.copy_context().run(inner)
        return run
    return wrap


def _bind(info: SessionInfo) -> None:
    structlog.contextvars.bind_contextvars(namespace=info.namespace, user=info.user_id,
                                           session=info.session_id)


def tombstones_for(uow: UnitOfWork, namespace: str, user_id: str) -> list[Tombstone]:
    from infra.db.models import TombstoneRow
    from sqlalchemy import select
    rows = uow.session.scalars(select(TombstoneRow).where(
        TombstoneRow.namespace == namespace, TombstoneRow.user_id == user_id))
    return [Tombstone(r.kind, r.digest, r.words) for r in rows]


def load_scoped(uow: UnitOfWork, sid: str) -> SessionInfo:
    """The session row, read under namespace "*" (a task carries only the session key), then
    the rest of the transaction scoped to its namespace (row-level security)."""
    info = uow.sessions.get_by_sid(sid)
    uow.scope(info.namespace)
    return info


def scope_of(namespace: str, user_id: str) -> str:
    return f"{namespace}\x1f{user_id}"


# ---- session end -------------------------------------------------------------------------
def end_session(uow: UnitOfWork, deps: Deps, info: SessionInfo, *, reason: str,
                now: datetime) -> SessionInfo:
    """Write the immutable transcript and mark the session ended (caller holds the row lock).

    The object is written before the row changes; if the commit then fails, the next attempt
    writes byte-identical content, which the store accepts as a no-op.
    """
    if info.state != "open":
        raise SessionClosed(f"session {info.session_id!r} already ended ({info.state}); "
                            "a duplicate end event changes nothing")
    turns = uow.sessions.buffered_turns(info.sid)
    if deps.settings.redact_pii:
        turns = [t.model_copy(update={"text": redact_pii(t.text)}) for t in turns]
    ended_at = max([info.last_activity_at, *(t.at for t in turns)])
    transcript = Transcript(namespace=info.namespace, user_id=info.user_id,
                            session_id=info.session_id, started_at=info.started_at,
                            ended_at=ended_at, turns=tuple(turns),
                            claims=tuple(uow.sessions.buffered_claims(info.sid)))
    key, checksum, size = deps.transcripts.write(transcript)
    summary = summarize_thread([t.text for t in turns if t.role == "user" and not t.injected])
    uow.sessions.mark_ended(info.sid, ended_at=ended_at, reason=reason, key=key,
                            checksum=checksum, size=size, summary=summary)
    log.info("session.ended", namespace=info.namespace, user=info.user_id,
             session=info.session_id, reason=reason, turns=len(turns), bytes=size)
    return uow.sessions.get_by_sid(info.sid)


# ---- replay ------------------------------------------------------------------------------
def load_transcript(deps: Deps, info: SessionInfo) -> Transcript:
    if not info.transcript_key:
        raise PermanentError(f"session {info.session_id!r} has no transcript (still open?)")
    return deps.transcripts.read(info.transcript_key, info.transcript_checksum)


@_stage("replay")
def replay(deps: Deps, sid: str, now: datetime) -> bool:
    """Extract claims and store fragments. Returns False when the checkpoint existed."""
    with deps.unit_of_work(namespace="*") as uow:
        info = load_scoped(uow, sid)
        uow.facts.lock_user(info.namespace, info.user_id)  # an erasure in flight ends first
        info = uow.sessions.get_by_sid(sid)
        _bind(info)
        version = deps.extractor.version
        if uow.runs.done(sid, "replay", info.transcript_checksum or "", version):
            return False
        stones = tombstones_for(uow, info.namespace, info.user_id)
        scope = scope_of(info.namespace, info.user_id)
        key = deps.settings.secret_key
        transcript = scrub_transcript(load_transcript(deps, info), stones, key=key, scope=scope)
        erased = {t.index for t in transcript.turns if t.text == REDACTED}  # and its claims
        claims = [c for c in extract_claims(transcript, deps.extractor)
                  if not is_erased_claim(c, stones, key=key, scope=scope)
                  and (c.turn is None or c.turn not in erased)]
        fragments = fragments_of(transcript)
        vectors = (metrics.timed_embed(deps.embedder, [f.text for f in fragments])
                   if fragments else None)
        uow.items.add_fragments(fragments, vectors, deps.embedder.name)
        run = getattr(deps.extractor, "last_run", None)
        uow.runs.record_extraction(
            sid, info.namespace, version, len(claims), len(getattr(run, "drops", ()) or ()),
            getattr(run, "prompt_tokens", 0), getattr(run, "completion_tokens", 0),
            getattr(run, "cost_usd", 0.0), now)
        uow.after_commit(lambda: metrics.observe_extraction(version, len(claims), run))
        _pause(deps, "replay")
        uow.runs.mark_done(sid, info.namespace, "replay", info.transcript_checksum or "",
                           version, {"claims": [c.model_dump(mode="json") for c in claims]},
                           now)
        log.info("stage.replayed", namespace=info.namespace, user=info.user_id,
                 session=info.session_id, stage="replay", claims=len(claims),
                 fragments=len(fragments))
    return True


# ---- reconcile ---------------------------------------------------------------------------
def _claims_from_replay(uow: UnitOfWork, info: SessionInfo, version: str) -> list[Claim]:
    out = uow.runs.checkpoint(info.sid, "replay", info.transcript_checksum or "", version)
    if out is None:
        raise PermanentError(f"reconcile before replay for session {info.session_id!r}")
    return [Claim.model_validate(c) for c in out.get("claims", [])]


def plan_for(uow: UnitOfWork, deps: Deps, info: SessionInfo, now: datetime) -> Plan:
    claims = _claims_from_replay(uow, info, deps.extractor.version)
    history = uow.facts.history(info.namespace, info.user_id)
    current = [f for f in history if f.valid_to is None]
    return reconcile(claims, current, namespace=info.namespace, user_id=info.user_id,
                     session_id=info.session_id, now=now, vocabulary=deps.vocabulary,
                     history=history)


@_stage("reconcile")
def reconcile_stage(deps: Deps, sid: str, now: datetime) -> bool:
    with deps.unit_of_work(namespace="*") as uow:
        info = load_scoped(uow, sid)
        _bind(info)
        uow.facts.lock_user(info.namespace, info.user_id)
        version = deps.extractor.version
        if uow.runs.done(sid, "reconcile", info.transcript_checksum or "", version):
            return False
        plan = plan_for(uow, deps, info, now)
        _pause(deps, "reconcile")
        uow.runs.mark_done(sid, info.namespace, "reconcile", info.transcript_checksum or "",
                           version, {"plan": plan.model_dump(mode="json"),
                                     "cache_version": uow.profiles.cache_version(
                                         info.namespace, info.user_id)}, now)
        log.info("stage.reconciled", namespace=info.namespace, user=info.user_id,
                 session=info.session_id, stage="reconcile", decisions=len(plan.decisions))
    return True


# ---- consolidate -------------------------------------------------------------------------
def apply_plan(uow: UnitOfWork, deps: Deps, plan: Plan, now: datetime) -> dict[str, int]:
    """Write a plan: facts, items (with retirement of the old), vectors, profile, cache."""
    counts = uow.facts.apply(plan, now)
    inserted = {op.fact.fact_id: op.fact for op in plan.ops if isinstance(op, InsertFact)}
    stored = uow.facts.get_many([op.fact_id for op in plan.ops
                                 if isinstance(op, (CloseFact, Reconfirm))])
    changes = []
    for op in plan.ops:
        if isinstance(op, InsertFact):
            changes.append(ItemChange("upsert", op.fact))
        elif isinstance(op, CloseFact) and op.fact_id in stored:
            changes.append(ItemChange("retire", stored[op.fact_id],
                                      successor=inserted.get(op.successor_fact_id or "")))
        elif isinstance(op, Reconfirm) and op.fact_id in stored:
            changes.append(ItemChange("source", stored[op.fact_id],
                                      session_id=op.claim.session_id, turn=op.claim.turn,
                                      confidence=op.claim.confidence))
    uow.items.apply(changes, now, embed=lambda texts: metrics.timed_embed(deps.embedder, texts),
                    model=deps.embedder.name)
    embed_pending(uow, deps, plan.namespace, plan.user_id)
    refresh_profile(uow, plan.namespace, plan.user_id, now, force_bump=bool(plan.ops))
    return counts


def embed_pending(uow: UnitOfWork, deps: Deps, namespace: str, user_id: str) -> int:
    rows = uow.items.items_missing_vectors(namespace, user_id, deps.embedder.name)
    if rows:
        uow.items.set_vectors(rows, metrics.timed_embed(deps.embedder,
                                                        [r.statement for r in rows]),
                              deps.embedder.name)
    return len(rows)


def refresh_profile(uow: UnitOfWork, namespace: str, user_id: str, now: datetime, *,
                    force_bump: bool = False) -> bool:
    """Re-render only when the current facts changed; bump the cache version on any change."""
    facts = uow.facts.current(namespace, user_id)
    consent = uow.profiles.consent(namespace, user_id)
    changed = uow.profiles.save(namespace, user_id,
                                render_profile(facts, sensitive_consent=consent),
                                facts_digest(facts, sensitive_consent=consent), now)
    if force_bump and not changed:
        uow.profiles.bump(namespace, user_id)
    return changed


@_stage("consolidate")
def consolidate_stage(deps: Deps, sid: str, now: datetime) -> bool:
    with deps.unit_of_work(namespace="*") as uow:
        info = load_scoped(uow, sid)
        _bind(info)
        uow.facts.lock_user(info.namespace, info.user_id)
        version, checksum = deps.extractor.version, info.transcript_checksum or ""
        if uow.runs.done(sid, "consolidate", checksum, version):
            return False
        out = uow.runs.checkpoint(sid, "reconcile", checksum, version)
        if out is None:
            raise PermanentError(f"consolidate before reconcile for {info.session_id!r}")
        plan = Plan.model_validate(out["plan"])
        if out.get("cache_version") != uow.profiles.cache_version(info.namespace, info.user_id):
            # Another session changed this user's facts since the plan was made: re-plan
            # against what is current now (we hold the user's lock, so it cannot move again).
            plan = plan_for(uow, deps, info, now)
            log.info("plan.replanned", namespace=info.namespace, user=info.user_id,
                     session=info.session_id, stage="consolidate")
        counts = apply_plan(uow, deps, plan, now)
        uow.audit.record(info.namespace, info.user_id, "write",
                         f"consolidate:session:{info.session_id}", now, actor="worker")
        uow.after_commit(lambda: metrics.observe_consolidated(d.kind for d in plan.decisions))
        if metrics.live_items_due(info.namespace):
            live = uow.items.count_live(info.namespace)
            uow.after_commit(lambda: metrics.LIVE_ITEMS.labels(info.namespace).set(live))
        _pause(deps, "consolidate")
        from workers.online import discard_session
        discard_session(uow, info.namespace, info.session_id, info.user_id)
        uow.sessions.set_state(sid, "consolidated")
        uow.runs.mark_done(sid, info.namespace, "consolidate", checksum, version, counts, now)
        log.info("stage.consolidated", namespace=info.namespace, user=info.user_id,
                 session=info.session_id, stage="consolidate", **counts)
    return True


# ---- forget ------------------------------------------------------------------------------
@_stage("forget")
def forget_stage(deps: Deps, sid: str, now: datetime) -> bool:
    """Policy forgetting for the session's user (TTL expiry); erasure has its own path."""
    from workers.forgetting import expire_user
    with deps.unit_of_work(namespace="*") as uow:
        info = load_scoped(uow, sid)
        _bind(info)
        version, checksum = deps.extractor.version, info.transcript_checksum or ""
        if uow.runs.done(sid, "forget", checksum, version):
            return False
        uow.facts.lock_user(info.namespace, info.user_id)
        expired = expire_user(uow, info.namespace, info.user_id, now)
        uow.runs.mark_done(sid, info.namespace, "forget", checksum, version,
                           {"expired": expired}, now)
    return True


def idle_cutoff(deps: Deps, now: datetime) -> datetime:
    return now - timedelta(minutes=deps.settings.idle_timeout_minutes)




__all__ = ["STAGES", "end_session", "replay", "reconcile_stage", "consolidate_stage",
           "forget_stage", "apply_plan", "refresh_profile"]
