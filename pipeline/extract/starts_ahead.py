"""A start still to come, read from the tense of the clause its date stands in.

timeexpr resolves a day left without its month or year backwards ("on the 3rd" told on the
12th is the 3rd just gone): what people tell in passing is mostly done. But a date that
*starts* a state ("the flat is ours from the 1st of October", "from the 1st of June I'm a
senior nurse at St Olav's", "I'm at Orbis as of the 3rd") or names a change happening on
it ("my new job at Kestrel starts on the 3rd", "our move to Ghent is on the 20th", "we get
the keys on the 1st") in a clause in the present, or with no verb at all, is the next such
day: read backwards it would date a new job or home weeks before it was even told, and
supersede the old one at once. In the past ("I was at Orbis from the 1st of March", "I
started on the 3rd"), the perfect ("I've been vegan since the 1st") or with a past mark
("since", "ago", "last") the date keeps its backward reading.

The tense is the parse's (spaCy's tags, parse.py's shared model), asked only when the cheap
gates pass: a date of a kind that can point either way and a start or change word before
it. Pure: the reference time is the turn's.
"""
from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from pipeline.extract.timeexpr import find_times, local_time, resolve_future

_I = re.IGNORECASE

#: Kinds of time expression whose direction the tense decides ("the 3rd", "1 October",
#: "in June", "on Monday"); "next month" is always ahead, "two weeks ago" always behind.
_EITHER_WAY = frozenset({"date", "dom", "month", "wday"})
#: Just before the date (or leading it): a start.
_START = re.compile(r"\b(?:from|as\s+of|starting|beginning|effective)(?:\s+(?:on|from))?\s*$",
                    _I)
_LEADING_START = re.compile(r"^(?:from|starting|as\s+of)\b", _I)
#: A change that happens on the date: "starts on", "the move is on", "keys on the 1st".
_CHANGE = re.compile(
    r"\b(?:starts?|begins?|kicks?\s+off|move|moving|relocating|keys|handover|start\s+date"
    r"|first\s+day|join(?:s|ing)?\s+date|lease|tenancy|contract)\b", _I)
_ON = re.compile(r"\b(?:on|for|is|'s)\s*(?:the\s+)?$", _I)
_PAST_MARK = re.compile(r"\b(?:since|ago|last|back\s+in|earlier|used\s+to|until|till|by"
                        r"|before|after|ever|until)\b", _I)
#: "from Monday to Friday", "from the 3rd to the 9th": a range, a schedule or a trip.
_RANGE_AFTER = re.compile(r"^\s*(?:to|till|until|through|thru|-|–)\b", _I)
_PAST_WORDS = re.compile(r"\b(?:was|were|had|did|used)\b|'d\b", _I)
#: A start told as a participle after the job was taken: "I've accepted a job at Itzamna,
#: starting on the 1st of August", "I was offered the post, beginning in September". The
#: taking is past; the start it names is the next such day.
_PARTICIPLE_START = re.compile(r"\b(?:starting|beginning|effective)(?:\s+(?:on|from|in))?\s*$", _I)
_TAKEN = re.compile(r"\b(?:accepted|signed|took|taken|got|landed|agreed\s+to|said\s+yes\s+to"
                    r"|offered|hired|given)\b", _I)
_BORN = re.compile(r"\b(?:born|arrived|died|passed|happened)\b", _I)


def start_ahead(clause: str, at: datetime) -> datetime | None:
    """The day a state or change in `clause` starts, when it is one still to come by the
    clause's tense (see the module doc); None when the clause dates nothing ahead."""
    if _PAST_MARK.search(clause):
        return None
    taken = bool(_TAKEN.search(clause))
    if _PAST_WORDS.search(clause) and not taken:
        return None
    at = local_time(at)
    for ref in find_times(clause):
        if ref.kind not in _EITHER_WAY or re.search(r"\b(?:19|20)\d\d\b", ref.text):
            continue
        before = clause[:ref.start]
        if _RANGE_AFTER.match(clause[ref.end:]):
            continue
        started = _LEADING_START.match(ref.text) or _START.search(before)
        changed = ref.kind != "wday" and _CHANGE.search(before) and (
            _ON.search(before) or ref.text.lower().startswith(("on ", "the ", "in "))
            or ref.kind == "date")
        if not (started or changed):
            continue
        if ref.kind == "wday" and not started:
            continue
        when = resolve_future(ref, at)
        participle = taken and (_PARTICIPLE_START.search(before) or re.match(
            r"(?:starting|beginning)\b", ref.text, _I))
        if when is not None and (participle or not (
                _PAST_WORDS.search(clause) or _past_tense(clause))):
            return when
    return None


def said_ahead(clause: str, at: datetime) -> bool:
    """True when the day or month `clause` names is one still to come by its tense: a
    verb in the present with no past or perfect beside it ("the wedding's on the 18th of
    April", "my husband wants a weekend away for my birthday in March", "the 8th is my last
    day"). Such a day dates nothing told in the sentence: read backwards it would put the
    wedding, and the job named beside it, a year before they were told."""
    if _PAST_MARK.search(clause) or _PAST_WORDS.search(clause) or _BORN.search(clause):
        return False
    refs = [r for r in find_times(clause) if r.kind in _EITHER_WAY
            and not re.search(r"\b(?:19|20)\d\d\b", r.text)]
    if not refs or resolve_future(refs[0], local_time(at)) is None:
        return False
    return _present_tense(clause)


@lru_cache(maxsize=2048)
def _present_tense(clause: str) -> bool:
    """A finite verb in the present (or "will") and none in the past or the perfect."""
    return _tenses(clause) == "present"


@lru_cache(maxsize=2048)
def _past_tense(clause: str) -> bool:
    """True when a verb of `clause` is in the past or the perfect ("I started", "we've
    moved"); a clause in the present or with no verb is not."""
    return _tenses(clause) == "past"


@lru_cache(maxsize=2048)
def _tenses(clause: str) -> str:
    """"past", "present" or "" (no finite verb) for `clause`, from one parse."""
    from pipeline.extract.parse import parse  # the shared model, loaded on first use

    doc = parse(clause)
    first = next((t.i for t in doc if not t.is_punct and t.lower_ not in ("and", "then", "so")),
                 -1)
    present = False
    for t in doc:
        if t.tag_ == "VBD" or (t.tag_ == "VBN" and any(
                c.dep_ == "aux" and c.lower_ in ("have", "has", "'ve") for c in t.children)):
            return "past"
        present = present or (
            t.tag_ in ("VBZ", "VBP") or (t.tag_ == "MD" and t.lower_ in ("will", "'ll"))
            or (t.tag_ == "VB" and t.dep_ == "ROOT")  # "wish me luck at dinner on Sunday"
            # "(I'm leaving KL and) moving to Penang on the 25th": the tense of its conjunct
            or (t.tag_ == "VBG" and t.dep_ == "ROOT" and t.i == first))
    return "present" if present else ""
