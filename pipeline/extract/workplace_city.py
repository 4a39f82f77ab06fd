"""The city of a workplace told without its name: "pharmacist at the hospital pharmacy in
Tampere", "I teach at a primary school in Ghent", "nights on the renal ward of the hospital
in Leeds", by the city named before the workplace noun ("I run the kitchen at our Lyon
office", "Prairie Crown shut the Winnipeg depot and my last shift was Friday"), or by a name
the organisation's reading left without its city.

Work at a named organisation in a city already places the user there (passing_work.py:
"at Tays in Tampere"); a workplace named by its common noun ("the hospital pharmacy") gave
no organisation, so the city was lost. Only in a sentence where the user tells their own job
(a job title or employer claim of theirs) and gives no city of their own; work away from
home (remote, a commute, a secondment, a season, a conference) places no home. A job that
ends where its workplace closes ("shut the Winnipeg depot", "closed our Leeds branch") still
places the user, who has said no move: there the past tense is the ending's own.
"""
from __future__ import annotations

import re

from pipeline.extract.mentions import UPPER, place_at
from schemas.records import Claim, changes_user_facts

_WORKPLACE = (r"(?:hospital|pharmacy|school|clinic|library|office|university|college|bakery"
              r"|shop|store|restaurant|caf[eé]|hotel|factory|warehouse|lab|laboratory|firm"
              r"|practice|surgery|station|museum|bank|garage|salon|studio|kitchen|plant|centre"
              r"|center|agency|council|hospice|nursery|ward|branch|depot|site|call\s+centre"
              r"|creamery|dairy|brewery|winery|distillery|sawmill|mill|quarry|harbou?r|port"
              r"|dock|yard|boatyard|shipyard|farm|vineyard|ranch|workshop|foundry|tannery"
              r"|observatory|zoo|aquarium|airport|airfield|prison|court|embassy|consulate)")
_AT_PLACE_IN = re.compile(
    r"\b(?:at|in|for|on|of)\s+(?:the|a|an|our|my|one\s+of\s+the)\s+(?:[a-z-]+\s+){0,3}?"
    + _WORKPLACE + r"s?\s+in\s+(?=(?-i:" + UPPER + "))", re.IGNORECASE)
#: "our Lyon office", "at the Winnipeg depot", "shut the Leeds branch": a city run of its own
#: before a workplace noun, said as the user's workplace (their own, one they work at, or
#: the one their employer closed), not any office of the company ("the Berlin office does
#: the hiring").
_CITY_WORKPLACE = re.compile(
    r"\b(?:(?P<closed>(?:shut|shutting|closed|closing|closes|shuts)\s+(?:down\s+)?"
    r"(?:the|our|its|their)\s+)|(?:our|my)\s+|(?:at|in|for|on|into|to)\s+(?:the|a|an)\s+)"
    r"(?P<city>(?-i:" + UPPER + r")[\w'-]*(?:\s+(?-i:" + UPPER + r")[\w'-]*){0,2})"
    r"\s+(?:(?-i:[a-z])[\w-]*\s+)?"
    + _WORKPLACE + r"\b", re.IGNORECASE)
_AWAY = re.compile(r"\b(?:remote\w*|commut\w*|secondment|seconded|placement|seasonal|summer"
                   r"|conference|visit\w*|fly\w*|flew|trip|temporar\w*|locum|cover\w*\s+for"
                   r"|next|will|going\s+to)\b", re.IGNORECASE)
_PAST = re.compile(r"\b(?:used\s+to|was|were|before|previously|formerly)\b", re.IGNORECASE)
_WORK = frozenset({"job_title", "employer"})


def workplace_city(text: str, claims: list[Claim]) -> str | None:
    """The city `text` puts the user's own workplace in, or None."""
    ended = any(c.predicate == "employer" and c.op == "retract" and c.modality == "ended"
                and changes_user_facts(c) for c in claims)
    if not ended and not any(c.predicate in _WORK and c.op == "assert"
                             and c.modality == "asserted" and changes_user_facts(c)
                             for c in claims):
        return None
    if any(c.predicate in ("city", "country") for c in claims) or _AWAY.search(text):
        return None
    past = _PAST.search(text) is not None
    for match in _CITY_WORKPLACE.finditer(text):
        closed = ended and match.group("closed") is not None
        if (ended or past) and not closed:
            continue  # a job left or once held, not closed: the user may have gone with it
        place = place_at(text, match.start("city"), towns=True)
        if place is not None and place[1] == "city" and place[0] == match.group("city"):
            return place[0]
    if ended or past:
        return None
    for match in _AT_PLACE_IN.finditer(text):
        place = place_at(text, match.end(), towns=True)
        if place is not None and place[1] == "city":
            return place[0]
    # A named workplace the reading of the organisation left without its city: "a midwife
    # at the Geburtshaus Auenwald in Leipzig".
    for org in {c.object for c in claims if c.predicate == "employer" and c.op == "assert"}:
        for match in re.finditer(re.escape(org) + r",?\s+in\s+(?=(?-i:" + UPPER + "))", text):
            place = place_at(text, match.end(), towns=True)
            if place is not None and place[1] == "city":
                return place[0]
    return None
