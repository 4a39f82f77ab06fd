"""The checks of FORMAT.md against what the system returns, in each mode.

What the fact checks read depends on the mode (FORMAT.md, "Which store the fact checks
read"): `full` the semantic store consolidation writes (the Reader), `online` the per-turn
working set (nothing consolidates), `none` nothing. Recall and the opening context are the
system's own read path in `online` and `full`; `gone` and `isolated` look at every store,
whatever the mode, because they are about what is kept, not what is served.
"""
from __future__ import annotations

from datetime import datetime

from api.read import render_context
from schemas.enums import RunMode
from schemas.records import Fact
from scripts.eval import match as m
from scripts.eval.scenario import parse_time
from scripts.eval.stack import ScenarioEnv
from scripts.eval.stores import gone_findings, isolation_findings
from workers.online import working_set


class View:
    """What the fact, profile, recall and opening checks see: the `full` read path."""

    def __init__(self, env: ScenarioEnv, namespace: str, user: str) -> None:
        self.env, self.ns, self.user = env, namespace, user
        self.reader = env.runtime.reader

    def current(self, predicate: str) -> list[Fact]:
        return self.reader.current(self.ns, self.user, predicate)

    def as_of(self, valid_at: datetime, predicate: str) -> list[Fact]:
        return self.reader.as_of(self.ns, self.user, valid_at, predicate)

    def believed_as_of(self, known_at: datetime, predicate: str) -> list[Fact]:
        return self.reader.believed_as_of(self.ns, self.user, known_at, predicate)

    def history(self, predicate: str) -> list[Fact]:
        return self.reader.history(self.ns, self.user, predicate)

    def profile(self) -> str:
        return self.reader.profile(self.ns, self.user)

    def recall(self, query: str, k: int) -> str:
        return render_context(self.reader.recall(self.ns, self.user, query, k=k))

    def opening(self, at: datetime) -> str:
        return self.reader.opening(self.ns, self.user, at)

    def quarantined(self) -> list[str]:
        with self.env.runtime.deps.unit_of_work() as uow:
            return [f"{r.predicate} {r.object} {r.claim}"
                    for r in uow.facts.quarantined(self.ns, self.user)]


class OnlineView(View):
    """Mode `online`: facts are what the per-turn writes left in the working set."""

    def _facts(self) -> list[Fact]:
        deps = self.env.runtime.deps
        with deps.unit_of_work() as uow:
            rows = working_set(uow, self.ns, self.user, deps.now())
            entries = [m.Entry(r.predicate, r.object, r.op, r.at, r.session_id, r.turn)
                       for r in rows]
        return m.working_set_facts(entries, namespace=self.ns, user_id=self.user,
                                   vocabulary=deps.vocabulary)

    def current(self, predicate):
        return m.current_of(self._facts(), predicate)

    def as_of(self, valid_at, predicate):
        return m.as_of(self._facts(), valid_at, predicate)

    def believed_as_of(self, known_at, predicate):
        return m.believed_as_of(self._facts(), known_at, predicate)

    def history(self, predicate):
        return m.history_of(self._facts(), predicate)

    def profile(self) -> str:
        from pipeline.profile import render_profile
        return render_profile(m.current_of(self._facts()))


class NoMemory(View):
    """Mode `none`: an assistant without memory sees nothing."""

    def current(self, predicate):
        return []

    def as_of(self, valid_at, predicate):
        return []

    def believed_as_of(self, known_at, predicate):
        return []

    def history(self, predicate):
        return []

    def profile(self) -> str:
        return ""

    def recall(self, query, k) -> str:
        return ""

    def opening(self, at) -> str:
        return ""

    def quarantined(self) -> list[str]:
        return []


def view_for(mode: str, env: ScenarioEnv, namespace: str, user: str) -> View:
    views = {RunMode.NONE: NoMemory, RunMode.ONLINE: OnlineView, RunMode.FULL: View}
    return views[RunMode(mode)](env, namespace, user)


# ---- the checks ---------------------------------------------------------------------------
def _objects(facts: list[Fact]) -> list[str]:
    return [f.object for f in facts]


def run_check(body: dict, at: datetime, view: View, env: ScenarioEnv,
              scenario_namespace: str) -> tuple[bool, object]:
    """(passed, what the system returned). `at` is already on the clock."""
    kind = body["kind"]
    expect = m.as_list(body.get("expect"))
    include = m.as_list(body.get("must_include"))
    exclude = m.as_list(body.get("must_exclude"))
    if kind == "current":
        seen = _objects(view.current(body["predicate"]))
        return m.match_set(seen, expect, exact=body.get("exact", True) is not False), seen
    if kind == "absent":
        seen = _objects(view.current(body["predicate"]))
        return not seen, seen
    if kind == "as_of":
        seen = _objects(view.as_of(parse_time(body["valid_at"], "valid_at"), body["predicate"]))
        return m.match_set(seen, expect), seen
    if kind == "believed_as_of":
        seen = _objects(view.believed_as_of(parse_time(body["known_at"], "known_at"),
                                            body["predicate"]))
        return m.match_set(seen, expect), seen
    if kind == "history":
        seen = _objects(view.history(body["predicate"]))
        return m.match_sequence(seen, expect), seen
    if kind in ("recall", "profile"):
        text = (view.recall(body["query"], int(body.get("k", 5))) if kind == "recall"
                else view.profile())
        missing, present = m.text_problems(text, include, exclude)
        return not missing and not present, _text_seen(text, missing, present)
    if kind == "opening":
        text = view.opening(at)
        if body.get("expect_empty", False):
            return not text.strip(), text
        missing, _ = m.text_problems(text, include, ())
        return bool(text.strip()) and not missing, _text_seen(text, missing, [])
    if kind == "quarantined":
        held = [q for q in view.quarantined() if m.contains(q, body["text"])]
        current = [f"{f.predicate}: {f.object}" for f in view.current(None)
                   if m.contains(f"{f.predicate} {f.object}", body["text"])]
        seen = {"quarantined": held, "current": current}
        return bool(held) and not current, seen
    if kind == "gone":
        findings = gone_findings(env, view.ns, view.user, body["text"])
        return not findings, findings
    if kind == "isolated":
        findings = isolation_findings(env, view.ns, view.user, scenario_namespace,
                                      body["other_user"])
        return not findings["leaks"] and not findings["unavailable"], findings
    raise ValueError(f"unknown check kind {kind!r}")


def _text_seen(text: str, missing: list[str], present: list[str]) -> dict:
    seen: dict = {"text": text}
    if missing:
        seen["missing"] = missing
    if present:
        seen["present"] = {w: m.snippet(text, w) for w in present}
    return seen


__all__ = ["View", "OnlineView", "NoMemory", "view_for", "run_check"]
