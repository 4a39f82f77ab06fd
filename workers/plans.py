"""Writing reconcile plans, in the caller's unit of work: facts, the items that follow them,
vectors, and the profiles of the users they touched.

Used by the consolidate stage (for one session or a batch) and by the admin corrections.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from infra import metrics
from infra.deps import Deps, UnitOfWork
from infra.stores.items import ItemChange
from infra.stores.profiles import ProfileState
from pipeline.fence import hold_back
from pipeline.profile import facts_digest, render_profile
from pipeline.reconcile import reconcile
from pipeline.vocabulary import Vocabulary
from schemas.errors import PermanentError
from schemas.plan import CloseFact, InsertFact, Plan, Quarantine, Reconfirm
from schemas.records import Claim, Fact, SessionInfo


def claims_of(replay_output: dict | None, info: SessionInfo) -> list[Claim]:
    """The claims a replay checkpoint recorded (PermanentError when replay has not run)."""
    if replay_output is None:
        raise PermanentError(f"reconcile before replay for session {info.session_id!r}")
    return [Claim.model_validate(c) for c in replay_output.get("claims", [])]


def plan_claims(claims: Sequence[Claim], versions: Sequence[Fact], *, namespace: str,
                user_id: str, session_id: str | None, now: datetime,
                vocabulary: Vocabulary) -> Plan:
    """Reconcile claims against one user's fact versions: those still believed (not
    retracted) are the history, those of them still valid the current facts. Retracted
    versions may be passed in; they are left out."""
    history = [f for f in versions if f.retracted_at is None]
    return reconcile(claims, [f for f in history if f.valid_to is None], namespace=namespace,
                     user_id=user_id, session_id=session_id, now=now, vocabulary=vocabulary,
                     history=history)


def plan_for(uow: UnitOfWork, deps: Deps, info: SessionInfo, now: datetime) -> Plan:
    """Plan one session's claims against the user's facts as stored now."""
    out = uow.runs.checkpoint(info.sid, "replay", info.transcript_checksum or "",
                              deps.extractor.version)
    return plan_claims(claims_of(out, info), uow.facts.history(info.namespace, info.user_id),
                       namespace=info.namespace, user_id=info.user_id,
                       session_id=info.session_id, now=now, vocabulary=deps.vocabulary)


def write_plans(uow: UnitOfWork, deps: Deps, plans: Sequence[Plan],
                now: datetime) -> list[dict[str, int]]:
    """Write plans in order: facts, then the items that follow them (retiring the old, with
    vectors for new items). Returns the fact counts of each plan. Profiles and stray
    vectors are `finish_users`' job, once for all the plans."""
    if not plans:
        return []
    counts = uow.facts.apply_many(plans, now)
    stored = uow.facts.get_many([op.fact_id for plan in plans for op in plan.ops
                                 if isinstance(op, (CloseFact, Reconfirm))])
    changes = []
    for plan in plans:
        inserted = {op.fact.fact_id: op.fact for op in plan.ops if isinstance(op, InsertFact)}
        for op in plan.ops:
            if isinstance(op, InsertFact):
                changes.append(ItemChange("upsert", op.fact))
            elif isinstance(op, CloseFact) and op.fact_id in stored:
                changes.append(ItemChange("retire", stored[op.fact_id],
                                          successor=inserted.get(op.successor_fact_id or "")))
            elif isinstance(op, Reconfirm) and op.fact_id in stored:
                changes.append(ItemChange("source", stored[op.fact_id],
                                          session_id=op.claim.session_id, turn=op.claim.turn,
                                          confidence=op.claim.confidence,
                                          told_at=op.claim.valid_from))
    uow.items.apply(changes, now, embed=lambda texts: metrics.timed_embed(deps.embedder, texts),
                    model=deps.embedder.name)
    hold_back_quarantined(uow, deps, plans)
    return counts


def hold_back_quarantined(uow: UnitOfWork, deps: Deps, plans: Sequence[Plan]) -> int:
    """The claims these plans quarantine leave the fragments they were read from and their
    session's open thread (`pipeline.fence.hold_back`): held for review, they are not the
    user's memory, and a fragment would bring them back into a prompt as if they were.
    Returns how many fragments were rewritten (with new vectors: the old ones were made
    from the held text)."""
    held: dict[tuple[str, str, str], list[Claim]] = {}
    for plan in plans:
        for op in plan.ops:
            if isinstance(op, Quarantine) and op.claim.session_id:
                held.setdefault((plan.namespace, plan.user_id, op.claim.session_id),
                                []).append(op.claim)
    changed = []
    for (namespace, user_id, session_id), claims in held.items():
        turns = [c.turn for c in claims if c.turn is not None]
        for f in uow.fragments.covering(namespace, user_id, session_id, turns):
            text = hold_back(f.text, [(c.evidence, c.object) for c in claims
                                      if c.turn is not None
                                      and f.turn_start <= c.turn <= f.turn_end])
            if text != f.text:
                changed.append(f.model_copy(update={"text": text}))
        info = uow.sessions.find(namespace, user_id, session_id)
        if info is not None and info.summary:  # made at the session's end, from its turns
            summary = " ".join(hold_back(info.summary, [(c.evidence, c.object) for c in claims],
                                         mark="").split())
            if summary != info.summary:
                uow.sessions.set_summary(info.sid, summary or None)
    if changed:
        uow.fragments.rewrite(changed, metrics.timed_embed(deps.embedder,
                                                           [f.text for f in changed]),
                              deps.embedder.name)
    return len(changed)


def finish_users(uow: UnitOfWork, deps: Deps, namespace: str, bump: dict[str, bool],
                 now: datetime, *, states: dict[str, ProfileState] | None = None) -> None:
    """After plans were written: vectors for any item still missing one, and each user's
    profile re-rendered (`bump[user]`: bump the cache version even if the render is the
    same, because the plans changed something recall can see). `states`: the users'
    profile states as read earlier in this unit of work (the plans write no profile)."""
    users = sorted(bump)
    embed_pending(uow, deps, namespace, users)
    refresh_profiles(uow, namespace, {u: bump[u] for u in users}, now, states=states)


def apply_plan(uow: UnitOfWork, deps: Deps, plan: Plan, now: datetime) -> dict[str, int]:
    """Write a plan: facts, items (with retirement of the old), vectors, profile, cache."""
    counts = write_plans(uow, deps, [plan], now)[0]
    finish_users(uow, deps, plan.namespace, {plan.user_id: bool(plan.ops)}, now)
    return counts


def embed_pending(uow: UnitOfWork, deps: Deps, namespace: str,
                  user_id: str | Sequence[str]) -> int:
    rows = uow.items.items_missing_vectors(namespace, user_id, deps.embedder.name)
    if rows:
        uow.items.set_vectors(rows, metrics.timed_embed(deps.embedder,
                                                        [r.statement for r in rows]),
                              deps.embedder.name)
    return len(rows)


def refresh_profile(uow: UnitOfWork, namespace: str, user_id: str, now: datetime, *,
                    force_bump: bool = False) -> bool:
    """Re-render only when the current facts changed; bump the cache version on any change."""
    return user_id in refresh_profiles(uow, namespace, {user_id: force_bump}, now)


def refresh_profiles(uow: UnitOfWork, namespace: str, force_bump: dict[str, bool],
                     now: datetime, *, states: dict[str, ProfileState] | None = None
                     ) -> set[str]:
    """`refresh_profile` for several users: one read of their current facts, one of their
    profiles (none when the caller read their `states` in this unit of work already), then
    one write of the renders that changed and one of the bumps. Returns the users whose
    profile text changed."""
    users = sorted(force_bump)
    facts = uow.facts.current_by_user(namespace, users, at=now)
    if states is None or not set(users) <= states.keys():
        states = uow.profiles.states(namespace, users)
    renders = {}
    for u in users:
        consent = states[u].sensitive_consent
        renders[u] = (render_profile(facts[u], sensitive_consent=consent, now=now),
                      facts_digest(facts[u], sensitive_consent=consent, now=now))
    return uow.profiles.save_many(namespace, states, renders,
                                  [u for u in users if force_bump[u]], now)
