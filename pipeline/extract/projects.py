"""A project the user works on, by the name it goes by.

A project at work is told by what it is and then named, often in the next clause: "I've
been asked to lead the new streaming pipeline project at work, we're calling it
Kingfisher", "I'm running a migration project, codenamed Heron", "I'm working on a project
called Bluebird". The name is the value (what the user will call it later); the
description stays the value when no name is given, without the "at work" that says where
it is done. A project one was offered and refused ("I was asked to lead the Heron project
but I said no") is none. Pure.
"""
from __future__ import annotations

import re

from schemas.records import Claim

_I = re.IGNORECASE

_NAME = r"(?P<name>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z0-9])[\w'-]*){0,2})"
#: The name said right after the project ("a project called Bluebird", ", codenamed Heron").
_CALLED = re.compile(r"^[\s,]*(?:(?:which|that)(?:'s|\s+is)\s+|(?:and\s+)?it(?:'s|\s+is)\s+)?"
                     r"(?:called|named|code-?named|dubbed)\s+" + _NAME, _I)
#: ... or in a clause after it, through "it": "we're calling it Kingfisher".
_CALLING_IT = re.compile(
    r"\b(?:(?:we(?:'re|\s+are)|they(?:'re|\s+are)|everyone(?:'s|\s+is)|i'm|i\s+am)\s+calling\s+it"
    r"|(?:we|they|i)\s+call\s+it|it(?:'s|\s+is|\s+was|'s\s+been)\s+(?:called|named"
    r"|code-?named|dubbed))\s+" + _NAME, _I)
#: The offer turned down in the same sentence.
_REFUSED = re.compile(r"\b(?:but|and)\s+(?:i|we)\s+(?:(?:politely|already|just)\s+)?(?:said\s+no"
                      r"|declined|turned\s+(?:it|them)\s+down|refused|passed|didn't\s+take\s+it"
                      r"|won't|can't|couldn't)\b", _I)
#: Where the project is done, not what it is.
_WHERE = re.compile(r"\s+(?:at|for)\s+(?:work|the\s+office|my\s+job)$", _I)


def named_projects(claims: list[Claim], sentence: str) -> list[Claim]:
    """`claims` of `sentence` with each project named by the name the sentence gives it."""
    if not any(c.predicate == "current_project" and c.op == "assert" for c in claims):
        return claims
    out = []
    for claim in claims:
        if claim.predicate != "current_project" or claim.op != "assert":
            out.append(claim)
            continue
        described, _, called = claim.object.partition(" called ")
        at = sentence.casefold().find(described.casefold())
        after = sentence[at + len(described):] if at >= 0 else ""
        if _REFUSED.search(after):
            continue
        named = _CALLED.match(after) or _CALLING_IT.search(after)
        value = (named.group("name") if named else called or _WHERE.sub("", described))
        out.append(claim.model_copy(update={"object": value}) if value != claim.object else claim)
    return out
