"""Figures of speech about who one is: a joke is not a fact.

People exaggerate about their lives in the same grammar they state them in: "At this point
I'm a professional biscuit taster, I've eaten about a thousand", "I'm practically a
full-time taxi driver for my kids", "honestly I'm married to my mixing desk at this point",
"I might as well be a plumber after this week". The clause says "I'm a <title>" but the
words around it mark an exaggeration — a state reached by excess ("at this point", "at this
rate"; not "at this point in my career"), a near-identity ("practically", "might as well be"), an
unofficial title ("honorary", "self-appointed", "unofficial"). Such a clause gives no job,
employer or partner: the literal statement beside it ("I drive buses for Clydeline") stays.
Pure.
"""
from __future__ import annotations

import re

from pipeline.extract.mood import clause_span
from schemas.records import Claim

_I = re.IGNORECASE

#: The identity facts a figure is told in ("I'm a ...", "I'm married to ...").
_IDENTITY = frozenset({"job_title", "employer", "relationship_status", "partner_name"})

#: Words that make an "I'm a ..." clause an exaggeration.
_FIGURE = re.compile(
    r"\b(?:at\s+this\s+(?:point|rate)(?!\s+in\b)|by\s+now\s+i'm\s+(?:basically|practically)"
    r"|(?:might|may)\s+as\s+well\s+be|practically|virtually|more\s+or\s+less"
    r"|honorary|self-appointed|unofficial(?:ly)?|de\s+facto)\b", _I)


#: Where the user says what they are: the figure's value follows it.
_I_AM = re.compile(r"\b(?:i'm|i\s+am|im|i've\s+become|be)\b", _I)


def without_figures(claims: list[Claim], sentence: str) -> list[Claim]:
    """`claims` of `sentence` without the identity facts told in an exaggerating clause."""
    if not _FIGURE.search(sentence):
        return claims
    lowered = sentence.casefold()
    out = []
    for claim in claims:
        pos = lowered.find(claim.object.casefold()) if claim.object else -1
        if pos < 0 and claim.object:  # a value normalised away from its words: its head
            pos = lowered.find(claim.object.split()[-1].casefold())
        if claim.predicate in _IDENTITY and claim.op == "assert" and pos >= 0:
            start, end = clause_span(sentence, pos)
            # The value said as what the user is ("I'm married to ..."), not a name before it
            # ("my girlfriend Noor says I'm married to the ICU at this point": Noor stays).
            if _FIGURE.search(sentence[start:end]) and _I_AM.search(sentence, start, pos):
                continue
        out.append(claim)
    return out
