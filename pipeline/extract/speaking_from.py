"""Where the user speaks from: "Writing from Graz!", "Back in Porto since the 2nd of June",
"the baker at Kruh here in Maribor".

People open a message with where they write from, or say they are back somewhere, without a
verb of living; the city is where they are. It is the user's only when the sentence is the
user's own (it opens with the place phrase, or with "I'm" / "we're" before it: "my brother's
back in Porto" is his) and asserted, and when the turn does not make it a stay (a trip, a
holiday, a conference, a hotel, "for the week"). "Writing about Lisbon" names no place one is
in. Read once each sentence has its own claims; a turn that already gives the user a city is
left alone. Pure; inputs are not modified.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.gazetteer import lookup
from pipeline.extract.mood import mood_at
from pipeline.extract.timeexpr import resolve_in
from schemas.records import Claim

_I = re.IGNORECASE
_CITY = r"(?P<m>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})"
_OPEN = (r"^(?:(?:hi|hello|hey|greetings|so|well|anyway|okay|ok|right|quick\s+update)\b[\s,!.-]*)*"
         r"(?:(?:i'm|im|i\s+am|we're|we\s+are)\s+)?")
#: The sentence opens with where the user writes from or is back in.
_FROM = (
    re.compile(_OPEN + r"(?:writing|typing|messaging|texting|checking\s+in|reporting\s+in)"
               r"(?:\s+(?:this|to\s+you|you|in))?\s+from\s+" + _CITY + r"(?![\w'-])", _I),
    # "Back in Mérida five weeks and it's an oven": back that long.
    re.compile(_OPEN + r"(?:finally\s+|now\s+|properly\s+)?back\s+in\s+" + _CITY
               + r"\s+(?:since|as\s+of|for\s+good|now|again|(?P<n>a|one|two|three"
               r"|four|five|six|seven|eight|nine|ten|\d+)\s+(?P<unit>days?|weeks?|months?))\b", _I),
)
#: Staying put after weighing a move: "On the train back I decided: I'm staying in Osijek"
#: (with no move word in the turn, or a time after the city, it is a visit's stay).
_STAYING = re.compile(r"(?:^|[:;,]\s*|\b(?:but|so|and)\s+|\bdecided\s+(?:that\s+)?)(?:i'm|im|i\s+am|we're|we\s+are|i'll|we'll"
                      r"|i\s+will|we\s+will)\s+(?:(?:definitely|just|still|actually|simply)\s+)?(?:staying"
                      r"|stay|remaining|remain)\s+(?:put\s+)?(?:here\s+)?in\s+" + _CITY
                      + r"(?=\s*(?:[.;!]|$|,\s+(?:not|no)\b|\s+for\s+good|\s+after\s+all|\s+then\b))", _I)
_MOVE_TALK = re.compile(r"\b(?:mov(?:e|ed|ing)|relocat\w*)\b", _I)
#: "... here in Maribor": the user is in the city named after "here in".
_HERE_IN = re.compile(r"\bhere\s+in\s+" + _CITY + r"(?![\w'-])", _I)
#: A stay, not a home, anywhere in the turn.
_STAY = re.compile(r"\b(?:trip|holiday|holidays|vacation|conference|visit\w*|hotel|hostel"
                   r"|airbnb|layover|stopover|passing\s+through|sightseeing|tourist|tour"
                   r"|for\s+(?:a|the|one|two|three|\d+)\s+(?:few\s+)?(?:days?|nights?|weeks?"
                   r"|weekend|wedding|funeral|festival)|until\s+(?:monday|tuesday|wednesday"
                   r"|thursday|friday|saturday|sunday|tomorrow)|flying\s+(?:home|back))\b", _I)
#: After "here in X": a stay, or the past ("here in Graz last year").
_NOT_NOW = re.compile(r"^\s*(?:for\s+(?:a|the|work|business|my|our|\d+)|last\s+\w+|back\s+in"
                      r"|when|until|till|on\s+(?:holiday|business))\b", _I)
#: Before "here in X" in its clause: the past or a condition ("when I was here in Graz").
_BEFORE_HERE = re.compile(r"\b(?:was|were|when|while|if|visited|came)\b[^,;]*$", _I)
_CONFIDENCE = 0.72
_NUMBERS = {"a": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
            "seven": "7", "eight": "8", "nine": "9", "ten": "10"}


def resolve_speaking_from(found: Sequence[SentenceClaims], at: datetime, *,
                          session_id: str) -> list[SentenceClaims]:
    """`found` (one turn, in order) with the city the user writes from or is back in."""
    out = list(found)
    if any(c.predicate == "city" and c.op == "assert" for s in out for c in s.claims):
        return out
    if any(_a_stay_of_the_users(s.text) for s in out):
        return out
    moving = any(_MOVE_TALK.search(s.text) for s in out)
    for i, sentence in enumerate(out):
        hit = _city_said(sentence.text, moving)
        if hit is None:
            continue
        city, start, back_for = hit
        told = resolve_in(back_for or sentence.text[start:], at)
        since = told if told is not None and told < at else at
        claim = Claim(predicate="city", object=city, valid_from=since, source="stated",
                      confidence=_CONFIDENCE, session_id=session_id, turn=sentence.turn,
                      evidence=sentence.text)
        out[i] = sentence.adding(claim)
        return out
    return out


def _a_stay_of_the_users(text: str) -> bool:
    """A stay word in a clause of the user's own: "we're at a hotel by the lake"; a friend
    "doing the winter season at the same hotel" makes no stay of the user's."""
    question = text.rstrip().endswith("?")
    return any(mood_at(text, m.start(), question=question).subject == "user"
               for m in _STAY.finditer(text))


def _city_said(text: str, moving: bool = False) -> tuple[str, int, str | None] | None:
    """The city, where its phrase starts, and how long ago the user came back ("5 weeks
    ago"), if the phrase says."""
    question = text.rstrip().endswith("?")
    for rx in (*_FROM, _HERE_IN, *((_STAYING,) if moving else ())):
        for m in rx.finditer(text):
            city = _city_in(m.group("m"))
            if city is None:
                continue
            if rx is _HERE_IN and (_NOT_NOW.match(text[m.start("m") + len(city):])
                                   or _BEFORE_HERE.search(text[:m.start()])):
                continue
            mood = mood_at(text, m.start(), question=question)
            if mood.modality == "asserted" and mood.subject == "user":
                n = m.groupdict().get("n")
                back_for = f"{_NUMBERS.get(n.lower(), n)} {m.group('unit')} ago" if n else None
                return city, m.start(), back_for
    return None


def _city_in(run: str) -> str | None:
    """The longest leading part of `run` that the gazetteer knows as a city."""
    words = run.split()
    for n in range(len(words), 0, -1):
        name = " ".join(words[:n]).rstrip(".,'")
        place = lookup(name)
        if place is not None:
            return name if place.kind == "city" else None
    return None
