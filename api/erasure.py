"""Erasure: "forget that I told you" — removed from every place it landed, and kept out.

One request runs in one transaction scoped to the namespace, under the user's lock (no
consolidation of theirs interleaves) with their session rows locked (no session of theirs
ends from unredacted buffered turns meanwhile):

- facts are hard-deleted (every version of each chosen value, not closed), with their
  evidence; memory items with every version; fragments (text and vector); decisions,
  quarantine rows, working-set entries, buffered turns and inline claims of open sessions,
  checkpoints (their output holds claims and plans), dead letters and audit targets that
  carry the content;
- each transcript object that carries it is replaced by a redacted revision (the turn's text
  becomes the `[redacted]` marker, erased inline claims are dropped) and the session row
  points at it; the old object is deleted once the transaction committed;
- tombstones (keyed hashes, never the text) stop replay, the nightly batch and `reprocess`
  from deriving it again; the profile is re-rendered and the cache version bumped; one
  decision of kind "erased" records that an erasure happened, not what it erased.

A text erasure matches case-insensitively anywhere, and also takes whatever was derived from a
turn that contained the text. A value erasure (predicate / object / fact id) takes every
version of the chosen values; their objects are then erased as text from the raw layer, while
other facts that merely mention them stay (their quoted evidence is redacted).

`all=True` removes the user entirely: every row in every table for the namespace and user,
every transcript object, the profile; a pseudonymous audit row (an HMAC of the user id)
keeps that it happened.
"""
from __future__ import annotations

import hashlib
import hmac
from datetime import datetime

import structlog

from api.memory import Memory, _aware
from infra.deps import Deps, UnitOfWork
from infra.stores.erasure import tombstone_id
from infra.stores.erasure_target import (
    Counts, Target, redacted, revision_of, user_transcripts,
)
from pipeline.opening import summarize_thread
from pipeline.redact import REDACTED
from pipeline.statements import item_id_for
from pipeline.tombstones import fact_tombstone, text_tombstone
from schemas.enums import SessionState
from schemas.errors import InvalidInput
from schemas.ids import check_ident, check_namespace, user_scope
from workers import plans
from workers.triggers import request_purge

log = structlog.get_logger(__name__)

#: Shortest text an erasure accepts: one letter would take most of a user's memory with it.
MIN_TEXT_CHARS = 2


class _DryRun(Exception):
    """Raised inside the unit of work to roll a preview back."""


def forget(memory: Memory, namespace: str, user_id: str, *, text: str | None = None,
           predicate: str | None = None, object: str | None = None,
           fact_id: str | None = None, all: bool = False,
           at: datetime | None = None) -> dict:
    """Erase content for one user; returns a report with counts per store."""
    return _run(memory, namespace, user_id, text=text, predicate=predicate, obj=object,
                fact_id=fact_id, everything=all, at=at, dry_run=False)


def preview(memory: Memory, namespace: str, user_id: str, *, text: str | None = None,
            predicate: str | None = None, object: str | None = None,
            fact_id: str | None = None, all: bool = False,
            at: datetime | None = None) -> dict:
    """What `forget` would remove (the same work, rolled back; no object touched)."""
    return _run(memory, namespace, user_id, text=text, predicate=predicate, obj=object,
                fact_id=fact_id, everything=all, at=at, dry_run=True)


def _mode(text, predicate, obj, fact_id, everything) -> str:
    chosen = [m for m, v in (("text", text is not None), ("fact", fact_id is not None),
                             ("value", predicate is not None or obj is not None),
                             ("all", bool(everything))) if v]
    if len(chosen) != 1:
        raise InvalidInput("name exactly one of: text, predicate [+ object], fact id, or all")
    mode = chosen[0]
    if mode == "text" and len((text or "").strip()) < MIN_TEXT_CHARS:
        raise InvalidInput(f"the text to forget needs at least {MIN_TEXT_CHARS} characters")
    if predicate is not None and not (predicate and predicate.replace("_", "").isalnum()):
        raise InvalidInput(f"invalid predicate {predicate!r}")
    if obj is not None and not obj.strip():
        raise InvalidInput("the object to forget is empty")
    if fact_id is not None:
        check_ident(fact_id, "fact id")
    return mode


def _run(memory: Memory, namespace: str, user_id: str, *, text, predicate, obj, fact_id,
         everything, at, dry_run: bool) -> dict:
    check_namespace(namespace), check_ident(user_id, "user id")
    mode = _mode(text, predicate, obj, fact_id, everything)
    deps = memory.deps
    now = _aware(at, deps.now())
    report: dict = {"namespace": namespace, "user_id": user_id, "mode": mode,
                    "at": now.isoformat(), "dry_run": dry_run}
    try:
        with deps.unit_of_work(namespace=namespace) as uow:
            uow.facts.lock_user(namespace, user_id)
            if mode == "all":
                _erase_user(uow, deps, namespace, user_id, now, report, dry_run)
            else:
                _erase_content(uow, deps, namespace, user_id, now, report, dry_run,
                               text=text, predicate=predicate, obj=obj, fact_id=fact_id)
            if dry_run:
                raise _DryRun
    except _DryRun:
        return report
    _drop_cached(namespace, user_id)
    request_purge(deps, now)  # the erased bytes leave the database's files too
    log.info("erasure.finished", namespace=namespace, user=user_id, mode=mode,
             **{k: v for k, v in report["counts"].items() if v})
    return report


def _erase_user(uow: UnitOfWork, deps: Deps, namespace: str, user_id: str, now: datetime,
                report: dict, dry_run: bool) -> None:
    counts = Counts()
    uow.erasure.erase_user(namespace, user_id, counts)
    keys = deps.transcripts.list_user(namespace, user_id)
    counts.add("transcript_objects_deleted", len(keys))
    # Pseudonymous: the log keeps that a user was erased without keeping who it was.
    pseudonym = "erased-" + hmac.new(deps.settings.secret_key.encode(),
                                     user_scope(namespace, user_id).encode(),
                                     hashlib.sha256).hexdigest()[:32]
    uow.audit.record(namespace, pseudonym, "erase", "erase:all", now)
    if not dry_run:
        uow.after_commit(lambda: _delete_objects(deps, keys))
    report["counts"] = counts.values


def _erase_content(uow: UnitOfWork, deps: Deps, namespace: str, user_id: str, now: datetime,
                   report: dict, dry_run: bool, *, text, predicate, obj, fact_id) -> None:
    es = uow.erasure
    counts = Counts()
    sessions = es.lock_sessions(namespace, user_id)
    by_session_id = {s.session_id: s for s in sessions}
    open_sessions = {s.sid: s.session_id for s in sessions if s.state == SessionState.OPEN}
    objects = user_transcripts(deps.transcripts, namespace, user_id)
    buffered = es.buffered_turns(list(open_sessions))

    # 1. Resolve the request to facts, content needles and erased turns.
    if text is not None:
        needles = (text.strip().lower(),)
        turns = _turns_with(needles, objects, buffered, open_sessions)
        facts = es.facts_by_content(namespace, user_id, needles, frozenset(turns))
    else:
        if fact_id is not None:
            row = es.fact(namespace, user_id, fact_id)
            facts = es.facts_by_value(namespace, user_id, row.predicate, row.object)
        else:
            facts = es.facts_by_value(namespace, user_id, predicate, obj)
        objs = {f.object.strip().lower() for f in facts}
        if obj is not None:
            objs.add(obj.strip().lower())
        needles = tuple(sorted(o for o in objs if len(o) >= MIN_TEXT_CHARS))
        turns = _turns_with(needles, objects, buffered, open_sessions)
    fact_ids = {f.fact_id for f in facts}
    # The turns the chosen facts came from go too, or replaying them would bring them back.
    turns |= {(f.session_id, f.turn) for f in facts if f.session_id and f.turn is not None}
    turns |= es.evidence_turns(sorted(fact_ids))
    values = {(f.predicate, f.object) for f in facts}
    target = Target(namespace=namespace, user_id=user_id, needles=needles,
                    turns=frozenset(turns), fact_ids=frozenset(fact_ids),
                    values=frozenset(values))

    # 2. The semantic layer and the pipeline's own records.
    item_ids = {f.item_id for f in facts if f.item_id}
    item_ids |= {item_id_for(namespace, user_id, p, o) for p, o in values}
    es.delete_facts(target, counts)
    es.delete_items(target, item_ids, counts)
    touched = es.delete_fragments(target, counts)
    es.delete_decisions(target, counts)
    es.delete_quarantine(target, counts)
    es.delete_working_set(target, counts)
    es.scrub_buffers(target, open_sessions, counts)
    es.delete_audit(namespace, user_id, needles, counts)

    # 3. The raw layer: a redacted revision replaces each transcript that carries it.
    rewritten, stale = _redact_transcripts(uow, deps, target, objects, by_session_id,
                                           dry_run)
    counts.add("transcripts_redacted", len(rewritten))
    counts.add("transcript_objects_deleted", len(stale))
    touched |= {s for s, _ in target.turns} | {f.session_id for f in facts if f.session_id}
    affected = {by_session_id[s].sid for s in touched if s in by_session_id} | set(rewritten)
    es.delete_checkpoints(affected, needles, [s.sid for s in sessions], counts)
    es.delete_dead_letters(namespace, needles, [s.sid for s in sessions], counts)

    # 4. Keep it out; re-render; record that (not what) it happened.
    scope = user_scope(namespace, user_id)
    key = deps.settings.secret_key
    stones = [fact_tombstone(p, o, key=key, scope=scope) for p, o in sorted(values)
              if text is None or text.strip().lower() in o.lower()]
    if text is not None:
        stones.append(text_tombstone(text.strip(), key=key, scope=scope))
    counts.add("tombstones", es.add_tombstones(namespace, user_id, stones, now))
    report["tombstone_ids"] = [tombstone_id(namespace, user_id, s) for s in stones]
    plans.refresh_profile(uow, namespace, user_id, now, force_bump=True)
    mode = "text" if text is not None else "fact" if fact_id is not None else "value"
    report["decision_id"] = es.record_erasure(namespace, user_id, f"erasure.{mode}",
                                              dict(counts.values), now)
    uow.audit.record(namespace, user_id, "erase", f"erase:{mode}", now)
    if not dry_run and stale:
        uow.after_commit(lambda: _delete_objects(deps, stale))
    report["counts"] = counts.values


def _turns_with(needles, objects, buffered, open_sessions) -> set[tuple[str, int]]:
    """(session id, turn) of every stored or buffered turn whose text carries a needle."""
    if not needles:
        return set()
    found = set()
    for _key, transcript, _raw in objects:
        if transcript is None:
            continue
        for t in transcript.turns:
            if any(n in t.text.lower() for n in needles):
                found.add((transcript.session_id, t.index))
    for row in buffered:
        if any(n in row.text.lower() for n in needles):
            found.add((open_sessions[row.sid], row.idx))
    return found


def _redact_transcripts(uow: UnitOfWork, deps: Deps, target: Target, objects,
                        by_session_id: dict, dry_run: bool) -> tuple[set[str], list[str]]:
    """Write revision n+1 of each current transcript that carries erased content and point
    the session at it. Returns (session keys rewritten, object keys to delete after commit):
    the replaced revisions and any stale object that still carries the content."""
    rewritten: set[str] = set()
    stale: list[str] = []
    for key, transcript, raw in objects:
        if transcript is None:
            if any(n in raw.decode("utf-8", "ignore").lower() for n in target.needles):
                stale.append(key)
            continue
        clean = redacted(transcript, target)
        session = by_session_id.get(transcript.session_id)
        if session is None or session.transcript_key != key:
            if clean is not None:  # an older revision left behind: it goes
                stale.append(key)
            continue
        if clean is None:
            continue
        rewritten.add(session.sid)
        stale.append(key)
        if dry_run:
            continue
        new_key, checksum, size = deps.transcripts.write(
            clean, revision=(revision_of(key) or 0) + 1)
        held = [(q.claim.get("evidence", ""), q.object)
                for q in uow.facts.quarantined(target.namespace, target.user_id)
                if q.session_id == transcript.session_id]
        summary = summarize_thread([t.text for t in clean.turns if t.role == "user"
                                    and not t.injected and t.text != REDACTED], held=held)
        uow.sessions.set_transcript(session.sid, new_key, checksum, size, summary)
    return rewritten, stale


def _delete_objects(deps: Deps, keys: list[str]) -> None:
    """After commit: the session rows no longer point at these. A failure here leaves an
    unreferenced object that the next erasure or export of the user finds and deletes."""
    for key in keys:
        try:
            deps.transcripts.objects.delete(key)
        except Exception as exc:  # noqa: BLE001 — logged; a retry of forget finishes it
            log.error("erasure.object_delete_failed", key=key, error=str(exc))


def _drop_cached(namespace: str, user_id: str) -> None:
    """Recall results cached in this process for the user (the version bump already makes
    them unreachable; this drops the text itself)."""
    from api import read
    drop = getattr(read, "drop_cached", None)
    if drop is not None:
        drop(namespace, user_id)


__all__ = ["forget", "preview"]
