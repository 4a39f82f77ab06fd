"""Reconcile: decide, claim by claim, what each candidate does to what is already known.

A pure function of (claims, current facts, now). The policy, by predicate cardinality and
source precedence (`user_edit > stated > imported > inferred`):

- same value as a current fact: reconfirmed (provenance added, no new row);
- privilege / role / access claims: quarantined, whatever their source;
- a lower source never overrides a higher one: rejected;
- a low-confidence claim that would change what we hold: quarantined, not forced;
- a single-valued predicate with a new value: superseded. The old row is closed at the new
  value's `valid_from` (so a claim told in November about an August move closes the old city
  in August), and facts that depend on it (a district on its city) close with it;
- a multi-valued predicate accumulates; a value goes only on an explicit retraction.

Claims are applied in order against a running view, so a session that states a value and
then corrects it ends with the correction. Nothing here reads the clock or mutates input.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from pipeline.normalize import norm, same_value
from pipeline.vocabulary import PRIVILEGE_PREDICATES, SHORT_LIVED_PREDICATES, Vocabulary
from schemas.ids import stable_id, user_scope
from schemas.plan import CloseFact, Decision, InsertFact, Op, Plan, Quarantine, Reconfirm
from schemas.records import (
    SOURCE_RANK,
    TRUSTED_ORIGINS,
    Claim,
    Fact,
    changes_user_facts,
    ends_at,
    removes,
)

#: Below this confidence a claim that would change the store is quarantined.
QUARANTINE_FLOOR = 0.5
#: Sources that count as the user's own direct word (sensitive facts need one of them).
DIRECT_SOURCES = frozenset({"stated", "user_edit"})


@dataclass
class _View:
    """The running set of current facts while a plan is built (local to one call)."""

    scope: str
    current: list[Fact]
    past: list[Fact] = field(default_factory=list)
    ops: list[Op] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)

    def of(self, predicate: str) -> list[Fact]:
        return [f for f in self.current if f.predicate == predicate]


def reconcile(claims: Sequence[Claim], current: Sequence[Fact], *, namespace: str,
              user_id: str, session_id: str | None, now: datetime,
              vocabulary: Vocabulary | None = None, history: Sequence[Fact] = ()) -> Plan:
    """Plan the writes that `claims` imply against the `current` facts (and the closed
    `history`, so replaying an old session reconfirms the past instead of fighting the
    present). Safe to call twice: ids derive from the inputs, same inputs give the same plan."""
    vocab = vocabulary or Vocabulary()
    view = _View(scope=user_scope(namespace, user_id),
                 current=[f for f in current if f.valid_to is None and f.retracted_at is None]
                 + _dated_open(history, now),
                 past=[f for f in history if f.valid_to is not None and f.retracted_at is None])
    for seq, claim in enumerate(claims):
        _decide(claim, seq, view, namespace=namespace, user_id=user_id,
                session_id=session_id, now=now, vocab=vocab)
    return Plan(namespace=namespace, user_id=user_id, session_id=session_id,
                ops=tuple(view.ops), decisions=tuple(view.decisions))


def _dated_open(history: Sequence[Fact], now: datetime) -> list[Fact]:
    """Multi-valued facts kept with their own end (a plan until its date) that still hold:
    current for matching, so a plan told again is reconfirmed, not stored twice."""
    return [f for f in history if f.cardinality == "multi" and f.retracted_at is None
            and f.valid_to is not None and f.replaces is None and f.valid_from <= now
            < f.valid_to]


def advance(versions: Sequence[Fact], plan: Plan) -> list[Fact]:
    """A user's fact rows (retracted ones included) once `plan` is written, as the fact
    store writes it: an existing id is not inserted again, a retracted row is not closed
    again, a close retracts the row and adds its closed copy. In history order (valid
    time, then system time), times in UTC as the store returns them.

    This is how a dream batch plans a user's next session before the previous session's
    plan is written (that happens in the next stage): the plan then is the one the store
    would give once the previous plan were written. Pure; `versions` is not changed."""
    rows = {f.fact_id: f for f in versions}
    for op in plan.ops:
        if isinstance(op, InsertFact):
            rows.setdefault(op.fact.fact_id, _in_utc(op.fact))
        elif isinstance(op, CloseFact):
            old = rows.get(op.fact_id)
            if old is None or old.retracted_at is not None:
                continue
            rows[op.fact_id] = old.model_copy(update={"retracted_at": op.retracted_at})
            if op.closed_copy is not None:
                rows.setdefault(op.closed_copy.fact_id, _in_utc(op.closed_copy))
    return sorted(rows.values(), key=lambda f: (f.valid_from, f.asserted_at))


def _utc(at: datetime) -> datetime:
    """`at` in UTC (a naive time is left as it is: the stores take it as UTC)."""
    return at.astimezone(UTC) if at.tzinfo is not None else at


def _in_utc(fact: Fact) -> Fact:
    times = {k: t.astimezone(UTC) for k in ("valid_from", "valid_to", "asserted_at",
                                            "retracted_at")
             if (t := getattr(fact, k)) is not None}
    return fact.model_copy(update=times)


def _decision(view: _View, seq: int, kind: str, rule: str, reason: str, claim: Claim | None,
              predicate: str, fact_id: str | None = None, target: str | None = None,
              *, salt: str = "") -> None:
    did = stable_id("decision", view.scope, claim.session_id if claim else "", seq, kind,
                    predicate,
                    fact_id, target, salt)
    view.decisions.append(Decision(decision_id=did, kind=kind, rule=rule, reason=reason,
                                   predicate=predicate, claim=claim, fact_id=fact_id,
                                   target_fact_id=target))


def _quarantine(view: _View, seq: int, claim: Claim, rule: str, reason: str) -> None:
    qid = stable_id("quarantine", view.scope, claim.session_id, seq, claim.predicate,
                    norm(claim.object))
    view.ops.append(Quarantine(quarantine_id=qid, claim=claim, reason=reason))
    _decision(view, seq, "quarantined", rule, reason, claim, claim.predicate)


def new_fact(claim: Claim, *, namespace: str, user_id: str, now: datetime,
             cardinality: str) -> Fact:
    # In UTC, whatever offset the turn was said in: the id is made from its text.
    valid_from = _utc(claim.valid_from or now)
    fid = stable_id("fact", namespace, user_id, claim.predicate, norm(claim.object),
                    valid_from.isoformat(), claim.session_id, claim.turn, claim.source)
    # A claim's own end (a plan until its date) is kept; a removal's end is not a value's.
    valid_to = None if removes(claim) or claim.valid_to is None else _utc(claim.valid_to)
    return Fact(fact_id=fid, namespace=namespace, user_id=user_id, subject=claim.subject,
                predicate=claim.predicate, object=claim.object, cardinality=cardinality,
                valid_from=valid_from, valid_to=valid_to if valid_to and valid_to > valid_from
                else None, asserted_at=now, source=claim.source,
                confidence=claim.confidence, session_id=claim.session_id or None,
                turn=claim.turn, sensitive=claim.sensitive)


def close_fact(old: Fact, *, valid_to: datetime, now: datetime,
               successor: str | None = None) -> CloseFact:
    """Retract `old` and keep a closed copy for the time it held (none if it never held)."""
    copy = None
    if valid_to > old.valid_from:
        copy = old.model_copy(update={
            "fact_id": stable_id("closed", old.fact_id, valid_to.isoformat()),
            "valid_to": valid_to, "asserted_at": now, "retracted_at": None,
            "replaces": old.fact_id})
    return CloseFact(fact_id=old.fact_id, predicate=old.predicate, object=old.object,
                     retracted_at=now, closed_copy=copy, successor_fact_id=successor)


def _close(view: _View, old: Fact, valid_to: datetime, now: datetime,
           successor: str | None = None) -> None:
    view.ops.append(close_fact(old, valid_to=valid_to, now=now, successor=successor))
    view.current = [f for f in view.current if f.fact_id != old.fact_id]


def _close_dependents(view: _View, seq: int, parent: str, at: datetime, now: datetime,
                      vocab: Vocabulary, claim: Claim) -> None:
    for dep in vocab.dependents.get(parent, ()):
        if dep in claim.carries_over:  # "same job title": the title goes with the user
            continue
        for fact in view.of(dep):
            if fact.valid_from < at or fact.session_id != claim.session_id:
                _close(view, fact, max(at, fact.valid_from), now)
                _decision(view, seq, "closed_dependent", "dependent-closes-with-parent",
                          f"{dep} depends on {parent}, which changed", claim, dep,
                          target=fact.fact_id)


def _decide(claim: Claim, seq: int, view: _View, *, namespace: str, user_id: str,
            session_id: str | None, now: datetime, vocab: Vocabulary) -> None:
    """One claim's decision, by branch: held back, a removal, a reconfirmation, a new value
    of a multi-valued predicate, or of a single-valued one."""
    if _held_back(claim, seq, view):
        return
    ctx = _Ctx(seq=seq, view=view, namespace=namespace, user_id=user_id, now=now,
               vocab=vocab, at=(ends_at(claim) if removes(claim) else claim.valid_from) or now)
    existing = view.of(claim.predicate)
    if removes(claim):
        _decide_removal(claim, ctx, existing)
        return
    if not claim.object.strip():  # an unnamed plan ("the move is on the 14th")
        ahead = [f for f in existing if f.valid_from > now]
        if ahead:
            claim = claim.model_copy(update={"object": ahead[0].object})
        else:
            _decision(view, seq, "unrelated", "nothing-planned",
                      "an unnamed plan with nothing planned to re-date", claim, claim.predicate)
            return
    matching = [f for f in existing if same_value(f.object, claim.object)]
    if matching and (_rescheduled(claim, ctx, matching[0])
                     or _reconfirmed(claim, ctx, matching[0])):
        return
    if vocab.cardinality(claim.predicate) == "multi":
        _decide_multi(claim, ctx, matching)
    else:
        _decide_single(claim, ctx, existing[0] if existing else None)


@dataclass(frozen=True)
class _Ctx:
    """What every branch of one claim's decision needs."""

    seq: int
    view: _View
    namespace: str
    user_id: str
    now: datetime
    vocab: Vocabulary
    #: World time the claim takes effect (a removal: when the state ended).
    at: datetime

    def fact(self, claim: Claim, cardinality: str) -> Fact:
        return new_fact(claim, namespace=self.namespace, user_id=self.user_id, now=self.now,
                        cardinality=cardinality)


def _held_back(claim: Claim, seq: int, view: _View) -> bool:
    """Claims that never change the user's facts, decided (and recorded) here."""
    p = claim.predicate
    if p in PRIVILEGE_PREDICATES:
        _quarantine(view, seq, claim, "privilege-claim",
                    "claims about privileges, roles or access are never accepted from a "
                    "conversation")
        return True
    if not changes_user_facts(claim):
        if claim.untrusted_origin not in TRUSTED_ORIGINS:
            rule, why = ("untrusted-origin",
                         f"text from {claim.untrusted_origin} never asserts facts about the user")
        elif claim.subject != "user":
            rule, why = "other-subject", f"about {claim.subject}, not the user: stays episodic"
        else:
            rule, why = "not-asserted", f"said as {claim.modality}: stays episodic"
        _decision(view, seq, "rejected" if rule == "untrusted-origin" else "unrelated", rule,
                  why, claim, p)
        return True
    if claim.sensitive and claim.source not in DIRECT_SOURCES:
        _decision(view, seq, "rejected", "sensitive-needs-direct-statement",
                  f"{claim.sensitive} facts are kept only from the user's direct statement",
                  claim, p)
        return True
    return False


def _decide_removal(claim: Claim, ctx: _Ctx, existing: list[Fact]) -> None:
    view, seq, p = ctx.view, ctx.seq, claim.predicate
    matching = [f for f in existing if same_value(f.object, claim.object)]
    # A removal may name the value more briefly than it was stored ("Mittens" for
    # "cat named Mittens"): every word of the removal must appear in the stored value.
    named = [f for f in existing if claim.object.strip()
             and set(norm(claim.object).split()) <= set(norm(f.object).split())]
    # Unnamed ("my last day is the 8th"): the value in force then, not one planned after it.
    targets = matching or named or ([f for f in existing if f.valid_from < ctx.at]
                                    if ctx.vocab.cardinality(p) == "single"
                                    and not claim.object else [])
    if not targets:
        if not _ended_before_known(claim, ctx, existing):
            _decision(view, seq, "unrelated", "retract-nothing-current",
                      "nothing current to remove", claim, p)
        return
    for old in targets:
        if SOURCE_RANK[claim.source] < SOURCE_RANK[old.source]:
            _decision(view, seq, "rejected", "source-precedence",
                      f"a {claim.source} claim cannot remove a {old.source} fact",
                      claim, p, target=old.fact_id)
            continue
        _close(view, old, max(ctx.at, old.valid_from), ctx.now)
        _decision(view, seq, "retracted", "explicit-removal",
                  "the user said this no longer holds", claim, p, target=old.fact_id)
        _close_dependents(view, seq, p, ctx.at, ctx.now, ctx.vocab, claim)


def _ended_before_known(claim: Claim, ctx: _Ctx, existing: list[Fact]) -> bool:
    """A value said to have stopped that was never held ("we're done with Zagreb", told after
    the move): kept as history, from as far back as the memory knows the user up to its end
    (the current value's start, when that came first). False, and nothing kept, for a plain
    removal, or when nothing is known from before the end (the start would be a guess)."""
    if (claim.op != "assert" or claim.modality != "ended" or not claim.object
            or ctx.vocab.cardinality(claim.predicate) != "single"):
        return False
    end = min([ctx.at, *(f.valid_from for f in existing)])
    view, p = ctx.view, claim.predicate
    closed = [op.closed_copy for op in view.ops
              if isinstance(op, CloseFact) and op.closed_copy is not None]
    known = [f.valid_from for f in (*view.current, *view.past, *closed) if f.valid_from < end]
    if not known:
        return False
    if any(same_value(f.object, claim.object) and f.predicate == p
           for f in (*view.past, *closed)):  # held, and closed earlier in this plan
        _decision(view, ctx.seq, "reconfirmed", "matches-history",
                  f"{claim.object!r} is already kept as history", claim, p)
        return True
    fact = ctx.fact(claim.model_copy(update={"valid_from": min(known), "valid_to": end,
                                             "modality": "asserted"}), "single")
    view.ops.append(InsertFact(fact=fact))
    view.past.append(fact)
    _decision(view, ctx.seq, "asserted", "ended-before-known",
              f"{claim.object!r} had ended by {end.date().isoformat()}: kept as history",
              claim, p, fact_id=fact.fact_id)
    return True


def _rescheduled(claim: Claim, ctx: _Ctx, old: Fact) -> bool:
    """A planned value told again with another future date ("the move is now on the 14th"):
    the plan moves to it, and the version it replaces (closed at the old date) now holds
    until the new one; a dated plan told with another day keeps to the new day. False when
    it is no such re-dating."""
    if (claim.predicate in SHORT_LIVED_PREDICATES and claim.valid_to and old.valid_to
            and claim.valid_to != old.valid_to and claim.valid_to > ctx.now):
        # "My dentist appointment got moved to the 19th": the plan keeps to its new day.
        _close(ctx.view, old, old.valid_from, ctx.now)
        fact = ctx.fact(claim.model_copy(update={"valid_from": old.valid_from}), "multi")
        ctx.view.ops.append(InsertFact(fact=fact))
        ctx.view.current.append(fact)
        _decision(ctx.view, ctx.seq, "superseded", "plan-rescheduled",
                  f"{claim.object!r} now ends {claim.valid_to.date().isoformat()}", claim,
                  claim.predicate, fact_id=fact.fact_id, target=old.fact_id)
        return True
    new_from = claim.valid_from
    if (claim.modality != "planned" or new_from is None or new_from <= ctx.now
            or old.valid_from <= ctx.now or new_from == old.valid_from
            or SOURCE_RANK[claim.source] < SOURCE_RANK[old.source]):
        return False
    view, p = ctx.view, claim.predicate
    _close(view, old, old.valid_from, ctx.now)  # never held: withdrawn, no closed copy
    for prev in [f for f in view.past if f.predicate == p and f.valid_to == old.valid_from]:
        view.ops.append(close_fact(prev, valid_to=new_from, now=ctx.now))
        view.past = [f for f in view.past if f.fact_id != prev.fact_id]
        view.past.append(prev.model_copy(update={"valid_to": new_from}))
    fact = ctx.fact(claim, ctx.vocab.cardinality(p))
    view.ops.append(InsertFact(fact=fact))
    view.current.append(fact)
    _decision(view, ctx.seq, "superseded", "plan-rescheduled",
              f"{claim.object!r} now starts {new_from.date().isoformat()}, not "
              f"{old.valid_from.date().isoformat()}", claim, p, fact_id=fact.fact_id,
              target=old.fact_id)
    return True


def _reconfirmed(claim: Claim, ctx: _Ctx, old: Fact) -> bool:
    """The same value again: reconfirmed, unless a higher source restates it in other
    words (then it owns the value: False, and the caller replaces it)."""
    if SOURCE_RANK[claim.source] <= SOURCE_RANK[old.source] or claim.object == old.object:
        ctx.view.ops.append(Reconfirm(fact_id=old.fact_id, claim=claim, observed_at=ctx.now))
        _decision(ctx.view, ctx.seq, "reconfirmed", "same-value",
                  "the same value was stated again", claim, claim.predicate,
                  fact_id=old.fact_id, target=old.fact_id)
        return True
    return False


def _decide_multi(claim: Claim, ctx: _Ctx, matching: list[Fact]) -> None:
    view, seq = ctx.view, ctx.seq
    if claim.confidence < QUARANTINE_FLOOR:
        _quarantine(view, seq, claim, "low-confidence",
                    f"confidence {claim.confidence:.2f} is below {QUARANTINE_FLOOR}")
        return
    fact = ctx.fact(claim, "multi")
    for old in matching:  # a higher source restating in other words replaces it
        _close(view, old, max(ctx.at, old.valid_from), ctx.now, successor=fact.fact_id)
    view.ops.append(InsertFact(fact=fact))
    view.current.append(fact)
    _decision(view, seq, "asserted", "multi-valued-accumulates",
              "values of this predicate accumulate", claim, claim.predicate,
              fact_id=fact.fact_id)


def _decide_single(claim: Claim, ctx: _Ctx, old: Fact | None) -> None:
    view, seq, p, at, now = ctx.view, ctx.seq, claim.predicate, ctx.at, ctx.now
    for past in view.past:
        if (past.predicate == p and same_value(past.object, claim.object)
                and past.valid_to is not None and past.valid_from <= at < past.valid_to):
            _decision(view, seq, "reconfirmed", "matches-history",
                      f"{claim.object!r} was true then and is kept as history", claim, p,
                      target=past.fact_id)
            return
    if old is None:
        if claim.confidence < QUARANTINE_FLOOR:
            _quarantine(view, seq, claim, "low-confidence",
                        f"confidence {claim.confidence:.2f} is below {QUARANTINE_FLOOR}")
            return
        fact = ctx.fact(claim, "single")
        view.ops.append(InsertFact(fact=fact))
        view.current.append(fact)
        _decision(view, seq, "asserted", "new-value", "no current value", claim, p,
                  fact_id=fact.fact_id)
        return
    rank = SOURCE_RANK[claim.source]
    if rank < SOURCE_RANK[old.source]:
        _decision(view, seq, "rejected", "source-precedence",
                  f"a {claim.source} claim never overrides a {old.source} fact", claim, p,
                  target=old.fact_id)
        return
    if claim.confidence < QUARANTINE_FLOOR and rank == SOURCE_RANK[old.source]:
        _quarantine(view, seq, claim, "low-confidence-conflict",
                    f"conflicts with {old.object!r} at confidence {claim.confidence:.2f}; "
                    "the evidence cannot settle it")
        return
    if at < old.valid_from and old.valid_from > now and rank == SOURCE_RANK[old.source]:
        # The current value is a planned one not yet in force (a job from the 11th): a value
        # said to hold before it holds until the plan starts, and supersedes nothing.
        fact = ctx.fact(claim, "single").model_copy(update={"valid_to": old.valid_from})
        view.ops.append(InsertFact(fact=fact))
        view.past.append(fact)
        _decision(view, seq, "asserted", "holds-until-planned",
                  f"{claim.object!r} holds until {old.object!r} starts "
                  f"({old.valid_from.date().isoformat()})", claim, p, fact_id=fact.fact_id)
        return
    if at < old.valid_from and rank == SOURCE_RANK[old.source] and old.asserted_at > at:
        _quarantine(view, seq, claim, "contradicts-later-statement",
                    f"dated before {old.object!r} began, which was stated later")
        return
    fact = ctx.fact(claim, "single")
    # A user edit corrects: the old value is withdrawn rather than kept as past truth.
    close_at = old.valid_from if claim.source == "user_edit" else max(at, old.valid_from)
    if claim.source == "user_edit":
        fact = fact.model_copy(update={"valid_from": old.valid_from})
    _close(view, old, close_at, now, successor=fact.fact_id)
    view.ops.append(InsertFact(fact=fact))
    view.current.append(fact)
    _decision(view, seq, "superseded", "single-valued-supersedes",
              f"{p} holds one value; {claim.object!r} replaces {old.object!r}"
              + (" (backdated)" if now - at > timedelta(days=1) else ""),
              claim, p, fact_id=fact.fact_id, target=old.fact_id)
    _close_dependents(view, seq, p, fact.valid_from, now, vocab=ctx.vocab, claim=claim)
