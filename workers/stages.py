"""The four stages, each run for a batch of sessions in one transaction.

A stage takes session keys (one, or a dream batch of one namespace) and, in one unit of
work: locks the sessions' users (sorted: two batches sharing users never deadlock), reads
the sessions with their checkpoints in one query, does its work for the sessions whose
checkpoint is missing, and records their checkpoints (session, stage, transcript checksum,
extractor version) in that same transaction. So a stage re-delivered after a crash either
finds its checkpoints (and does nothing) or finds none of its writes (and does everything).
Jobs may run more than once; this is designed for.

Sessions of one user are taken in the order given, each planned against the facts the
previous ones leave (reconcile plays the earlier plans in memory; consolidate writes them
in order). A session's result does not depend on the batch it ran in, apart from the
profile's cache version (bumped once per user and batch, not once per session).
"""
from __future__ import annotations

import contextvars
import functools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

import structlog

from infra import metrics, tracing
from infra.deps import Deps, HeldConnection, UnitOfWork
from infra.stores.profiles import ProfileState
from pipeline.reconcile import advance
from pipeline.redact import REDACTED
from pipeline.replay import claims_in_order, fragments_of
from pipeline.tombstones import Tombstone, is_erased_claim, scrub_transcript
from schemas.enums import SessionState
from schemas.errors import PermanentError, TransientError
from schemas.ids import user_scope
from schemas.plan import Plan
from schemas.records import Claim, Fragment, SessionInfo, Transcript
from workers.plans import claims_of, finish_users, plan_claims, plan_for, write_plans

log = structlog.get_logger(__name__)
STAGES = ("replay", "reconcile", "consolidate", "forget")
Loaded = list[tuple[SessionInfo, dict[str, dict | None]]]


def _stage(name: str):
    """Run a stage in its own logging context (every line carries the stage, and the
    namespace, user and session once bound) and, with OpenTelemetry, a span."""
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


@contextmanager
def _open(deps: Deps, sids: Sequence[str], namespace: str | None,
          connection: HeldConnection | None, outputs_of: str | None = None
          ) -> Iterator[tuple[UnitOfWork, Loaded]]:
    """The stage's unit of work, its users locked, its sessions loaded with checkpoints.

    Without `namespace` (a task carries only session keys) the sessions are read under
    namespace "*" and the rest of the transaction is scoped to theirs (row-level security)."""
    with deps.unit_of_work(namespace=namespace or "*", connection=connection) as uow:
        uow.facts.lock_users_of(sids)  # an erasure in flight ends first
        loaded = uow.sessions.with_checkpoints(sids, deps.extractor.version,
                                               outputs_of=outputs_of)
        spaces = {info.namespace for info, _ in loaded}
        if len(spaces) != 1:
            raise PermanentError(f"a stage batch spans namespaces {sorted(spaces)}")
        if namespace is None:
            uow.scope(spaces.pop())
        if len(loaded) == 1:
            info = loaded[0][0]
            structlog.contextvars.bind_contextvars(namespace=info.namespace,
                                                   user=info.user_id, session=info.session_id)
        yield uow, loaded


def _users(infos: Sequence[SessionInfo]) -> list[str]:
    return sorted({i.user_id for i in infos})


def _checkpoint(info: SessionInfo, output: dict | None) -> dict:
    return {"sid": info.sid, "namespace": info.namespace,
            "input_hash": info.transcript_checksum or "", "output": output}


def load_transcript(deps: Deps, info: SessionInfo) -> Transcript:
    if not info.transcript_key:
        raise PermanentError(f"session {info.session_id!r} has no transcript (still open?)")
    return deps.transcripts.read(info.transcript_key, info.transcript_checksum)


# ---- replay ------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Replayed:
    """One session's extraction, and the inputs it was computed from."""

    namespace: str
    transcript: tuple[str | None, str | None]  # object key, checksum
    stones: frozenset[Tombstone]
    claims: list[Claim]
    fragments: list[Fragment]
    run: object  # the extractor's run record (LLM tokens), if it keeps one


def _replay_one(deps: Deps, info: SessionInfo, stones: Sequence[Tombstone]) -> _Replayed:
    """Extract a session's claims and fragments: a pure function of the transcript, the
    user's tombstones and the extractor, so a result computed outside the stage's lock
    holds as long as those are unchanged."""
    key, scope = deps.settings.secret_key, user_scope(info.namespace, info.user_id)
    transcript = scrub_transcript(load_transcript(deps, info), stones, key=key, scope=scope)
    erased = {t.index for t in transcript.turns if t.text == REDACTED}  # and their claims
    extracted, run = _extract(deps.extractor, transcript)
    claims = [c for c in claims_in_order(extracted, transcript)
              if not is_erased_claim(c, stones, key=key, scope=scope)
              and (c.turn is None or c.turn not in erased)]
    return _Replayed(info.namespace, (info.transcript_key, info.transcript_checksum),
                     frozenset(stones), claims, fragments_of(transcript), run)


def _extract(extractor, transcript: Transcript) -> tuple[list[Claim], object]:
    """The extractor's claims and its run record (LLM usage), without instance state: many
    extractions share one extractor at once in a thread pool."""
    with_run = getattr(extractor, "extract_with_run", None)
    if with_run is not None:
        return with_run(transcript)
    return extractor.extract(transcript), None


def _replay_unlocked(deps: Deps, sids: Sequence[str], namespace: str | None,
                     connection: HeldConnection | None) -> dict[str, _Replayed]:
    """The CPU-heavy part of replay (extraction, embedding) before the stage takes its
    users' locks, on a read of the sessions and tombstones: an erasure for those users, or
    another batch's stages, need not wait for a whole batch's model time."""
    with deps.unit_of_work(namespace=namespace or "*", connection=connection) as uow:
        loaded = uow.sessions.with_checkpoints(sids, deps.extractor.version)
        todo = [info for info, done in loaded if "replay" not in done]
        if not todo:
            return {}
        stones = uow.erasure.tombstones(todo[0].namespace, _users(todo))
    out = {}
    for info in todo:
        try:
            out[info.sid] = _replay_one(deps, info, stones[info.user_id])
        except TransientError:  # the model or a store is failing: the task retries
            raise
        except Exception:  # left to the locked pass, which fails (or not) on its own
            continue
    return out


@dataclass(frozen=True)
class Prepared:
    """Replay's work done before its lock: extractions and their fragments' vectors."""

    early: dict[str, _Replayed]
    vectors: dict[str, list[float]]

    @property
    def namespace(self) -> str | None:
        return next((r.namespace for r in self.early.values()), None)

    def merge(self, other: Prepared) -> Prepared:
        return Prepared({**self.early, **other.early}, {**self.vectors, **other.vectors})


def prepare_replay(deps: Deps, sids: Sequence[str], *, namespace: str | None = None,
                   connection: HeldConnection | None = None) -> Prepared:
    """Extraction (the model's time) and embedding, outside any lock; `replay_many` writes
    it. Threads of one process run many of these at once."""
    early = _replay_unlocked(deps, sids, namespace, connection)
    return Prepared(early, _embed([f for r in early.values() for f in r.fragments], deps))


@_stage("replay")
def replay_many(deps: Deps, sids: Sequence[str], now: datetime, *,
                namespace: str | None = None, connection: HeldConnection | None = None,
                prepared: Prepared | None = None) -> list[str]:
    """Extract claims and store fragments (one embedding call for the whole batch).
    Returns the sessions replayed now (not those whose checkpoint existed).

    Extraction and embedding run first, outside the users' locks (or were run already:
    `prepared`); under the locks each result is kept only if its transcript and
    tombstones are still the ones it was made from (an erasure in between re-does it
    there)."""
    version = deps.extractor.version
    if prepared is None:
        prepared = prepare_replay(deps, sids, namespace=namespace, connection=connection)
    early, vectors = prepared.early, dict(prepared.vectors)
    with _open(deps, sids, namespace, connection) as (uow, loaded):
        todo = [info for info, done in loaded if "replay" not in done]
        if not todo:
            return []
        stones = uow.erasure.tombstones(todo[0].namespace, _users(todo))
        fragments, runs, outputs = [], [], []
        for info in todo:
            done = early.get(info.sid)
            if done is None or done.transcript != (info.transcript_key,
                                                   info.transcript_checksum) \
                    or done.stones != frozenset(stones[info.user_id]):
                done = _replay_one(deps, info, stones[info.user_id])
                vectors.update(_embed(done.fragments, deps))
            fragments.extend(done.fragments)
            run, claims = done.run, done.claims
            runs.append(dict(sid=info.sid, namespace=info.namespace, extractor=version,
                             claims=len(claims), dropped=len(getattr(run, "drops", ()) or ()),
                             prompt_tokens=getattr(run, "prompt_tokens", 0),
                             completion_tokens=getattr(run, "completion_tokens", 0),
                             cost_usd=getattr(run, "cost_usd", 0.0)))
            outputs.append(_checkpoint(info, {"claims": [c.model_dump(mode="json")
                                                         for c in claims]}))
            uow.after_commit(functools.partial(metrics.observe_extraction, version,
                                               len(claims), run, info.namespace))
            log.info("stage.replayed", namespace=info.namespace, user=info.user_id,
                     session=info.session_id, stage="replay", claims=len(claims),
                     fragments=len(done.fragments))
        uow.fragments.add(fragments, [vectors[f.fragment_id] for f in fragments]
                          if fragments else None, deps.embedder.name)
        uow.runs.record_extractions(runs, now)
        uow.runs.mark_done_many(outputs, "replay", version, now)
    return [i.sid for i in todo]


def _embed(fragments: Sequence[Fragment], deps: Deps) -> dict[str, list[float]]:
    """Fragment id -> vector, in one embedding call."""
    if not fragments:
        return {}
    vectors = metrics.timed_embed(deps.embedder, [f.text for f in fragments])
    return {f.fragment_id: v for f, v in zip(fragments, vectors, strict=True)}


# ---- reconcile ---------------------------------------------------------------------------
@_stage("reconcile")
def reconcile_many(deps: Deps, sids: Sequence[str], now: datetime, *,
                   namespace: str | None = None, connection: HeldConnection | None = None
                   ) -> list[str]:
    """Plan each session against its user's facts. A user's later session in the batch is
    planned against the facts the earlier plans leave (played in memory); its checkpoint
    names those sessions (`after`), so consolidate knows what the plan assumed."""
    version = deps.extractor.version
    with _open(deps, sids, namespace, connection, outputs_of="replay") as (uow, loaded):
        todo = [(info, done) for info, done in loaded if "reconcile" not in done]
        if not todo:
            return []
        ns, users = todo[0][0].namespace, _users([i for i, _ in todo])
        versions = uow.facts.versions_by_user(ns, users)
        states = uow.profiles.states(ns, users)
        planned: dict[str, list[str]] = {u: [] for u in users}
        outputs = []
        for info, done in todo:
            claims = claims_of((done["replay"] or {}) if "replay" in done else None, info)
            rows = versions[info.user_id]
            plan = plan_claims(claims, rows, namespace=ns, user_id=info.user_id,
                               session_id=info.session_id, now=now, vocabulary=deps.vocabulary)
            versions[info.user_id] = advance(rows, plan)
            outputs.append(_checkpoint(info, {
                "plan": plan.model_dump(mode="json"),
                "cache_version": states[info.user_id].cache_version,
                "after": list(planned[info.user_id])}))
            planned[info.user_id].append(info.sid)
            log.info("stage.reconciled", namespace=ns, user=info.user_id,
                     session=info.session_id, stage="reconcile", decisions=len(plan.decisions))
        uow.runs.mark_done_many(outputs, "reconcile", version, now)
    return [i.sid for i, _ in todo]


# ---- consolidate -------------------------------------------------------------------------
def _plans(uow: UnitOfWork, deps: Deps, todo: Loaded, now: datetime,
           states: dict[str, ProfileState]) -> list[tuple[SessionInfo, Plan, dict[str, int]]]:
    """Write the sessions' plans in order; a plan made against facts that have moved since
    (another session consolidated for the user, or the earlier sessions it assumed were not
    written just before it) is made again against the facts as written (we hold the user's
    lock, so they cannot move again). `states`: the users' profiles, read under the lock."""
    written: dict[str, list[str]] = {}
    replanned: set[str] = set()
    pending: list[tuple[SessionInfo, Plan]] = []
    out: list[tuple[SessionInfo, Plan, dict[str, int]]] = []

    def flush() -> None:
        counts = write_plans(uow, deps, [p for _, p in pending], now)
        out.extend((i, p, c) for (i, p), c in zip(pending, counts, strict=True))
        pending.clear()

    for info, done in todo:
        if "reconcile" not in done:
            raise PermanentError(f"consolidate before reconcile for {info.session_id!r}")
        made = done["reconcile"] or {}
        user = info.user_id
        plan = Plan.model_validate(made["plan"])
        if (user in replanned or made.get("cache_version") != states[user].cache_version
                or made.get("after", []) != written.get(user, [])):
            flush()  # the new plan must see what the earlier ones write
            plan = plan_for(uow, deps, info, now)
            replanned.add(user)
            log.info("plan.replanned", namespace=info.namespace, user=user,
                     session=info.session_id, stage="consolidate")
        pending.append((info, plan))
        written.setdefault(user, []).append(info.sid)
    flush()
    return out


@_stage("consolidate")
def consolidate_many(deps: Deps, sids: Sequence[str], now: datetime, *,
                     namespace: str | None = None, connection: HeldConnection | None = None
                     ) -> list[str]:
    """Write the plans, then per user once: stray vectors and the profile; mark the sessions
    consolidated."""
    from workers.online import discard_sessions
    version = deps.extractor.version
    with _open(deps, sids, namespace, connection, outputs_of="reconcile") as (uow, loaded):
        todo = [(info, done) for info, done in loaded if "consolidate" not in done]
        if not todo:
            return []
        ns = todo[0][0].namespace
        states = uow.profiles.states(ns, _users([i for i, _ in todo]))
        written = _plans(uow, deps, todo, now, states)
        bump: dict[str, bool] = {}
        for info, plan, _ in written:
            bump[info.user_id] = bump.get(info.user_id, False) or bool(plan.ops)
        finish_users(uow, deps, ns, bump, now, states=states)  # plans write no profile
        for info, plan, counts in written:
            uow.audit.record(ns, info.user_id, "write", f"consolidate:session:{info.session_id}",
                             now, actor="worker")
            uow.after_commit(functools.partial(metrics.observe_consolidated,
                                               [d.kind for d in plan.decisions]))
            log.info("stage.consolidated", namespace=ns, user=info.user_id,
                     session=info.session_id, stage="consolidate", **counts)
        if metrics.live_items_due(ns):
            live = uow.items.count_live(ns)
            uow.after_commit(lambda: metrics.LIVE_ITEMS.labels(ns).set(live))
        discard_sessions(uow, ns, [(i.user_id, i.session_id) for i, _, _ in written])
        uow.sessions.set_states([i.sid for i, _, _ in written], SessionState.CONSOLIDATED)
        uow.runs.mark_done_many([_checkpoint(i, c) for i, _, c in written], "consolidate",
                                version, now)
    return [i.sid for i, _, _ in written]


# ---- forget ------------------------------------------------------------------------------
@_stage("forget")
def forget_many(deps: Deps, sids: Sequence[str], now: datetime, *,
                namespace: str | None = None, connection: HeldConnection | None = None
                ) -> list[str]:
    """Policy forgetting for the sessions' users (TTL expiry), once per user; what expired
    is recorded with the user's first session of the batch. Erasure has its own path."""
    from workers.expiry import expire_users
    version = deps.extractor.version
    with _open(deps, sids, namespace, connection) as (uow, loaded):
        todo = [info for info, done in loaded if "forget" not in done]
        if not todo:
            return []
        expired = expire_users(uow, todo[0].namespace, _users(todo), now)
        outputs = [_checkpoint(info, {"expired": expired.pop(info.user_id, [])})
                   for info in todo]
        uow.runs.mark_done_many(outputs, "forget", version, now)
        uow.sessions.finish_pipeline([i.sid for i in todo])  # nothing left to re-send
    return [i.sid for i in todo]
