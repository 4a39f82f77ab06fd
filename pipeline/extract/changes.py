"""Changes of state told with their time, read over one whole sentence.

The phrase rules read one clause at a time, in the present. People tell a state's whole
life in one breath, and these readings put its ends in valid time:
- a state with its end: "I went vegan in January but gave it up in March", "I was
  vegetarian for six years until last summer" (asserted from its start, ended at its end);
- a last day: "my last day at Pellwood is the 15th" (the employer ends after that day: a
  planned ending, nothing changes before it), "Friday was my last day";
- where a backstory ended: "I lived in Cork for years before moving here to Galway" (the
  place moved to is where the user lives; the backstory stays episodic);
- a stay counted up to now: "two months in Lisbon now" (there since two months ago);
- a birthday, by its date: "my birthday's on the 3rd of July".
Pure: the reference time is the turn's; `read` is the rule tables on a present-tense clause
(passed in by rules.py, which owns them).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from pipeline.extract.gazetteer import lookup
from pipeline.extract.lexicon import DIETS
from pipeline.extract.mentions import CAP_RUN, NOT_NAMES
from pipeline.extract.mood import about_other, mood_at
from pipeline.extract.move_times import move_day
from pipeline.extract.planned import plan_unreal
from pipeline.extract.timeexpr import (
    TIME_RE,
    find_times,
    future_in,
    local_time,
    resolve,
    resolve_future,
    resolve_in,
    span_before,
)
from schemas.records import Claim

_I = re.IGNORECASE

#: The rule tables on one present-tense clause: (predicate, object, op, confidence).
Reader = Callable[[str], list[tuple[str, str, str, float]]]

#: States whose end people tell in the same breath as their start.
ENDABLE = frozenset({
    "dietary_restriction", "hobby", "employer", "job_title", "city", "country", "district",
    "current_project", "current_goal", "relationship_status", "partner_name",
    "smoking_status", "health_condition", "likes"})

#: Where a state's end is told: an ending verb on "it" (the state just named), or "until".
_END = re.compile(
    r"\b(?:(?:i|we)\s+)?(?:(?:gave|give|giving)\s+(?:it|that|them|those)\s+up"
    r"|gave\s+up\s+(?:on\s+)?(?:it|that)|(?:dropped|quit|ditched|stopped|abandoned|binned"
    r"|ended|left|packed\s+in)\s+(?:it|that|them)\b|(?:packed|jacked|called)\s+it\s+(?:in"
    r"|quits)|(?:came|went|fell)\s+off\s+(?:it|the\s+wagon))"
    r"|\b(?:up\s+)?(?:until|till)\b(?!\s+(?:i|we|then|now|recently|lately)\b)", _I)
#: A past state the rules read in the present: "I was vegan" -> "I'm vegan".
_PAST_STATE = ((re.compile(r"\b(i|we)\s+(?:was|were|used\s+to\s+be|had\s+been)\b", _I), r"\1'm"),
               (re.compile(r"\b(i|we)\s+(?:lived|used\s+to\s+live)\b", _I), r"\1 live"),
               (re.compile(r"\b(i|we)\s+(?:worked|used\s+to\s+work)\b", _I), r"\1 work"),
               (re.compile(r"\b(i|we)\s+(?:did|used\s+to\s+do)\b", _I), r"\1 do"),
               (re.compile(r"\b(i|we)\s+(?:played|used\s+to\s+play)\b", _I), r"\1 play"))

#: An organisation's name: one to four capitalised words ("Pellwood", "Kiln & Co").
_ORG_NAME = r"(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z])[\w'&.-]*){0,3}"
_ORG = r"(?P<org>" + _ORG_NAME + r")"
#: "my last day at Pellwood is Friday", "Friday was my last day", "my last shift's the 5th".
_LAST_DAY = re.compile(
    r"\bmy\s+(?:very\s+)?(?:last|final)\s+(?:day|shift|week)(?:\s+(?:at|with|for)\s+" + _ORG
    + r")?(?:\s+(?:there|here))?\s*(?P<verb>is|'s|will\s+be|was|falls\s+on|ends\s+on)\b"
    r"|\b(?P<verb2>is|'s|will\s+be|was)\s+(?:going\s+to\s+be\s+)?my\s+(?:very\s+)?(?:last"
    r"|final)\s+(?:day|shift)(?:\s+(?:at|with|for)\s+(?P<org2>" + _ORG_NAME + r"))?", _I)
_WEEKDAY_ALONE = re.compile(r"(^|\b(?:is|'s|be|was)\s+)(?!on\s)((?:this\s+|next\s+)?(?:monday"
                            r"|tuesday|wednesday|thursday|friday|saturday|sunday)\b)(?![\s,]+(?:the\s+)?\d)", _I)
#: The end of a backstory names where it led: "before moving here to Galway", "until we
#: moved to Leeds", "since coming over to Perth".
_ARRIVAL = re.compile(
    r"\b(?:before|until|till|since|after|then)\s+(?:(?:i|we)\s+)?(?:finally\s+)?(?:coming"
    r"|moving|relocating|came|moved|relocated|emigrating|emigrated)\s+(?:(?:over|back|out"
    r"|down|up|here|all\s+the\s+way)\s+)*(?:to|into)\s+(?:(?:the\s+)?city\s+of\s+)?", _I)
_SPAN = (r"(?:(?:about|around|almost|nearly|over|just\s+over|more\s+than)\s+)?(?:\d+|a|an|one"
         r"|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|a\s+couple\s+of)"
         r"\s+(?:day|week|month|year)s?")
#: A stay counted up to now: "(nearly) three weeks in Auckland now", "a year in Lyon now".
_STAY = re.compile(r"\b(?P<span>" + _SPAN + r")\s+(?:in|into\s+(?:life\s+in)?)\s+(?=(?-i:[A-Z]))",
                   _I)
#: The same in the perfect, with the place first: "we've been in Galway three years now".
_STAY_PERFECT = re.compile(r"\b(?:i've|we've|i\s+have|we\s+have)\s+been\s+(?:living\s+)?in\s+"
                           r"(?P<name>(?-i:[A-Z])[\w'.-]*(?:\s+(?-i:[A-Z])[\w'.-]*){0,2}),?\s+"
                           r"(?:for\s+)?(?P<span>" + _SPAN + r")(?=[\s,]*(?:now|already|and"
                           r"\s+counting|[.!]|$))", _I)
#: A job counted up to now: "two years at Globex now", "six months with Pellwood already".
_TENURE = re.compile(r"\b(?P<span>" + _SPAN + r")\s+(?:at|with)\s+(?=(?-i:[A-Z]))", _I)
_NOW = re.compile(r"^[\s,]*(?:now|already|and\s+counting)\b", _I)
_VISIT = re.compile(r"\b(?:trip|holiday|vacation|visit|visiting|conference|tour|hotel"
                    r"|spent|spend|spending|staying|stay|honeymoon|festival|layover)\b", _I)
#: A promotion, and the title it gave told beside it: "got promoted in May, team lead now".
_PROMOTED = re.compile(r"\b(?:(?:i|i've|i\s+was|i\s+got|i've\s+been|got|been|was)\s+(?:just\s+"
                       r"|finally\s+|recently\s+)?(?:been\s+)?promoted|promoted\s+me)\b", _I)
_NEW_TITLE = re.compile(r"^[^,;]{0,40}[,;:]\s*(?:(?:so|and)\s+)?(?:i'm\s+|i\s+am\s+)?(?:now\s+)?"
                        r"(?:an?\s+|the\s+)?(?P<t>[a-z][\w-]*(?:\s+[\w-]+){0,3}?)"
                        r"(?:\s+now\b|(?=\s*(?:[,;.!]|$)))", _I)
#: Endings said in passing: "my climbing days are over", "I haven't played chess since May",
#: "I'm not at Globex anymore", "I quit my job last week", "I was laid off in March".
_DAYS_OVER = re.compile(r"\bmy\s+(?P<x>[a-z][\w -]{2,30}?)\s+days\s+are\s+(?:over|done|behind"
                        r"\s+me|finished)\b", _I)
#: A state told as a thing that lasted: "the vegan thing lasted until about April", "the keto
#: phase lasted till Easter" (ended then).
_LASTED = re.compile(r"\b(?:the|my)\s+(?P<x>[a-z][\w-]*(?:\s+[\w-]+)?)\s+(?:thing|phase|experiment"
                     r"|diet|kick|streak)\s+(?:only\s+)?(?:lasted|went\s+on|held\s+out)\s+(?:until|till"
                     r"|to)\b", _I)
_NOT_SINCE = re.compile(r"\b(?P<subj>i|we)\s+(?:haven't|have\s+not)\s+(?:really\s+|actually\s+)?"
                        r"(?P<verb>played|done|gone\s+to|been\s+to|been|touched|practi[cs]ed"
                        r"|eaten|had)\s+(?P<rest>[^,.;]{2,40}?)\s+since\b", _I)
_PRESENT = {"played": "play", "done": "do", "gone to": "go to", "been to": "go to",
            "been": "am", "touched": "play", "practised": "practise", "practiced": "practice",
            "eaten": "eat", "had": "have"}
_NOT_THERE = re.compile(r"\b(?:i'm|i\s+am)\s+(?:not|no\s+longer)\s+(?:at|with|working\s+(?:at|for))"
                        r"\s+" + _ORG
                        + r"(?=[^.;]*\b(?:anymore|any\s+more|any\s+longer|left|quit)\b|\s+no\s+longer)",
                        _I)
_JOB_ENDED = re.compile(r"\b(?:i|we)\s+(?:(?:just|finally|actually)\s+)?(?:quit|left|lost"
                        r"|walked\s+out\s+of)\s+my\s+(?:job|position|role)\b|\bi\s+(?:was|got)\s+"
                        r"(?:just\s+)?(?:laid\s+off|fired|sacked|let\s+go|made\s+redundant)\b", _I)
#: A move still to come, told without where to: "We move on the 4th", "we're moving in May".
_BARE_MOVE = re.compile(r"\b(?:i|we)(?:'re|'m|\s+are|\s+am|'ll|\s+will)?\s+(?:finally\s+|actually\s+"
                        r"|officially\s+)?(?:move|moving|relocate|relocating)\b(?!\s+(?:to|into"
                        r"|back|over|out|house|from|in\s+with|on\s+from|forward|up)\b)"
                        # ... or by its date alone: "a date for the move: the 14th".
                        r"|\b(?:date\s+for|day\s+of)\s+(?:the|our)\s+move\b"
                        r"|\b(?:the|our)\s+move\s+(?:is|'s)\s+(?:now\s+)?(?:on|set\s+for)\b"
                        r"|\b(?:our\s+)?moving\s+day\s+is\b", _I)
#: A state told in the present, whose "until" is still to come.
_STAYING = re.compile(r"\b(?:i'm|we're|i\s+am|we\s+are|i\s+live|we\s+live|i\s+stay|we\s+stay)\b"
                      r"(?![^,;]*\b(?:was|were|lived|stayed|had)\b)", _I)
_HOME_NOW = re.compile(r"\b(?:live|living|based|(?:i'm|we're|i\s+am|we\s+are)\s+(?:still\s+)?)"
                       r"\s*(?:here\s+)?in\s+$"
                       # ... or the place left: "so we leave Daugavpils this summer"
                       r"|\b(?:leave|leaving|left|from|out\s+of)\s+$", _I)
_AGE = (r"(?:\d{1,3}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?|ten"
        r"|eleven|twelve|\w+teen|one|two|three|four|five|six|seven|eight|nine)")
#: "my birthday's on the 3rd of July", "I was born on 12 March 1990".
_BIRTHDAY = re.compile(r"\b(?:my\s+birthday(?:'s|\s+is|\s+falls\s+on"
                       # "it's my birthday on Saturday", "my birthday tomorrow"
                       r"|(?=\s+(?:on|next|this|tomorrow|today)\b))|i\s+was\s+born"
                       # "I turn forty on the 9th of July", "I'll be 30 on 2 May"
                       r"|i\s+turn\s+" + _AGE + r"(?=\s+on\b)|i(?:'ll|\s+will)\s+be\s+" + _AGE
                       + r"(?=\s+on\b))"
                       r"\s+(?P<date>(?:on\s+)?.+)", _I)


@dataclass(frozen=True)
class _Said:
    """The sentence a change is read from, and what the rules already found in it."""

    text: str
    at: datetime
    base: tuple[str, int, str]
    found: tuple[Claim, ...]
    question: bool


def told_changes(text: str, found: list[Claim], at: datetime, base: tuple[str, int, str], *,
                 read: Reader, question: bool = False, turn_text: str = "") -> list[Claim]:
    """The claims `text` adds about when states began and ended (see the module doc), beside
    `found`, what the rules read in it already; `turn_text` is the whole turn (a dated move
    without its destination goes where the turn named before it)."""
    said = _Said(text, local_time(at), base, tuple(found), question)
    if question:
        return []
    if not re.search(r"\b(?:i|we|me|us|my|our|i'm|we're|i've|we've)\b", text, _I):
        # Chat drops the subject of a stay ("Nearly three weeks in Auckland now."): that one
        # only, and only where nobody else is the subject.
        if about_other(text):
            return []
        # "The vegan thing lasted until January": the user's own phase, told without "I".
        return [*_stays(said), *_said_over(said, read)] if _LASTED.search(text) else _stays(said)
    out = [*_ended_spans(said, read), *_last_day(said), *_arrivals(said), *_stays(said),
           *_birthday(said), *_dated_bare_move(said, found, turn_text),
           *_promotion(said, found, read), *_said_over(said, read)]
    have = {(c.predicate, c.object.casefold(), c.op): c.valid_from for c in found}
    # An end the sentence dates ("the vegan thing lasted until January, I'm back on meat")
    # is kept beside the undated one read already: the earlier end wins (see rules).
    return [c for c in out if (key := (c.predicate, c.object.casefold(), c.op)) not in have
            or (c.op == "retract" and c.valid_from < have[key])]


def _claim(said: _Said, predicate: str, obj: str, *, op: str = "assert",
           valid_from: datetime, valid_to: datetime | None = None, modality: str | None = None,
           confidence: float = 0.8) -> Claim:
    session_id, turn, evidence = said.base
    return Claim(predicate=predicate, object=obj, op=op,  # type: ignore[arg-type]
                 modality=modality or ("ended" if op == "retract" else "asserted"),
                 valid_from=valid_from, valid_to=valid_to, source="stated",
                 confidence=confidence, session_id=session_id, turn=turn, evidence=evidence)


def _users_own(said: _Said, pos: int) -> bool:
    """The stretch at `pos` is the user's own statement, and so is the sentence it is in
    ("my aunt lived in Dundee before moving to ..." is the aunt's)."""
    mood = mood_at(said.text, pos, question=said.question)
    return (mood.subject == "user" and not about_other(said.text)
            and mood.modality not in ("question", "hypothetical", "negated"))


def _ended_spans(said: _Said, read: Reader) -> list[Claim]:
    out: list[Claim] = []
    for m in _END.finditer(said.text):
        refs = [r for r in find_times(said.text[m.start():]) if r.end > m.end() - m.start()]
        if not refs or refs[0].start > m.end() - m.start() + 40 or refs[0].future:
            continue  # the end is not dated here, or is still to come
        end = resolve(refs[0], said.at)
        if end is None or end >= said.at:
            continue
        pre = said.text[:m.start()]
        if _STAYING.search(pre) and resolve_future(refs[0], said.at) is not None:
            continue  # "we're in Stavanger until the end of March" (told in October): ahead
        if not _users_own(said, 0) and not _users_own(said, max(0, m.start() - 1)):
            continue
        target = _last_named(said, pre)
        if target is not None:
            out.append(_claim(said, target.predicate, target.object, op="retract",
                              valid_from=end))
            continue
        out.extend(_past_state(said, pre, end, read))
    return out


def _last_named(said: _Said, pre: str) -> Claim | None:
    """The state named last before an end, among those the rules found in the sentence."""
    best: tuple[int, Claim] | None = None
    lowered = pre.lower()
    for c in said.found:
        if c.op != "assert" or c.predicate not in ENDABLE or not c.object:
            continue
        pos = lowered.rfind(c.object.lower())
        if pos >= 0 and (best is None or pos > best[0]):
            best = (pos, c)
    return best[1] if best else None


def _past_state(said: _Said, pre: str, end: datetime, read: Reader) -> list[Claim]:
    """A past state told with its end ("I was vegan from May", "I lived in Cork for six
    years"): read in the present, asserted from its start (when told) and ended at `end`."""
    shifted = pre
    for rx, present in _PAST_STATE:
        shifted = rx.sub(present, shifted)
    if shifted == pre:
        return []
    body = " ".join(TIME_RE.sub(" ", shifted).split()).rstrip(" ,;-")
    start = resolve_in(pre, said.at)
    if start is None or start >= end:
        start = span_before(pre, end)
    out: list[Claim] = []
    for predicate, obj, op, confidence in read(body):
        if op != "assert" or predicate not in ENDABLE or not obj:
            continue
        if start is not None:
            out.append(_claim(said, predicate, obj, valid_from=start, confidence=confidence))
        out.append(_claim(said, predicate, obj, op="retract", valid_from=end))
    return out


def _last_day(said: _Said) -> list[Claim]:
    m = _LAST_DAY.search(said.text)
    # "my last day": the user's own, whatever the clause opens with ("Friday was ...").
    if m is None or mood_at(said.text, m.start(), question=said.question).modality in (
            "question", "hypothetical", "negated"):
        return []
    org = (m.group("org") or m.group("org2") or "").rstrip(".,'")
    if org.split(" ")[0] in NOT_NAMES or lookup(org) is not None:
        org = ""
    # A bare weekday is the day: "my last day is Friday", "Friday was my last day".
    text = _WEEKDAY_ALONE.sub(r"\1on \2", said.text)
    # The day its own clause names first ("I started four weeks ago, ..., and my last day at
    # Nutrisur was Friday the 30th of October"), else the sentence's.
    tail = _WEEKDAY_ALONE.sub(r"\1on \2", said.text[m.start():])
    past = (m.group("verb") or m.group("verb2") or "").lower() == "was"
    if past:
        day = resolve_in(tail, said.at) or resolve_in(text, said.at)
        if day is None or day >= said.at:
            return []
        return [_claim(said, "employer", org, op="retract", valid_from=day + timedelta(days=1))]
    day = future_in(tail, said.at) or future_in(text, said.at)
    if day is None:
        return []
    # Working that day: the employer ends when it is over. Planned: nothing changes before.
    return [_claim(said, "employer", org, op="retract", modality="planned",
                   valid_from=day + timedelta(days=1))]


def _arrivals(said: _Said) -> list[Claim]:
    out: list[Claim] = []
    for m in _ARRIVAL.finditer(said.text):
        name = CAP_RUN.match(said.text, m.end())
        if name is None:
            continue
        place = _place(name.group(0))
        if place is None or not _users_own(said, 0):
            continue
        if future_in(said.text[m.start():], said.at) or _VISIT.search(
                said.text[name.end():name.end() + 40]):
            continue  # "before moving to Oslo next spring": a plan, read as one elsewhere
        out.append(_claim(said, place[1], place[0], valid_from=said.at, confidence=0.8))
    return out


def _stays(said: _Said) -> list[Claim]:
    out: list[Claim] = []
    for m in _STAY.finditer(said.text):
        name = CAP_RUN.match(said.text, m.end())
        if name is None or not _NOW.match(said.text[name.end():]):
            continue
        place = _place(name.group(0))
        if place is None or _VISIT.search(said.text[max(0, m.start() - 30):m.start()]):
            continue
        if not _users_own(said, m.start()):
            continue
        since = span_before(f"for {m.group('span')}", said.at)
        if since is not None:
            out.append(_claim(said, place[1], place[0], valid_from=since, confidence=0.8))
    for m in _STAY_PERFECT.finditer(said.text):
        place = _place(m.group("name"))
        since = span_before(m.group("span"), said.at)
        if (place is not None and since is not None and _users_own(said, m.start())
                and not _VISIT.search(said.text[m.end():m.end() + 40])):
            out.append(_claim(said, place[1], place[0], valid_from=since, confidence=0.8))
    for m in _TENURE.finditer(said.text):
        name = CAP_RUN.match(said.text, m.end())
        if name is None or not _NOW.match(said.text[name.end():]):
            continue
        org = name.group(0).rstrip(".,'")
        since = span_before(m.group("span"), said.at)
        if (since is not None and lookup(org) is None and org.split()[0] not in NOT_NAMES
                and _users_own(said, m.start())):
            out.append(_claim(said, "employer", org, valid_from=since, confidence=0.75))
    return out


def _place(name: str) -> tuple[str, str] | None:
    """(name, predicate) for the longest city or country a capitalised run starts with."""
    words = name.split()
    for n in range(len(words), 0, -1):
        candidate = " ".join(words[:n]).rstrip(".,'")
        place = lookup(candidate)
        if place is not None and place.kind in ("city", "country"):
            return candidate, place.kind
    return None


def month_day(text: str, at: datetime) -> str | None:
    """The calendar day the first date in `text` names, as "July 3" (with its year when one
    is said: "March 12, 1990"); None when `text` names no day ("in the spring")."""
    for ref in find_times(text):
        if ref.kind not in ("date", "future", "dom", "wday", "day"):
            continue
        if ref.kind == "day" and ref.text.lower() != "today":
            continue
        value = (resolve_future(ref, at) if ref.kind not in ("date", "day")
                 else resolve(ref, at) if ref.kind == "day" else None)
        if ref.kind == "date":  # a birthday in the past is still that day: any year
            value = resolve_future(ref, at) or resolve(ref, at)
        if value is None:
            continue
        day = f"{value.strftime('%B')} {value.day}"
        return f"{day}, {value.year}" if re.search(r"\b(?:19|20)\d\d\b", ref.text) else day
    return None


def _birthday(said: _Said) -> list[Claim]:
    m = _BIRTHDAY.search(said.text)
    if m is None or not _users_own(said, m.start()):
        return []
    value = month_day(m.group("date"), said.at)
    return [_claim(said, "birthday", value, valid_from=said.at, confidence=0.9)] if value else []


def _dated_bare_move(said: _Said, found: list[Claim], turn_text: str) -> list[Claim]:
    """"Hemi got a job in Auckland and we're going for it. We move on the 4th": planned to
    the place the turn named last before the move, from the move's date."""
    m = _BARE_MOVE.search(said.text)
    if m is None or any(c.predicate in ("city", "country") for c in found):
        return []
    when = move_day(said.text[m.start():], said.at)
    if when is None or not _users_own(said, m.start()) or plan_unreal(said.text):
        return []
    before = turn_text[:turn_text.find(said.text)] if said.text in turn_text else ""
    # ... or the sentence before the move ("an office in Pavlodar ..., so we're moving").
    before = f"{before} {said.text[:m.start()]}"
    # Where the user lives now is no destination: "I live in Stavanger. We move on 1 April".
    places = [p for n in CAP_RUN.finditer(before) if (p := _place(n.group(0))) is not None
              and p[1] == "city" and not _HOME_NOW.search(before[:n.start()])]
    # Nowhere named: an unnamed planned city, which re-dates a move already planned (reconcile).
    return [_claim(said, "city", places[-1][0] if places else "", valid_from=when,
                   modality="planned", confidence=0.75)]


def _promotion(said: _Said, found: list[Claim], read: Reader) -> list[Claim]:
    m = _PROMOTED.search(said.text)
    if m is None or any(c.predicate == "job_title" for c in found):
        return []
    title = _NEW_TITLE.match(said.text[m.end():])
    if title is None or not _users_own(said, m.start()):
        return []
    when = resolve_in(said.text[m.start():m.end() + title.start("t")], said.at) or said.at
    return [_claim(said, p, v, valid_from=when, confidence=c)
            for p, v, op, c in read(f"I'm a {title.group('t')} now")
            if p == "job_title" and op == "assert"]


def _said_over(said: _Said, read: Reader) -> list[Claim]:
    """Endings told in passing (the patterns above), at the time the sentence names."""
    out: list[Claim] = []
    text, at = said.text, said.at
    when = resolve_in(text, at) or at
    for m in _DAYS_OVER.finditer(text):
        if _users_own(said, m.start()):
            value = m.group("x").lower().strip()
            predicate = "dietary_restriction" if value in DIETS else "hobby"
            out.append(_claim(said, predicate, DIETS.get(value, value), op="retract",
                              valid_from=when))
    for m in _LASTED.finditer(text):
        rest = re.sub(r"^\s*(?:(?:about|around|roughly|approximately)\s+)?", "", text[m.end():],
                      flags=_I)
        end = resolve_in(rest, at) or resolve_in(f"in {rest}", at)
        value = m.group("x").lower()
        if end is not None and end < at and value in DIETS and _users_own(said, m.start()):
            out.append(_claim(said, "dietary_restriction", DIETS[value], op="retract",
                              valid_from=end))
    for m in _NOT_SINCE.finditer(text):
        since = resolve_in(text[m.end() - len("since"):], at)
        if since is None or not _users_own(said, m.start()):
            continue
        verb = " ".join(m.group("verb").lower().split())
        present = f"{m.group('subj')} {_PRESENT.get(verb, verb)} {m.group('rest')}"
        out += [_claim(said, p, v, op="retract", valid_from=since)
                for p, v, op, _ in read(present)
                if op == "assert" and p in ("hobby", "likes", "dietary_restriction")]
    for m in _NOT_THERE.finditer(text):
        org = m.group("org").rstrip(".,'")
        if lookup(org) is None and org.split()[0] not in NOT_NAMES and _users_own(said, 0):
            out.append(_claim(said, "employer", org, op="retract", valid_from=when))
    m = _JOB_ENDED.search(text)
    if m is not None and _users_own(said, m.start()) and not future_in(text[m.start():], at):
        out.append(_claim(said, "employer", "", op="retract", valid_from=when))
    return out
