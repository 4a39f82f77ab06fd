"""The dev scenarios' user turns extract what their checks expect.

Each scenario's sessions go through the rule extractor; a deliberately small stand-in for the
reconcile stage (single-valued values supersede, multi-valued accumulate, retractions
remove, a lower source never replaces a higher one, forgets delete) then answers the fact
checks from those claims alone. This tests extraction, not the real reconcile stage.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from scripts.eval import SAMPLES

from pipeline.extract.rules import RuleExtractor
from pipeline.normalize import same_value
from pipeline.vocabulary import DEPENDENTS, Vocabulary
from schemas.records import SOURCE_RANK, Claim, InlineClaim, Transcript, Turn

SHARED_DEV = Path(__file__).resolve().parents[2].parent / "shared" / "eval" / "dev"
#: The shared dev set when it is beside the repository, else the samples shipped with it.
DEV = SHARED_DEV if SHARED_DEV.is_dir() else SAMPLES
SCENARIOS = sorted(DEV.glob("*.json")) if DEV.is_dir() else []
VOCAB = Vocabulary()


def ts(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


@dataclass
class Version:
    predicate: str
    object: str
    source: str
    valid_from: datetime
    recorded_at: datetime
    valid_to: datetime | None = None
    closed_at: datetime | None = None


@dataclass
class Memory:
    versions: list[Version] = field(default_factory=list)
    quarantined: list[str] = field(default_factory=list)

    def current(self, predicate: str | None = None) -> list[Version]:
        return [v for v in self.versions if v.valid_to is None
                and (predicate is None or v.predicate == predicate)]

    def apply(self, claim: Claim | InlineClaim, recorded_at: datetime) -> None:
        if claim.predicate == "access_role":
            self.quarantined.append(claim.object)
            return
        if getattr(claim, "untrusted_origin", None) not in (None, "user"):
            return
        at = claim.valid_from or recorded_at
        same = [v for v in self.current(claim.predicate) if same_value(v.object, claim.object)]
        # A state said to have ended removes it (reconcile keeps a never-held one as history,
        # which this model does not track).
        if claim.op == "retract" or getattr(claim, "modality", "asserted") == "ended":
            targets = same or (self.current(claim.predicate) if not claim.object else [])
            for v in targets:
                self._close(v, at, recorded_at)
            return
        if same:
            return  # reconfirmed
        if VOCAB.cardinality(claim.predicate) == "single":
            for v in self.current(claim.predicate):
                if SOURCE_RANK[claim.source] < SOURCE_RANK[v.source]:
                    return
                self._close(v, at, recorded_at)
                for dep in DEPENDENTS.get(claim.predicate, ()):
                    for d in self.current(dep):
                        self._close(d, at, recorded_at)
        self.versions.append(Version(claim.predicate, claim.object, claim.source, at,
                                     recorded_at))

    def _close(self, v: Version, at: datetime, recorded_at: datetime) -> None:
        v.valid_to, v.closed_at = max(at, v.valid_from), recorded_at

    def forget(self, text: str) -> None:
        self.versions = [v for v in self.versions if text.lower() not in v.object.lower()]


def play_session(step: dict[str, Any], memory: Memory) -> None:
    started = ts(step["started_at"])
    turns = tuple(
        Turn(index=i, role=t["role"], text=t["text"],
             at=started + timedelta(seconds=t.get("offset_s", 30 * i)))
        for i, t in enumerate(step["turns"]))
    transcript = Transcript(namespace="dev", user_id="u", session_id=step["id"],
                            started_at=started, ended_at=turns[-1].at, turns=turns)
    claims: list[tuple[int, Claim | InlineClaim]] = [
        (c.turn or 0, c) for c in RuleExtractor().extract(transcript)]
    claims += [(c.get("turn", 0), InlineClaim(**{
        **c, "valid_from": ts(c["valid_from"]) if c.get("valid_from") else None}))
        for c in step.get("claims", [])]
    for index, claim in sorted(claims, key=lambda pair: pair[0]):
        memory.apply(claim, turns[index].at)


def check(step: dict[str, Any], memory: Memory) -> None:
    kind = step["kind"]
    matches = lambda values, expect: (  # noqa: E731
        len(values) == len(expect)
        and all(any(e.lower() in v.lower() for v in values) for e in expect))
    if kind == "current":
        values = [v.object for v in memory.current(step["predicate"])]
        assert matches(values, step["expect"]), (step, values)
    elif kind == "history":
        values = [v.object for v in sorted(
            (v for v in memory.versions if v.predicate == step["predicate"]),
            key=lambda v: v.valid_from)]
        assert matches(values, step["expect"]), (step, values)
    elif kind in ("as_of", "believed_as_of"):
        when = ts(step.get("valid_at") or step["known_at"])
        known = [v for v in memory.versions if v.predicate == step["predicate"]
                 and (kind == "as_of" or v.recorded_at <= when)]
        values = [v.object for v in known if v.valid_from <= when and (
            v.valid_to is None or v.valid_to > when
            or (kind == "believed_as_of" and v.closed_at is not None and v.closed_at > when))]
        assert matches(values, step["expect"]), (step, values)
    elif kind in ("profile", "recall", "opening"):
        text = " ".join(v.object for v in memory.current())
        for item in step.get("must_include", []):
            if item not in ("4 day", "while"):  # opening wording, not a fact
                assert item.lower() in text.lower(), (step, text)
        for item in step.get("must_exclude", []):
            assert item.lower() not in text.lower(), (step, text)
    elif kind == "quarantined":
        assert any(step["text"].lower() in q.lower() for q in memory.quarantined), step
        assert all(step["text"].lower() not in v.object.lower() for v in memory.current())
    elif kind == "gone":
        assert all(step["text"].lower() not in v.object.lower() for v in memory.versions)


@pytest.mark.skipif(not SCENARIOS, reason="dev scenarios not found next to the repository")
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_dev_scenario_claims(path: Path) -> None:
    scenario = json.loads(path.read_text())
    memory = Memory()
    for step in scenario["steps"]:
        (kind, body), = step.items()
        if kind == "session":
            play_session(body, memory)
        elif kind == "correct":
            memory.apply(InlineClaim(predicate=body["predicate"], object=body["object"],
                                     source="user_edit", valid_from=ts(body["at"])),
                         ts(body["at"]))
        elif kind == "forget" and "text" in body:
            memory.forget(body["text"])
        elif kind == "check":
            check(body, memory)
