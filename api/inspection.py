"""What the inspector shows one user: the profile, the current facts by section with why each
is believed, each predicate's history on both clocks, and what was true or believed on a day.

Read-only; corrections, erasure and quarantine review are their own use cases
(`api.admin`, `api.erasure`, `api.quarantine`). Every view is for one (namespace, user).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time

from api.explain import explain
from api.read import Reader
from pipeline.vocabulary import PROFILE_SECTIONS
from schemas.ids import check_ident, check_namespace
from schemas.records import Fact

#: Decisions that bring a value into belief: their quote is the fact's origin.
_MAKING = ("asserted", "superseded")
OTHER_SECTION = "Other"


@dataclass(frozen=True)
class Why:
    """Why a value is believed: the words it came from, where, who decided, how often since."""

    quote: str | None
    session: str | None
    turn: int | None
    said_at: datetime | None
    source: str
    confidence: float
    rule: str | None
    reason: str | None
    extractor: str | None
    reconfirmed: int


@dataclass(frozen=True)
class Version:
    """One row of a predicate's history: world time and system time."""

    fact_id: str
    predicate: str
    object: str
    cardinality: str
    status: str  # current | planned | past (closed) | withdrawn from belief
    valid_from: datetime
    valid_to: datetime | None
    asserted_at: datetime
    retracted_at: datetime | None
    why: Why


@dataclass(frozen=True)
class Section:
    heading: str
    facts: tuple[Version, ...]


@dataclass(frozen=True)
class Timeline:
    """A predicate's versions with the span (earliest start, latest time named) to draw on."""

    predicate: str
    versions: tuple[Version, ...]
    start: datetime
    end: datetime


@dataclass(frozen=True)
class Overview:
    namespace: str
    user_id: str
    profile: str
    sections: tuple[Section, ...]
    timelines: tuple[Timeline, ...] = field(default=())


def _why(entry: dict, extractors: dict[str, str]) -> Why:
    made = [d for d in entry["decisions"] if d["kind"] in _MAKING and d.get("said")]
    said = made[0] if made else None
    quote = said["said"] if said else next((r["text"] for r in entry["restated"] if r["text"]),
                                           None)
    session = entry["from"]["session"]
    return Why(quote=quote, session=session, turn=entry["from"]["turn"],
               said_at=entry["from"]["session_started_at"] or entry["asserted_at"],
               source=entry["source"], confidence=entry["confidence"],
               rule=said["rule"] if said else None, reason=said["reason"] if said else None,
               extractor=("your own edit" if entry["source"] == "user_edit"
                          else extractors.get(session or "")),
               reconfirmed=len(entry["restated"]))


def _version(entry: dict, extractors: dict[str, str]) -> Version:
    return Version(fact_id=entry["fact_id"], predicate=entry["predicate"],
                   object=entry["object"], cardinality=entry["cardinality"],
                   status=entry["status"], valid_from=entry["valid_from"],
                   valid_to=entry["valid_to"], asserted_at=entry["asserted_at"],
                   retracted_at=entry["retracted_at"], why=_why(entry, extractors))


def _sections(current: list[Version]) -> tuple[Section, ...]:
    placed: set[str] = set()
    out = []
    for heading, predicates in (*PROFILE_SECTIONS, (OTHER_SECTION, ())):
        if heading == OTHER_SECTION:
            facts = [v for v in current if v.predicate not in placed]
        else:
            facts = [v for p in predicates for v in current if v.predicate == p]
            placed.update(predicates)
        if facts:
            out.append(Section(heading, tuple(sorted(
                facts, key=lambda v: (v.predicate, v.valid_from, v.object.lower())))))
    return tuple(out)


def _timeline(predicate: str, versions: list[Version], now: datetime) -> Timeline:
    times = [t for v in versions for t in (v.valid_from, v.valid_to, v.asserted_at,
                                           v.retracted_at) if t is not None]
    ordered = sorted(versions, key=lambda v: (v.valid_from, v.asserted_at))
    return Timeline(predicate, tuple(ordered), min(times), max([*times, now]))


def overview(reader: Reader, namespace: str, user_id: str) -> Overview:
    """Profile, current facts by section with their why, and every predicate's timeline."""
    check_namespace(namespace), check_ident(user_id, "user id")
    memory = reader.memory
    profile = reader.profile(namespace, user_id)
    with memory.deps.unit_of_work(namespace=namespace) as uow:
        uow.audit.record(namespace, user_id, "read", "inspector", memory.deps.now())
        extractors = uow.inspection.extractors(namespace, user_id)
    entries = [e for e in explain(memory, namespace, user_id) if e["status"] != "quarantined"]
    versions = [_version(e, extractors) for e in entries]
    by_predicate: dict[str, list[Version]] = {}
    for v in versions:
        by_predicate.setdefault(v.predicate, []).append(v)
    now = memory.deps.now()
    return Overview(
        namespace=namespace, user_id=user_id, profile=profile,
        sections=_sections([v for v in versions if v.status == "current"]),
        timelines=tuple(_timeline(p, vs, now) for p, vs in sorted(by_predicate.items())))


def end_of(day: date) -> datetime:
    """The last second of `day` (UTC): "on 1 May" takes in what changed during that day."""
    return datetime.combine(day, time(23, 59, 59), tzinfo=UTC)


def on_day(reader: Reader, namespace: str, user_id: str, day: date, *,
           axis: str) -> list[Fact]:
    """What was true on `day` (axis "valid": by what is known now) or what Reverie believed
    on `day` (axis "known": by what it had recorded by then)."""
    if axis == "valid":
        return reader.as_of(namespace, user_id, end_of(day))
    if axis == "known":
        return reader.believed_as_of(namespace, user_id, end_of(day))
    raise ValueError(f"axis must be 'valid' or 'known', got {axis!r}")
