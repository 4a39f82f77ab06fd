"""An accepted proposal told across the sentences of a turn: "She said yes! I asked
yesterday on the beach and the ring survived the wind", "I got down on one knee at the
lake. He said yes." (the user proposed), or "He proposed on Saturday. I said yes!" (the user
was asked). One sentence says yes; another says who asked, with a word of proposing (a
ring, a knee, marrying). The yes must open its sentence or follow "and": "if she said yes"
and "I asked my boss for a raise and she said yes" engage no one; someone else's proposal
("my sister's boyfriend proposed and she said yes") is theirs. Pure.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.mentions import NAME
from schemas.records import Claim

_I = re.IGNORECASE
_YES = re.compile(r"^\W*(?:(?:and|so|reader|guess what|well|oh)\W+)*(?P<who>she|he|they|i)\s+"
                  r"(?:actually\s+|finally\s+)?said\s+yes\b(?!\s+to\b)", _I)
_PROPOSING = re.compile(r"\b(?:propos(?:e|ed|al|ing)|popped\s+the\s+question|(?:engagement\s+)?"
                        r"ring|one\s+knee|marry\s+(?:me|him|her|them)|fianc[eé]e?|engaged)\b", _I)
#: The user asked: "I asked", "I proposed", "I got down on one knee".
_USER_ASKED = re.compile(r"\bi\s+(?:\w+\s+){0,2}?(?:asked|proposed|popped\s+the\s+question"
                         r"|got\s+down\s+on\s+one\s+knee)\b", _I)
#: The user was asked: "he proposed", "Sam popped the question", "she asked me to marry her".
_USER_WAS_ASKED = re.compile(r"\b(?:he|she|they|(?-i:" + NAME + r"))\s+(?:\w+\s+){0,2}?"
                             r"(?:proposed|popped\s+the\s+question|asked\s+me|got\s+down\s+on"
                             r"\s+one\s+knee)\b", _I)
#: Someone else's proposal: "my sister's boyfriend proposed", "her partner asked".
_THEIRS = re.compile(r"\b(?:my|our)\s+\w+(?:'s)?\s+(?:\w+\s+)?(?:proposed|popped|asked)\b"
                     r"|\b(?:his|her|their)\s+\w+\s+(?:proposed|popped|asked)\b", _I)


def proposal_in_turn(found: Sequence[SentenceClaims], asked: Mapping[str, bool],
                     at: datetime, *, session_id: str) -> list[SentenceClaims]:
    """`found` with `relationship_status` engaged on the sentence that says yes, when the
    turn tells an accepted proposal across its sentences. `asked` maps each of the user's
    own sentences to whether it is a question; a turn that already gives a relationship
    status is left as it is."""
    if any(c.predicate == "relationship_status" for s in found for c in s.claims):
        return list(found)
    own = [(i, s.text) for i, s in enumerate(found) if s.text in asked and not asked[s.text]]
    if any(_THEIRS.search(text) for _, text in own):
        return list(found)
    for i, text in own:
        m = _YES.match(text)
        if m is None:
            continue
        asker = _USER_WAS_ASKED if m.group("who").lower() == "i" else _USER_ASKED
        # The ask may be in the sentence itself after the yes, or in another one.
        told = [t for _, t in own if t != text] + [text[m.end():]]
        if not any(asker.search(t) for t in told) or not any(
                _PROPOSING.search(t) for _, t in own):
            continue
        claim = Claim(predicate="relationship_status", object="engaged", confidence=0.8,
                      valid_from=at, session_id=session_id, turn=found[i].turn, evidence=text)
        out = list(found)
        out[i] = SentenceClaims(found[i].turn, text, (*found[i].claims, claim))
        return out
    return list(found)
