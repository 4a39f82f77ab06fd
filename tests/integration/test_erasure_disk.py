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
