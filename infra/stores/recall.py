"""Candidate retrieval for recall: filter first (namespace, user, live), then the full-text
and the vector ranks of items and fragments. Ranking itself is `pipeline.rank`."""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import text
from sqlalchemy.orm import Session

from pipeline.rank import Candidate

# An OR query from the user's words: plainto_tsquery ANDs every word, which finds nothing
# for a conversational question.
_TSQ = "replace(plainto_tsquery('english', :q)::text, '&', '|')::tsquery"

_ITEMS_VEC = f"""
SELECT item_id, statement, updated_at, confidence, predicate, sources, kind, accessed_at
FROM memory_items
WHERE namespace = :ns AND user_id = :uid AND NOT retired AND embedding IS NOT NULL
ORDER BY embedding <=> CAST(:qv AS vector) LIMIT :pool"""
_ITEMS_FTS = f"""
SELECT item_id, statement, updated_at, confidence, predicate, sources, kind, accessed_at
FROM memory_items
WHERE namespace = :ns AND user_id = :uid AND NOT retired AND tsv @@ {_TSQ}
ORDER BY ts_rank_cd(tsv, {_TSQ}) DESC LIMIT :pool"""
_ITEMS_PINNED = """
SELECT item_id, statement, updated_at, confidence, predicate, sources, kind, accessed_at
FROM memory_items
WHERE namespace = :ns AND user_id = :uid AND NOT retired AND kind = 'constraint'
LIMIT 20"""
_FRAG_VEC = """
SELECT fragment_id, text, at, session_id, turn_start, turn_end
FROM fragments
WHERE namespace = :ns AND user_id = :uid AND NOT retired AND embedding IS NOT NULL
ORDER BY embedding <=> CAST(:qv AS vector) LIMIT :pool"""
_FRAG_FTS = f"""
SELECT fragment_id, text, at, session_id, turn_start, turn_end
FROM fragments
WHERE namespace = :ns AND user_id = :uid AND NOT retired AND tsv @@ {_TSQ}
ORDER BY ts_rank_cd(tsv, {_TSQ}) DESC LIMIT :pool"""


def _vec_literal(vec: Sequence[float]) -> str:
    return "[" + ",".join(f"{v:.6f}" for v in vec) + "]"


class RecallStore:
    def __init__(self, session: Session) -> None:
        self._s = session

    def candidates(self, namespace: str, user_id: str, query: str, qvec: Sequence[float],
                   *, pool: int = 30, fragments: bool = True) -> list[Candidate]:
        params = {"ns": namespace, "uid": user_id, "q": query, "qv": _vec_literal(qvec),
                  "pool": pool}
        by_ref: dict[str, dict] = {}

        def item(row, field: str, rank: int) -> None:
            entry = by_ref.setdefault(row.item_id, dict(
                kind="item", ref=row.item_id, text=row.statement, at=row.updated_at,
                confidence=row.confidence, predicate=row.predicate,
                sources=tuple(row.sources or ()), item_kind=row.kind,
                accessed_at=row.accessed_at))
            if field:
                entry.setdefault(field, rank)

        for rank, row in enumerate(self._s.execute(text(_ITEMS_VEC), params), 1):
            item(row, "vec_rank", rank)
        for rank, row in enumerate(self._s.execute(text(_ITEMS_FTS), params), 1):
            item(row, "fts_rank", rank)
        for row in self._s.execute(text(_ITEMS_PINNED), params):
            item(row, "", 0)
        if fragments:
            def frag(row, field: str, rank: int) -> None:
                entry = by_ref.setdefault(row.fragment_id, dict(
                    kind="fragment", ref=row.fragment_id, text=row.text, at=row.at,
                    confidence=0.6, sources=tuple(
                        f"{row.session_id}#{t}" for t in range(row.turn_start,
                                                               row.turn_end + 1))))
                entry.setdefault(field, rank)

            for rank, row in enumerate(self._s.execute(text(_FRAG_VEC), params), 1):
                frag(row, "vec_rank", rank)
            for rank, row in enumerate(self._s.execute(text(_FRAG_FTS), params), 1):
                frag(row, "fts_rank", rank)
        return [Candidate(**e) for e in by_ref.values()]
