"""Loaders for the retrieval benchmark: LoCoMo conversations and LongMemEval questions.

A file is recognised by its shape, not its name: a list (or one object) with `conversation`
and `qa` is LoCoMo; one with `haystack_sessions` is LongMemEval. Both become the same small
records: sessions of turns, each turn carrying the key the gold labels use (a LoCoMo
`dia_id`, or the LongMemEval session id), so provenance maps back to the labels.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

#: LoCoMo's question categories that have evidence (5, adversarial, is left out).
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}

_DIA_ID = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)")
_LOCOMO_TIME = re.compile(r"(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})",
                          re.IGNORECASE)
_LME_TIME = re.compile(r"(\d{4})/(\d{2})/(\d{2})(?:\s*\(\w+\))?\s*(\d{1,2}):(\d{2})")


@dataclass(frozen=True)
class RawTurn:
    key: str            # dia_id (LoCoMo) or "<session id>#<index>" (LongMemEval)
    speaker: str        # speaker name (LoCoMo) or role (LongMemEval)
    role: str           # the role the turn is captured with
    text: str
    has_answer: bool = False


@dataclass(frozen=True)
class RawSession:
    label: str          # "D3" (LoCoMo) or the LongMemEval haystack session id
    at: datetime
    turns: tuple[RawTurn, ...]


@dataclass(frozen=True)
class LocomoQuestion:
    qid: str
    text: str
    gold: frozenset[str]
    category: int


@dataclass(frozen=True)
class Conversation:
    """One LoCoMo conversation: two people over many dated sessions, with questions."""

    name: str
    speakers: tuple[str, str]
    sessions: tuple[RawSession, ...]
    questions: tuple[LocomoQuestion, ...]


@dataclass(frozen=True)
class UpdateQuestion:
    """One LongMemEval question over its own haystack; `older`/`newer` are answer sessions."""

    qid: str
    text: str
    at: datetime
    sessions: tuple[RawSession, ...]
    answer_sessions: frozenset[str]
    older: str | None = None
    newer: str | None = None
    answer_turns: frozenset[str] = field(default_factory=frozenset)
    #: LongMemEval's question_type; records without one are taken as knowledge updates.
    qtype: str = "knowledge-update"


def parse_locomo_time(value: str) -> datetime:
    """"1:56 pm on 8 May, 2023" -> an aware UTC datetime."""
    m = _LOCOMO_TIME.search(value or "")
    if not m:
        raise ValueError(f"unrecognised LoCoMo session time {value!r}")
    hour, minute, ampm, day, month, year = m.groups()
    h = int(hour) % 12 + (12 if ampm.lower() == "pm" else 0)
    month_no = datetime.strptime(month[:3].title(), "%b").month
    return datetime(int(year), month_no, int(day), h, int(minute), tzinfo=UTC)


def parse_lme_time(value: str) -> datetime:
    """"2023/08/11 (Fri) 15:58" -> an aware UTC datetime."""
    m = _LME_TIME.search(value or "")
    if not m:
        raise ValueError(f"unrecognised LongMemEval time {value!r}")
    y, mo, d, h, mi = (int(x) for x in m.groups())
    return datetime(y, mo, d, h, mi, tzinfo=UTC)


def turn_text(turn: dict) -> str:
    """A LoCoMo turn's words, with the caption of a shared photo (part of what was said)."""
    text = str(turn.get("text") or "").strip()
    caption = str(turn.get("blip_caption") or "").strip()
    return f"{text} [shares {caption}]" if caption else text


def normalise_evidence(evidence: list) -> set[str]:
    """Gold dia_ids, tolerant of the dataset's typos ("D:11:26", "D8:6; D9:17")."""
    out = set()
    for item in evidence or []:
        for m in _DIA_ID.finditer(str(item)):
            out.add(f"D{int(m.group(1))}:{int(m.group(2))}")
    return out


def load_locomo(data: list[dict]) -> list[Conversation]:
    convs = []
    for n, raw in enumerate(data):
        conv = raw["conversation"]
        a, b = conv.get("speaker_a", "A"), conv.get("speaker_b", "B")
        nums = sorted(int(m.group(1)) for k in conv
                      if (m := re.fullmatch(r"session_(\d+)", k)) and conv[k])
        sessions = []
        for i in nums:
            turns = tuple(RawTurn(key=t["dia_id"], speaker=t["speaker"],
                                  role="user" if t["speaker"] == a else "assistant",
                                  text=turn_text(t))
                          for t in conv[f"session_{i}"] if turn_text(t))
            sessions.append(RawSession(f"D{i}", parse_locomo_time(conv[f"session_{i}_date_time"]),
                                       turns))
        known = {t.key for s in sessions for t in s.turns}
        questions = []
        for j, qa in enumerate(raw.get("qa", [])):
            gold = normalise_evidence(qa.get("evidence", [])) & known
            if qa.get("category") in CATEGORIES and gold:
                questions.append(LocomoQuestion(f"{n}-{j}", qa["question"], frozenset(gold),
                                                qa["category"]))
        convs.append(Conversation(str(raw.get("sample_id") or f"conv-{n}"), (a, b),
                                  tuple(sessions), tuple(questions)))
    return convs


def load_longmemeval(data: list[dict]) -> list[UpdateQuestion]:
    out = []
    for n, raw in enumerate(data):
        sessions = []
        for sid, date, turns in zip(raw["haystack_session_ids"], raw["haystack_dates"],
                                    raw["haystack_sessions"], strict=True):
            sessions.append(RawSession(sid, parse_lme_time(date), tuple(
                RawTurn(key=f"{sid}#{i}", speaker=t["role"],
                        role=t["role"] if t["role"] in ("user", "assistant") else "user",
                        text=str(t.get("content") or ""), has_answer=bool(t.get("has_answer")))
                for i, t in enumerate(turns) if str(t.get("content") or "").strip())))
        sessions.sort(key=lambda s: s.at)
        answers = frozenset(raw.get("answer_session_ids") or ())
        dated = sorted((s.at, s.label) for s in sessions if s.label in answers)
        out.append(UpdateQuestion(
            qid=str(raw.get("question_id") or n), text=raw["question"],
            at=parse_lme_time(raw["question_date"]), sessions=tuple(sessions),
            answer_sessions=answers,
            older=dated[0][1] if len(dated) >= 2 else None,
            newer=dated[-1][1] if dated else None,
            answer_turns=frozenset(t.key for s in sessions if s.label in answers
                                   for t in s.turns if t.has_answer),
            qtype=str(raw.get("question_type") or "knowledge-update")))
    return out


class DataFileError(ValueError):
    """A benchmark data file that is not LoCoMo or LongMemEval, or has nothing to run."""


def load(path: Path) -> tuple[str, list]:
    """("locomo", conversations) or ("longmemeval", questions), by the file's shape."""
    try:
        data = json.loads(Path(path).read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DataFileError(f"{path}: not JSON ({exc})") from exc
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list) or not data or not isinstance(data[0], dict):
        raise DataFileError(f"{path}: expected a list of LoCoMo or LongMemEval records")
    first = data[0]
    if "conversation" in first and "qa" in first:
        return "locomo", load_locomo(data)
    if "haystack_sessions" in first and "question" in first:
        return "longmemeval", load_longmemeval(data)
    raise DataFileError(f"{path}: neither LoCoMo (conversation, qa) nor LongMemEval "
                     "(haystack_sessions, question) records")
