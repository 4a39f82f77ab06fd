"""Expiry by policy: TTL expiry of short-lived kinds and per-namespace quotas (erasure, the
other kind of forgetting, is `api.erasure`).

Decay (downranking by last access) happens at read time in `pipeline.rank.fuse`, from
`accessed_at` or else `updated_at`. Each run here records what it expired and why as a
decision of kind "expired" (rule `ttl`, `quota.merge` or `quota.retire`); the decision names
items and facts by id, never by content. Every function runs in the caller's transaction
and is idempotent: a second run finds nothing left to do.
"""
from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta

from infra.deps import Deps, UnitOfWork
from pipeline.reconcile import close_fact
from pipeline.statements import item_id_for
from schemas.ids import stable_id
from schemas.records import MemoryItem

#: Kinds a quota never retires or merges: a forgotten allergy is a safety failure.
PROTECTED_KINDS = frozenset({"constraint"})
#: Fewest items of one predicate worth merging into one.
MERGE_MIN = 2


def _record(uow: UnitOfWork, namespace: str, user_id: str, *, rule: str, reason: str,
            predicate: str | None, item_id: str, fact_id: str | None, now: datetime,
            key: object, extra: dict | None = None) -> None:
    uow.decisions.record_expiry(namespace, user_id, rule=rule, reason=reason,
                                predicate=predicate, item_id=item_id, fact_id=fact_id,
                                now=now, key=key, extra=extra)
    uow.audit.record(namespace, user_id, "expire", f"{rule}:item:{item_id}", now,
                     actor="worker")


def expire_user(uow: UnitOfWork, namespace: str, user_id: str, now: datetime) -> list[dict]:
    """Retire items past their TTL and close the facts behind them (closed, not deleted)."""
    return expire_users(uow, namespace, [user_id], now)[user_id]


def expire_users(uow: UnitOfWork, namespace: str, user_ids: list[str],
                 now: datetime) -> dict[str, list[dict]]:
    """`expire_user` for several users: one query finds the items with a TTL."""
    expired: dict[str, list[dict]] = {u: [] for u in user_ids}
    for item in uow.items.with_ttl(namespace, user_ids):
        until, told = (item.scope or {}).get("until"), (item.scope or {}).get("told")
        # A dated plan expires by its own date; an undated one by the TTL since last told
        # (items written before `told` was kept count from their last update).
        since = datetime.fromisoformat(told) if told else item.updated_at
        due = (datetime.fromisoformat(until) if until
               else since + timedelta(days=item.ttl_days or 0))
        if due > now:
            continue
        user_id = item.user_id
        closed = None
        for fact in uow.facts.current(namespace, user_id, item.predicate):
            if item_id_for(namespace, user_id, fact.predicate, fact.object) == item.item_id:
                uow.facts.close(close_fact(fact, valid_to=now, now=now))
                # Expired, not contradicted: the exchange it came from stays recallable
                # (dated). It may carry more than the plan: "I'm going to the mall this
                # weekend; I've got five tops from H&M so far" lost the five tops with it.
                uow.items.retire_for_fact(fact, None, now, keep_fragments=True)
                closed = fact.fact_id
        uow.items.retire([item.item_id], now)
        reason = (f"dated {item.kind} past its date ({until[:10]})" if until else
                  f"short-lived {item.kind} past its TTL of {item.ttl_days} days "
                  f"(last told {since.date().isoformat()})")
        _record(uow, namespace, user_id, rule="ttl", reason=reason, predicate=item.predicate,
                item_id=item.item_id, fact_id=closed, now=now, key=item.revision)
        expired[user_id].append({"item_id": item.item_id, "user_id": user_id,
                                 "namespace": namespace, "reason": f"ttl {item.ttl_days} days"})
    return expired


# ---- quotas ------------------------------------------------------------------------------
def over_quota(uow: UnitOfWork, quota: int) -> dict[str, int]:
    """Namespaces holding more live items than `quota`, with how many more."""
    return uow.items.namespaces_over(quota)


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
    live = uow.items.lowest_value(namespace, except_kinds=PROTECTED_KINDS)
    groups: dict[tuple[str, str], list[MemoryItem]] = defaultdict(list)
    for item in live:
        if item.predicate:
            groups[(item.user_id, item.predicate)].append(item)
    users: set[str] = set()
    for (user_id, predicate), items in groups.items():  # oldest group first (insertion order)
        if excess <= 0:
            break
        if len(items) < MERGE_MIN:
            continue
        items = items[: excess + 1]
        merged = _merge(uow, deps, namespace, user_id, predicate, items, now)
        excess -= len(items) - 1
        users.add(user_id)
        done.append({"namespace": namespace, "user_id": user_id, "rule": "quota.merge",
                     "item_id": merged, "merged": [i.item_id for i in items]})
    if excess > 0:
        left = uow.items.lowest_value(namespace, except_kinds=PROTECTED_KINDS, limit=excess)
        uow.items.retire([i.item_id for i in left], now)
        for item in left:
            _record(uow, namespace, item.user_id, rule="quota.retire",
                    reason=f"namespace over its quota of {quota} live items: retired the "
                           "longest unused, least confident item",
                    predicate=item.predicate, item_id=item.item_id, fact_id=None, now=now,
                    key=item.revision)
            users.add(item.user_id)
            done.append({"namespace": namespace, "user_id": item.user_id,
                         "rule": "quota.retire", "item_id": item.item_id})
    for user_id in sorted(users):
        uow.profiles.bump(namespace, user_id)  # recall results change: cached ones must go
    return done


def _merge(uow: UnitOfWork, deps: Deps, namespace: str, user_id: str, predicate: str,
           items: list[MemoryItem], now: datetime) -> str:
    ids = sorted(i.item_id for i in items)
    merged_id = stable_id("merged", namespace, user_id, predicate, ids)
    statement = " ".join(i.statement for i in items)
    merged = MemoryItem(
        item_id=merged_id, namespace=namespace, user_id=user_id, kind=items[0].kind,
        predicate=predicate, statement=statement, scope={"merged_from": ids},
        confidence=max(i.confidence for i in items),
        sources=tuple(sorted({s for i in items for s in i.sources})), revision=1,
        sensitive=next((i.sensitive for i in items if i.sensitive), None),
        created_at=now, updated_at=now, tags=(predicate, "merged"))
    uow.items.add_merged(merged, deps.embedder.embed([statement])[0], deps.embedder.name)
    uow.items.supersede(ids, merged_id, now)
    for i in items:
        _record(uow, namespace, user_id, rule="quota.merge",
                reason=f"namespace over its quota of {deps.settings.namespace_quota_items} "
                       f"live items: merged {len(items)} items of {predicate} into one",
                predicate=predicate, item_id=i.item_id, fact_id=None, now=now, key=merged_id,
                extra={"merged_into": merged_id})
    return merged_id


def enforce_quotas(uow: UnitOfWork, deps: Deps, now: datetime) -> list[dict]:
    """Every namespace over its quota (the nightly batch; run under namespace "*")."""
    done: list[dict] = []
    for namespace in sorted(over_quota(uow, deps.settings.namespace_quota_items)):
        uow.facts.lock_user(namespace, "*quota*")
        done.extend(enforce_quota(uow, deps, namespace, now))
    return done
