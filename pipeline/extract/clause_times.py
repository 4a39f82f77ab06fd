"""Which claims of a sentence a clause's time dates: a clause without claims of its own
dates the others ("In August, I moved to Leipzig"), or only those of the topic its verb
names ("we moved here two years ago" dates the city, not the job said before it); a clause
of the same topic lends its time to a claim without one. Part of rules.py's sentence pass;
pure.
"""
from __future__ import annotations

import re
from datetime import datetime

from pipeline.extract.matching import Found

#: Predicates about one thing: in "We moved out of Toronto in May; we're in Vancouver now"
#: (or "emigrated to New Zealand in January and settled in Wellington") the undated clause
#: shares the dated one's time.
_RELATED = {"city": "place", "country": "place", "district": "place", "employer": "work",
            "job_title": "work", "relationship_status": "partner", "partner_name": "partner"}


#: The verbs by which a clause without claims says what its time is the time of: "we moved
#: here two years ago" dates where one lives, not the job named in the clause before.
_TOPIC_VERBS = (("place", re.compile(r"\b(?:mov(?:e|ed|ing)|relocat\w+|settled|emigrat\w+"
                                     r"|arriv\w+|came (?:here|over|back))\b", re.IGNORECASE)),
                ("work", re.compile(r"\b(?:start\w*|began|join\w*|hired|promot\w+|work\w*)\b",
                                    re.IGNORECASE)),
                ("partner", re.compile(r"\b(?:married|wedding|engaged|met|dating)\b",
                                       re.IGNORECASE)))


#: A clause that wishes, aims or supposes ("I'd like to get to zero before my birthday in
#: December", "I want to quit by June", "if we moved in May"): its time is a target or a
#: supposition, not when anything said beside it became true.
_AIM = re.compile(r"\b(?:if|unless|would|could|should|might|maybe|perhaps|want|wants|wanted"
                  r"|hope|hoping|plan|planning|aim|aiming|trying|try|going\s+to|gonna|wish)\b"
                  r"|'d\b", re.IGNORECASE)


def lends_time(clause: str) -> bool:
    """True when a clause without claims may date the claims of the others: not a wish,
    an aim or a supposition."""
    return not _AIM.search(clause)


def topic_of(clause: str) -> str | None:
    """The one topic a clause's verb names (None: none, or more than one)."""
    topics = [topic for topic, verbs in _TOPIC_VERBS if verbs.search(clause)]
    return topics[0] if len(topics) == 1 else None


def spare_for(found: list[Found], spare: tuple[datetime, str | None] | None) -> datetime | None:
    """The time of a clause without claims, for the claims of another clause: all of them
    ("In August, I moved to Leipzig"), or only those of the topic its verb names."""
    if spare is None:
        return None
    when, topic = spare
    if topic is None or any(_RELATED.get(p, p) == topic for p, *_ in found):
        return when
    return None


def related_time(found: list[Found],
                  pending: list[tuple[list[Found], datetime | None, str]]) -> datetime | None:
    topics = {_RELATED.get(p, p) for p, *_ in found}
    for other, when, _ in pending:
        if when is not None and other is not found and topics & {
                _RELATED.get(p, p) for p, *_ in other}:
            return when
    return None
