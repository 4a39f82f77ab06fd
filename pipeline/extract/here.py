"""Where "here" is: a turn that says the user's life is here names the place elsewhere.

People name their city once, as scenery, and then speak of it as "here": "I like
Christchurch, the house is cheap-ish, my whole life is here"; "Nantes in January, grey as a
filing cabinet. Honestly my whole life is here". The sentence with "here" says that the user
lives somewhere; the nearest city named before it in the turn says which, when that mention
is not somewhere else's: not the place of a question or a wish ("Should I move to
Wellington?"), not someone else's ("my sister lives in Leeds"), not a place one goes to,
comes from or compares with ("a trip to Rome", "from Lyon", "compared to Oslo").

A city left before the conversation starts is told the same way, after the fact: "Right,
we're done with Adelaide. The truck came on Thursday, and Hobart is freezing compared to
what we're used to." The city left is kept as a past one (an `ended` claim: reconcile keeps
it as history when it was never held), and the one other city the turn names as the user's
scene is where they live now. "I'm so done with London" said while still there (no move in
the turn), a mother left behind there, or a trip elsewhere, give nothing.

Read once each sentence has its own claims (like across.py); a turn that already gives the
user a city is left alone. Pure; inputs are not modified.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.mentions import CAP_RUN, NOT_NAMES, longest_place
from pipeline.extract.mood import mood_at
from pipeline.extract.timeexpr import future_starts, resolve_in
from schemas.records import Claim

_I = re.IGNORECASE

#: A statement that the user's life is where they speak from.
_HERE = re.compile(
    r"\b(?:(?:my|our)\s+(?:whole\s+|entire\s+|real\s+)?(?:life|lives|world|friends|family|roots"
    r"|people|home|work|job|kids'?\s+school)|everything\s+(?:i|we)\s+(?:have|own|know|love|care"
    r"\s+about)|(?:all|most)\s+of\s+(?:my|our)\s+(?:friends|family|life|people))"
    r"\s+(?:is|are|'s|'re)\s+(?:all\s+|still\s+|right\s+)?here\b"
    r"|\b(?:i|we)(?:'ve|\s+have)?\s+(?:(?:always|really|finally|properly|now|just)\s+)?"
    r"(?:live|lived|been\s+living|settled|put\s+down\s+roots)\s+here\b(?!\s+(?:before|once"
    r"|for\s+a\s+(?:bit|while|week|month)))"
    r"|\b(?:i|we)\s+(?:(?:really|honestly|absolutely)\s+)?love\s+(?:it|living)\s+here\b"
    r"|\bborn\s+and\s+raised\s+here\b|\b(?:this\s+is|it's)\s+(?:my|our)\s+home\s+now\b", _I)
#: Words right before a place name that make it somewhere the user is not.
_AWAY = re.compile(r"\b(?:to|from|visit\w*|trip|via|than|(?:somewhere|places?|cities|city|town)"
                   r"\s+like|unlike|versus|vs|near|outside"
                   r"|towards?|over\s+in|back\s+in|left|leaving|compared\s+(?:to|with))\s+(?:\w+\s+)?$",
                   _I)
#: ... or after it: "Rome last summer was a dream", "Lyon for a conference".
_AWAY_AFTER = re.compile(r"^\s*(?:for\s+(?:a|the|my|our|work|the\s+weekend)|last\s+(?:year|summer"
                         r"|winter|spring|autumn|month|week)|was|were|had|used\s+to)\b", _I)
_CONFIDENCE = 0.7
#: "we're done with Zagreb", "we've left Adelaide behind", "I said goodbye to Leeds".
_LEFT = re.compile(r"\b(?:(?:i'm|we're|i am|we are)\s+(?:so\s+|officially\s+|finally\s+|well\s+and"
                   r"\s+truly\s+|properly\s+)?(?:done|finished|through)\s+with"
                   r"|(?:i|we)(?:'ve|\s+have)?\s+(?:finally\s+|officially\s+)?(?:said\s+goodbye"
                   r"|waved\s+goodbye|said\s+bye)\s+to)\s+(?P<m>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])"
                   r"[\w'-]*)?)|\b(?:i|we)(?:'ve|\s+have)?\s+(?:finally\s+)?left\s+(?P<m2>(?-i:[A-Z])"
                   r"[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)\s+behind\b", _I)
_AHEAD = re.compile(r"\b(?:off\s+to|moving\s+to|heading\s+to|going\s+to|will|'ll|soon|once)\b", _I)
#: A move told with where from: "the move from Leeds to Bristol", "swapped London for Bristol".
_FROM = re.compile(r"\b(?:move|moved|moving|relocat\w*|emigrat\w*)\s+(?:\w+\s+){0,2}?from\s+"
                   r"(?P<m>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)\s+(?:\w+\s+)?to\b"
                   r"|\b(?:swapped|traded|exchanged|left)\s+(?P<m2>(?-i:[A-Z])[\w'-]*(?:\s+"
                   r"(?-i:[A-Z])[\w'-]*)?)\s+for\b", _I)
#: A move that has happened, told in the turn: boxes, the van, the new place.
_MOVED = re.compile(r"\b(?:moved|we\s+move[ds]?\b|moving\s+(?:day|van|truck)|removals?|the\s+truck"
                    r"|the\s+van|boxes|unpack\w*|new\s+(?:place|flat|house|apartment|home)|settl\w+"
                    r"\s+in)\b", _I)


def resolve_here(found: Sequence[SentenceClaims], at: datetime, *,
                 session_id: str) -> list[SentenceClaims]:
    """`found` (one turn, in order) with the city a "my life is here" sentence points to."""
    out = list(found)
    if any(c.predicate == "city" and c.op == "assert" for s in out for c in s.claims):
        return out
    for i, sentence in enumerate(out):
        m = _HERE.search(sentence.text)
        question = sentence.text.rstrip().endswith("?")
        if m is None:
            continue
        mood = mood_at(sentence.text, m.start(), question=question)
        if mood.modality != "asserted" or mood.subject != "user":
            continue
        city = _nearest_city([s.text for s in out[:i]], sentence.text[:m.start()])
        if city is None:
            continue
        claim = Claim(predicate="city", object=city, valid_from=at, source="stated",
                      confidence=_CONFIDENCE, session_id=session_id, turn=sentence.turn,
                      evidence=sentence.text)
        out[i] = sentence.adding(claim)
        return out
    return out


def resolve_left(found: Sequence[SentenceClaims], at: datetime, *,
                 session_id: str) -> list[SentenceClaims]:
    """`found` (one turn) with a city said to be left kept as past, and the city the user is
    in now when the turn names exactly one other as their scene (see the module doc)."""
    out = [_moved_from(s) for s in found]
    turn = " ".join(s.text for s in out)
    for i, sentence in enumerate(out):
        m = _LEFT.search(sentence.text)
        if m is None:
            continue
        group = "m" if m.group("m") else "m2"
        place = _place_in(m.group(group))
        question = sentence.text.rstrip().endswith("?")
        mood = mood_at(sentence.text, m.start(), question=question)
        if (place is None or place[1] != "city" or mood.modality != "asserted"
                or mood.subject != "user" or _AWAY_AFTER.match(sentence.text[m.end():])
                or re.match(r"\s+for\s+(?:now|today|this|the)\b", sentence.text[m.end():], _I)):
            continue
        left = place[0]
        cities = [c for s in out for c in s.claims if c.predicate == "city" and c.op == "assert"
                  and c.modality == "asserted"]
        others = scene_cities([s.text for s in out], left)
        if not cities and not _MOVED.search(turn) and not others:
            continue  # "I'm so done with London" said from London
        if not cities and (_AHEAD.search(sentence.text) or future_starts(sentence.text)):
            continue  # "done with Bristol, off to Valencia in May": not left yet
        told = resolve_in(sentence.text[m.start():], at)  # "we left Lagos behind in April"
        end = min([told if told is not None and told < at else at,
                   *(c.valid_from for c in cities if c.valid_from is not None)])
        added = [Claim(predicate="city", object=left, modality="ended", valid_from=end,
                       valid_to=end, source="stated", confidence=0.75, session_id=session_id,
                       turn=sentence.turn, evidence=sentence.text)]
        if not cities and len(others) == 1:
            added.append(Claim(predicate="city", object=others[0], valid_from=end, source="stated",
                               confidence=_CONFIDENCE, session_id=session_id,
                               turn=sentence.turn, evidence=turn))
        out[i] = sentence.adding(*added)
        return out
    return out


def _moved_from(sentence: SentenceClaims) -> SentenceClaims:
    """"The move from Leeds to Bristol", "we swapped London for Bristol in March": the city
    left ends where the one moved to (a city the sentence already gives the user) begins."""
    m = _FROM.search(sentence.text)
    if m is None:
        return sentence
    place = _place_in(m.group("m") or m.group("m2"))
    moved_to = [c for c in sentence.claims if c.predicate == "city" and c.op == "assert"
                and c.modality == "asserted" and c.valid_from is not None]
    question = sentence.text.rstrip().endswith("?")
    mood = mood_at(sentence.text, m.start(), question=question)
    if (place is None or place[1] != "city" or not moved_to or mood.subject != "user"
            or mood.modality != "asserted" or place[0] in {c.object for c in moved_to}):
        return sentence
    end = moved_to[0].valid_from
    left = moved_to[0].model_copy(update={"object": place[0], "modality": "ended",
                                          "valid_to": end, "confidence": 0.75})
    return sentence.adding(left)


def scene_cities(texts: list[str], left: str) -> list[str]:
    """Cities other than `left` the turn names in the user's own asserted clauses, not as
    somewhere gone to, come from or compared with."""
    names: list[str] = []
    for text in texts:
        question = text.rstrip().endswith("?")
        for n in CAP_RUN.finditer(text):
            place = _place_in(n.group(0))
            if place is None or place[1] != "city" or place[0] == left or place[0] in names:
                continue
            start = n.start() + n.group(0).find(place[0])
            mood = mood_at(text, start, question=question)
            if (mood.modality == "asserted" and mood.subject == "user"
                    and not _AWAY.search(text[:start])
                    and not _AWAY_AFTER.match(text[start + len(place[0]):])):
                names.append(place[0])
    return names


def _nearest_city(earlier: list[str], before: str) -> str | None:
    """The last city named in `before` (the anchor's sentence up to it), else in the earlier
    sentences, nearest first; None when that nearest mention is somewhere else's."""
    for text in (before, *reversed(earlier)):
        mentions = [(n.start(), *place) for n in CAP_RUN.finditer(text)
                    if (place := _place_in(n.group(0))) is not None]
        if not mentions:
            continue
        start, name, kind = mentions[-1]
        if kind != "city":
            return None  # "here" may be the country named last
        question = text.rstrip().endswith("?")
        mood = mood_at(text, start, question=question)
        if (mood.modality != "asserted" or mood.subject != "user"
                or _AWAY.search(text[:start]) or _AWAY_AFTER.match(text[start + len(name):])):
            return None
        return name
    return None


def _place_in(run: str) -> tuple[str, str] | None:
    words = run.split()
    if words and words[0] in NOT_NAMES:
        words = words[1:]
    return longest_place(words)
