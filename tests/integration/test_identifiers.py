"""Identifiers are checked whole on every capture and read path: `'tenant-a\\n'` (which a
`^...$` pattern accepts) is refused before anything touches a store, and nothing is written."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from api.admin import correct, set_sensitive_consent
from api.disclosure import expand, recall_index
from api.erasure import forget, preview
from api.explain import explain
from api.export import export_user
from api.safe import safe_recall
from schemas.errors import InvalidInput
from schemas.records import InlineClaim

AT = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)


def _paths(rt):
    m, r = rt.memory, rt.reader
    claim = InlineClaim(predicate="lives_in", object="Berlin")
    return {
        "start_session": lambda ns, u, s: m.start_session(ns, u, s),
        "append_turn": lambda ns, u, s: m.append_turn(ns, u, s, "user", "I live in Oslo."),
        "remember": lambda ns, u, s: m.remember(ns, u, s, claim),
        "end_session": lambda ns, u, s: m.end_session(ns, u, s),
        "current": lambda ns, u, s: r.current(ns, u),
        "as_of": lambda ns, u, s: r.as_of(ns, u, AT),
        "believed_as_of": lambda ns, u, s: r.believed_as_of(ns, u, AT),
        "history": lambda ns, u, s: r.history(ns, u),
        "profile": lambda ns, u, s: r.profile(ns, u),
        "opening": lambda ns, u, s: r.opening(ns, u),
        "recall": lambda ns, u, s: r.recall(ns, u, "where do I live"),
        "safe_recall": lambda ns, u, s: safe_recall(r, ns, u, "where do I live"),
        "recall_index": lambda ns, u, s: recall_index(r, ns, u, "where do I live"),
        "expand": lambda ns, u, s: expand(r, ns, u, []),
        "export": lambda ns, u, s: export_user(m, ns, u),
        "forget": lambda ns, u, s: forget(m, ns, u, text="Oslo"),
        "preview": lambda ns, u, s: preview(m, ns, u, text="Oslo"),
        "correct": lambda ns, u, s: correct(m, ns, u, "lives_in", "Berlin"),
        "explain": lambda ns, u, s: explain(m, ns, u, "lives_in"),
        "consent": lambda ns, u, s: set_sensitive_consent(m, ns, u, True),
    }


PATHS = list(_paths(type("R", (), {"memory": None, "reader": None})()))
CAPTURE = ("start_session", "append_turn", "remember", "end_session")
CASES = [(path, which) for path in PATHS for which in ("namespace", "user", "session")
         if which != "session" or path in CAPTURE]  # only capture takes a session id


@pytest.mark.parametrize(("path", "which"), CASES)
def test_trailing_newline_ids_are_refused(runtime, ns, path, which):
    m = runtime.memory
    m.start_session(ns, "u", "s1")  # the well-formed twin exists: a lax check would reach it
    ids = {"namespace": ns, "user": "u", "session": "s1"}
    ids[which] += "\n"
    with pytest.raises(InvalidInput, match="invalid"):
        _paths(runtime)[path](ids["namespace"], ids["user"], ids["session"])
    with runtime.deps.unit_of_work(namespace=ns) as uow:
        sessions = uow.session.execute(text("SELECT session_id, user_id, turn_count, state "
                                            "FROM sessions")).all()
    assert [tuple(s) for s in sessions] == [("s1", "u", 0, "open")]
