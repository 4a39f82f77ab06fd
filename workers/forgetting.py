"""Forgetting by policy: TTL expiry of short-lived kinds and per-namespace quotas.

Decay (downranking by last access) happens at read time in `pipeline.rank.fuse`, from
`accessed_at` or else `updated_at`. Erasure is `api.erasure`. Each run here records what it
expired and why as a decision of kind "expired" (rule `ttl`, `quota.merge` or
`quota.retire`); the decision names items and facts by id, never by content. Every function
runs in the caller's transaction and is idempotent: a second run finds nothing left to do.
"""
from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert

from infra.db.models import DecisionRow, MemoryItemRow, MemoryItemVersionRow
from infra.deps import Deps, UnitOfWork
from pipeline.reconcile import close_fact
from pipeline.statements import item_id_for
from schemas.ids import stable_id

#: Kinds a quota never retires or merges: a forgotten allergy is a safety failure.
PROTECTED_KINDS = frozenset({"constraint"})
#: Fewest items of one predicate worth merging into one.
MERGE_MIN = 2


def _record(uow: UnitOfWork, namespace: str, user_id: str, *, rule: str, reason: str,
            predicate: str | None, item_id: str, fact_id: str | None, now: datetime,
            key: object, extra: dict | None = None) -> None:
    uow.session.execute(insert(DecisionRow).values(
        decision_id=stable_id("expired", namespace, user_id, rule, item_id, key),
        namespace=namespace, user_id=user_id, session_id=None, kind="expired", rule=rule,
        reason=reason, predicate=predicate, inputs={"item_id": item_id, **(extra or {})},
        fact_id=fact_id, created_at=now).on_conflict_do_nothing(index_elements=["decision_id"]))
    uow.audit.record(namespace, user_id, "expire", f"{rule}:item:{item_id}", now,
                     actor="worker")


def expire_user(uow: UnitOfWork, namespace: str, user_id: str, now: datetime) -> list[dict]:
    """Retire items past their TTL and close the facts behind them (closed, not deleted)."""
    return expire_users(uow, namespace, [user_id], now)[user_id]


def expire_users(uow: UnitOfWork, namespace: str, user_ids: list[str],
                 now: datetime) -> dict[str, list[dict]]:
    """`expire_user` for several users: one query finds the items with a TTL."""
    expired: dict[str, list[dict]] = {u: [] for u in user_ids}
    rows = list(uow.session.scalars(select(MemoryItemRow).where(
        MemoryItemRow.namespace == namespace, MemoryItemRow.user_id.in_(user_ids),
        MemoryItemRow.retired.is_(False), MemoryItemRow.ttl_days.is_not(None))
        .order_by(MemoryItemRow.user_id))) if user_ids else []
    for row in rows:
        until = (row.scope or {}).get("until")
        # A dated plan expires by its own date; an undated one by the TTL since last told.
        due = (datetime.fromisoformat(until) if until
               else row.updated_at + timedelta(days=row.ttl_days))
        if due > now:
            continue
        user_id = row.user_id
        closed = None
        for fact in uow.facts.current(namespace, user_id, row.predicate):
            if item_id_for(namespace, user_id, fact.predicate, fact.object) == row.item_id:
                uow.facts.close(close_fact(fact, valid_to=now, now=now))
                # Expired, not contradicted: the exchange it came from stays recallable
                # (dated). It may carry more than the plan: "I'm going to the mall this
                # weekend; I've got five tops from H&M so far" lost the five tops with it.
                uow.items.retire_for_fact(fact, None, now, keep_fragments=True)
                closed = fact.fact_id
        uow.session.execute(update(MemoryItemRow).where(
            MemoryItemRow.item_id == row.item_id, MemoryItemRow.retired.is_(False))
            .values(retired=True, updated_at=now))
        reason = (f"dated {row.kind} past its date ({until[:10]})" if until else
                  f"short-lived {row.kind} past its TTL of {row.ttl_days} days "
                  f"(last updated {row.updated_at.date().isoformat()})")
        _record(uow, namespace, user_id, rule="ttl", reason=reason, predicate=row.predicate,
                item_id=row.item_id, fact_id=closed, now=now, key=row.revision)
        expired[user_id].append({"item_id": row.item_id, "user_id": user_id,
                                 "namespace": namespace, "reason": f"ttl {row.ttl_days} days"})
    return expired


# ---- quotas ------------------------------------------------------------------------------
def over_quota(uow: UnitOfWork, quota: int) -> dict[str, int]:
    """Namespaces holding more live items than `quota`, with how many more."""
    rows = uow.session.execute(
        select(MemoryItemRow.namespace, func.count()).where(MemoryItemRow.retired.is_(False))
        .group_by(MemoryItemRow.namespace).having(func.count() > quota)).all()
    return {ns: n - quota for ns, n in rows}


def _value_order(q):
    """Lowest value first: longest unused, then least confident."""
    return q.order_by(func.coalesce(MemoryItemRow.accessed_at, MemoryItemRow.updated_at),
                      MemoryItemRow.confidence, MemoryItemRow.item_id)


def enforce_quota(uow: UnitOfWork, deps: Deps, namespace: str, now: datetime) -> list[dict]:
    """Bring one namespace back under `Settings.namespace_quota_items` live items.

    First a lossy merge: a user's live items of one predicate (oldest groups first) become one
    item whose statement joins theirs; the originals are retired, superseded by it, and kept
    with their versions. If that is not enough, the lowest-value items are retired. Items of
    protected kinds (constraints) are never touched; facts are not changed (the profile keeps
    them), only what recall can surface."""
    quota = deps.settings.namespace_quota_items
    excess = over_quota(uow, quota).get(namespace, 0)
    done: list[dict] = []
    if excess <= 0:
        return done
    live = list(uow.session.scalars(_value_order(select(MemoryItemRow).where(
        MemoryItemRow.namespace == namespace, MemoryItemRow.retired.is_(False),
        MemoryItemRow.kind.not_in(sorted(PROTECTED_KINDS))))))
    groups: dict[tuple[str, str], list[MemoryItemRow]] = defaultdict(list)
    for row in live:
        if row.predicate:
            groups[(row.user_id, row.predicate)].append(row)
    users: set[str] = set()
    for (user_id, predicate), rows in groups.items():  # oldest group first (insertion order)
        if excess <= 0:
            break
        if len(rows) < MERGE_MIN:
            continue
        rows = rows[: excess + 1]
        merged = _merge(uow, deps, namespace, user_id, predicate, rows, now)
        excess -= len(rows) - 1
        users.add(user_id)
        done.append({"namespace": namespace, "user_id": user_id, "rule": "quota.merge",
                     "item_id": merged, "merged": [r.item_id for r in rows]})
    if excess > 0:
        left = list(uow.session.scalars(_value_order(select(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.retired.is_(False),
            MemoryItemRow.kind.not_in(sorted(PROTECTED_KINDS)))).limit(excess)))
        for row in left:
            row.retired, row.updated_at = True, now
            _record(uow, namespace, row.user_id, rule="quota.retire",
                    reason=f"namespace over its quota of {quota} live items: retired the "
                           "longest unused, least confident item",
                    predicate=row.predicate, item_id=row.item_id, fact_id=None, now=now,
                    key=row.revision)
            users.add(row.user_id)
            done.append({"namespace": namespace, "user_id": row.user_id,
                         "rule": "quota.retire", "item_id": row.item_id})
    uow.session.flush()
    for user_id in sorted(users):
        uow.profiles.bump(namespace, user_id)  # recall results change: cached ones must go
    return done


def _merge(uow: UnitOfWork, deps: Deps, namespace: str, user_id: str, predicate: str,
           rows: list[MemoryItemRow], now: datetime) -> str:
    ids = sorted(r.item_id for r in rows)
    merged_id = stable_id("merged", namespace, user_id, predicate, ids)
    statement = " ".join(r.statement for r in rows)
    sources = sorted({s for r in rows for s in (r.sources or [])})
    vector = deps.embedder.embed([statement])[0]
    uow.session.execute(insert(MemoryItemRow).values(
        item_id=merged_id, namespace=namespace, user_id=user_id, kind=rows[0].kind,
        predicate=predicate, statement=statement, scope={"merged_from": ids},
        confidence=max(r.confidence for r in rows), sources=sources, revision=1,
        retired=False, sensitive=next((r.sensitive for r in rows if r.sensitive), None),
        created_at=now, updated_at=now, tags=[predicate, "merged"], embedding=vector,
        embed_model=deps.embedder.name).on_conflict_do_nothing(index_elements=["item_id"]))
    uow.session.execute(insert(MemoryItemVersionRow).values(
        item_id=merged_id, revision=1, namespace=namespace, user_id=user_id,
        statement=statement, confidence=max(r.confidence for r in rows), sources=sources,
        fact_id=None, created_at=now).on_conflict_do_nothing())
    for r in rows:
        r.retired, r.superseded_by, r.updated_at = True, merged_id, now
        _record(uow, namespace, user_id, rule="quota.merge",
                reason=f"namespace over its quota of {deps.settings.namespace_quota_items} "
                       f"live items: merged {len(rows)} items of {predicate} into one",
                predicate=predicate, item_id=r.item_id, fact_id=None, now=now, key=merged_id,
                extra={"merged_into": merged_id})
    uow.session.execute(update(MemoryItemVersionRow).where(
        MemoryItemVersionRow.item_id.in_(ids), MemoryItemVersionRow.superseded_at.is_(None))
        .values(superseded_at=now))
    return merged_id


def enforce_quotas(uow: UnitOfWork, deps: Deps, now: datetime) -> list[dict]:
    """Every namespace over its quota (the nightly batch; run under namespace "*")."""
    done: list[dict] = []
    for namespace in sorted(over_quota(uow, deps.settings.namespace_quota_items)):
        uow.facts.lock_user(namespace, "*quota*")
        done.extend(enforce_quota(uow, deps, namespace, now))
    return done
