"""Changing the embedding model: reprocessing re-embeds every item and fragment, and each
vector records the model that made it."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import numpy as np
from sqlalchemy import text

from infra.deps import build_deps, set_deps
from infra.embedders import HashEmbedder
from workers.triggers import reprocess

T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)


class RotatedHashEmbedder:
    """A second model for the test: the hashing embedder's vectors rotated by one place
    (same 384 dimensions as the column, another name)."""

    name = "test-rotated-384"
    dim = 384

    def __init__(self) -> None:
        self._hash = HashEmbedder(384)

    def embed(self, texts):
        return [v[1:] + v[:1] for v in self._hash.embed(texts)]


def _vectors(deps, ns):
    with deps.engine.connect() as c:
        items = c.execute(text("SELECT statement, embedding::text, embed_model FROM memory_items "
                               "WHERE namespace = :ns"), {"ns": ns}).all()
        frags = c.execute(text("SELECT text, embedding::text, embed_model FROM fragments "
                               "WHERE namespace = :ns"), {"ns": ns}).all()
    return items, frags


def _close(stored: str, expected: list[float]) -> bool:
    return np.allclose(np.array(json.loads(stored)), np.array(expected), atol=1e-5)


def test_a_new_model_reembeds_items_and_fragments_on_reprocess(runtime, clock, ns):
    clock.set(T0)
    rt = runtime
    rt.memory.start_session(ns, "u1", "s1", T0)
    for i, (role, said) in enumerate([("user", "I live in Berlin and I work at Siemens."),
                                      ("assistant", "Great."),
                                      ("user", "I am allergic to peanuts."),
                                      ("assistant", "Noted.")]):
        rt.memory.append_turn(ns, "u1", "s1", role, said, T0 + timedelta(seconds=30 * i))
    rt.memory.end_session(ns, "u1", "s1", T0 + timedelta(minutes=2))
    items, frags = _vectors(rt.deps, ns)
    assert items and frags
    assert {m for *_, m in items} | {m for *_, m in frags} == {"hash-384"}

    other = RotatedHashEmbedder()
    deps2 = build_deps(rt.settings.model_copy(update={"embedder": "hash"}), clock=clock,
                       embedder=other, run_migrations=False)
    set_deps(deps2)  # what the (eager) tasks use: the process now runs the new model
    try:
        with deps2.unit_of_work() as uow:
            sessions = uow.sessions.select(namespace=ns, user_id="u1")
        assert reprocess(deps2, sessions, clock.now(), force=True) == 1
        items, frags = _vectors(deps2, ns)
    finally:
        set_deps(rt.deps)
        deps2.dispose()
    assert {m for *_, m in items} == {other.name}
    assert {m for *_, m in frags} == {other.name}
    for statement, vec, _ in items:
        assert _close(vec, other.embed([statement])[0])
    for fragment_text, vec, _ in frags:
        assert _close(vec, other.embed([fragment_text])[0])
