"""`ProfileStore.save_many` on the real Postgres: a user with no profile row gets it with
its render (or its bump) in one insert, at cache version 1 as an insert-then-update gave;
users with a row are updated as before; a render equal to the stored one writes nothing."""
from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine, event

NOW = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)


def _rows(runtime, ns):
    with runtime.deps.unit_of_work(ns) as uow:
        return {u: (p.text, p.facts_digest, p.cache_version, p.rendered_at)
                for u in ("ana", "bo", "cy", "di") if (p := uow.profiles.get(ns, u))}


def _save(runtime, ns, renders, bumps):
    with runtime.deps.unit_of_work(ns) as uow:
        states = uow.profiles.states(ns, sorted({*renders, *bumps}))
        return uow.profiles.save_many(ns, states, renders, bumps, NOW)


def test_new_and_existing_users_in_one_batch(runtime, ns):
    assert _save(runtime, ns, {"ana": ("Lives in Lyon.", "d1")}, []) == {"ana"}
    statements = []

    def count(*_a, **_k):
        statements.append(1)
    event.listen(Engine, "before_cursor_execute", count)
    try:
        changed = _save(runtime, ns, {"ana": ("Lives in Nantes.", "d2"),
                                      "bo": ("Works at Orange.", "d3"),
                                      "cy": ("", "")}, ["cy", "di"])
    finally:
        event.remove(Engine, "before_cursor_execute", count)
    assert changed == {"ana", "bo"}
    assert _rows(runtime, ns) == {
        "ana": ("Lives in Nantes.", "d2", 2, NOW),   # existing: updated, version bumped
        "bo": ("Works at Orange.", "d3", 1, NOW),    # new, rendered: one insert
        "cy": ("", "", 1, None),                     # new, nothing to render: bumped
        "di": ("", "", 1, None)}                     # new, bump only
    # scope + the states read + one insert of the new users + one update of ana
    assert len(statements) == 4


def test_an_unchanged_render_writes_nothing(runtime, ns):
    _save(runtime, ns, {"ana": ("Lives in Lyon.", "d1")}, [])
    assert _save(runtime, ns, {"ana": ("Lives in Lyon.", "d1")}, []) == set()
    assert _rows(runtime, ns)["ana"][2] == 1
