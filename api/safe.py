"""Recall on the assistant's path: behind a deadline and a circuit breaker, and degraded to
an empty answer when memory cannot answer in time. Memory is an enhancement: a store outage
must cost the assistant its recollections, never its reply.

The deadline is enforced twice. The recall runs on a worker thread that the caller stops
waiting for at the deadline, and every transaction the recall opens carries a Postgres
`statement_timeout` of the time left, so the database gives up too instead of finishing
work nobody will read.
"""
from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import structlog

from api.read import Reader
from infra.deadline import DEADLINE
from infra.metrics import RECALL_DEGRADED, RECALL_HITS, RECALL_REQUESTS
from pipeline.breaker import Breaker, BreakerPolicy, State
from schemas.errors import TransientError
from schemas.ids import check_ident, check_namespace
from schemas.records import RecallResult

log = structlog.get_logger(__name__)

#: Threads that run recalls. A recall stuck past its deadline holds one until the database
#: cancels it; the breaker stops new submissions long before these run out.
_POOL = ThreadPoolExecutor(max_workers=8, thread_name_prefix="reverie-recall")


class RecallGuard:
    """The circuit breaker of one Reader: the pure state machine behind a lock, fed by a
    monotonic clock. `attempts` counts the calls that were let through to the store."""

    def __init__(self, policy: BreakerPolicy,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._breaker = Breaker(policy)
        self.clock = clock
        self.attempts = 0

    def acquire(self) -> bool:
        with self._lock:
            allowed, self._breaker = self._breaker.acquire(self.clock())
            self.attempts += allowed
            return allowed

    def success(self) -> None:
        with self._lock:
            self._breaker = self._breaker.on_success(self.clock())

    def failure(self) -> None:
        with self._lock:
            self._breaker = self._breaker.on_failure(self.clock())

    @property
    def state(self) -> State:
        with self._lock:
            return self._breaker.status(self.clock())


_guards: weakref.WeakKeyDictionary[Reader, RecallGuard] = weakref.WeakKeyDictionary()
_guards_lock = threading.Lock()


def _policy_of(reader: Reader) -> BreakerPolicy:
    """The breaker's thresholds from the reader's settings (`recall_breaker_failures`,
    `recall_breaker_reset_s`)."""
    s = reader.deps.settings
    return BreakerPolicy(failure_threshold=s.recall_breaker_failures,
                         reset_timeout_s=s.recall_breaker_reset_s)


def guard_for(reader: Reader, *, policy: BreakerPolicy | None = None,
              clock: Callable[[], float] | None = None) -> RecallGuard:
    """The reader's breaker; a `policy` or `clock` replaces it with a fresh, closed one."""
    with _guards_lock:
        guard = _guards.get(reader)
        if guard is None or policy is not None or clock is not None:
            guard = RecallGuard(policy or _policy_of(reader), clock or time.monotonic)
            _guards[reader] = guard
        return guard


def _run(reader: Reader, deadline: float, namespace: str, user_id: str, query: str,
         k: int | None, token_budget: int | None = None) -> RecallResult:
    token = DEADLINE.set(deadline)
    try:
        return reader.recall(namespace, user_id, query, k=k, token_budget=token_budget)
    finally:
        DEADLINE.reset(token)


def _is_statement_timeout(exc: BaseException) -> bool:
    cause = exc.__cause__
    return type(getattr(cause, "orig", cause)).__name__ == "QueryCanceled"


def _degraded(reason: str, namespace: str, user_id: str, exc: BaseException | None) -> RecallResult:
    RECALL_DEGRADED.labels(reason=reason).inc()
    if reason == "open":
        log.debug("recall.degraded", namespace=namespace, user=user_id, reason=reason)
    else:
        log.warning("recall.degraded", namespace=namespace, user=user_id, reason=reason,
                    error=f"{type(exc).__name__}: {exc}" if exc else None)
    return RecallResult(hits=(), degraded=True)


def safe_recall(reader: Reader, namespace: str, user_id: str, query: str, *,
                k: int | None = None, deadline_ms: int | None = None,
                token_budget: int | None = None) -> RecallResult:
    """`reader.recall` within `deadline_ms` (default `Settings.recall_deadline_ms`); on a
    timeout, a failure or an open breaker: no hits, `degraded=True`, counted in
    `reverie_recall_degraded_total`. Invalid ids still raise: that is the caller's bug."""
    check_namespace(namespace), check_ident(user_id, "user id")
    RECALL_REQUESTS.inc()
    try:
        # A model load is not the recall: the deadline starts once the embedder is ready
        # (at once after `Runtime.warm_up`), so a cold start never counts as a failure
        # and never opens the breaker.
        reader.deps.warm_embedder()
    except Exception as exc:
        log.exception("recall.embedder_failed", namespace=namespace, user=user_id)
        return _degraded("error", namespace, user_id, exc)
    guard = guard_for(reader)
    if not guard.acquire():
        return _degraded("open", namespace, user_id, None)
    if not reader.deps.read_pool_open:
        try:  # nor is the read pool's first connect (a store that is down still fails)
            reader.deps.open_read_pool()
        except TransientError as exc:
            guard.failure()
            return _degraded("unavailable", namespace, user_id, exc)
    ms = deadline_ms if deadline_ms is not None else reader.deps.settings.recall_deadline_ms
    deadline = time.monotonic() + ms / 1000
    reader.deps.limit_transactions_to_deadline()
    future = _POOL.submit(_run, reader, deadline, namespace, user_id, query, k, token_budget)
    try:
        result = future.result(timeout=max(0.0, deadline - time.monotonic()))
    except TimeoutError as exc:
        future.cancel()  # still queued behind stuck recalls: never start it
        guard.failure()
        return _degraded("timeout", namespace, user_id, exc)
    except TransientError as exc:
        guard.failure()
        return _degraded("timeout" if _is_statement_timeout(exc) else "unavailable",
                         namespace, user_id, exc)
    except Exception as exc:  # a bug or an unexpected driver error: still not an outage
        guard.failure()
        log.exception("recall.failed", namespace=namespace, user=user_id)
        return _degraded("error", namespace, user_id, exc)
    guard.success()
    if result.hits:
        RECALL_HITS.inc()
    return result
