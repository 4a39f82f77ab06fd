"""Group commit of the extract stage on the real Postgres: threads finishing their
extractions while a write runs are written together, leaving exactly what one at a time
leaves, and one bad session fails only its own thread."""
from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import text

from infra.stores.runs import RunStore
from scripts.bench.conversations import generate
from tests.integration.test_batch import (
    NOW, _deps, _forget_dreams, _snapshot, _store)
from workers import stages
from workers.extract_writes import GroupCommit

pytestmark = pytest.mark.usefixtures("no_ended_leftovers")


def _replay_snapshot(deps, ns) -> dict:
    snap = _snapshot(deps, ns)
    return {k: snap[k] for k in ("fragments", "extraction_runs", "checkpoints", "sessions")}


def _in_threads(deps, writer: GroupCommit, sids) -> dict[str, BaseException | None]:
    """Each session's extraction and write in a thread of its own, all at once."""
    errors: dict[str, BaseException | None] = {}

    def one(sid: str) -> None:
        try:
            writer.write(deps, sid, stages.prepare_replay(deps, [sid]), NOW, None)
            errors[sid] = None
        except Exception as exc:  # noqa: BLE001 — the test reads it
            errors[sid] = exc
    threads = [threading.Thread(target=one, args=(s,)) for s in sids]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return errors


@pytest.fixture
def slow_first_write(monkeypatch):
    """The first replay write takes 0.5 s, so the other threads finish meanwhile; the
    number of sessions each write carried."""
    real, sizes = RunStore.mark_done_many, []

    def slow(self, rows, stage, version, now):
        if stage == "replay":
            sizes.append(len(rows))
            if len(sizes) == 1:
                time.sleep(0.5)
        return real(self, rows, stage, version, now)
    monkeypatch.setattr(RunStore, "mark_done_many", slow)
    return sizes


def test_threads_finishing_together_write_once_and_leave_what_one_at_a_time_leaves(
        runtime, ns, slow_first_write):
    deps = _deps(runtime, dream_batch_size=8)
    sids = _store(deps, generate(7, ns, users=4, sessions=3, turns=8))
    for sid in sids:
        stages.replay_many(deps, [sid], NOW)
    expected = _replay_snapshot(deps, ns)
    _forget_dreams(deps, ns)
    slow_first_write.clear()

    errors = _in_threads(deps, GroupCommit(), sids)
    assert errors == {s: None for s in sids}
    assert sum(slow_first_write) == len(sids)  # each written once ...
    assert max(slow_first_write) > 1 and max(slow_first_write) <= 8  # ... some together
    assert _replay_snapshot(deps, ns) == expected


def test_a_bad_session_in_a_group_fails_only_its_own_thread(runtime, ns, slow_first_write):
    deps = _deps(runtime, dream_batch_size=16)
    sids = _store(deps, generate(7, ns, users=3, sessions=2, turns=6))
    bad = sids[3]
    with deps.engine.begin() as c:  # its transcript is gone: a permanent failure
        c.execute(text("UPDATE sessions SET transcript_key = NULL WHERE sid = :sid"),
                  {"sid": bad})
    errors = _in_threads(deps, GroupCommit(), sids)
    assert {s for s, e in errors.items() if e is not None} == {bad}
    assert "no transcript" in str(errors[bad])
    with deps.engine.connect() as c:
        done = set(c.execute(text("SELECT sid FROM checkpoints WHERE namespace = :ns AND "
                                  "stage = 'replay'"), {"ns": ns}).scalars())
    assert done == set(sids) - {bad}
