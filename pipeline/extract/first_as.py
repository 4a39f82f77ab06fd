"""A job told by its first days: "First week as a full-time roaster!", "It's my first shift
as a qualified nurse", "just finished my first month as a lawyer"; or by the span spent in
it: "Five years as a credit analyst is enough spreadsheets", "Two weeks into the postdoc and
I love it".

The start of a new job is often told this way, subjectless and exclamatory, and the phrase
rules look for "I'm a ...". The title must be an occupation (lexicon.OCCUPATIONS) or, when
the work is said to be full-time, part-time or qualified, an agent noun ("roaster"): "my
first week as a mum", "first day as a vegetarian" are no job. Someone else's first week
("my sister's first week as a nurse", "her first day as ...") is theirs.
"""
from __future__ import annotations

import re

from pipeline.extract.lexicon import NOT_OCCUPATIONS, OCCUPATIONS

_FIRST_AS = re.compile(
    r"(?:(?:^|[.!?]\s+|\b(?:my|it's\s+my|it\s+is\s+my|finished\s+my|survived\s+my|done\s+with"
    r"\s+my)\s+)(?:first|1st)\s+(?:full\s+)?(?:day|week|month|shift|night|fortnight|year)"
    # ... or by the span spent in it, opening the sentence: "Five years as a credit analyst
    # is enough", "It's been ten years as a nurse" ("I spent five years as a nurse before"
    # and "after ten years as a nurse" tell a past job, and are not read).
    r"|(?:^|[.!?]\s+)(?:it's\s+been\s+|it\s+has\s+been\s+)?(?:(?:almost|nearly|over|about"
    r"|just\s+over|more\s+than)\s+)?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven"
    r"|twelve|fifteen|twenty|a\s+few|several)\s+(?:years|months)(?:\s+now)?)\s+as\s+"
    r"(?:an?\s+|the\s+)?(?P<kind>(?:full[- ]time|part[- ]time|qualified|proper|newly\s+"
    r"qualified|real)\s+)?(?P<title>(?:[a-z-]+\s+)?[a-z-]+)\b(?!\s+(?:of|at\s+home)\b)",
    re.IGNORECASE)
#: The span spent in a job, opening the sentence: "Two weeks into the postdoc and I love it",
#: "Three months into my residency" ("two weeks into the new job" names no title, "a month
#: into the diet" no job).
_INTO = re.compile(
    r"(?:^|[.!?]\s+)(?:(?:almost|nearly|over|about|just\s+over|only)\s+)?(?:\d+|a|one|two|three"
    r"|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|several|a\s+couple\s+of)\s+"
    r"(?:days?|weeks?|months?)\s+into\s+(?:the|my)\s+(?:new\s+)?"
    r"(?P<title>(?:[a-z-]+\s+)?[a-z-]+)\b(?!')", re.IGNORECASE)
_AGENT = re.compile(r"[a-z]+(?:er|or|ist|ian)$")


def first_as_title(text: str) -> str | None:
    """The job title a sentence tells by the user's first days in it, or None."""
    match = _FIRST_AS.search(text) or _INTO.search(text)
    if match is None:
        return None
    words = match.group("title").lower().split()
    # "a software engineer", "a nurse at the Royal", "a lawyer and ...", "a junior doctor".
    candidates = [words, words[:1], words[-1:]] if len(words) > 1 else [words]
    for kept in candidates:
        whole = " ".join(kept)
        if whole in NOT_OCCUPATIONS:
            return None
        if whole in OCCUPATIONS or len(kept) > 1 and kept[-1] in OCCUPATIONS:
            return whole
    if match.re is _FIRST_AS and match.group("kind"):
        for kept in candidates[1:] or candidates:
            if _AGENT.match(kept[0]) and kept[0] not in NOT_OCCUPATIONS:
                return kept[0]
    return None
