"""Why the system believes what it believes: each version of a predicate with its sources
and the decisions that made or closed it."""
from __future__ import annotations

from api.memory import Memory
from pipeline.valid_time import holds_at
from schemas.ids import check_ident, check_namespace


def explain(memory: Memory, namespace: str, user_id: str,
            predicate: str | None = None) -> list[dict]:
    """One entry per fact version (current first, then the past), newest knowledge last;
    every predicate's when `predicate` is None (the inspector groups them)."""
    check_namespace(namespace), check_ident(user_id, "user id")
    now = memory.deps.now()
    with memory.deps.unit_of_work(namespace=namespace) as uow:
        versions = uow.facts.all_versions(namespace, user_id, predicate)
        evidence = uow.facts.evidence([f.fact_id for f in versions])
        decisions = uow.facts.decisions(namespace, user_id, predicate)
        quarantined = [q for q in uow.facts.quarantined(namespace, user_id)
                       if predicate is None or q.predicate == predicate]
        sessions = {s.session_id: s for s in uow.sessions.for_user(namespace, user_id)}
    by_fact: dict[str, list] = {}
    for d in decisions:
        for ref in {d.fact_id, (d.inputs or {}).get("target_fact_id")} - {None}:
            by_fact.setdefault(ref, []).append(d)
    out = []
    for f in versions:
        # Current is "holds now": a planned version is not yet, the one it replaces still is.
        status = ("withdrawn from belief" if f.retracted_at is not None
                  else "current" if holds_at(f, now)
                  else "planned" if f.valid_from > now else "past (closed)")
        origin = f.replaces or f.fact_id
        session = sessions.get(f.session_id or "")
        out.append({
            "fact_id": f.fact_id, "predicate": f.predicate, "object": f.object,
            "cardinality": f.cardinality, "status": status,
            "valid_from": f.valid_from, "valid_to": f.valid_to,
            "asserted_at": f.asserted_at, "retracted_at": f.retracted_at,
            "source": f.source, "confidence": f.confidence,
            "from": {"session": f.session_id, "turn": f.turn,
                     "session_started_at": session.started_at if session else None},
            "restated": [{"session": e.session_id, "turn": e.turn, "source": e.source,
                          "at": e.observed_at, "text": e.evidence}
                         for e in evidence if e.fact_id in (f.fact_id, origin)],
            "decisions": [{"kind": d.kind, "rule": d.rule, "reason": d.reason,
                           "session": d.session_id, "at": d.created_at,
                           "said": ((d.inputs or {}).get("claim") or {}).get("evidence")}
                          for d in by_fact.get(f.fact_id, []) + (
                              by_fact.get(origin, []) if origin != f.fact_id else [])],
        })
    order = {"current": 0, "planned": 1, "past (closed)": 2, "withdrawn from belief": 3}
    out.sort(key=lambda e: (order[e["status"]], e["valid_from"]))
    for q in quarantined:
        out.append({"predicate": q.predicate, "object": q.object, "status": "quarantined",
                    "reason": q.reason,
                    "from": {"session": q.session_id, "turn": q.claim.get("turn")},
                    "said": q.claim.get("evidence")})
    return out
