"""Where the user lives, told as context: a home of one's own, the city as scenery, a home
that becomes one's own on a date still to come.

People rarely say "I live in Utrecht". They say the city while talking about something else:
- a home of their own named with its city: "the canal outside our place in Utrecht froze
  this weekend", "our Bergen flat has a leak" (the possessive presupposes the home, whoever
  the clause is about and whatever the weekend was for);
- the city as the scene they speak from (scenery.py): "wet, grey, windy, classic Dundee
  March", "typical Glasgow weather today", "Sunday evening in Graz and the house is quiet";
- the city named once, then pointed back to: "my flatmate cooks the best dal in Lyon ...
  cheese is non-negotiable in this city";
- a home that is theirs from a date to come: "the flat in Edinburgh is ours from the 1st of
  October", "we get the keys to our flat in Aarhus on the 20th" (`planned` from that day,
  superseding nothing before it), or a city left on a date to come for the one other city
  the turn names as theirs ("an offer from Oak Bay Dental in Victoria ... I'm leaving
  Vancouver at the end of May": Victoria planned from the leaving day);
- an arrival told late, dated by its clause: "we arrived in Tallinn on the 3rd of February",
  "three months into Copenhagen", "since landing in Perth last month" (a move only when the
  turn says so: a flat, boxes, movers, "for good", "I've been").
Each reading asks the clause it stands in (mood.py): a question ("is this city ...?"), a
hypothetical ("we'd have ended up in Galway"), somebody else's home or report ("my sister
in Lyon says this city ..."), a home left ("our old flat in Utrecht") or a visit anywhere in
the turn (a trip, a wedding, a friend's place) gives nothing. The city is the gazetteer's
(gazetteer.py), never a list of names. A turn that already gives the user a city is left to
it, except for the plan: a home dated ahead turns the claim made of it into a plan.

Read once each sentence has its own claims, like here.py. Pure; inputs are not modified.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.gazetteer import lookup
from pipeline.extract.here import scene_cities
from pipeline.extract.mentions import CAP_RUN, NOT_NAMES
from pipeline.extract.mood import clause_span, mood_at
from pipeline.extract.planned import plan_unreal
from pipeline.extract.scenery import scene_city
from pipeline.extract.timeexpr import future_in, resolve_in
from schemas.records import Claim

_I = re.IGNORECASE
_CITY = r"(?P<m>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2})"
#: Nouns of one's home.
_HOME = r"(?:flat|apartment|house|home|place|condo|studio|bungalow|cottage|loft|terrace)"
#: Words before the home noun that make it not the one lived in now.
_NOT_NOW_HOME = (r"old|former|previous|childhood|first|holiday|summer|winter|weekend|beach"
                 r"|second|rental|investment|future|dream|ideal|next|parents'?|mum's|mom's"
                 r"|dad's|family")
#: "our place in Utrecht", "my new flat in Tartu", "our Bergen flat".
_OWN_HOME = re.compile(
    r"\b(?:my|our)\s+(?:(?!(?:" + _NOT_NOW_HOME + r")\b)[a-z-]+\s+)?" + _HOME + r"\s+(?:here\s+)?"
    r"in\s+" + _CITY
    + r"|\b(?:my|our)\s+(?:new\s+)?" + _CITY.replace("<m>", "<m2>") + r"\s+" + _HOME + r"\b"
    # "lunches I can bring from home in Hanoi", "I work from home in Leeds" ("back home in
    # Lagos" is where one comes from).
    + r"|(?<!back\s)\b(?:at|from)\s+home\s+(?:here\s+)?in\s+" + _CITY.replace("<m>", "<m3>"),
    _I)
#: Before "from home in": a time gone by ("when I was a student I worked from home in Leeds").
_THEN = re.compile(r"\b(?:when\s+(?:i|we)\s+(?:was|were)|used\s+to|back\s+then|years\s+ago"
                   r"|at\s+the\s+time|\w+ed\s*$)", _I)
#: A request, not a question about the home: "Can you suggest lunches I can bring from home
#: in Hanoi?" asks for lunches; the home it names is the user's all the same.
_REQUEST = re.compile(r"^(?:\w+[,!]?\s+){0,3}?(?:can|could|would|will)\s+you\s+(?:please\s+)?"
                      r"(?:suggest|recommend|help|give|tell|find|make|list|share|write|plan"
                      r"|think\s+of|come\s+up\s+with)\b", _I)
#: Right after the city: a stay, not a home ("our place in Lisbon for the summer").
_STAY_AFTER = re.compile(r"^\s*(?:for\s+(?:the|a|one|two|three|\d+)\b|over\s+(?:the\s+)?"
                         r"(?:summer|winter|holidays?)|was|were|had|used\s+to)\b", _I)
#: "this city", "this town": the city the turn has named.
_THIS_CITY = re.compile(r"\bthis\s+(?:city|town)\b", _I)
#: A visit or stay anywhere in the turn: the scenery is somewhere else's.
_VISIT = re.compile(r"\b(?:trip|holiday|holidays|vacation|conference|visit\w*|hotel|hostel"
                    r"|airbnb|layover|stopover|passing\s+through|sightseeing|tourists?|wedding"
                    r"|friend's|honeymoon|festival|for\s+(?:a|the|one|two|three|\d+)\s+(?:few\s+)?"
                    r"(?:days?|nights?|weeks?|weekend|months?))\b", _I)
#: Words right before an earlier city that make it somewhere the user is not.
_AWAY = re.compile(r"\b(?:to|from|visit\w*|trip|via|than|like|unlike|versus|vs|near|towards?"
                   r"|left|leaving|compared\s+(?:to|with)|old\s+\w+\s+in|former\s+\w+\s+in"
                   r"|was\s+in|were\s+in|back\s+in)\s+(?:\w+\s+)?$", _I)
#: A verb that puts somebody else in the earlier city ("my sister lives in Leeds").
_OTHERS_HOME = re.compile(r"\b(?:lives?|living|lived|moved|moving|based|stays?|staying|works?"
                          r"|working|grew\s+up|born)\b", _I)
#: A home that is one's own from a day still to come.
_OURS_FROM = re.compile(
    r"\b(?:is|are|becomes?|will\s+be|'ll\s+be)\s+(?:officially\s+)?(?:ours|mine)\s+(?:from|on"
    r"|as\s+of|starting)\b"
    r"|\b(?:i|we)\s+(?:get|collect|pick\s+up)\s+(?:the\s+)?keys\b"
    r"|\b(?:get|getting|collect|collecting|pick\s+up|picking\s+up)\s+(?:the\s+)?keys\s+(?:to|for)"
    r"\s+(?:my|our|the)\b", _I)
#: The way one came, between the verb and "to": "we came up to Aarhus", "I moved back to".
_WAY = r"(?:(?:up|down|over|out|back|across|here)\s+)?"
#: Arriving somewhere, told by the user: "we arrived in Tallinn on the 3rd", "since landing
#: in Perth", "we finally made it to Halifax last Tuesday", "three months into Copenhagen".
_ARRIVAL = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:finally\s+|just\s+|only\s+|safely\s+)?(?:arrived|landed"
    r"|got|made\s+it|came|moved|flew|drove)\s+" + _WAY + r"(?:in|to)\s+" + _CITY
    + r"|\bsince\s+(?:arriving|landing|getting|coming|moving)\s+" + _WAY + r"(?:in|to)\s+"
    + _CITY.replace("<m>", "<m2>")
    + r"|\b(?P<n>a|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?P<unit>days?|weeks?"
    r"|months?)\s+(?:into|in)\s+" + _CITY.replace("<m>", "<m3>") + r"(?=\s+(?:and|now|already)\b)"
    r"|\b(?P<n2>a|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?P<unit2>days?|weeks?"
    r"|months?)\s+since\s+(?:i|we)\s+(?:arrived|landed|got|moved)\s+(?:in|to)\s+"
    + _CITY.replace("<m>", "<m4>"), _I)
#: Signs in the turn that the arrival is a move, not a visit: a home, boxes, for good.
_SETTLING = re.compile(r"\b(?:for\s+good|moved|move|movers|removals?|boxes|unpack\w*|the\s+flat"
                       r"|the\s+house|the\s+apartment|new\s+(?:place|flat|house|apartment|home|job)"
                       r"|settl\w+|lease|keys|neighbou?rs|registered|library\s+card|(?:i've|we've)"
                       r"\s+been|i\s+still|we\s+still|already|finally\s+(?:own|have|found))\b", _I)
#: A journey verb ("we drove down to Brighton") is a move only beside these, not beside the
#: weaker signs ("already", "I still") that do for "we arrived".
_JOURNEY = re.compile(r"\b(?:came|flew|drove)\b", _I)
_MOVING = re.compile(r"\b(?:for\s+good|moved|move|movers|removals?|boxes|unpack\w*|lease|keys"
                     r"|settl\w+|registered|new\s+(?:place|flat|house|apartment|home))\b", _I)
_CONFIDENCE = 0.7
_SCENE_CONFIDENCE = 0.6


def home_in_turn(found: Sequence[SentenceClaims], at: datetime, *,
                 session_id: str) -> list[SentenceClaims]:
    """`found` (one turn, in order) with the homes told as context read (see the module doc)."""
    out = [_dated_arrival(_planned_home(s, at), at) for s in found]
    if any(c.predicate == "city" and c.op == "assert" for s in out for c in s.claims):
        return out
    turn = " ".join(s.text for s in out)
    out = _leaving_for(out, turn, session_id)
    # Read once per turn, not per sentence: a pasted document of thousands of sentences
    # made the turn-wide searches quadratic (minutes for a 96k-character turn).
    visit, settling = bool(_VISIT.search(turn)), bool(_SETTLING.search(turn))
    moving = bool(_MOVING.search(turn))
    for i, sentence in enumerate(out):
        arrived = None if visit or not settling else _arrival(sentence.text, at, moving=moving)
        if arrived is not None:
            claim = Claim(predicate="city", object=arrived[0], valid_from=arrived[1],
                          source="stated", confidence=_CONFIDENCE, session_id=session_id,
                          turn=sentence.turn, evidence=sentence.text)
            out[i] = sentence.adding(claim)
            return out
        city = _own_home(sentence.text)
        if city is None and not visit:
            city = scene_city(sentence.text) or (
                _this_city([s.text for s in out[:i]], sentence.text)
                if _THIS_CITY.search(sentence.text) else None)
        if city is None:
            continue
        claim = Claim(predicate="city", object=city, valid_from=at, source="stated",
                      confidence=_CONFIDENCE, session_id=session_id, turn=sentence.turn,
                      evidence=sentence.text)
        out[i] = sentence.adding(claim)
        return out
    return out


def _leaving_for(found: list[SentenceClaims], turn: str,
                 session_id: str) -> list[SentenceClaims]:
    """A city the user is leaving on a date to come, in a turn that names one other city as
    theirs (the new job's: "an offer from Oak Bay Dental in Victoria, starting June 1st. So
    I'm leaving Vancouver at the end of May"): that city is planned from the leaving day."""
    for i, sentence in enumerate(found):
        leaving = [c for c in sentence.claims if c.predicate == "city" and c.op == "retract"
                   and c.modality == "planned" and c.object and c.valid_from is not None]
        if not leaving or _VISIT.search(turn):
            continue
        left = leaving[0]
        others = scene_cities([s.text for s in found], left.object)
        if len(others) != 1:
            return found
        claim = left.model_copy(update={"object": others[0], "op": "assert",
                                        "confidence": _CONFIDENCE, "session_id": session_id,
                                        "evidence": turn})
        found = list(found)
        found[i] = sentence.adding(claim)
        return found
    return found


def _dated_arrival(sentence: SentenceClaims, at: datetime) -> SentenceClaims:
    """A city claim left undated whose sentence says when the user arrived there ("ever
    since we got to Valencia in June") takes the arrival's date."""
    undated = [c for c in sentence.claims if c.predicate == "city" and c.op == "assert"
               and c.modality == "asserted" and c.valid_from == at]
    arrived = _arrival(sentence.text, at) if undated else None
    if arrived is None or arrived[1] >= at:
        return sentence
    claims = tuple(c.model_copy(update={"valid_from": arrived[1]})
                   if c in undated and c.object == arrived[0] else c for c in sentence.claims)
    return SentenceClaims(sentence.turn, sentence.text, claims)


def _planned_home(sentence: SentenceClaims, at: datetime) -> SentenceClaims:
    """A city claim whose clause makes the home one's own from a day to come becomes a plan
    from that day: "The flat in Edinburgh is ours from the 1st of October"."""
    text = sentence.text
    if text.rstrip().endswith("?"):
        return sentence
    changed = []
    for claim in sentence.claims:
        if claim.predicate != "city" or claim.op != "assert" or claim.modality != "asserted":
            changed.append(claim)
            continue
        when = _home_from(text, claim.object, at)
        changed.append(claim if when is None else claim.model_copy(
            update={"modality": "planned", "valid_from": when}))
    return SentenceClaims(sentence.turn, text, tuple(changed))


def _home_from(text: str, city: str, at: datetime) -> datetime | None:
    pos = text.find(city)
    if pos < 0:
        return None
    start, end = clause_span(text, pos)
    # "keys that morning" after a comma still belongs to the home of its clause.
    clause = text[start:end]
    m = _OURS_FROM.search(clause)
    if m is None or plan_unreal(clause):
        return None
    mood = mood_at(text, pos, question=False)
    if mood.subject != "user" or mood.modality in ("hypothetical", "negated"):
        return None
    if re.search(r"\b(?:his|her|their|(?-i:[A-Z])\w+'s|(?:sister|brother|friend|mum|dad|parents)"
                 r"'?s?)\s+" + _HOME, clause[:pos - start], _I):
        return None
    when = future_in(clause[m.start():], at)
    return when if when is not None and when > at else None


_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}


def _arrival(text: str, at: datetime, *, moving: bool = True) -> tuple[str, datetime] | None:
    """The city the user says they arrived in, and when (the clause's own time, else now).
    `moving`: the turn tells of a move, which a journey verb needs."""
    question = text.rstrip().endswith("?")
    for m in _ARRIVAL.finditer(text):
        if not moving and _JOURNEY.search(m.group(0)):
            continue
        group = next(g for g in ("m", "m2", "m3", "m4") if m.group(g))
        city = _city_in(m.group(group))
        if city is None or _STAY_AFTER.match(text[m.start(group) + len(city):]):
            continue
        mood = mood_at(text, m.start(), question=question)
        if mood.modality not in ("asserted", "backstory") or mood.subject != "user":
            continue  # "since" reads as backstory to mood.py; the arrival still holds
        if mood.modality == "backstory" and not re.search(r"\bsince\b", text[:m.end()], _I):
            continue
        if m.group("n") or m.group("n2"):  # "three months into Copenhagen": that long ago
            n = (m.group("n") or m.group("n2")).lower()
            unit = m.group("unit") or m.group("unit2")
            told = resolve_in(f"{_NUMBERS.get(n, n)} {unit} ago", at)
        else:
            start, end = clause_span(text, m.start())
            told = resolve_in(text[m.start():end], at)
        return city, told if told is not None and told <= at else at
    return None


def _own_home(text: str) -> str | None:
    """The city of a home of the user's own named in `text`, when not asked or imagined."""
    question = text.rstrip().endswith("?") and not _REQUEST.match(text)
    for m in _OWN_HOME.finditer(text):
        group = next(g for g in ("m", "m2", "m3") if m.group(g))
        city = _city_in(m.group(group))
        if city is None:
            continue
        after = text[m.start(group) + len(city):]
        if _STAY_AFTER.match(after):
            continue
        mood = mood_at(text, m.start(), question=question)
        if mood.modality in ("question", "hypothetical", "backstory"):
            continue  # "back then our flat in Leeds had a garden": a home left
        if group == "m3" and (mood.subject != "user" or _THEN.search(text[:m.start()])):
            continue  # no possessive: "my sister works from home in Leeds" is hers
        return city
    return None


def _this_city(earlier: list[str], text: str) -> str | None:
    """The city "this city" in `text` points back to: the nearest one named before it in the
    turn, when the "this city" clause is the user's own statement and the mention is not
    somewhere gone to, come from, left or somebody else's home."""
    question = text.rstrip().endswith("?")
    for m in _THIS_CITY.finditer(text):
        mood = mood_at(text, m.start(), question=question)
        if mood.modality != "asserted" or mood.subject != "user":
            continue
        for before in (text[:m.start()], *reversed(earlier)):
            mentions = [(n.start(), city) for n in CAP_RUN.finditer(before)
                        if (city := _city_in(n.group(0))) is not None]
            if not mentions:
                continue
            start, city = mentions[-1]
            return city if _scene_mention(before, start, city) else None
    return None


def _scene_mention(text: str, start: int, city: str) -> bool:
    question = text.rstrip().endswith("?")
    mood = mood_at(text, start, question=question)
    if mood.modality not in ("asserted",) or _AWAY.search(text[:start]):
        return False
    if mood.subject != "user":
        c0, _ = clause_span(text, start)
        if _OTHERS_HOME.search(text[c0:start]):
            return False
    return not _STAY_AFTER.match(text[start + len(city):])


def _city_in(run: str) -> str | None:
    """The longest leading part of `run` the gazetteer knows as a city (not a country)."""
    words = run.split()
    if words and words[0] in NOT_NAMES:
        words = words[1:]
    for n in range(len(words), 0, -1):
        name = " ".join(words[:n]).rstrip(".,'")
        place = lookup(name)
        if place is not None:
            return name if place.kind == "city" else None
    return None
