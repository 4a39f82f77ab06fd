"""A job won, told as news: "I got the postdoc!!! Aarhus University, in Denmark, ...",
"Landed the job! Brightwater Foods, in Leeds. It starts on the 4th of May."

The exclaimed win names the job by its noun and leaves the organisation to the next
sentence, which is only its name (and where it is): a fragment no phrase rule reads, since
no verb ties the name to the user. Read across the two, it gives the employer, and the
title where the job's noun is an occupation ("the postdoc"; "the job", "the place" name
none). A start the turn dates ("It starts on the 1st of September") makes both planned from
that day, so the old job holds until then. Only the user's own win, exclaimed, not asked,
and where the turn names no employer otherwise. Pure.
"""
from __future__ import annotations

import re
from datetime import datetime

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.lexicon import NOT_OCCUPATIONS, OCCUPATIONS
from pipeline.extract.passing_work import org_at
from pipeline.extract.starts_ahead import start_ahead
from schemas.records import Claim

#: Confidence of an employer (and title) read from a win and the name after it.
WON_CONFIDENCE = 0.8

_WON = re.compile(
    r"^\W*(?:(?:yes|so|omg|guess\s+what|well|news|big\s+news)\W+)*(?:i\s+|i've\s+|i\s+have\s+)?"
    r"(?:just\s+|finally\s+|actually\s+|officially\s+)*(?:got|landed|won|bagged)\s+(?:the|it"
    r"|a|my)\b\s*(?P<noun>[a-z-]+(?:\s+[a-z-]+)?)?\s*!+\W*$", re.IGNORECASE)
#: The job's nouns a win can name ("I got it!" names the job the talk was about).
_JOB_NOUNS = frozenset({"job", "position", "post", "role", "place", "offer", "contract",
                        "fellowship", "internship", "apprenticeship", "residency",
                        "studentship", "traineeship", "scholarship", "grant"})
#: The organisation's sentence: its name, then a comma or the end ("Aarhus University, in
#: Denmark, ...", "Brightwater Foods!"), not a sentence about it ("Aarhus University is big").
_NAME_ONLY = re.compile(r"\s*(?:[,.!;:(-]|$)")
_STARTS = re.compile(r"^\W*(?:it|the\s+(?:[a-z-]+\s+)?(?:job|post|position|role|contract"
                     r"|postdoc|fellowship|internship)|i)\s+start", re.IGNORECASE)


def won_jobs(found: list[SentenceClaims], at: datetime, *,
             session_id: str) -> list[SentenceClaims]:
    """`found` (one turn) with the employer and title of a job won told as news."""
    if any(c.predicate == "employer" for s in found for c in s.claims):
        return found
    for i, (won, named) in enumerate(zip(found, found[1:], strict=False)):
        match = _WON.match(won.text)
        if match is None:
            continue
        noun = (match.group("noun") or "").lower()
        title = noun.split()[-1] if noun else ""
        if noun and title not in _JOB_NOUNS and (title not in OCCUPATIONS
                                                  or noun in NOT_OCCUPATIONS):
            continue  # "I got a puppy!", "we got the flat!"
        org = org_at(named.text, 0)
        if org is None or not _NAME_ONLY.match(named.text, len(org)):
            continue
        start = next((when for s in found[i + 2:] if _STARTS.match(s.text)
                      and (when := start_ahead(s.text, at)) is not None), None)
        base = Claim(predicate="employer", object=org, confidence=WON_CONFIDENCE,
                     modality="planned" if start else "asserted", valid_from=start or at,
                     source="stated", session_id=session_id, turn=named.turn,
                     evidence=f"{won.text} {named.text}")
        claims = [base]
        if title in OCCUPATIONS and title not in _JOB_NOUNS:
            claims.append(base.model_copy(update={"predicate": "job_title", "object": title}))
        return [*found[:i + 1], named.adding(*claims), *found[i + 2:]]
    return found

