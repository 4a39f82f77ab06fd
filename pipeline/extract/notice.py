"""A job that is ending on notice: still the user's employer until the notice runs out.

Handing in notice is not leaving. "I gave notice at Caravela Logistics on Monday", "I'm
working my notice at Quayside Dental", "I've handed my resignation in at Ostberg" tell that
the user works there now; the end is told beside it, in the same sentence or a later one of
the turn, and it becomes a `planned` ending (nothing changes before it):
- a date the user stays until: "so I'm with them until the 30th of June", "I'm there until
  the end of June" (the employer ends after that day);
- the notice's length: "four weeks' notice", "a month's notice", "It's two months here"
  (counted from the day notice was given, when the notice sentence dates it);
- what is left: "Ten days left at Caravela!", "two weeks left at Marlow & Finch" (in a
  turn about work: a hotel or a city has days left too, and is no employer).
"my last day is the 12th" is changes.py's. Only the user's own statements count (the mood
of the clause, mood.py): not a question, a wish, a negation or someone else's notice. Pure:
the reference time is the turn's.
"""
from __future__ import annotations

import re
from calendar import monthrange
from datetime import datetime, timedelta
from functools import lru_cache

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.mentions import CAP_RUN
from pipeline.extract.mood import about_other, mood_at
from pipeline.extract.passing_work import org_at, years_as
from pipeline.extract.timeexpr import find_times, resolve, resolve_future
from schemas.records import Claim

_I = re.IGNORECASE

#: Confidence of an employer read from its notice (the user says they work there).
NOTICE_CONFIDENCE = 0.8
#: ... and from the days left there (the turn must be about work).
LEFT_CONFIDENCE = 0.75

_COUNT = (r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
          r"|fourteen|fifteen|twenty|thirty|a\s+couple\s+of|\d{1,2})")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
            "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30}

#: Giving or working one's notice (the verb, then the notice: "handed my resignation in").
_NOTICE = re.compile(
    r"\b(?:gave|given|give|giving|hand(?:ed|ing)?|put|putting|turn(?:ed|ing)?|submit(?:ted"
    r"|ting)?|tender(?:ed|ing)?|serv(?:e|ed|ing)|work(?:ed|ing)?)\s+(?:in\s+)?(?:out\s+)?"
    r"(?:my|our|a|an|the)?\s*(?:" + _COUNT + r"[- ](?:weeks?|months?)(?:'s?|\u2019s?)?\s+)?"
    r"(?:notice|resignation|two\s+weeks)(?:\s+(?:in|period))?\b"
    # Handed to the boss: "walked into my manager's office and handed him my letter".
    r"|\bhand(?:ed|ing)?\s+(?:him|her|them|my\s+(?:boss|manager))\s+(?:my|the)\s+(?:resignation"
    r"\s+)?(?:letter|notice|resignation)(?:\s+of\s+resignation)?\b"
    # The notice told by its length alone: "I've given my four weeks", "working my month".
    r"|\b(?:gave|given|give|giving|hand(?:ed|ing)?\s+in|put\s+in|serv(?:e|ed|ing)|work(?:ed|ing)?)"
    r"\s+(?:out\s+)?(?:my|our)\s+(?:" + _COUNT + r"[- ])?(?:weeks?|months?)(?:'s?|\u2019s?)?"
    r"(?!\s+(?:of|off|holiday|vacation|leave|break|in\b|at\b|abroad|away))\b"
    # A notice period one has to work: "I've got three months' notice at Zefir".
    r"|\b(?:got|have|'ve\s+got|am\s+on|'m\s+on|serving)\s+(?:a\s+)?" + _COUNT
    + r"[- ](?:weeks?|months?)(?:'s?|\u2019s?)?\s+(?:of\s+)?notice\b", _I)
#: Resigning, which may be leaving there and then: notice only beside its end or length.
_RESIGNED = re.compile(r"\bresign(?:ed|ing)?(?=\s+(?:from|at)\s+(?-i:[A-Z])[^.!?]*[.!?]+\s*"
                       r"[^.!?]*\b(?:notice|until|till|last\s+day|left)\b)", _I)
#: Leaving a job, told ahead in the present: "I told Hélène that I'm leaving Le Comptoir
#: Berri", "I'm leaving my job at the Hanoi branch of Sen Vàng Insurance". The user works
#: there until the end the turn tells (a bare name needs a turn about work: "I'm leaving
#: Tom" is no job).
_LEAVING = re.compile(
    r"\b(?:i'm|i\s+am|im)\s+(?:(?:finally|officially|definitely|actually|really|also|now)\s+)?"
    r"leaving\s+(?P<job>(?:my|the)\s+(?:(?:current|day|old)\s+)?(?:job|position|role|post)"
    r"\s+(?:at|with)\s+)?(?:the\s+(?:(?-i:[A-Z])[\w'-]*\s+){0,2}(?:branch|office|site|store|shop"
    r"|location|plant|campus|team|depot|clinic)\s+(?:of|at)\s+)?(?=(?-i:[A-Z]))", _I)
#: A place one leaves on a trip, not a job: "I'm leaving Schiphol Airport at six".
_A_TRIP = re.compile(r"\s*(?:airport|station|terminal|port|tonight|tomorrow|today|early|at\s+\d"
                     r"|in\s+(?:the\s+)?(?:morning|evening|afternoon)|for\s+(?:a|the|my|our)\s+"
                     r"(?:trip|holiday|weekend|break|visit))\b", _I)
#: Where: "at/to/with <Org>" a few words on, in the same clause.
_WHERE = re.compile(r"(?:\s+[\w']+){0,3}?\s+(?:at|to|with|from)\s+(?=(?-i:[A-Z]))", _I)
#: The user's boss or workplace at an organisation, before the notice handed in there.
_BOSS_AT = re.compile(r"\bmy\s+(?:boss|manager|supervisor|line\s+manager)(?:'s|\u2019s)?"
                      r"(?:\s+office)?\s+(?:at|with)\s+(?=(?-i:[A-Z]))", _I)
#: The notice's length: "four weeks' notice", "a month's notice", "notice period of 3 months".
#: The job the years before a notice were spent in: "years as a ferry pilot at ".
_HELD_AT = re.compile(r"\byears?\s+(?:as|at|with|for)\s+(?:(?:an?|the)\s+[\w\s-]{2,40}?\s+"
                      r"(?:at|with|for)\s+)?(?=(?-i:[A-Z]))", _I)
_LENGTH = re.compile(
    r"\b(?P<n>" + _COUNT + r")[- ](?P<unit>week|month)s?(?:'s?|\u2019s?)?\s+(?:of\s+)?notice\b"
    r"|\bnotice(?:\s+period)?\s+(?:is|of)\s+(?P<n2>" + _COUNT + r")\s+(?P<unit2>week|month)s?\b"
    r"|^(?:(?:and|so|but)\s+)?(?:it's|it\s+is)\s+(?P<n3>" + _COUNT + r")\s+(?P<unit3>week|month)s?"
    r"\b", _I)
#: Staying until a date: "I'm with them until", "I'm there till", "I stay on at X until".
_UNTIL = re.compile(
    r"\b(?:i'm|i\s+am|i'll\s+be|i\s+will\s+be|i\s+stay|i'm\s+staying|i'll\s+stay|i\s+work"
    r"|i'm\s+working|i'll\s+be\s+working)(?:\s+on)?(?:\s+(?:with|at|for)\s+(?:them|it|(?P<org>"
    r"(?-i:[A-Z])[\w&'-]*(?:\s+(?-i:[A-Z&])[\w&'-]*){0,3}))|\s+there|\s+here)?"
    r"[^.;!?]{0,30}?\s+(?:until|till|up\s+to|through)\s+(?P<when>[^.;!?]{3,40})", _I)
#: What is left: "Ten days left at Caravela", "two more weeks at Marlow & Finch".
_LEFT = re.compile(
    r"(?:^|[,;:]\s*|\b(?:only|just|and|so|but)\s+)(?P<n>" + _COUNT + r")\s+(?:more\s+)?"
    r"(?P<unit>day|week|month)s?\s+(?:left|to\s+go)\s+(?:at|with)\s+(?=(?-i:[A-Z]))", _I)
#: A turn about work: what makes "days left at <name>" a job's, not a holiday's.
_WORK_TURN = re.compile(
    r"\b(?:handover|hand\s+over|notice|replacement|colleagues?|my\s+team|the\s+team|boss"
    r"|manager|leaving\s+do|farewell|new\s+job|old\s+job|the\s+job|shifts?|office|desk"
    r"|clients?|patients?|last\s+day|resign\w*)\b", _I)
_VISIT = re.compile(r"^\s*(?:hotel|resort|camp|hostel|airbnb|b&b|spa|villa|beach|holiday)\b",
                    _I)


def notice_claims(text: str, turn_text: str, at: datetime, base: tuple[str, int, str], *,
                  question: bool) -> list[Claim]:
    """The employer sentence `text` (of the user's turn `turn_text`) keeps on notice, and the
    planned end of it: an asserted claim from `at` and a planned retraction after the last
    day, each where the sentence tells it."""
    if question:
        return []
    out: list[Claim] = []
    notice = _notice_in(text, turn_text)
    # Only read the earlier sentences when the turn tells a notice at all: each sentence
    # re-reading the whole turn was quadratic on a long pasted document.
    earlier = (_notice_before(text, turn_text)
               if notice is None and _tells_notice(turn_text) else None)
    if notice is not None:
        org, pos = notice
        # "I've given my four weeks" names no employer: the one left earlier in the turn.
        org = org or (_notice_before(text, turn_text) or "" if _tells_notice(turn_text) else "")
        if org:
            out.append(_claim(base, org, at, confidence=NOTICE_CONFIDENCE))
        end = _stay_end(text, at) or _length_end(text, at)
        if end is not None:
            out.append(_ending(base, org, end))
    elif earlier is not None:  # "... so I'm with them until the 30th of June"
        end = _stay_end(text, at) or _length_end(text, at, anchored=True)
        if end is not None:
            out.append(_ending(base, earlier, end))
    left = _left_in(text, turn_text, at)
    if left is not None:
        org, end = left
        out.append(_claim(base, org, at, confidence=LEFT_CONFIDENCE))
        if end is not None:
            out.append(_ending(base, org, end))
    # "After nine years as a ferry pilot I've handed in my notice": the role is held until the
    # job ends (role_ends_with_job, once the sentence's last day is known).
    title = years_as(text) if notice is not None or left is not None else None
    if title:
        out.append(_claim(base, title, at, confidence=LEFT_CONFIDENCE, predicate="job_title"))
    return out


def role_ends_with_job(claims: list[Claim], text: str) -> list[Claim]:
    """`claims`, with the role the sentence says years were spent in ended when the job is:
    the employer's planned ending, copied to the job title."""
    title = years_as(text)
    end = next((c for c in claims if c.predicate == "employer" and c.op == "retract"
                and c.modality == "planned"), None)
    if title is None or end is None or any(
            c.predicate == "job_title" and c.op == "retract" for c in claims) or not any(
            c.predicate == "job_title" and c.object == title for c in claims):
        return claims
    return [*claims, end.model_copy(update={"predicate": "job_title", "object": title})]


def _users(text: str, pos: int) -> bool:
    mood = mood_at(text, pos, question=False)
    return mood.subject == "user" and mood.modality in ("asserted", "backstory") and not (
        about_other(text[:pos].rsplit(",", 1)[-1]))


def _first_person(text: str, pos: int) -> bool:
    """The notice is the user's: "I"/"I've" before the verb in its clause, or the clause has
    no subject of its own ("Handed in my notice at ...")."""
    before = re.split(r"[,;:.!?]|\b(?:and|but|so|then)\b", text[:pos], flags=_I)[-1]
    return bool(re.search(r"\b(?:i|i've|i'm|i'd|i\s+have|i\s+just|we)\b", before, _I)) or (
        not re.search(r"\b(?:he|she|they|you|his|her|their|[A-Z][a-z]+)\b", before)
        and re.search(r"\bmy\b", text[pos:pos + 40], _I) is not None)


def _notice_in(text: str, turn_text: str = "") -> tuple[str, int] | None:
    """(the organisation, or "" when unnamed; the offset) of the user's notice in `text`."""
    for m in _LEAVING.finditer(text):
        # "I'm" is the subject, whoever opens the clause ("my boss knows I'm leaving ...").
        if not (m.group("job") or work_turn(turn_text or text)) or mood_at(
                text, m.start(), question=False).modality not in ("asserted", "backstory"):
            continue
        org = org_at(text, m.end())
        if org is not None and not _A_TRIP.match(text, m.end() + len(org)):
            return org, m.start()
    for m in (*_NOTICE.finditer(text), *_RESIGNED.finditer(text)):
        if re.match(r"(?:serv|work)", m.group(0), _I) and not re.search(
                r"\b(?:my|the)\b", m.group(0), _I):
            continue  # one works or serves "my notice", not "notice"
        if re.search(r"\b(?:her|his|their|your)\s+(?:notice|resignation)", text[m.start():m.end() + 1],
                     _I):
            continue
        if not (_first_person(text, m.start()) and _users(text, m.start())):
            continue
        where = _WHERE.match(text, m.end())
        org = org_at(text, where.end()) if where else None
        if org is None:  # "into my manager's office at Densu Cocoa Buyers and handed him ..."
            boss = list(_BOSS_AT.finditer(text[:m.start()]))
            org = org_at(text, boss[-1].end()) if boss else None
        if org is None:  # "After nine years as a pilot at Vaasa Lines, I handed in my notice"
            held = list(_HELD_AT.finditer(text[:m.start()]))
            org = org_at(text, held[-1].end()) if held else None
        return (org or ""), m.start()
    return None


@lru_cache(maxsize=256)
def _tells_notice(turn_text: str) -> bool:
    return bool(_NOTICE.search(turn_text) or _RESIGNED.search(turn_text)
                or _LEAVING.search(turn_text))


@lru_cache(maxsize=256)
def work_turn(turn_text: str) -> bool:
    """Whether the turn is about work (`_WORK_TURN`), read once per turn."""
    return bool(_WORK_TURN.search(turn_text))


def _notice_before(text: str, turn_text: str) -> str | None:
    """The organisation of a notice the user told earlier in the turn ("" when unnamed)."""
    pos = turn_text.find(text)
    if pos <= 0:
        return None
    for sentence in re.split(r"(?<=[.!?])\s+", turn_text[:pos]):
        found = _notice_in(sentence, turn_text)
        if found is not None:
            return found[0]
    return None


def _stay_end(text: str, at: datetime) -> datetime | None:
    """The first day after the one the user stays until ("I'm with them until the 30th")."""
    for m in _UNTIL.finditer(text):
        if not _users(text, m.start()):
            continue
        day = _future_date(m.group("when"), at)
        if day is not None:
            return day + timedelta(days=1)
    return None


def _future_date(text: str, at: datetime) -> datetime | None:
    """The date at the start of `text`: a full date after a weekday wins ("Friday the 29th
    of May"), a past one names none."""
    refs = [r for r in find_times(text) if r.start < 25]
    if not refs:
        return None
    ref = next((r for r in refs if r.kind == "date"), refs[0])
    return resolve_future(ref, at)


def _length_end(text: str, at: datetime, *, anchored: bool = False) -> datetime | None:
    """The end of a notice of the length `text` tells, counted from the day it was given
    (the sentence's past date, else `at`). `anchored`: only a length stated as the notice
    ("It's two months here" follows the notice sentence)."""
    m = _LENGTH.search(text.strip())
    if m is None or (not anchored and m.group("n3")):
        return None
    n = (m.group("n") or m.group("n2") or m.group("n3")).lower()
    unit = (m.group("unit") or m.group("unit2") or m.group("unit3")).lower()
    count = _NUMBERS.get(" ".join(n.split()), 2 if "couple" in n else None)
    if count is None and n.isdigit():
        count = int(n)
    if count is None:
        return None
    given = next((d for r in find_times(text) if (d := resolve(r, at)) is not None
                  and d <= at), at)
    day0 = given.replace(hour=0, minute=0, second=0, microsecond=0)
    if unit == "month":  # calendar months: a month's notice from 6 May runs to 6 June
        month = day0.month - 1 + count
        year, month = day0.year + month // 12, month % 12 + 1
        day = min(day0.day, monthrange(year, month)[1])
        return day0.replace(year=year, month=month, day=day) + timedelta(days=1)
    return day0 + timedelta(days=count * _UNIT_DAYS[unit] + 1)


def _left_in(text: str, turn_text: str, at: datetime) -> tuple[str, datetime | None] | None:
    """(the organisation, the first day after) of "<n> days left at <Org>" in a work turn."""
    if not _LEFT.search(text) or not work_turn(turn_text or text):
        return None
    for m in _LEFT.finditer(text):
        name = CAP_RUN.match(text, m.end())
        if name is None or _VISIT.match(name.group(0)) or not _users(text, m.start("n")):
            continue
        if re.search(r"\b(?:he|she|they|has|have|had)\b|(?-i:[A-Z])[a-z]+\s+(?:has|is)\b",
                     text[:m.start("n")], _I):
            continue  # "Jonas has two weeks left at Kobold": his
        org = org_at(text, m.end())
        if org is None:
            continue
        n = m.group("n").lower()
        count = _NUMBERS.get(" ".join(n.split()), 2 if "couple" in n else None) or (
            int(n) if n.isdigit() else None)
        if count is None:
            return org, None
        day0 = at.replace(hour=0, minute=0, second=0, microsecond=0)
        return org, day0 + timedelta(days=count * _UNIT_DAYS[m.group("unit").lower()] + 1)
    return None


def _claim(base: tuple[str, int, str], org: str, at: datetime, *,
           confidence: float, predicate: str = "employer") -> Claim:
    session_id, turn, evidence = base
    return Claim(predicate=predicate, object=org, op="assert", modality="asserted",
                 valid_from=at, source="stated", confidence=confidence,
                 session_id=session_id, turn=turn, evidence=evidence)


def _ending(base: tuple[str, int, str], org: str, end: datetime) -> Claim:
    """The employer no longer held from `end`: planned, so nothing changes before it."""
    session_id, turn, evidence = base
    return Claim(predicate="employer", object=org, op="retract", modality="planned",
                 valid_from=end, source="stated", confidence=NOTICE_CONFIDENCE,
                 session_id=session_id, turn=turn, evidence=evidence)


def one_employer_name(found: list[SentenceClaims]) -> list[SentenceClaims]:
    """One employer named two ways in a turn is one value: "I've got three months' notice at
    Zefir Logistics ... I've been a logistics analyst at Zefir for five years" keeps "Zefir
    Logistics" for both (two values of a single-valued fact would both look current)."""
    names = {c.object for s in found for c in s.claims if c.predicate == "employer" and c.object}
    longer = {}
    for name in names:
        words = name.split()
        fuller = [n for n in names if n != name and n.split()[:len(words)] == words]
        if len(fuller) == 1:
            longer[name] = fuller[0]
    renamed = [SentenceClaims(s.turn, s.text, tuple(
        c.model_copy(update={"object": longer[c.object]})
        if c.predicate == "employer" and c.object in longer else c for c in s.claims))
        for s in found] if longer else found
    # The same employer asserted twice in a turn is held from the earlier of the two times
    # ("I've been a logistics analyst at Zefir for five years" beside the notice told today).
    first: dict[str, Claim] = {}
    for s in renamed:
        for c in s.claims:
            if c.predicate == "employer" and c.op == "assert" and c.modality == "asserted":
                key = c.object.casefold()
                if key not in first or c.valid_from < first[key].valid_from:
                    first[key] = c
    return [SentenceClaims(s.turn, s.text, tuple(
        c for c in s.claims if not (c.predicate == "employer" and c.op == "assert"
                                    and c.modality == "asserted"
                                    and first.get(c.object.casefold()) is not c)))
        for s in renamed]
