"""`reverie bench retrieval`: the system's recall against BM25 and dense retrieval over raw
turns, on LoCoMo (evidence recall@k) and LongMemEval knowledge-update (current_first,
stale_rate).

Every conversation (LoCoMo) or question haystack (LongMemEval) is played through the real
pipeline in its own namespace: sessions captured turn by turn with a fixed clock at the
dataset's dates, ended, and dreamt over in process. Recall's hits carry provenance
("session#turn"), which maps back to the dataset's labels (dia_ids, haystack session ids).
The baselines index the same raw turns, as captured (a LoCoMo turn with its speaker's name),
in the same run, the dense one with the system's own embedder, so the three columns differ
only by what the memory system does.
"""
from __future__ import annotations

import hashlib
import shutil
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from schemas.enums import RunMode, SessionState
from scripts.bench.data import (
    CATEGORIES,
    Conversation,
    DataFileError,
    RawSession,
    UpdateQuestion,
    load,
)
from scripts.bench.retrieval_baselines import Bm25Index, DenseIndex, VectorCache
from scripts.bench.retrieval_metrics import (
    KS, MATCHED, METHODS, UPDATE_K, Hit, evidence_recall, locomo_figures, mean, top,
    update_figures, update_order,
)

USER = "bench"
#: Seconds between captured turns inside a session.
TURN_GAP_S = 30


# ---- playing a dataset through the system --------------------------------------------------
@dataclass
class Provenance:
    """From the system's "session#turn" refs back to dataset keys."""

    turns: dict[str, str] = field(default_factory=dict)      # "s003#4" -> dataset turn key
    sessions: dict[str, str] = field(default_factory=dict)   # "s003" -> dataset session label

    def hit(self, sources: Sequence[str], *, current: bool = False) -> Hit:
        turns, sessions = set(), set()
        for ref in sources:
            sid, _, turn = ref.partition("#")
            if sid in self.sessions:
                sessions.add(self.sessions[sid])
            if turn and ref in self.turns:
                turns.add(self.turns[ref])
        return Hit(frozenset(turns), frozenset(sessions), current)


def captured_text(turn, kind: str) -> str:
    """LoCoMo has two people and no assistant: the speaker's name goes with the words."""
    return f"{turn.speaker}: {turn.text}" if kind == "locomo" else turn.text


def ingest(rt, clock, namespace: str, sessions: Sequence[RawSession], kind: str,
           advance: Callable[[], None]) -> Provenance:
    """Capture every session (in date order) and end it: the dream chain runs in process.
    A resumed run (--data-dir) skips the sessions already consolidated and finishes the
    others where they stopped."""
    prov = Provenance()
    mem = rt.memory
    for i, session in enumerate(sorted(sessions, key=lambda s: s.at)):
        sid = f"s{i:03d}"
        prov.sessions[sid] = session.label
        for j, turn in enumerate(session.turns):
            prov.turns[f"{sid}#{j}"] = turn.key
        with rt.deps.unit_of_work() as uow:
            existing = uow.sessions.find(namespace, USER, sid)
        if existing is not None and existing.state == SessionState.CONSOLIDATED:
            advance()
            continue
        end = session.at + timedelta(seconds=TURN_GAP_S * len(session.turns))
        if existing is None:
            clock.set(session.at)
            mem.start_session(namespace, USER, sid, session.at)
        if existing is None or existing.state == SessionState.OPEN:
            done = existing.turn_count if existing is not None else 0  # an interrupted run
            for j, turn in enumerate(session.turns[done:], done):
                at = session.at + timedelta(seconds=TURN_GAP_S * j)
                clock.set(at)
                mem.append_turn(namespace, USER, sid, turn.role, captured_text(turn, kind), at)
            clock.set(end)
            mem.end_session(namespace, USER, sid, end)
        else:  # ended, but its dream did not finish: dream again (checkpoints resume it)
            from workers.triggers import publish_session_end
            clock.set(end)
            publish_session_end(rt.deps, existing.sid, end)
        advance()
    return prov


def system_ranking(rt, clock, namespace: str, query: str, at, prov: Provenance,
                   k: int) -> tuple[list[Hit], float]:
    clock.set(at)
    t0 = time.perf_counter()
    result = rt.reader.recall(namespace, USER, query, k=k, token_budget=1_000_000)
    elapsed = time.perf_counter() - t0
    # Everything the system returned counts: the constraints it pins come apart from the k
    # answers, first, as they are injected.
    return [prov.hit(h.sources, current=h.kind == "item")
            for h in (*result.pinned, *result.hits)], elapsed


def namespace_for(tag: str, name: str) -> str:
    slug = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name)[:40]
    return f"b{tag}-{slug}"


# ---- the run ------------------------------------------------------------------------------
@dataclass
class Options:
    data: Path
    embedder: str = "local"
    limit: int | None = None
    data_dir: Path | None = None
    report: Path | None = None


def run(opts: Options, progress=None, *, settings=None) -> dict:
    """Ingest, query, score the three methods; returns the report (see `--report`).

    Without `opts.data_dir` the memory lives in a temporary folder (its embedded Postgres
    stopped and the folder removed at the end) and the namespaces are fresh; with it, a
    re-run finds its namespaces and skips the sessions already consolidated. `settings`
    (tests) replaces the settings built here."""
    from infra.clock import FixedClock
    from infra.settings import Settings
    from api.runtime import start

    kind, records = load(opts.data)
    skipped = 0
    if kind == "longmemeval":
        # The figures are about knowledge updates: a whole LongMemEval file also holds
        # single-session, multi-session, temporal... questions, where "the newest answer
        # session first" means nothing (and which would take hours to ingest).
        updates = [q for q in records if q.qtype == "knowledge-update"]
        skipped = len(records) - len(updates)
        if not updates:
            raise DataFileError(f"{opts.data}: no knowledge-update questions (question_type) "
                             f"among its {len(records)} LongMemEval questions")
        records = updates
    records = _limit(kind, records, opts.limit)
    temp = opts.data_dir is None and settings is None
    tag = hashlib.sha1(opts.data.read_bytes()).hexdigest()[:8]
    if opts.data_dir is None:
        tag += uuid.uuid4().hex[:4]
    data_dir = None
    if settings is None:
        data_dir = Path(tempfile.mkdtemp(prefix="reverie-bench-")) if temp else opts.data_dir
        data_dir.mkdir(parents=True, exist_ok=True)
        settings = Settings(data_dir=data_dir, broker_url=None, mode=RunMode.FULL,
                            object_store_url=(data_dir / "objects").resolve().as_uri(),
                            embedder=opts.embedder)
    clock = FixedClock(_first_time(records))
    rt = start(settings, clock=clock)
    cache = VectorCache(None if temp or data_dir is None else data_dir / "bench-vectors",
                        rt.deps.embedder)
    prog = progress or _NullProgress()
    try:
        if kind == "locomo":
            report = _run_locomo(rt, clock, records, tag, cache, prog)
        else:
            report = _run_updates(rt, clock, records, tag, cache, prog)
        if kind == "longmemeval":
            report["questions"]["other_types_skipped"] = skipped
        report.update(dataset=kind, data=str(opts.data), embedder=rt.deps.embedder.name,
                      extractor=f"{rt.deps.extractor.name}/{rt.deps.extractor.version}")
    finally:
        rt.deps.dispose()
        if temp:
            if settings.database_url is None:
                from infra.db.engine import stop_embedded
                stop_embedded(data_dir)
            shutil.rmtree(data_dir, ignore_errors=True)
    return report


def _limit(kind: str, records: list, limit: int | None) -> list:
    """--limit N: the first N questions (LoCoMo: across conversations, in order)."""
    if not limit:
        return records
    if kind == "longmemeval":
        return records[:limit]
    out, left = [], limit
    for conv in records:
        if left <= 0:
            break
        qs = conv.questions[:left]
        left -= len(qs)
        out.append(Conversation(conv.name, conv.speakers, conv.sessions, qs))
    return out


def _first_time(records: list):
    return min(s.at for r in records for s in r.sessions)


def _run_locomo(rt, clock, convs: list[Conversation], tag: str, cache: VectorCache,
                prog) -> dict:
    n_sessions = sum(len(c.sessions) for c in convs)
    n_questions = sum(len(c.questions) for c in convs)
    ingest_task = prog.add_task("ingesting sessions", total=n_sessions)
    query_task = prog.add_task("querying", total=n_questions)
    rows: dict[str, list] = {m: [] for m in METHODS}
    timings = {"ingest_s": 0.0, "recall_s": []}
    kmax = 4 * max(KS)  # baselines rank deeper, for the turn-matched figure
    for conv in convs:
        ns = namespace_for(tag, conv.name)
        t0 = time.perf_counter()
        prov = ingest(rt, clock, ns, conv.sessions, "locomo",
                      lambda: prog.advance(ingest_task))
        timings["ingest_s"] += time.perf_counter() - t0
        turns = [t for s in conv.sessions for t in s.turns]
        texts = [captured_text(t, "locomo") for t in turns]
        bm25 = Bm25Index(texts)
        dense = DenseIndex(cache.embed(texts))
        after = max(s.at for s in conv.sessions) + timedelta(days=1)
        for q in conv.questions:
            by_k = {}
            for k in KS:
                hits, elapsed = system_ranking(rt, clock, ns, q.text, after, prov, k)
                timings["recall_s"].append(elapsed)
                by_k[k] = [set(h.turns) for h in hits]
            rows["system"].append((q.category, q.gold, by_k))
            rows["bm25"].append((q.category, q.gold,
                                 [{turns[i].key} for i in bm25.rank(q.text, kmax)]))
            qvec = rt.deps.embedder.embed([q.text])[0]
            rows["dense"].append((q.category, q.gold,
                                  [{turns[i].key} for i in dense.rank(qvec, kmax)]))
            prog.advance(query_task)
    report = {m: locomo_figures(rows[m]) for m in METHODS}
    # The system's hits are exchanges (and facts), not single turns: the baselines again,
    # given as many turns per question as the system's top 10 carried.
    budgets = [len(set().union(*top(r, 10))) for _, _, r in rows["system"]]
    report["system"][MATCHED] = report["system"]["recall@10"]
    for m in ("bm25", "dense"):
        report[m][MATCHED] = mean([evidence_recall(g, r, max(10, b))
                                    for (_, g, r), b in zip(rows[m], budgets)])
    report["questions"] = {"total": n_questions, **{
        name: sum(1 for c in convs for q in c.questions if q.category == cat)
        for cat, name in CATEGORIES.items()}}
    report["conversations"] = len(convs)
    report["timing"] = _timing(timings, n_sessions)
    return report


def _run_updates(rt, clock, questions: list[UpdateQuestion], tag: str, cache: VectorCache,
                 prog) -> dict:
    n_sessions = sum(len(q.sessions) for q in questions)
    ingest_task = prog.add_task("ingesting sessions", total=n_sessions)
    query_task = prog.add_task("querying", total=len(questions))
    rows: dict[str, list] = {m: [] for m in METHODS}
    timings = {"ingest_s": 0.0, "recall_s": []}
    for q in questions:
        ns = namespace_for(tag, q.qid)
        t0 = time.perf_counter()
        prov = ingest(rt, clock, ns, q.sessions, "longmemeval",
                      lambda: prog.advance(ingest_task))
        timings["ingest_s"] += time.perf_counter() - t0
        hits, elapsed = system_ranking(rt, clock, ns, q.text, q.at, prov, UPDATE_K)
        timings["recall_s"].append(elapsed)
        rows["system"].append((q, hits))
        turns = [(s.label, t) for s in q.sessions for t in s.turns]

        def raw(i: int) -> Hit:
            label, turn = turns[i]
            return Hit(frozenset({turn.key}), frozenset({label}))

        bm25 = Bm25Index([t.text for _, t in turns])
        rows["bm25"].append((q, [raw(i) for i in bm25.rank(q.text, UPDATE_K)]))
        dense = DenseIndex(cache.embed([t.text for _, t in turns]))
        qvec = rt.deps.embedder.embed([q.text])[0]
        rows["dense"].append((q, [raw(i) for i in dense.rank(qvec, UPDATE_K)]))
        prog.advance(query_task)
    report = {m: update_figures(rows[m]) for m in METHODS}
    # The questions the system got wrong, to look into (`--report`).
    report["system_misses"] = [
        {"qid": q.qid, "current_first": c, "stale": s, "older": q.older, "newer": q.newer,
         "ranked_sessions": [sorted(h.sessions) for h in ranked]}
        for (q, ranked) in rows["system"] for c, s in [update_order(q, ranked)]
        if not c or s]
    report["questions"] = {"total": len(questions),
                           "with_two_answer_sessions": sum(1 for q in questions if q.older)}
    report["timing"] = _timing(timings, n_sessions)
    return report


def _timing(t: dict, sessions: int) -> dict:
    lat = sorted(t["recall_s"])
    return {"sessions": sessions, "ingest_s": round(t["ingest_s"], 1),
            "recall_ms_mean": round(1000 * sum(lat) / len(lat), 1) if lat else None,
            "recall_ms_p95": round(1000 * lat[int(0.95 * (len(lat) - 1))], 1) if lat else None}


class _NullProgress:
    def add_task(self, *_a, **_k) -> int:
        return 0

    def advance(self, *_a, **_k) -> None:
        return None


def metric_names(report: dict) -> list[str]:
    """The rows of the printed table: the headline figures first."""
    if report["dataset"] == "locomo":
        names = [f"recall@{k}" for k in KS]
        names += [f"recall@10/{c}" for c in CATEGORIES.values()]
        return names + ["turns@10", MATCHED]
    return ["current_first", "stale_rate", f"answer_session@{UPDATE_K}", f"turns@{UPDATE_K}"]
