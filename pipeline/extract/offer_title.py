"""The title of a job offer the user took: the title of the job, from the day it starts.

An offer names its role in passing, often without a verb: "Signed it! The Kestrel Data
offer, senior data engineer, remote-first", "I accepted the offer from Lumen as a product
designer", "an offer from Tallyhouse to be their engineering manager", "an offer for a staff nurse post at St Olav's". The offer alone is no job (a
friend's offer, one still weighed, one turned down): the title becomes the user's only when
the same turn gives the user a job at that organisation starting on a date (a `planned`
employer: "I start at Kestrel on 1 December"). Then it is planned from the same day, so the
old title holds until then. Pure.
"""
from __future__ import annotations

import re

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.mood import mood_at
from pipeline.extract.passing_work import org_at
from pipeline.extract.patterns_work import TITLE
from schemas.records import Claim

_I = re.IGNORECASE

#: Confidence of a title read from the offer beside a dated start.
OFFER_TITLE_CONFIDENCE = 0.8

_ORG = r"(?P<org>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3})"
_ROLE_END = (r"(?=\s*(?:[,;.!?)]|$|\s+(?:role|position|job|post|at|with|for|in|and|but"
             r"|remote\w*)\b))")
_OFFERS = (
    # "the Kestrel Data offer, senior data engineer", "the Lumen job offer: product designer"
    re.compile(r"\b(?:the|an?|their|this|that|my)\s+" + _ORG + r"\s+(?:job\s+)?offer\b[,:\s-]+"
               r"(?:as\s+|for\s+)?(?:an?\s+|the\s+)?(?P<t>" + TITLE + r")" + _ROLE_END, _I),
    # "the offer from Lumen as a product designer", "an offer at Kestrel for a data engineer",
    # ... "an offer from Tallyhouse to be their engineering manager"
    re.compile(r"\b(?:job\s+)?offer\s+(?:from|at|with)\s+" + _ORG + r"\s*,?\s+(?:as|for|to\s+be"
               r"(?:come)?)\s+(?:an?\s+|the\s+|their\s+|its\s+)?(?P<t>" + TITLE + r")" + _ROLE_END,
               _I),
    # "an offer for a staff nurse post at St Olav's"
    re.compile(r"\b(?:job\s+)?offer\s+(?:for|as)\s+(?:an?\s+|the\s+)?(?P<t>" + TITLE + r")"
               r"(?:\s+(?:role|position|job|post))?\s+(?:at|with|from)\s+" + _ORG, _I),
)
#: An offer turned down, or not yet taken.
_NOT_TAKEN = re.compile(r"\b(?:turn(?:ed|ing)?\s+down|declin\w+|reject\w*|refus\w+|said\s+no\s+to"
                        r"|pass(?:ed|ing)?\s+on|not\s+tak\w+|weigh\w*|consider\w*|thinking\s+about"
                        r"|deciding|decide)\b[^.;]{0,30}$", _I)
#: Another's offer: "my friend Bartek got an offer from", "her offer from".
_OTHERS = re.compile(r"\b(?:he|she|they|his|her|their|[A-Z][a-z]+'s)\b[^.;]{0,40}$")


def offer_titles(found: list[SentenceClaims]) -> list[SentenceClaims]:
    """`found` (one turn) with the title of an offer the turn's dated start takes up."""
    starts = [c for s in found for c in s.claims if c.predicate == "employer"
              and c.op == "assert" and c.modality == "planned" and c.object]
    if not starts or any(c.predicate == "job_title" and c.modality == "planned"
                         for s in found for c in s.claims):
        return found
    out = []
    for sentence in found:
        title = _offer_title(sentence.text, starts)
        out.append(sentence.adding(title) if title is not None else sentence)
    return out


def _offer_title(text: str, starts: list[Claim]) -> Claim | None:
    for rx in _OFFERS:
        for m in rx.finditer(text):
            org = org_at(text, m.start("org"))
            mood = mood_at(text, m.start(), question=False)
            before = text[:m.start()]
            if org is None or mood.subject != "user" or mood.modality not in (
                    "asserted", "backstory") or _OTHERS.search(before) or _NOT_TAKEN.search(before):
                continue
            start = next((c for c in starts if _same_org(org, c.object)), None)
            if start is None:
                continue
            return start.model_copy(update={
                "predicate": "job_title", "object": " ".join(m.group("t").lower().split()),
                "confidence": OFFER_TITLE_CONFIDENCE, "evidence": text})
    return None


def _same_org(a: str, b: str) -> bool:
    """"Kestrel Data" and "Kestrel" are one employer told two ways."""
    first_a, first_b = a.split()[0].casefold(), b.split()[0].casefold()
    return first_a == first_b
