"""The figures of `reverie bench retrieval`, pure: evidence recall@k over LoCoMo and the
knowledge-update order (current_first, stale_rate) over LongMemEval."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scripts.bench.data import CATEGORIES, UpdateQuestion

#: Cut-offs for LoCoMo evidence recall (the system is asked once per cut-off).
KS = (5, 10, 25)
#: Window for the LongMemEval knowledge-update figures (what a prompt would get).
UPDATE_K = 10
METHODS = ("system", "bm25", "dense")
#: LoCoMo recall@10 with the baselines given as many turns as the system's top 10 carried.
MATCHED = "recall@10/turn-matched"

#: One question's ranking: a list (its top-k is the first k), or by k what a method returned
#: when asked for k: the system's recall is asked once per cut-off, and all it returns counts
#: (it orders what it keeps, so its answer for 10 need not be the first 10 of its answer
#: for 25, and it adds pinned constraints on top of k; `turns@10` shows what that carries).
Ranked = Sequence[set[str]] | dict[int, Sequence[set[str]]]


def top(ranked: Ranked, k: int) -> Sequence[set[str]]:
    return ranked[k] if isinstance(ranked, dict) else ranked[:k]


def evidence_recall(gold: frozenset[str] | set[str], ranked: Ranked, k: int) -> float:
    """|gold ∩ sources of the top-k| / |gold|."""
    seen: set[str] = set()
    for sources in top(ranked, k):
        seen |= sources
    return len(gold & seen) / len(gold) if gold else 0.0


@dataclass(frozen=True)
class Hit:
    """One ranked result, reduced to what the metrics need."""

    turns: frozenset[str]          # dataset turn keys (dia_ids, "sid#i")
    sessions: frozenset[str]       # dataset session labels
    current: bool = False          # a live consolidated fact (not a raw fragment)


def update_order(q: UpdateQuestion, ranked: Sequence[Hit]) -> tuple[bool, bool]:
    """(current_first, stale) for one knowledge-update question, over what a method returned.

    current_first: the highest-ranked hit that traces to an answer session traces to the
    later one. stale: the older session ranks above the newer (or the newer is absent), or a
    live fact still carries the old value (sourced from the older session's answer turns and
    not from the newer session)."""
    first_old = first_new = None
    stale_fact = False
    for rank, hit in enumerate(ranked):
        if q.newer and q.newer in hit.sessions and first_new is None:
            first_new = rank
        if q.older and q.older in hit.sessions and first_old is None:
            first_old = rank
        if (hit.current and q.older and q.newer not in hit.sessions
                and any(t.startswith(q.older + "#") for t in hit.turns & q.answer_turns)):
            stale_fact = True
    current_first = first_new is not None and (first_old is None or first_new <= first_old)
    older_above = first_old is not None and (first_new is None or first_old < first_new)
    return current_first, older_above or stale_fact


def mean(values: Sequence[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def locomo_figures(rows: Sequence[tuple[int, frozenset[str], Ranked]]) -> dict:
    """rows: (category, gold, ranked sources) per question -> recall@k overall and per category."""
    out: dict[str, float | None] = {}
    for k in KS:
        out[f"recall@{k}"] = mean([evidence_recall(g, r, k) for _, g, r in rows])
    for k in KS:
        for cat, name in CATEGORIES.items():
            out[f"recall@{k}/{name}"] = mean([evidence_recall(g, r, k) for c, g, r in rows
                                               if c == cat])
    # How much text the top 10 carries, so larger chunks are not mistaken for better ranking.
    out["turns@10"] = mean([float(len(set().union(*top(r, 10)))) for _, _, r in rows])
    return out


def update_figures(rows: Sequence[tuple[UpdateQuestion, Sequence[Hit]]]) -> dict:
    """rows: (question, what a method returned for k = UPDATE_K) per question."""
    flags = [update_order(q, ranked) for q, ranked in rows]
    found = [bool(set().union(*(h.sessions for h in r)) & q.answer_sessions) if r else False
             for q, r in rows]
    return {"current_first": mean([float(c) for c, _ in flags]),
            "stale_rate": mean([float(s) for _, s in flags]),
            f"answer_session@{UPDATE_K}": mean([float(f) for f in found]),
            f"turns@{UPDATE_K}": mean([float(len(set().union(*(h.turns for h in r))))
                                        if r else 0.0 for _, r in rows])}
