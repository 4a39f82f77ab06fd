"""Erasure that reaches the disk: after `forget`, the erased words are in none of Postgres's
files — the data files of every relation (base/), the shared catalogs (global/) and the
WAL (pg_wal/) — once the purge that follows an erasure has run (in process: at once).

The words are unique to the test, so the other databases of the shared test server (and
their WAL) cannot put them there."""
from __future__ import annotations

import uuid
from datetime import timedelta
from pathlib import Path

from sqlalchemy import text

from api.erasure import forget
from tests.integration.test_erasure import T0, play


def _data_dir(deps) -> Path:
    with deps.engine.connect() as c:
        return Path(c.execute(text("SHOW data_directory")).scalar())


def _flush(deps) -> None:
    with deps.engine.connect() as c:
        c.execute(text("CHECKPOINT"))


def files_with(root: Path, needle: bytes) -> list[str]:
    """Every file under the data directory whose bytes hold `needle`."""
    hits = []
    for path in root.rglob("*"):
        try:
            if path.is_file() and needle in path.read_bytes():
                hits.append(str(path.relative_to(root)))
        except (FileNotFoundError, PermissionError):  # removed while we looked
            continue
    return sorted(hits)


def test_erased_words_leave_the_data_files_and_the_wal(runtime, clock, ns):
    rt = runtime
    word = f"Zorblax{uuid.uuid4().hex[:10]}"
    play(rt, clock, ns, "u", "s1", T0, [
        ("user", "I live in Munich."),
        ("user", f"My iguana is called {word}."),
        ("user", f"{word} eats dandelions."),
        ("user", "I work as a nurse at Charite."),
    ])
    clock.set(T0 + timedelta(days=1))
    root = _data_dir(rt.deps)
    _flush(rt.deps)
    before = files_with(root, word.encode())
    assert any(p.startswith("base/") for p in before), before  # the scan can see it
    report = forget(rt.memory, ns, "u", text=word, at=clock.now())
    assert report["counts"]["fragments"] >= 1
    _flush(rt.deps)
    assert files_with(root, word.encode()) == []
    assert files_with(root, word.lower().encode()) == []
    assert "Munich" in str(rt.reader.current(ns, "u"))  # the rest stays


def test_erased_words_sampled_by_analyze_leave_pg_statistic(runtime, clock, ns):
    """An ANALYZE before the erasure (autovacuum's, here run at once) samples the column
    values into pg_statistic; the purge re-analyses and rewrites it, so they go too."""
    rt = runtime
    word = f"Vexlorb{uuid.uuid4().hex[:10]}"
    play(rt, clock, ns, "u", "s1", T0, [("user", f"My tortoise is called {word}."),
                                        ("user", f"{word} sleeps all winter.")])
    clock.set(T0 + timedelta(days=1))
    with rt.deps.engine.connect() as c:
        c.execute(text("ANALYZE"))
        sampled = c.execute(text(
            "SELECT count(*) FROM pg_stats WHERE schemaname = current_schema() AND "
            "(most_common_vals::text LIKE :w OR histogram_bounds::text LIKE :w)"),
            {"w": f"%{word}%"}).scalar()
    assert sampled >= 1  # the statistics hold the word before the erasure
    root = _data_dir(rt.deps)
    forget(rt.memory, ns, "u", text=word, at=clock.now())
    _flush(rt.deps)
    assert files_with(root, word.encode()) == []


def test_a_purge_that_left_a_locked_table_is_retried_by_the_sweeper(runtime, clock, ns,
                                                                    monkeypatch):
    """A reader holding `fragments` past the lock timeout makes the purge leave that table:
    the erased word stays in its old file, the purge covers nothing, and the sweeper purges
    again once `erasure_purge_delay_s` has passed (the stated retry cadence)."""
    from infra.db import purge
    from workers.triggers import sweep
    rt, deps = runtime, runtime.deps
    monkeypatch.setattr(purge, "LOCK_TIMEOUT_MS", 300)
    # After every purge this database has seen (its other tests' clocks): one that started
    # at or after the erasure would count as covering it.
    with deps.engine.connect() as c:
        latest = c.execute(text("SELECT max(started_at) FROM maintenance_runs")).scalar()
    at = max(T0, latest or T0) + timedelta(days=1)
    word = f"Quorblin{uuid.uuid4().hex[:10]}"
    play(rt, clock, ns, "u", "s1", at, [("user", f"My parrot is called {word}."),
                                        ("user", "I live in Munich.")])
    clock.set(at + timedelta(days=1))
    root = _data_dir(deps)
    _flush(deps)
    with deps.engine.connect() as reader:
        reader.execute(text("LOCK TABLE fragments IN ACCESS SHARE MODE"))  # a long read
        forget(rt.memory, ns, "u", text=word, at=clock.now())
        reader.rollback()
    _flush(deps)
    assert any(p.startswith("base/") for p in files_with(root, word.encode()))
    delay = deps.settings.erasure_purge_delay_s
    assert purge.purge_due(deps.engine, clock.now(), delay) is False  # not before the cadence
    assert purge.purge_due(deps.engine, clock.now() + timedelta(seconds=delay), delay)
    sweep(deps, clock.now() + timedelta(seconds=delay))
    _flush(deps)
    assert files_with(root, word.encode()) == []
    assert not purge.purge_due(deps.engine, clock.now() + timedelta(days=1), delay)


def _erase_while_held(rt, clock, ns, word: str, hold, *, seen_first: bool = False) -> list[str]:
    """Play a session naming `word`, run `hold(conn, held, release)` in a thread (it sets
    `held` once it holds what it holds, then waits for `release`), erase the word while it
    holds and release a second later; the files that still hold the word afterwards."""
    import threading

    deps = rt.deps
    play(rt, clock, ns, "u", "s1", T0, [("user", f"My boat is called {word}."),
                                        ("user", "I live in Munich.")])
    clock.set(T0 + timedelta(days=1))
    root = _data_dir(deps)
    if seen_first:
        _flush(deps)
        assert any(p.startswith("base/") for p in files_with(root, word.encode()))
    held, release = threading.Event(), threading.Event()

    def holder_body() -> None:
        with deps.engine.connect() as c:
            hold(c, held, release)

    holder = threading.Thread(target=holder_body, daemon=True)
    holder.start()
    assert held.wait(10)
    threading.Timer(1.0, release.set).start()
    forget(rt.memory, ns, "u", text=word, at=clock.now())
    holder.join(30)
    _flush(deps)
    return files_with(root, word.encode())


def test_an_erasure_during_another_purge_is_purged_too(runtime, clock, ns):
    """A purge that is running when an erasure commits may have rewritten the erased rows'
    tables already: it does not cover the erasure, so the erasure's own purge waits for it
    and runs, rather than skipping because one is running (the race that left a word in
    the files once in a loaded run)."""
    from infra.db import purge

    def earlier_purge(c, held, release) -> None:  # holds the purge lock as a running purge does
        c.execute(text("SELECT pg_advisory_lock(:k)"), {"k": purge._LOCK})
        c.commit()
        held.set()
        release.wait(30)
        c.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": purge._LOCK})
        c.commit()

    word = f"Vexmoor{uuid.uuid4().hex[:10]}"
    assert _erase_while_held(runtime, clock, ns, word, earlier_purge, seen_first=True) == []


def test_an_erasure_while_an_older_snapshot_is_open_is_purged_once_it_ends(runtime, clock, ns):
    """VACUUM FULL copies every row an open snapshot may still see: a transaction begun before
    the erasure (a report, a backup's pg_dump) would keep the erased rows in the new files.
    The purge waits for such snapshots to end before it rewrites (the flake of a loaded CI
    run, where another test's transaction was open)."""
    def reader(c, held, release) -> None:  # a snapshot from before the erasure, held past it
        c.exec_driver_sql("BEGIN ISOLATION LEVEL REPEATABLE READ")
        c.exec_driver_sql("SELECT count(*) FROM pg_class")
        held.set()
        release.wait(30)
        c.exec_driver_sql("COMMIT")

    word = f"Quillmere{uuid.uuid4().hex[:10]}"
    assert _erase_while_held(runtime, clock, ns, word, reader) == []
