"""`reverie demo`: the seed's story, end to end, on the embedded stack."""
from __future__ import annotations

import shutil
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rich.console import Console
from rich.panel import Panel

from api.read import render_context
from infra.clock import FixedClock


def _t(s: str) -> datetime:
    return datetime.fromisoformat(s).replace(tzinfo=UTC)


STORY = [
    ("s1", "2025-03-02T10:00:00", [
        ("user", "I live in Munich, in the Schwabing district."),
        ("assistant", "Schwabing is a lovely part of Munich."),
        ("user", "I work as a product designer at Siemens."),
        ("assistant", "That sounds interesting."),
    ]),
    ("s2", "2026-08-17T09:00:00", [
        ("user", "I've just moved from Munich to Berlin."),
        ("assistant", "Congratulations on the move!"),
    ]),
]


def run_demo(console: Console, data_dir: Path | None = None) -> None:
    from infra.db.engine import stop_embedded
    from api.runtime import start

    keep = data_dir is not None
    root = Path(data_dir) if keep else Path(tempfile.mkdtemp(prefix="reverie-demo-"))
    clock = FixedClock(_t("2025-03-02T10:00:00"))
    if keep:
        console.print(f"[dim]state kept in {root} (embedded Postgres + file object store, "
                      "tasks in process)[/dim]")
    else:
        console.print(f"[dim]state in a temporary folder {root}, deleted when the demo ends "
                      "(keep it with --data-dir DIR)[/dim]")
    rt = start(clock=clock, data_dir=root, broker_url=None, database_url=None,
               object_store_url=None, mode="full")
    ns, user = "demo", "u-42"
    try:
        with rt.deps.unit_of_work(namespace=ns) as uow:
            played = uow.sessions.find(ns, user, STORY[-1][0]) is not None
        if played:
            console.print(f"[dim]the story was played in {root} already: showing what it "
                          "holds[/dim]")
        for sid, started, turns in ([] if played else STORY):
            at = _t(started)
            clock.set(at)
            rt.memory.start_session(ns, user, sid, at)
            console.rule(f"session {sid} — {at:%d %b %Y}")
            for i, (role, text) in enumerate(turns):
                clock.set(at + timedelta(seconds=30 * i))
                rt.memory.append_turn(ns, user, sid, role, text, clock.now())
                console.print(f"[bold]{role}[/bold]: {text}")
            rt.memory.end_session(ns, user, sid)  # replay -> reconcile -> consolidate -> forget
        clock.set(_t("2026-08-19T08:00:00"))
        console.rule("Wednesday, 19 Aug 2026: a new session")
        console.print(Panel(rt.reader.profile(ns, user), title="profile (always injected)"))
        query = "recommend a dentist near me"
        recalled = rt.reader.recall(ns, user, query, k=5)
        console.print(Panel(render_context(recalled) or "(nothing)",
                            title=f"recall: {query!r}"))
        city = [f.object for f in rt.reader.current(ns, user, "city")]
        console.print(f"current city: [bold green]{', '.join(city)}[/bold green]")
        then = rt.reader.as_of(ns, user, _t("2025-09-15T00:00:00"), "city")
        console.print("where did I live in September 2025? "
                      f"[bold]{', '.join(f.object for f in then) or 'unknown'}[/bold]")
        believed = rt.reader.believed_as_of(ns, user, _t("2026-05-01T00:00:00"), "city")
        console.print("what did we believe on 1 May 2026? "
                      f"[bold]{', '.join(f.object for f in believed) or 'nothing'}[/bold]")
        history = rt.reader.history(ns, user, "city")
        console.print("city history: " + " -> ".join(
            f"{f.object} ({f.valid_from:%Y-%m-%d}..{f.valid_to:%Y-%m-%d})" if f.valid_to
            else f"{f.object} ({f.valid_from:%Y-%m-%d}..now)" for f in history))
    finally:
        rt.deps.dispose()
        stop_embedded(root)
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
    if keep:
        console.print(f"state kept in {root}; look again with e.g. `reverie facts {ns} {user} "
                      f"--history --data-dir {root}` (`reverie db stop --data-dir {root}` "
                      "stops the Postgres it starts)")
