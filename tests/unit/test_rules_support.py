"""Shared helpers for the rule extractor tests: a fixed turn time, never the clock."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from pipeline.extract.rules import RuleExtractor, extract_turn
from schemas.records import Claim, Transcript, Turn

#: The time every single-turn test is told at (a Tuesday in November).
AT = datetime(2026, 11, 10, 18, 0, tzinfo=UTC)


def claims_of(text: str, *, role: str = "user", at: datetime = AT,
              injected: bool = False) -> list[Claim]:
    turn = Turn(index=0, role=role, text=text, at=at, injected=injected)  # type: ignore[arg-type]
    return extract_turn(turn, session_id="s1")


def asserted(text: str, predicate: str, **kw: object) -> list[str]:
    """Values said to hold now (a dated plan, `planned`, or a state said over, `ended`, is not)."""
    return [c.object for c in claims_of(text, **kw)  # type: ignore[arg-type]
            if c.predicate == predicate and c.op == "assert"
            and c.modality not in ("planned", "ended")]


def retracted(text: str, predicate: str) -> list[str]:
    return [c.object for c in claims_of(text) if c.predicate == predicate and c.op == "retract"]


def lowered(values: list[str]) -> list[str]:
    return [v.lower() for v in values]


def session(*turns: tuple[str, str], at: datetime = AT) -> list[Claim]:
    """The end-of-session claims for (role, text) turns told 30 s apart."""
    transcript = Transcript(
        namespace="acme", user_id="u-1", session_id="s1", started_at=at,
        ended_at=at + timedelta(minutes=30),
        turns=tuple(Turn(index=i, role=role, text=text,  # type: ignore[arg-type]
                         at=at + timedelta(seconds=30 * i))
                    for i, (role, text) in enumerate(turns)))
    return RuleExtractor().extract(transcript)
