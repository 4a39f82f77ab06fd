"""A job told as still going, without a subject: "Still a revenue analyst at Lotus Air",
"Still with Tui Creek, by the way, they let me keep the job remotely", "Still at Hraun,
still on call every fourth week".

Chat drops the "I'm". The fragment opens its sentence or clause with "still"; with a title
(an occupation's head noun, lexicon.OCCUPATIONS) it is the user's job by itself, without one
("still with <Org>", "still at <Org>") only in a turn about work: "still at Gran's", "still
with Vodafone" are no job. The organisation must be a name that is no place of note
(passing_work.org_at). Pure.
"""
from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from pipeline.extract import lexicon as lx
from pipeline.extract.passing_work import org_at
from schemas.records import Claim

_I = re.IGNORECASE

#: Confidence of a job told as still going (a fragment, no verb of its own).
STILL_CONFIDENCE = 0.75

_OPEN = r"(?:^|[,;:]\s*|\b(?:and|but|so|oh|also|anyway)\s+)(?:(?:i'm|i\s+am|im)\s+)?still\s+"
_STILL_TITLE = re.compile(
    _OPEN + r"(?:an?\s+)(?P<t>(?:(?-i:[a-z])[\w-]*\s+){0,3}?(?:" + lx.alt(lx.OCCUPATIONS)
    + r"))\s+(?:at|with|for)\s+(?=(?-i:[A-Z]))", _I)
_STILL_AT = re.compile(_OPEN + r"(?:at|with|working\s+(?:at|for))\s+(?=(?-i:[A-Z]))", _I)
#: A turn about work (the job, its hours, its people, its place).
_WORK_TURN = re.compile(
    r"\b(?:job|work|shifts?|on\s+call|pager|office|desk|boss|manager|colleagues?|team"
    r"|clients?|patients?|remote(?:ly)?|payroll|salary|promotion|canteen)\b", _I)
#: A clause about someone else, or not the user's now.
_NOT_MINE = re.compile(r"\b(?:he|she|they|you|his|her|their|your)\s+(?:is|are|was|'s|'re)?\s*"
                       r"still\b|\b(?:if|would|could|should|not|never|no\s+longer)\b", _I)


@lru_cache(maxsize=256)
def _work_turn(turn_text: str) -> bool:
    return bool(_WORK_TURN.search(turn_text))  # once per turn, not per sentence


def still_claims(text: str, turn_text: str, at: datetime, base: tuple[str, int, str], *,
                 question: bool) -> list[Claim]:
    """Employer and title of a "still ..." fragment in sentence `text` of the user's turn."""
    if question:
        return []
    out: list[tuple[str, str]] = []
    for m in _STILL_TITLE.finditer(text):
        if _NOT_MINE.search(text[max(0, m.start() - 30):m.start() + 6]):
            continue
        org = org_at(text, m.end())
        if org is not None:
            out += [("employer", org), ("job_title", m.group("t").lower())]
    if not out and _STILL_AT.search(text) and _work_turn(turn_text or text):
        for m in _STILL_AT.finditer(text):
            if _NOT_MINE.search(text[max(0, m.start() - 30):m.start() + 6]):
                continue
            org = org_at(text, m.end())
            if org is not None and not org.endswith("'s"):
                out.append(("employer", org))
                break
    session_id, turn, evidence = base
    return [Claim(predicate=p, object=v, op="assert", modality="asserted", valid_from=at,
                  source="stated", confidence=STILL_CONFIDENCE, session_id=session_id,
                  turn=turn, evidence=evidence) for p, v in out]
