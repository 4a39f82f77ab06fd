"""The new-user check: of the facts a hand-written conversation means to give, how many the
memory stores, and how many of the facts it stores are right.

A scenario may carry, beside its steps, what its author meant (not part of FORMAT.md v1;
the runner ignores it):

    "intended": {"at": "<ISO time>",
                 "facts": [["city", "Odense"], ...],        # must be current at `at`
                 "also_true": [["full_name", "Henrik"], ...]}  # true, not required

The scenario is played in full mode through the real pipeline (runner.play); then every
current fact at `at` is read. Stored = intended facts matched by a current fact of the same
predicate (FORMAT.md's "contains" match); precision = current facts that match an intended
or also-true fact, over all current facts. `python -m scripts.eval.intended PATH...` prints
one line per scenario and the totals.
"""
from __future__ import annotations

import json
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from scripts.eval import match as m
from scripts.eval.scenario import load_all, parse_time

#: Predicates that are bookkeeping, not facts about the user's life.
_IGNORED = frozenset({"access_role"})


@dataclass
class Score:
    """One scenario's figures; `missing` and `wrong` say which facts."""

    name: str
    intended: int = 0
    stored: int = 0
    current: int = 0
    right: int = 0
    missing: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)


def score(name: str, intended: list[list[str]], also_true: list[list[str]],
          current: list[tuple[str, str]]) -> Score:
    """Pure: the intended facts against the (predicate, object) pairs current at the end."""
    out = Score(name, intended=len(intended))
    for predicate, value in intended:
        if any(p == predicate and m.contains(o, value) for p, o in current):
            out.stored += 1
        else:
            out.missing.append(f"{predicate}={value}")
    known = [*intended, *also_true]
    for predicate, value in current:
        if predicate in _IGNORED:
            continue
        out.current += 1
        if any(p == predicate and m.contains(value, v) for p, v in known):
            out.right += 1
        else:
            out.wrong.append(f"{predicate}={value}")
    return out


def _intended_of(path: Path) -> dict | None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return doc.get("intended") if isinstance(doc.get("intended"), dict) else None


def run(paths: list[Path]) -> list[Score]:
    """Play each scenario with an `intended` block in full mode; score it."""
    from infra.settings import Settings
    from scripts.eval.runner import play
    from scripts.eval.stack import EvalStack

    root = Path(tempfile.mkdtemp(prefix="reverie-intended-"))
    stack = EvalStack(Settings(), root, keep=False)
    scores: list[Score] = []
    try:
        for index, scenario in enumerate(load_all(paths)):
            wanted = _intended_of(scenario.path)
            if wanted is None or scenario.problem is not None:
                continue
            env = stack.open("full", index, scenario.name)
            try:
                play(env, scenario, "full")
                at = parse_time(wanted["at"], "intended.at")
                env.clock.set(at)
                ns = env.ns(scenario.namespace)
                facts = env.runtime.reader.current(ns, scenario.user)
                pairs = [(f.predicate, f.object) for f in facts]
            finally:
                stack.release(env)
            scores.append(score(scenario.name, wanted.get("facts", []),
                                wanted.get("also_true", []), pairs))
    finally:
        stack.close()
        shutil.rmtree(root, ignore_errors=True)
    return scores


def summary(scores: list[Score]) -> str:
    intended = sum(s.intended for s in scores)
    stored = sum(s.stored for s in scores)
    current = sum(s.current for s in scores)
    right = sum(s.right for s in scores)
    precision = right / current if current else 1.0
    return (f"intended facts stored {stored}/{intended} ({stored / max(intended, 1):.0%}), "
            f"precision {right}/{current} ({precision:.0%})")


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or [Path("tests/scenarios/natural-new")]
    scores = run(paths)
    for s in scores:
        print(f"{s.name}: stored {s.stored}/{s.intended}, right {s.right}/{s.current}"
              f"{'; missing ' + ', '.join(s.missing) if s.missing else ''}"
              f"{'; wrong ' + ', '.join(s.wrong) if s.wrong else ''}")
    print(summary(scores))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
