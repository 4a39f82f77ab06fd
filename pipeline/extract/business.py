"""An activity told as a business is no hobby: "my side thing has taken off: Dev and I
started roasting coffee out of his shed, we're called Low Tide Roasters", "I've been
baking for a living since May", "the candles are my side hustle now, twenty orders a week".

The hobby rules read "started roasting coffee" as a new pastime; in a sentence that says it
earns, sells or has customers, that would store a wrong fact (worse than none). The work
it is stays for the work rules; the hobby is dropped. Cues must be strong ("sold out two
batches", "customers", "side business"): a sentence that only mentions money keeps it.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.extract.corrections import SentenceClaims

_BUSINESS = re.compile(
    r"\bside[- ](?:thing|business|hustle|gig|income|venture|job)s?\b"
    r"|\b(?:my|our)\s+(?:own\s+|little\s+|small\s+|new\s+)*(?:business|company|startup|start-up"
    r"|brand|firm|shop|label)\b"
    r"|\b(?:we're|we\s+are|it's|it\s+is)\s+(?:now\s+)?called\s+(?-i:[A-Z])"
    r"|\bsold\s+out\b|\bselling\s+(?:them|it|those|these|our|my)\b"
    r"|\b(?:paying\s+)?(?:customers|clients)\b|\bturnover\b|\brevenue\b|\bwholesale\b"
    r"|\bfor\s+a\s+living\b|\borders\s+(?:a|per|every)\s+(?:day|week|month)\b"
    r"|\b(?:register|registered)\s+(?:for\s+)?(?:gst|vat)\b|\binvoic\w+\b",
    re.IGNORECASE)
#: Told as a pastime outright: kept even beside money ("just for fun, I don't sell them").
_FOR_FUN = re.compile(r"\b(?:for\s+fun|as\s+a\s+hobby|just\s+a\s+hobby|in\s+my\s+spare\s+time"
                      r"|not\s+(?:a|for)\s+(?:business|money|profit))\b", re.IGNORECASE)


def told_as_business(text: str) -> bool:
    """True when `text` tells what it names as something that earns, not a pastime."""
    return bool(_BUSINESS.search(text)) and not _FOR_FUN.search(text)


def without_business_hobbies(found: Sequence[SentenceClaims]) -> list[SentenceClaims]:
    """`found` without the new hobbies of sentences that tell the activity as a business
    (an ended hobby stays: "I stopped the pottery, the shop never paid" still ends it)."""
    out = []
    for sentence in found:
        if told_as_business(sentence.text):
            kept = tuple(c for c in sentence.claims
                         if not (c.predicate == "hobby" and c.op == "assert"
                                 and c.modality != "ended"))
            sentence = SentenceClaims(sentence.turn, sentence.text, kept)
        out.append(sentence)
    return out
