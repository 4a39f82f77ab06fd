"""Pure parts of the evaluation: text matching, the working-set timeline, totals, tables.

Text comparison per FORMAT.md: case-insensitive, surrounding white space ignored, and an
expected value matches an object when the object contains it ("Berlin" matches
"Berlin, Germany").
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from pipeline.normalize import same_value
from pipeline.vocabulary import SENSITIVE_PREDICATES, Vocabulary
from schemas.enums import RunMode
from schemas.ids import stable_id
from schemas.records import Fact

MODES = tuple(RunMode)


def as_list(value) -> list[str]:
    """A field that may be one string or a list of strings (None: empty)."""
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def fold(text: str) -> str:
    return " ".join(text.split()).lower()


def contains(haystack: str, needle: str) -> bool:
    return fold(needle) in fold(haystack)


def match_set(objects: Sequence[str], expected: Sequence[str], *, exact: bool = True) -> bool:
    """Each expected value matched by its own object; with `exact`, and no object left over."""
    if exact and len(objects) != len(expected):
        return False
    owner: dict[int, int] = {}  # object index -> expected index

    def place(e: int, seen: set[int]) -> bool:  # augmenting path (bipartite matching)
        for o, obj in enumerate(objects):
            if o in seen or not contains(obj, expected[e]):
                continue
            seen.add(o)
            if o not in owner or place(owner[o], seen):
                owner[o] = e
                return True
        return False

    return all(place(e, set()) for e in range(len(expected)))


def match_sequence(objects: Sequence[str], expected: Sequence[str]) -> bool:
    """Same length, and the i-th object contains the i-th expected value."""
    return len(objects) == len(expected) and all(
        contains(o, e) for o, e in zip(objects, expected))


def text_problems(text: str, must_include: Iterable[str],
                  must_exclude: Iterable[str]) -> tuple[list[str], list[str]]:
    """(missing includes, present excludes)."""
    missing = [w for w in must_include if not contains(text, w)]
    present = [w for w in must_exclude if contains(text, w)]
    return missing, present


def snippet(text: str, needle: str, width: int = 50) -> str:
    """The first occurrence of `needle` with some context, on one line."""
    flat = " ".join(text.split())
    at = flat.lower().find(fold(needle))
    if at < 0:
        return flat[: 2 * width]
    start, end = max(0, at - width), min(len(flat), at + len(needle) + width)
    return ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "")


# ---- the online working set as facts ----------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One working-set row: what the per-turn pass wrote."""

    predicate: str
    object: str
    op: str
    at: datetime
    session_id: str
    turn: int


def working_set_facts(entries: Iterable[Entry], *, namespace: str, user_id: str,
                      vocabulary: Vocabulary | None = None) -> list[Fact]:
    """The versions the working set implies, in the order it was written.

    A single-valued predicate's new value closes the old one at the new entry's time; a
    multi-valued one accumulates; a retraction closes the matching value; a value said again
    changes nothing. World time and system time are both the turn's time: the working set
    records nothing else (no "since August"), so that is all it can tell.
    """
    vocab = vocabulary or Vocabulary()
    versions: list[Fact] = []
    for e in sorted(entries, key=lambda e: (e.at, e.session_id, e.turn)):
        open_ = [i for i, f in enumerate(versions)
                 if f.predicate == e.predicate and f.valid_to is None]
        same = [i for i in open_ if same_value(versions[i].object, e.object)]
        if e.op == "retract":
            to_close = same
        elif same:
            continue
        else:
            single = vocab.cardinality(e.predicate) == "single"
            to_close = open_ if single else []
        for i in to_close:
            versions[i] = versions[i].model_copy(update={"valid_to": e.at})
        if e.op != "retract":
            versions.append(Fact(
                fact_id=stable_id("eval-ws", namespace, user_id, e.session_id, e.turn,
                                  e.predicate, e.object),
                namespace=namespace, user_id=user_id, predicate=e.predicate, object=e.object,
                cardinality=vocab.cardinality(e.predicate), valid_from=e.at,
                asserted_at=e.at, source="stated", confidence=0.5,
                session_id=e.session_id, turn=e.turn,
                sensitive=SENSITIVE_PREDICATES.get(e.predicate)))
    return versions


def only(facts: Iterable[Fact], predicate: str | None) -> list[Fact]:
    return [f for f in facts if predicate is None or f.predicate == predicate]


def current_of(facts: Iterable[Fact], predicate: str | None = None) -> list[Fact]:
    return [f for f in only(facts, predicate) if f.valid_to is None]


def as_of(facts: Iterable[Fact], valid_at: datetime, predicate: str | None = None) -> list[Fact]:
    return [f for f in only(facts, predicate)
            if f.valid_from <= valid_at and (f.valid_to is None or f.valid_to > valid_at)]


def believed_as_of(facts: Iterable[Fact], known_at: datetime,
                   predicate: str | None = None) -> list[Fact]:
    """Working-set versions are learnt when they become true and closed when replaced, so
    the belief at a time is the valid-time view of what had been written by then."""
    return [f for f in as_of(facts, known_at, predicate) if f.asserted_at <= known_at]


def history_of(facts: Iterable[Fact], predicate: str | None = None) -> list[Fact]:
    return sorted(only(facts, predicate), key=lambda f: (f.valid_from, f.asserted_at))


# ---- totals and the comparison table ------------------------------------------------------
def totals(scenarios: Sequence[dict]) -> dict:
    """Per check kind and overall, from the scenarios' check results."""
    by_kind: dict[str, dict[str, int]] = {}
    for scenario in scenarios:
        for check in scenario["checks"]:
            row = by_kind.setdefault(check["kind"], {"passed": 0, "failed": 0, "total": 0})
            row["passed" if check["passed"] else "failed"] += 1
            row["total"] += 1
    passed = sum(r["passed"] for r in by_kind.values())
    failed = sum(r["failed"] for r in by_kind.values())
    return {"by_kind": dict(sorted(by_kind.items())), "passed": passed, "failed": failed,
            "total": passed + failed}


def totals_line(passed: int, failed: int) -> str:
    return f"{passed} passed, {failed} failed"


def compare_rows(reports: dict[str, dict]) -> list[list[str]]:
    """Rows: check kinds (then 'all'); columns: the modes given; cells 'passed/total'."""
    kinds: list[str] = []
    for report in reports.values():
        kinds.extend(k for k in report["totals"]["by_kind"] if k not in kinds)
    order = {k: i for i, k in enumerate(
        ("current", "absent", "as_of", "believed_as_of", "history", "recall", "profile",
         "opening", "quarantined", "gone", "isolated"))}
    kinds.sort(key=lambda k: (order.get(k, len(order)), k))
    rows = []
    for kind in kinds:
        row = [kind]
        for report in reports.values():
            cell = report["totals"]["by_kind"].get(kind)
            row.append(f"{cell['passed']}/{cell['total']}" if cell else "-")
        rows.append(row)
    rows.append(["all"] + [f"{r['totals']['passed']}/{r['totals']['total']}"
                           for r in reports.values()])
    return rows
