"""Memory items (with every revision kept) with their vectors, and the retirement of the
fragments they came from (`FragmentStore` writes fragments).

Retirement happens here, in the caller's transaction: a superseded fact retires its item
and the fragments that produced it, so retrieval can never serve them as current.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from sqlalchemy import bindparam, func, or_, select, text, tuple_, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from infra.db.models import FactEvidenceRow, FactRow, FragmentRow, MemoryItemRow, MemoryItemVersionRow
from infra.stores.fragments import to_fragment
from pipeline.statements import item_id_for, statement_for
from pipeline.vocabulary import SHORT_LIVED_PREDICATES, item_kind
from schemas.records import Fact, Fragment, MemoryItem

_ITEM_FIELDS = ("item_id", "namespace", "user_id", "kind", "predicate", "statement", "scope",
                "confidence", "revision", "superseded_by", "retired", "sensitive",
                "created_at", "updated_at", "accessed_at", "ttl_days")


def to_item(row: MemoryItemRow) -> MemoryItem:
    data = {f: getattr(row, f) for f in _ITEM_FIELDS}
    return MemoryItem(**data, sources=tuple(row.sources or ()), tags=tuple(row.tags or ()))


def _source_ref(session_id: str | None, turn: int | None) -> str:
    return f"{session_id}#{turn}" if turn is not None else f"{session_id}"


def _item_of(fact: Fact) -> str:
    return item_id_for(fact.namespace, fact.user_id, fact.predicate, fact.object)


_V = MemoryItemVersionRow.__table__
_I = MemoryItemRow.__table__
#: What an insert of a new item sets (the full-text vector is computed by the database).
_I_COLUMNS = tuple(c.name for c in _I.columns if c.computed is None)
_RETIRE_TURNS = text(
    "UPDATE fragments f SET retired = true, retired_at = :now "
    "FROM unnest(CAST(:ns AS text[]), CAST(:users AS text[]), CAST(:sids AS text[]), "
    "CAST(:turns AS int[])) AS t(namespace, user_id, session_id, turn) "
    "WHERE f.namespace = t.namespace AND f.user_id = t.user_id "
    "AND f.session_id = t.session_id AND f.turn_start <= t.turn AND f.turn_end >= t.turn "
    "AND NOT f.retired")


@dataclass(frozen=True)
class ItemChange:
    """One item-side step of consolidation, in plan order: `upsert` the item carrying a new
    fact, add a reconfirmation's provenance (`source`), or `retire` a closed fact's item
    (unless its successor is carried by the same item) and the fragments it came from."""

    kind: Literal["upsert", "source", "retire"]
    fact: Fact
    successor: Fact | None = None
    #: Retire the item only, not the fragments the fact came from (see `retire_for_fact`).
    keep_fragments: bool = False
    session_id: str | None = None
    turn: int | None = None
    confidence: float = 0.0
    #: When a reconfirmation was said (its claim's time), for a short-lived item's TTL.
    told_at: datetime | None = None


def _told(scope: dict | None, predicate: str | None, at: datetime | None) -> dict:
    """A short-lived item without a date of its own keeps when it was last told: its TTL
    runs from then (workers.expiry), not from when a batch or a reprocess consolidated it."""
    scope = dict(scope or {})
    if at is None or predicate not in SHORT_LIVED_PREDICATES or "until" in scope:
        return scope
    told = scope.get("told")
    if told is None or datetime.fromisoformat(told) < at:
        scope["told"] = at.isoformat()
    return scope


def _until(fact: Fact) -> dict:
    """A short-lived item's own end (a plan's date), when its fact has one: it expires by
    then, not by a TTL counted from when it was processed (workers.forgetting)."""
    if fact.valid_to is None or fact.predicate not in SHORT_LIVED_PREDICATES:
        return {}
    return {"until": fact.valid_to.isoformat()}


@dataclass
class _Play:
    """Changes played in memory on the rows read up front (what one-at-a-time SQL did)."""

    now: datetime
    rows: dict[str, MemoryItemRow]
    versions: dict[tuple[str, int], bool]  # (item, revision) -> still current
    evidence: dict[str, set]
    ttl: int
    new_versions: dict[tuple[str, int], dict] = field(default_factory=dict)
    superseded: set[tuple[str, int]] = field(default_factory=set)
    fresh: list[MemoryItemRow] = field(default_factory=list)
    links: list[dict] = field(default_factory=list)
    turns: dict[tuple[str, str], set] = field(default_factory=dict)

    def upsert(self, change: ItemChange, item_id: str) -> None:
        fact, now = change.fact, self.now
        ref = _source_ref(fact.session_id, fact.turn)
        row = self.rows.get(item_id)
        statement = statement_for(fact.predicate, fact.object)
        if row is None:
            row = self.rows[item_id] = MemoryItemRow(
                item_id=item_id, namespace=fact.namespace, user_id=fact.user_id,
                kind=item_kind(fact.predicate), predicate=fact.predicate, statement=statement,
                scope=_told(_until(fact), fact.predicate, fact.valid_from),
                confidence=fact.confidence, sources=[ref], revision=1,
                retired=False, sensitive=fact.sensitive, created_at=now, updated_at=now,
                ttl_days=self.ttl if fact.predicate in SHORT_LIVED_PREDICATES else None,
                tags=[fact.predicate])
            self.fresh.append(row)
            self._version(item_id, 1, fact, statement, fact.confidence, [ref])
        elif row.retired or row.statement != statement:
            row.revision += 1
            row.retired, row.superseded_by = False, None
            row.statement, row.updated_at = statement, now
            row.sources = sorted(set(row.sources or []) | {ref})
            row.confidence = fact.confidence
            self._version(item_id, row.revision, fact, statement, fact.confidence, row.sources)
        elif ref not in (row.sources or []):
            row.sources = sorted(set(row.sources or []) | {ref})
            row.updated_at = now
        if _until(fact) and row.scope != {**(row.scope or {}), **_until(fact)}:
            row.scope = {**(row.scope or {}), **_until(fact)}  # a plan re-dated
        if (told := _told(row.scope, fact.predicate, fact.valid_from)) != (row.scope or {}):
            row.scope = told
        self.links.append({"b_fact": fact.fact_id, "b_item": item_id})

    def source(self, change: ItemChange, item_id: str) -> None:
        row = self.rows.get(item_id)
        ref = _source_ref(change.session_id, change.turn)
        if row is None or ref in (row.sources or []):
            return
        row.sources = sorted(set(row.sources or []) | {ref})
        row.confidence = 1 - (1 - row.confidence) * (1 - change.confidence * 0.5)
        row.updated_at = self.now
        if (told := _told(row.scope, row.predicate, change.told_at)) != (row.scope or {}):
            row.scope = told

    def retire(self, change: ItemChange, item_id: str) -> None:
        fact = change.fact
        successor = _item_of(change.successor) if change.successor else None
        if successor != item_id:
            row = self.rows.get(item_id)
            if row is not None and not row.retired:
                row.retired, row.superseded_by, row.updated_at = True, successor, self.now
            self._supersede(item_id)
        if change.keep_fragments:
            return
        turns = {(fact.session_id, fact.turn)} | self.evidence.get(fact.fact_id, set())
        self.turns.setdefault((fact.namespace, fact.user_id), set()).update(
            t for t in turns if t[0] and t[1] is not None)

    def _version(self, item_id: str, revision: int, fact: Fact, statement: str,
                 confidence: float, sources: list[str]) -> None:
        key = (item_id, revision)
        if key not in self.versions and key not in self.new_versions:  # ON CONFLICT DO NOTHING
            self.new_versions[key] = dict(
                item_id=item_id, revision=revision, namespace=fact.namespace,
                user_id=fact.user_id, statement=statement, confidence=confidence,
                sources=list(sources), fact_id=fact.fact_id, created_at=self.now,
                superseded_at=None)
        self._supersede(item_id, below=revision)

    def _supersede(self, item_id: str, below: int | None = None) -> None:
        """Close the item's current versions (those under `below` only, when given)."""
        for key, current in self.versions.items():
            if key[0] == item_id and current and (below is None or key[1] < below):
                self.versions[key] = False
                self.superseded.add(key)
        for key, row in self.new_versions.items():
            if key[0] == item_id and row["superseded_at"] is None and (
                    below is None or key[1] < below):
                row["superseded_at"] = self.now


class ItemStore:
    def __init__(self, session: Session, *, short_lived_ttl_days: int = 14) -> None:
        self._s = session
        self._ttl = short_lived_ttl_days

    # ---- consolidation: items follow their facts -------------------------------------------
    def apply(self, changes: Sequence[ItemChange], now: datetime, *,
              embed: Callable[[list[str]], list[list[float]]] | None = None,
              model: str | None = None) -> list[str]:
        """Play `changes` in order; returns the item id of each, in a fixed handful of
        statements whatever their number.

        The item rows (locked FOR UPDATE), their versions and the evidence of retired facts
        are read once; the changes are played in memory exactly as writing them one at a
        time would; then new versions go in one INSERT, superseded versions in one UPDATE,
        fact -> item links in one executemany and retired fragments in one UPDATE per user.
        With `embed`, items created here are inserted with their vector (one batch) rather
        than inserted and then updated by a later embedding pass."""
        if not changes:
            return []
        ids = [_item_of(c.fact) for c in changes]
        wanted = set(ids)
        rows = {r.item_id: r for r in self._s.scalars(
            select(MemoryItemRow).where(MemoryItemRow.item_id.in_(wanted)).with_for_update())}
        versions = {(i, rev): sup is None for i, rev, sup in self._s.execute(
            select(_V.c.item_id, _V.c.revision, _V.c.superseded_at)
            .where(_V.c.item_id.in_(wanted)))}
        retired = [c.fact.fact_id for c in changes if c.kind == "retire"]
        evidence: dict[str, set] = {}
        if retired:
            for fid, sid, turn in self._s.execute(
                    select(FactEvidenceRow.fact_id, FactEvidenceRow.session_id,
                           FactEvidenceRow.turn).where(FactEvidenceRow.fact_id.in_(retired))):
                evidence.setdefault(fid, set()).add((sid, turn))
        play = _Play(now, rows, versions, evidence, self._ttl)
        for change, item_id in zip(changes, ids, strict=True):
            getattr(play, change.kind)(change, item_id)
        if play.superseded:
            self._s.execute(update(_V).where(
                tuple_(_V.c.item_id, _V.c.revision).in_(sorted(play.superseded)),
                _V.c.superseded_at.is_(None)).values(superseded_at=now))
        if play.fresh and embed is not None:
            vectors = embed([r.statement for r in play.fresh])
            for row, vector in zip(play.fresh, vectors, strict=True):
                row.embedding, row.embed_model = vector, model
        if play.fresh:  # Core, not the ORM's unit of work: one executemany, less CPU
            self._s.execute(insert(_I), [{c: getattr(r, c) for c in _I_COLUMNS}
                                         for r in play.fresh])
        if play.new_versions:
            self._s.execute(insert(_V).on_conflict_do_nothing(), list(play.new_versions.values()))
        if play.links:
            facts = FactRow.__table__
            self._s.execute(update(facts).where(facts.c.fact_id == bindparam("b_fact"))
                            .values(item_id=bindparam("b_item")), play.links)
        self._retire_turns(play.turns, now)
        self._s.flush()
        return ids

    def retire_for_fact(self, fact: Fact, successor: Fact | None, now: datetime, *,
                        keep_fragments: bool = False) -> None:
        """Retire the item of a closed fact and the fragments it came from; with
        `keep_fragments` the item only (a fact that expired rather than was contradicted:
        the exchange it came from is still a true, dated record of what was said, and
        may say more than that fact)."""
        self.apply([ItemChange("retire", fact, successor=successor,
                               keep_fragments=keep_fragments)], now)

    def _retire_turns(self, turns: dict[tuple[str, str], set], now: datetime) -> int:
        """Retire the live fragments holding any of (namespace, user) -> {(session, turn)}:
        one statement of a fixed text (arrays, not a growing OR), so it is compiled and
        parsed once per process."""
        keys = [(ns, user, sid, turn) for (ns, user), pairs in sorted(turns.items())
                for sid, turn in sorted(pairs)]
        if not keys:
            return 0
        ns, users, sids, turn_no = (list(col) for col in zip(*keys, strict=True))
        return self._s.execute(_RETIRE_TURNS, {"ns": ns, "users": users, "sids": sids,
                                               "turns": turn_no, "now": now}).rowcount
    def items_missing_vectors(self, namespace: str, user_id: str | Sequence[str],
                              model: str) -> list[MemoryItem]:
        """Items of one user (or of several) without a vector from `model`."""
        users = [user_id] if isinstance(user_id, str) else list(user_id)
        return [to_item(r) for r in self._s.scalars(select(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.user_id.in_(users),
            or_(MemoryItemRow.embedding.is_(None), MemoryItemRow.embed_model != model)))]

    def set_vectors(self, items: Sequence[MemoryItem], vectors: Sequence[list[float]],
                    model: str) -> None:
        """Store each item's vector from `model` (one UPDATE by primary key per batch)."""
        if items:
            self._s.execute(update(MemoryItemRow), [
                {"item_id": i.item_id, "embedding": v, "embed_model": model}
                for i, v in zip(items, vectors, strict=True)])

    def live_items(self, namespace: str, user_id: str) -> list[MemoryItem]:
        return [to_item(r) for r in self._s.scalars(select(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.user_id == user_id,
            MemoryItemRow.retired.is_(False)))]

    def find_live(self, namespace: str, user_id: str,
                  refs: Sequence[str]) -> tuple[list[MemoryItem], list[Fragment]]:
        """The live items and fragments among `refs` (ids of either) of this user only;
        retired, superseded and foreign refs are silently absent."""
        if not refs:
            return [], []
        refs = list(dict.fromkeys(refs))
        items = [to_item(r) for r in self._s.scalars(select(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.user_id == user_id,
            MemoryItemRow.retired.is_(False), MemoryItemRow.item_id.in_(refs)))]
        frags = [to_fragment(r) for r in self._s.scalars(select(FragmentRow).where(
                     FragmentRow.namespace == namespace, FragmentRow.user_id == user_id,
                     FragmentRow.retired.is_(False), FragmentRow.fragment_id.in_(refs)))]
        return items, frags

    def count_live(self, namespace: str) -> int:
        return self._s.scalar(select(func.count()).select_from(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.retired.is_(False))) or 0

    # ---- expiry and quotas (workers.expiry) --------------------------------------------------
    def with_ttl(self, namespace: str, user_ids: Sequence[str]) -> list[MemoryItem]:
        """The users' live items that carry a TTL (short-lived kinds), by user."""
        if not user_ids:
            return []
        return [to_item(r) for r in self._s.scalars(select(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.user_id.in_(list(user_ids)),
            MemoryItemRow.retired.is_(False), MemoryItemRow.ttl_days.is_not(None))
            .order_by(MemoryItemRow.user_id))]

    def retire(self, item_ids: Sequence[str], now: datetime) -> None:
        """Retire live items by id (already retired ones are left as they are)."""
        if item_ids:
            self._s.execute(update(MemoryItemRow).where(
                MemoryItemRow.item_id.in_(list(item_ids)), MemoryItemRow.retired.is_(False))
                .values(retired=True, updated_at=now))

    def users_with_items(self) -> list[tuple[str, str]]:
        """Every (namespace, user) holding an item, sorted: the order dream batches lock
        users in, so a transaction that locks them all cannot deadlock with a batch."""
        return [(ns, u) for ns, u in self._s.execute(
            select(MemoryItemRow.namespace, MemoryItemRow.user_id).distinct()
            .order_by(MemoryItemRow.namespace, MemoryItemRow.user_id))]

    def namespaces_over(self, quota: int) -> dict[str, int]:
        """Namespaces holding more live items than `quota`, with how many more."""
        rows = self._s.execute(
            select(MemoryItemRow.namespace, func.count()).where(MemoryItemRow.retired.is_(False))
            .group_by(MemoryItemRow.namespace).having(func.count() > quota)).all()
        return {ns: n - quota for ns, n in rows}

    def live_by_namespace(self) -> dict[str, int]:
        """Live items per namespace (those holding any)."""
        return self.namespaces_over(0)

    def lowest_value(self, namespace: str, *, except_kinds: Sequence[str],
                     limit: int | None = None) -> list[MemoryItem]:
        """The namespace's live items but those of `except_kinds`, lowest value first:
        longest unused, then least confident."""
        q = select(MemoryItemRow).where(
            MemoryItemRow.namespace == namespace, MemoryItemRow.retired.is_(False),
            MemoryItemRow.kind.not_in(sorted(except_kinds))).order_by(
            func.coalesce(MemoryItemRow.accessed_at, MemoryItemRow.updated_at),
            MemoryItemRow.confidence, MemoryItemRow.item_id)
        return [to_item(r) for r in self._s.scalars(q if limit is None else q.limit(limit))]

    def add_merged(self, item: MemoryItem, vector: list[float], model: str) -> None:
        """Insert an item that merges others (revision 1, with its first version); a second
        run inserts nothing."""
        self._s.execute(insert(MemoryItemRow).values(
            **item.model_dump(exclude={"sources", "tags", "accessed_at", "ttl_days"}),
            sources=list(item.sources), tags=list(item.tags), embedding=vector,
            embed_model=model).on_conflict_do_nothing(index_elements=["item_id"]))
        self._s.execute(insert(MemoryItemVersionRow).values(
            item_id=item.item_id, revision=item.revision, namespace=item.namespace,
            user_id=item.user_id, statement=item.statement, confidence=item.confidence,
            sources=list(item.sources), fact_id=None, created_at=item.created_at)
            .on_conflict_do_nothing())

    def supersede(self, item_ids: Sequence[str], by: str, now: datetime) -> None:
        """Retire items in favour of item `by` and close their current versions."""
        ids = list(item_ids)
        if ids:
            self._s.execute(update(MemoryItemRow).where(MemoryItemRow.item_id.in_(ids))
                            .values(retired=True, superseded_by=by, updated_at=now))
            self._s.execute(update(MemoryItemVersionRow).where(
                MemoryItemVersionRow.item_id.in_(ids), MemoryItemVersionRow.superseded_at.is_(None))
                .values(superseded_at=now))
