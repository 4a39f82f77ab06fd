"""Prometheus metrics: every metric object of the project is defined here, once.

Worker processes update the counters (task signals in workers/signals.py, the stages in
workers/stages.py). Prefork workers run in prometheus multiprocess mode: the children write
their samples to files and the worker's main process serves the sum (workers/signals.py).
`reverie metrics` serves what only the database knows, computed on each scrape
(`StoreCollector`), and the broker's queue depth (`QueueDepthCollector`).

Rates the dashboard derives: consolidation success = consolidated / (consolidated + failed);
correction share = (superseded + retracted) / all decisions (stuck at zero means the
correction stage is not working); quarantine rate = quarantined decisions / claims; recall
hit and degraded rates = hits (resp. degraded) / all recall requests.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Iterator

from prometheus_client import Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from schemas.enums import SessionState

#: Stages take milliseconds with the rule extractor and seconds with an LLM.
TASK_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
                60.0, 120.0, 300.0)

# ---- consolidation -------------------------------------------------------------------------
SESSIONS_CONSOLIDATED = Counter(
    "reverie_sessions_consolidated", "Sessions whose consolidate stage committed.")
SESSIONS_FAILED = Counter(
    "reverie_sessions_failed", "Sessions whose pipeline failed for good (dead-lettered).")
DECISIONS = Counter(
    "reverie_decisions", "Reconcile decisions written by consolidation, by kind.", ["kind"])
CLAIMS = Counter(
    "reverie_claims_extracted", "Candidate claims extracted by replay.", ["extractor"])

# ---- recall (api/safe.py increments these) ---------------------------------------------------
RECALL_REQUESTS = Counter(
    "reverie_recall_requests", "Recall requests on the assistant's path (safe_recall).")
RECALL_DEGRADED = Counter(
    "reverie_recall_degraded",
    "Recall requests answered with nothing (degraded), by reason: timeout, unavailable, "
    "error, open (circuit breaker).", ["reason"])
RECALL_HITS = Counter(
    "reverie_recall_hits", "Recall requests that returned at least one hit.")

# ---- LLM extraction (from the extractor's run record, as written to extraction_runs) -------
EXTRACTION_RUNS = Counter(
    "reverie_extraction_runs", "Extractor runs over a session.", ["extractor"])
LLM_TOKENS = Counter(
    "reverie_llm_tokens", "LLM tokens spent by extraction runs, by namespace and direction "
    "(per session: the extraction_runs table).", ["namespace", "direction"])
LLM_COST = Counter("reverie_llm_cost_usd",
                   "LLM cost of extraction runs, in USD, by namespace.", ["namespace"])
#: Prompt + completion tokens of one session's extraction.
LLM_SESSION_TOKENS = Histogram(
    "reverie_llm_session_tokens", "LLM tokens per extracted session.",
    buckets=(250, 500, 1000, 2000, 4000, 8000, 16000, 32000, 64000))
LLM_CALLS = Counter(
    "reverie_llm_calls", "Model call attempts by outcome: ok, an HTTP status (429, 500, "
    "...), an exception name (Timeout), or over_budget (the task's time budget ran out "
    "waiting for the provider's limits).", ["outcome"])
#: Hedged calls (`infra.llm_hedge`): won (the hedge answered first), lost (the first call
#: did), skipped (no room under the provider's limits), failed (neither answered).
LLM_HEDGES = Counter(
    "reverie_llm_hedges", "Hedged model calls (a second call sent once the first was late), "
    "by outcome: won, lost, skipped, failed.", ["outcome"])
LLM_HEDGE_TOKENS = Counter(
    "reverie_llm_hedge_tokens", "Tokens of model answers not used (the slower of a hedged "
    "pair): paid for, not in extraction_runs.")
LLM_HEDGE_COST = Counter(
    "reverie_llm_hedge_cost_usd", "Cost in USD of model answers not used (hedges).")

# ---- memory size ---------------------------------------------------------------------------
LIVE_ITEMS = Gauge(
    "reverie_memory_items_live", "Live (not retired) memory items per namespace.",
    ["namespace"], multiprocess_mode="mostrecent")

# ---- tasks, database, embedding ------------------------------------------------------------
TASK_SECONDS = Histogram(
    "reverie_task_duration_seconds", "Task latency, from prerun to postrun.", ["task"],
    buckets=TASK_BUCKETS)
TASKS = Counter(
    "reverie_tasks", "Finished task runs by outcome (success, failure, retry).",
    ["task", "outcome"])
DB_STATEMENTS = Counter(
    "reverie_db_statements", "SQL statements sent to the database (round trips), by task.",
    ["task"])
EMBED_SECONDS = Counter(
    "reverie_embed_seconds", "Time spent in embedder.embed.", ["model"])
EMBED_TEXTS = Counter("reverie_embedded_texts", "Texts embedded.", ["model"])

# ---- the HTTP service (server/app.py observes every request) --------------------------------
HTTP_SECONDS = Histogram(
    "reverie_http_request_duration_seconds",
    "HTTP request latency by method, route template and status code.",
    ["method", "route", "status"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))

#: Gauges served by `QueueDepthCollector` and `StoreCollector` (computed on scrape).
QUEUE_DEPTH = "reverie_queue_depth"
STORE_GAUGES = {
    "reverie_memory_items_live": "Live (not retired) memory items per namespace.",
    "reverie_store_sessions": "Sessions in the store by state.",
    "reverie_store_decisions": "Reconcile decisions in the store by kind.",
    "reverie_correction_ratio": "Share of decisions that corrected an entry "
                                "(superseded + retracted over all).",
    "reverie_quarantine_ratio": "Share of decisions that quarantined a claim.",
    "reverie_consolidation_success_ratio": "Consolidated over consolidated + failed sessions.",
    "reverie_store_extraction_runs": "Extraction runs recorded, by extractor.",
    "reverie_store_llm_tokens": "LLM tokens recorded in extraction_runs, by direction.",
    "reverie_store_llm_cost_usd": "LLM cost recorded in extraction_runs, in USD.",
    "reverie_store_llm_tokens_per_run": "Mean LLM tokens per extraction run.",
    "reverie_store_llm_cost_usd_per_run": "Mean LLM cost per extraction run, in USD.",
    "reverie_store_dead_letters": "Dead-letter records waiting for an operator.",
}

_ALL = (SESSIONS_CONSOLIDATED, SESSIONS_FAILED, DECISIONS, CLAIMS, RECALL_REQUESTS,
        RECALL_DEGRADED, RECALL_HITS, EXTRACTION_RUNS, LLM_TOKENS, LLM_COST,
        LLM_SESSION_TOKENS, LLM_CALLS, LLM_HEDGES, LLM_HEDGE_TOKENS,
        LLM_HEDGE_COST, LIVE_ITEMS, TASK_SECONDS, TASKS, DB_STATEMENTS,
        EMBED_SECONDS, EMBED_TEXTS, HTTP_SECONDS)


def exposed_names() -> frozenset[str]:
    """Every sample name these metrics expose (what a dashboard query may name)."""
    names = {QUEUE_DEPTH, *STORE_GAUGES}
    for metric in _ALL:
        for family in metric.describe():
            base = family.name
            if family.type == "counter":
                names.update({f"{base}_total", f"{base}_created"})
            elif family.type == "histogram":
                names.update({f"{base}_bucket", f"{base}_sum", f"{base}_count",
                              f"{base}_created"})
            else:
                names.add(base)
    return frozenset(names)


# ---- helpers the stages call (kept here so the stages stay short) --------------------------
def observe_extraction(extractor: str, claims: int, run, namespace: str = "") -> None:
    """One replay: its claims and, for an LLM extractor, its tokens and cost."""
    CLAIMS.labels(extractor).inc(claims)
    EXTRACTION_RUNS.labels(extractor).inc()
    if run is None:
        return
    prompt = getattr(run, "prompt_tokens", 0) or 0
    completion = getattr(run, "completion_tokens", 0) or 0
    LLM_TOKENS.labels(namespace, "prompt").inc(prompt)
    LLM_TOKENS.labels(namespace, "completion").inc(completion)
    LLM_COST.labels(namespace).inc(getattr(run, "cost_usd", 0.0) or 0.0)
    LLM_SESSION_TOKENS.observe(prompt + completion)


def observe_consolidated(decision_kinds: Iterable[str]) -> None:
    SESSIONS_CONSOLIDATED.inc()
    for kind in decision_kinds:
        DECISIONS.labels(kind).inc()


def timed_embed(embedder, texts: list[str]) -> list[list[float]]:
    """`embedder.embed(texts)`, with the time it took counted against the model."""
    started = time.perf_counter()
    vectors = embedder.embed(texts)
    EMBED_SECONDS.labels(embedder.name).inc(time.perf_counter() - started)
    EMBED_TEXTS.labels(embedder.name).inc(len(texts))
    return vectors


#: A namespace's live-item count is refreshed at most this often per process: counting grows
#: with the store, and consolidation's per-session cost must not.
LIVE_ITEMS_EVERY_S = 30.0
_live_seen: dict[str, float] = {}
_live_lock = threading.Lock()


def live_items_due(namespace: str, *, now: float | None = None) -> bool:
    """True (and the clock restarted) when `namespace`'s gauge is due for a refresh."""
    now = time.monotonic() if now is None else now
    with _live_lock:
        if now - _live_seen.get(namespace, -1e18) < LIVE_ITEMS_EVERY_S:
            return False
        _live_seen[namespace] = now
        return True


# ---- collectors computed on scrape ---------------------------------------------------------
#: Celery's Redis transport keeps prioritised messages in sibling lists "<queue>\x06\x16<n>".
_PRIORITY_SEP = "\x06\x16"


class QueueDepthCollector(Collector):
    """Messages waiting in the broker queue(s), read with LLEN at scrape time."""

    def __init__(self, broker_url: str, queues: Iterable[str]) -> None:
        self.broker_url = broker_url
        self.queues = tuple(queues)
        self._client = None

    def _redis(self):
        if self._client is None:
            import redis
            self._client = redis.Redis.from_url(self.broker_url, socket_timeout=1.0,
                                                socket_connect_timeout=1.0)
        return self._client

    def depth(self) -> dict[str, int]:
        pipe = self._redis().pipeline(transaction=False)
        keys = {q: [q] + [f"{q}{_PRIORITY_SEP}{p}" for p in (3, 6, 9)] for q in self.queues}
        for q in self.queues:
            for key in keys[q]:
                pipe.llen(key)
        counts = iter(pipe.execute())
        return {q: sum(next(counts) for _ in keys[q]) for q in self.queues}

    def describe(self) -> Iterator:
        yield GaugeMetricFamily(QUEUE_DEPTH, "Messages waiting in the broker queue.",
                                labels=["queue"])

    def collect(self) -> Iterator:
        family = GaugeMetricFamily(QUEUE_DEPTH, "Messages waiting in the broker queue.",
                                   labels=["queue"])
        if not self.broker_url.startswith(("redis://", "rediss://", "unix://")):
            return  # other brokers: no cheap depth query here
        try:
            depths = self.depth()
        except Exception:  # a scrape must not fail because the broker blinked
            return
        for queue, n in depths.items():
            family.add_metric([queue], n)
        yield family


class StoreCollector(Collector):
    """Gauges only the database knows, computed on scrape (cached for `min_interval_s`)."""

    def __init__(self, engine, *, min_interval_s: float = 10.0) -> None:
        self.engine = engine
        self.min_interval_s = min_interval_s
        self._cache: tuple[float, list] | None = None
        self._lock = threading.Lock()

    def describe(self) -> Iterator:
        return iter(())  # computed on scrape; nothing to check at registration

    def collect(self) -> Iterator:
        with self._lock:
            now = time.monotonic()
            if self._cache is None or now - self._cache[0] >= self.min_interval_s:
                self._cache = (now, self._families())
            families = self._cache[1]
        yield from families

    def _families(self) -> list:
        from sqlalchemy import text
        g = {name: GaugeMetricFamily(name, doc, labels=labels) for name, doc, labels in (
            ("reverie_memory_items_live", STORE_GAUGES["reverie_memory_items_live"],
             ["namespace"]),
            ("reverie_store_sessions", STORE_GAUGES["reverie_store_sessions"], ["state"]),
            ("reverie_store_decisions", STORE_GAUGES["reverie_store_decisions"], ["kind"]),
            ("reverie_store_extraction_runs", STORE_GAUGES["reverie_store_extraction_runs"],
             ["extractor"]),
            ("reverie_store_llm_tokens", STORE_GAUGES["reverie_store_llm_tokens"],
             ["direction"]),
        )}
        plain = {name: GaugeMetricFamily(name, STORE_GAUGES[name]) for name in (
            "reverie_correction_ratio", "reverie_quarantine_ratio",
            "reverie_consolidation_success_ratio", "reverie_store_llm_cost_usd",
            "reverie_store_llm_tokens_per_run", "reverie_store_llm_cost_usd_per_run",
            "reverie_store_dead_letters")}
        with self.engine.connect() as c:
            for ns, n in c.execute(text("SELECT namespace, count(*) FROM memory_items "
                                        "WHERE NOT retired GROUP BY namespace")):
                g["reverie_memory_items_live"].add_metric([ns], n)
            states = dict(c.execute(text("SELECT state, count(*) FROM sessions GROUP BY state"))
                          .all())
            kinds = dict(c.execute(text("SELECT kind, count(*) FROM decisions GROUP BY kind"))
                         .all())
            runs = c.execute(text(
                "SELECT extractor, count(*), coalesce(sum(prompt_tokens), 0), "
                "coalesce(sum(completion_tokens), 0), coalesce(sum(cost_usd), 0) "
                "FROM extraction_runs GROUP BY extractor")).all()
            dead = c.execute(text("SELECT count(*) FROM dead_letters")).scalar() or 0
        for state, n in states.items():
            g["reverie_store_sessions"].add_metric([state], n)
        for kind, n in kinds.items():
            g["reverie_store_decisions"].add_metric([kind], n)
        total = sum(kinds.values())
        plain["reverie_correction_ratio"].add_metric(
            [], (kinds.get("superseded", 0) + kinds.get("retracted", 0)) / total if total else 0)
        plain["reverie_quarantine_ratio"].add_metric(
            [], kinds.get("quarantined", 0) / total if total else 0)
        done, failed = states.get(SessionState.CONSOLIDATED, 0), states.get(SessionState.FAILED, 0)
        plain["reverie_consolidation_success_ratio"].add_metric(
            [], done / (done + failed) if done + failed else 1.0)
        n_runs = prompt = completion = cost = 0
        for extractor, n, p, comp, usd in runs:
            g["reverie_store_extraction_runs"].add_metric([extractor], n)
            n_runs, prompt, completion, cost = (n_runs + n, prompt + p, completion + comp,
                                                cost + float(usd))
        g["reverie_store_llm_tokens"].add_metric(["prompt"], prompt)
        g["reverie_store_llm_tokens"].add_metric(["completion"], completion)
        plain["reverie_store_llm_cost_usd"].add_metric([], cost)
        plain["reverie_store_llm_tokens_per_run"].add_metric(
            [], (prompt + completion) / n_runs if n_runs else 0)
        plain["reverie_store_llm_cost_usd_per_run"].add_metric([], cost / n_runs if n_runs else 0)
        plain["reverie_store_dead_letters"].add_metric([], dead)
        return [*g.values(), *plain.values()]
