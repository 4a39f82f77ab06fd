"""The read path: facts on both time axes, profile, opening context and hybrid recall."""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from contextlib import contextmanager
from datetime import datetime

import structlog

from api.memory import Memory
from pipeline.asks import past_label, past_request, past_versions, predicates_named
from pipeline.fence import UNTRUSTED_NOTE, is_untrusted, render_fenced
from pipeline.opening import opening_context
from pipeline.profile import facts_digest, render_profile
from pipeline.top import recall_top
from schemas.ids import check_ident, check_namespace
from schemas.records import Fact, RecallHit, RecallResult

log = structlog.get_logger(__name__)

#: The labels of render_context's two parts (constraints apart from the k answers).
PINNED_LABEL = "Standing constraints (apply to every request):"
ANSWERS_LABEL = "Relevant memory:"
PAST_LABEL = "No longer true (the past, as asked; not current):"


class _LRU:
    """Recall results per (user, cache version, query): a version bump invalidates for free."""

    def __init__(self, size: int = 2048) -> None:
        self._d: OrderedDict = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            if key in self._d:
                self._d.move_to_end(key)
                return self._d[key]
        return None

    def put(self, key, value) -> None:
        with self._lock:
            self._d[key] = value
            self._d.move_to_end(key)
            while len(self._d) > self._size:
                self._d.popitem(last=False)

    def drop_user(self, namespace: str, user_id: str) -> None:
        with self._lock:
            for key in [k for k in self._d if k[0] == namespace and k[1] == user_id]:
                del self._d[key]

    def values_for(self, namespace: str, user_id: str) -> list:
        with self._lock:
            return [v for k, v in self._d.items() if k[0] == namespace and k[1] == user_id]


#: Every Reader of this process, so an erasure can drop the user's cached recall results.
_READERS: weakref.WeakSet = weakref.WeakSet()


def drop_cached(namespace: str, user_id: str) -> None:
    """Forget the user's cached recall results in every Reader of this process."""
    for reader in list(_READERS):
        reader.cache.drop_user(namespace, user_id)
        reader._vectors.drop_user(namespace, user_id)


class Reader:
    def __init__(self, memory: Memory) -> None:
        self.memory = memory
        self.deps = memory.deps
        self.cache = _LRU()
        self._vectors = _LRU(1024)
        _READERS.add(self)

    def _query_vector(self, namespace: str, user_id: str, query: str):
        """The query's embedding, from a per-process LRU (per user: an erasure drops the
        user's questions with the rest of their cache, `drop_cached`)."""
        key = (namespace, user_id, self.deps.embedder.name, query)
        vec = self._vectors.get(key)
        if vec is None:
            vec = self.deps.embedder.embed([query])[0]
            self._vectors.put(key, vec)
        return vec

    def _check(self, namespace: str, user_id: str) -> None:
        check_namespace(namespace), check_ident(user_id, "user id")

    @contextmanager
    def _uow(self, namespace: str, user_id: str, what: str | None):
        """A unit of work scoped to the namespace (row-level security); `what` is audited."""
        with self.deps.unit_of_work(namespace=namespace) as uow:
            if what:
                uow.audit.record(namespace, user_id, "read", what, self.deps.now())
            yield uow

    # ---- facts -------------------------------------------------------------------------
    def current(self, namespace: str, user_id: str, predicate: str | None = None) -> list[Fact]:
        self._check(namespace, user_id)
        with self._uow(namespace, user_id, "facts.current") as uow:
            return uow.facts.current(namespace, user_id, predicate, at=self.deps.now())

    def as_of(self, namespace: str, user_id: str, valid_at: datetime,
              predicate: str | None = None) -> list[Fact]:
        self._check(namespace, user_id)
        with self._uow(namespace, user_id, "facts.as_of") as uow:
            return uow.facts.as_of(namespace, user_id, valid_at, predicate)

    def believed_as_of(self, namespace: str, user_id: str, known_at: datetime,
                       predicate: str | None = None) -> list[Fact]:
        self._check(namespace, user_id)
        with self._uow(namespace, user_id, "facts.believed_as_of") as uow:
            return uow.facts.believed_as_of(namespace, user_id, known_at, predicate)

    def history(self, namespace: str, user_id: str, predicate: str | None = None) -> list[Fact]:
        self._check(namespace, user_id)
        with self._uow(namespace, user_id, "facts.history") as uow:
            return uow.facts.history(namespace, user_id, predicate)

    # ---- profile and opening -----------------------------------------------------------
    def profile(self, namespace: str, user_id: str) -> str:
        """The cached render; rendered afresh only when the current facts changed."""
        self._check(namespace, user_id)
        with self._uow(namespace, user_id, "profile") as uow:
            return self._profile_in(uow, namespace, user_id, self.deps.now())

    def opening(self, namespace: str, user_id: str, at: datetime | None = None) -> str:
        self._check(namespace, user_id)
        now = at or self.deps.now()
        with self._uow(namespace, user_id, "opening") as uow:
            return self._opening_in(uow, namespace, user_id, now)

    def profile_and_opening(self, namespace: str, user_id: str,
                            at: datetime | None = None) -> tuple[str, str]:
        """Both in one transaction and one audit row (the context block's reads: one
        commit instead of two on the assistant's path)."""
        self._check(namespace, user_id)
        now = self.deps.now()
        with self._uow(namespace, user_id, "profile+opening") as uow:
            return (self._profile_in(uow, namespace, user_id, now),
                    self._opening_in(uow, namespace, user_id, at or now))

    @staticmethod
    def _profile_in(uow, namespace: str, user_id: str, now: datetime) -> str:
        row = uow.profiles.get(namespace, user_id)
        facts = uow.facts.current(namespace, user_id, at=now)
        consent = bool(row and row.sensitive_consent)
        digest = facts_digest(facts, sensitive_consent=consent, now=now)
        if row is not None and row.facts_digest == digest:
            return row.text
        text = render_profile(facts, sensitive_consent=consent, now=now)
        uow.profiles.save(namespace, user_id, text, digest, now)
        return text

    @staticmethod
    def _opening_in(uow, namespace: str, user_id: str, now: datetime) -> str:
        last = uow.sessions.last_ended(namespace, user_id, now)
        return opening_context(last.ended_at if last else None,
                               last.summary if last else None, now=now)

    # ---- recall ------------------------------------------------------------------------
    def recall(self, namespace: str, user_id: str, query: str, *, k: int | None = None,
               token_budget: int | None = None) -> RecallResult:
        """Hybrid recall over live items and fragments; never returns superseded content.
        At most `k` answers (`hits`); the standing constraints come apart (`pinned`)."""
        self._check(namespace, user_id)
        s = self.deps.settings
        k = k or s.recall_k
        budget = token_budget or s.recall_token_budget
        now = self.deps.now()
        # The query vector first (cached by text: a repeated question is not embedded
        # again), then one statement: audit row, cache version and candidate rows. On a
        # cache hit the rows are dropped: a hit saves the ranking, and a miss (the common
        # case: each turn asks something new) costs one round trip instead of two.
        qvec = self._query_vector(namespace, user_id, query)
        pool = max(30, 3 * k)
        named = predicates_named(query)
        with self.deps.recall_reads(namespace) as reads:
            version, rows, stats = reads.audited_rows(
                user_id, query, qvec, pool=pool, action="read", target=f"recall k={k}", at=now,
                predicates=named)
        # Per day too: a dated plan stops being served the day after its date.
        key = (namespace, user_id, version, query, k, budget, now.date())
        cached = self.cache.get(key)
        if cached is not None:
            return cached.model_copy(update={"cached": True})
        kept, truncated = recall_top(rows, stats, pool=pool, now=now,
                                     half_life_days=s.decay_half_life_days, k=k,
                                     token_budget=budget, named=named)
        hits = [RecallHit(
            kind=c.kind, ref=c.ref, text=c.text, score=round(c.score, 6), at=c.at,
            predicate=c.predicate, sources=c.sources, conflict=c.conflict, pinned=c.pinned,
            untrusted=c.kind == "fragment" and is_untrusted(c.text))
            for c in kept]
        result = RecallResult(hits=tuple(h for h in hits if not h.pinned),
                              pinned=tuple(h for h in hits if h.pinned),
                              past=self._past(namespace, user_id, query, now),
                              truncated=tuple(truncated))
        self.cache.put(key, result)
        return result


    def _past(self, namespace: str, user_id: str, query: str,
              now: datetime) -> tuple[RecallHit, ...]:
        """The superseded fact versions a question about the past asks for (none for any
        other question: what is no longer true is never recalled as if it were)."""
        request = past_request(query, now=now)
        if request is None:
            return ()
        with self._uow(namespace, user_id, "facts.past") as uow:
            history = uow.facts.history(namespace, user_id)
        return tuple(RecallHit(
            kind="item", ref=f.fact_id, text=past_label(f), score=0.0, at=f.valid_to,
            predicate=f.predicate,
            sources=(f"{f.session_id}#{f.turn}",) if f.session_id else ())
            for f in past_versions(request, history, now=now))


def render_context(result: RecallResult) -> str:
    """The memory block injected into the prompt: the standing constraints under their own
    label, then the k answers. Conflicts are named, not hidden; text that is not the user's
    own (pasted, tool or system) is fenced in labelled `<untrusted>` blocks under a note
    saying so; withheld text (instructions, privilege claims) is named, never shown."""
    fenced = False

    def line(h: RecallHit) -> str:
        nonlocal fenced
        mark = " [CONFLICT: two exclusive values exist; ask the user]" if h.conflict else ""
        src = f" (from {', '.join(h.sources[:3])})" if h.sources else ""
        text, untrusted = render_fenced(h.text)
        fenced |= untrusted
        return f"- {text}{mark}{src}"

    answers = [line(h) for h in result.hits]
    lines = []
    if result.pinned:
        lines = [PINNED_LABEL, *(line(h) for h in result.pinned)]
        if answers:
            lines.append(ANSWERS_LABEL)
    lines += answers
    if result.past:
        lines += [PAST_LABEL, *(line(h) for h in result.past)]
    if fenced:
        lines.insert(0, UNTRUSTED_NOTE)
    return "\n".join(lines)
