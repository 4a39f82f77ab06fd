"""Progressive disclosure: a compact index of what memory holds on a query first, the full
items only when the assistant asks for them.

`recall_index` ranks exactly like `Reader.recall` (same candidates, same fusion) but returns
one line per topic — a predicate of consolidated memory, or the raw conversation fragments —
with a count, the refs and a one-line preview. `expand` returns the full items behind refs,
live ones only and only the asking user's.
"""
from __future__ import annotations

from collections.abc import Sequence

from api.read import Reader
from pipeline.asks import predicates_named
from pipeline.fence import is_untrusted, render_fenced
from pipeline.rank import SCORE_FLOOR, Candidate, estimate_tokens, fuse, mark_conflicts
from schemas.errors import InvalidInput
from schemas.ids import check_ident, check_namespace
from schemas.records import RecallHit, TopicEntry

#: A preview is one line of at most this many characters.
PREVIEW_CHARS = 80
#: Refs one `expand` call may ask for.
MAX_EXPAND = 200
FRAGMENT_TOPIC = "fragments"


def _one_line(text: str, limit: int = PREVIEW_CHARS) -> str:
    flat = " ".join(render_fenced(text)[0].split())  # untrusted text stays labelled
    return flat if len(flat) <= limit else flat[:limit - 1].rstrip() + "…"


def _topic_of(c: Candidate) -> str:
    if c.kind == "fragment":
        return FRAGMENT_TOPIC
    return f"item:{c.predicate or c.item_kind or 'note'}"


def _label(topic: str) -> str:
    if topic == FRAGMENT_TOPIC:
        return "earlier conversations"
    return topic.split(":", 1)[1].replace("_", " ")


def topics_of(ranked: Sequence[Candidate], *, k: int,
              floor: float = SCORE_FLOOR) -> list[TopicEntry]:
    """Group fused candidates into at most `k` topics, pinned first, then by best score.
    Within a topic the refs keep their rank order. Pure."""
    groups: dict[str, list[Candidate]] = {}
    for c in ranked:
        if c.pinned or c.score >= floor:
            groups.setdefault(_topic_of(c), []).append(c)
    entries = []
    for topic, cands in groups.items():
        cands = sorted(cands, key=lambda c: (-c.score, c.ref))
        best = cands[0]
        entries.append(TopicEntry(
            topic=topic, label=_label(topic), kind=best.kind,
            predicate=best.predicate if best.kind == "item" else None, count=len(cands),
            refs=tuple(c.ref for c in cands), preview=_one_line(best.text),
            score=round(best.score, 6), tokens=sum(estimate_tokens(c.text) for c in cands),
            conflict=any(c.conflict for c in cands), pinned=any(c.pinned for c in cands)))
    entries.sort(key=lambda e: (not e.pinned, -e.score, e.topic))
    return entries[:k]


def recall_index(reader: Reader, namespace: str, user_id: str, query: str,
                 k: int | None = None) -> list[TopicEntry]:
    """The compact index for `query`: up to `k` topics, each a line the assistant can expand."""
    check_namespace(namespace), check_ident(user_id, "user id")
    s = reader.deps.settings
    k = k or s.recall_k
    qvec = reader.deps.embedder.embed([query])[0]
    named = predicates_named(query)
    with reader.deps.unit_of_work(namespace=namespace) as uow:
        uow.audit.record(namespace, user_id, "read", f"recall.index k={k}", reader.deps.now())
        cands = uow.recall.candidates(namespace, user_id, query, qvec, pool=max(30, 3 * k),
                                      predicates=named)
    ranked = mark_conflicts(fuse(cands, now=reader.deps.now(),
                                 half_life_days=s.decay_half_life_days, named=named))
    return topics_of(ranked, k=k)


def expand(reader: Reader, namespace: str, user_id: str,
           refs: Sequence[str]) -> list[RecallHit]:
    """The full items and fragments behind `refs`, in the order asked. Refs that are retired,
    superseded, unknown or another user's are absent from the answer (never an error, never
    a leak). Conflicts are marked against every live value of the predicate, not only the
    ones asked for."""
    check_namespace(namespace), check_ident(user_id, "user id")
    if isinstance(refs, str):
        raise InvalidInput("refs must be a list of item or fragment ids, not one string")
    if len(refs) > MAX_EXPAND:
        raise InvalidInput(f"at most {MAX_EXPAND} refs per expand call, got {len(refs)}")
    with reader.deps.unit_of_work(namespace=namespace) as uow:
        uow.audit.record(namespace, user_id, "read", f"recall.expand n={len(refs)}",
                         reader.deps.now())
        items, frags = uow.items.find_live(namespace, user_id, [str(r) for r in refs])
        predicates = {i.predicate for i in items if i.predicate}
        peers = [i for i in uow.items.live_items(namespace, user_id)
                 if i.predicate in predicates] if predicates else []
    conflicted = {c.ref for c in mark_conflicts([
        Candidate(kind="item", ref=i.item_id, text=i.statement, at=i.updated_at,
                  predicate=i.predicate) for i in peers]) if c.conflict}
    found: dict[str, RecallHit] = {}
    for i in items:
        found[i.item_id] = RecallHit(
            kind="item", ref=i.item_id, text=i.statement, score=0.0, at=i.updated_at,
            predicate=i.predicate, sources=i.sources, conflict=i.item_id in conflicted,
            pinned=i.kind == "constraint")
    for f in frags:
        found[f.fragment_id] = RecallHit(
            kind="fragment", ref=f.fragment_id, text=f.text, score=0.0, at=f.at,
            sources=tuple(f"{f.session_id}#{t}" for t in range(f.turn_start, f.turn_end + 1)),
            untrusted=is_untrusted(f.text))
    return [found[r] for r in dict.fromkeys(str(r) for r in refs) if r in found]
