"""Appointments and trips told with their dates, and when each one is over.

People rarely say "I have an appointment". They name who they see and when: "Dentist on
Thursday at 10", "I'm seeing the physio on the 14th", "the GP is on Monday the 3rd", "vet
appointment for Mochi tomorrow"; and a trip by how they go and come back: "we fly to Hanoi
on the 14th and back on the 28th", "off to Kyoto on June 12 for two weeks", "flights to Lima
for the 3rd to the 17th of July". The reading has three parts:
- a lexicon: the people one has appointments with (dentist, GP, vet, physio, ...) and the
  ways of going somewhere (fly, flight, drive, head, off to, trip to), the destination being
  a place the gazetteer knows (a trip is a plan, never a new home city);
- the date, resolved forward from the turn (timeexpr.future_in): no date still to come, no
  appointment (a past visit, "my dentist says", a job as a dentist);
- the end: the return ("back on the 28th", "until the 9th"), a span ("for two weeks") or a
  range ("the 3rd to the 17th of July"); otherwise the day itself. The plan holds until the
  end of that day (`valid_to`), so it expires by its own date, not by when it was processed.
Only the user's own statement counts (mood.py): not someone else's ("my sister has the
dentist on Thursday", "Mum's appointment"), not a question, a wish, a negation or the past.
Pure: the reference time is the turn's.
"""
from __future__ import annotations

import re
from calendar import month_name, monthrange
from datetime import datetime, timedelta

from pipeline.extract.gazetteer import lookup
from pipeline.extract.mood import about_other, clause_span, mood_at
from pipeline.extract.timeexpr import find_times, future_in, local_time, resolve_future, span_before
from pipeline.extract.timepatterns import NUM_UNIT
from schemas.records import Claim

_I = re.IGNORECASE

#: Confidence of an appointment or trip read from its date.
EVENT_CONFIDENCE = 0.8

#: Who one has an appointment with (singular; "GP" and "ENT" as people say them).
_WHO = (
    "dentist", "orthodontist", "hygienist", "doctor", "gp", "vet", "physio", "physiotherapist",
    "optician", "optometrist", "ophthalmologist", "hairdresser", "barber", "dermatologist",
    "allergist", "chiropractor", "osteopath", "podiatrist", "cardiologist", "gynaecologist",
    "gynecologist", "midwife", "consultant", "specialist", "surgeon", "therapist",
    "counsellor", "counselor", "psychologist", "psychiatrist", "dietitian", "nutritionist",
    "audiologist", "ent", "neurologist", "oncologist", "obstetrician", "paediatrician",
    "pediatrician", "urologist", "endocrinologist", "rheumatologist", "nurse", "vaccine clinic",
    "hair salon", "salon", "groomer")
_WHO_RE = r"(?:" + "|".join(sorted(_WHO, key=len, reverse=True)) + r")"
#: Words for an appointment itself ("an appointment with the GP", "vet appointment").
_APPOINTMENT = r"(?:appointment|appt|check-?up|consultation|follow-?up|session)"

#: "the dentist", "my GP", "Dentist on ...", "a dentist appointment"; not "a dentist" alone
#: (a job: "I'm a dentist"), not someone else's ("Mum's dentist", "her GP").
_SEEN = re.compile(
    r"(?:\b(?P<det>the|my|our|a|an|her|his|their|your|(?-i:[A-Z])[a-z]+'s|\w+'s)\s+)?"
    r"(?:\b(?P<who>" + _WHO_RE + r")s?\b(?P<appt>\s+" + _APPOINTMENT + r")?"
    r"|\b" + _APPOINTMENT + r"\s+(?:with|at)\s+(?:the\s+|my\s+|our\s+)?(?P<who2>" + _WHO_RE
    + r")\b)", _I)
#: What makes a named professional an appointment: a verb of seeing or booking, a present
#: "is on", a fragment that starts with them, or the word appointment itself.
_SEE_VERB = re.compile(
    r"\b(?:seeing|see|visit(?:ing)?|got|have|having|'ve\s+got|booked|book(?:ing)?|going\s+to"
    r"|off\s+to|at|back\s+to|with)\s+(?:\w+\s+)?$", _I)
_IS_ON = re.compile(r"^\s*(?:appointment\s+)?(?:is|'s)\s+(?:on|at|next|this|tomorrow|the)\b",
                    _I)

#: How one goes somewhere; the destination follows "to" (or "in" for a holiday).
_GO = re.compile(
    r"\b(?:(?:fly|flying|flies|flight|flights|drive|driving|head|heading|travel(?:l?ing)?"
    r"|off|trip|getaway|holiday|vacation|going|train|ferry|sail|sailing)"
    r"(?:\s+(?:out|up|down|over|back|home))?\s+(?:back\s+)?(?:to|into)"
    r"|(?:holiday|vacation|break|week|weekend|fortnight)\s+in)\s+"
    r"(?P<place>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+){0,2})", _I)

#: The verb of a clause that tells of the past: a visit had, a trip made.
_PAST = re.compile(
    r"\b(?:saw|went|flew|drove|had|was|were|did|visited|got\s+back|came\s+back|returned"
    r"|took|loved|headed|travel(?:l)?ed|spent|used\s+to|last|ago)\b", _I)
_UNREAL = re.compile(
    r"\b(?:if|whether|unless|maybe|perhaps|might|could|would|should|love|like|hope|hoping"
    r"|wish|want|wanting|dream\w*|thinking|considering|says|said|told|recommend\w*|suggest\w*"
    r"|or\s+not)\b|'d\b|\?", _I)
_NEGATED = re.compile(r"\b(?:not|never|no|cancel+ed|cancel+ing|postponed)\b|n't\b", _I)

_MONTH_NAMES = frozenset(m.lower() for m in month_name if m)

#: The end of a trip told after its start.
_RETURN = re.compile(r"\b(?:back|returning|return|home|until|till|to|through|thru)\b"
                     r"(?:\s+again)?\s+", _I)
_MONTH_RANGE = re.compile(
    r"\b(?:the\s+)?(?P<a>[0-3]?\d)(?:st|nd|rd|th)?\s*(?:to|-|–|until|till|through)\s*"
    r"(?:the\s+)?(?P<b>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<month>[A-Za-z]{3,9})\b", _I)


def dated_events(text: str, claims: list[Claim], base: tuple[str, int, str], at: datetime, *,
                 question: bool) -> list[Claim]:
    """The appointments and trips sentence `text` tells with a date still to come, as plans
    kept until they are over; none where the sentence already gives a plan."""
    if question or any(c.predicate == "plan" for c in claims):
        return []
    at = local_time(at)
    found = _appointment(text, at) or _trip(text, at)
    if found is None:
        return []
    obj, start, end = found
    session_id, turn, evidence = base
    return [Claim(predicate="plan", object=obj, confidence=EVENT_CONFIDENCE, valid_from=at,
                  valid_to=end + timedelta(days=1), source="stated", session_id=session_id,
                  turn=turn, evidence=evidence)] if end >= start else []


def event_end(text: str, start: datetime, at: datetime) -> datetime:
    """The last day of what starts at `start`, as `text` tells it: a return ("back on the
    28th"), a span ("for two weeks") or a range ("the 3rd to the 17th of July"); otherwise
    `start` itself."""
    m = _MONTH_RANGE.search(text)
    if m is not None:
        last = future_in(f"{m.group('b')} {m.group('month')}", at)
        if last is not None and last >= start:
            return last
    for r in _RETURN.finditer(text):
        rest = text[r.end():]
        refs = find_times(rest)
        if refs and refs[0].start == 0:
            value = resolve_future(refs[0], start - timedelta(days=1))
            if value is not None and value >= start:
                return value
    m = NUM_UNIT.search(text)
    if m is not None and re.search(r"\bfor\s+(?:about\s+|around\s+)?$", text[:m.start()], _I):
        began = span_before(m.group(0), start)
        if began is not None:
            return start + (start - began)  # back on the day the span ends
    return _period_end(text, start, at)


def _period_end(text: str, start: datetime, at: datetime) -> datetime:
    """The last day of the period whose start is `start`, when `text` names a period, not a
    day: "in June" lasts to June 30, "next week" to its Sunday, "next weekend" to Sunday."""
    ref = next((r for r in find_times(text) if resolve_future(r, at) == start), None)
    if ref is None:
        return start
    words = ref.text.lower().split()
    if ref.kind == "month" or (ref.kind == "future" and words[-1] == "month") or (
            ref.kind in ("future", "rel") and words[-1] in _MONTH_NAMES):
        return start.replace(day=monthrange(start.year, start.month)[1])
    if ref.kind in ("future", "rel") and words[-1] == "week":
        return start + timedelta(days=6 - start.weekday())
    if ref.kind in ("future", "rel") and words[-1] == "weekend":
        return start + timedelta(days=max(0, 6 - start.weekday()))
    return start


def _own(text: str, pos: int, start: int) -> bool:
    """The clause at `pos` (starting at `start`) is the user's own, asserted, unreal-free."""
    clause_start, clause_end = clause_span(text, pos)
    clause = text[clause_start:clause_end]
    mood = mood_at(text, pos, question=False)
    return (mood.subject == "user" and mood.modality == "asserted"
            and not about_other(text[start:]) and not _PAST.search(clause)
            and not _UNREAL.search(text[:clause_end]) and not _NEGATED.search(clause))


def _appointment(text: str, at: datetime) -> tuple[str, datetime, datetime] | None:
    for m in _SEEN.finditer(text):
        who = (m.group("who") or m.group("who2") or "").lower()
        det = (m.group("det") or "").lower()
        if m.group("who2") is None and (det in ("a", "an") and not m.group("appt")):
            continue  # "I'm a dentist": a job
        if det and det not in ("the", "my", "our", "a", "an"):
            continue  # "her GP", "Mum's dentist": someone else's
        start, end = clause_span(text, m.start())
        clause = text[start:end]
        lead = text[start:m.start()]
        told = (m.group("appt") or m.group("who2") or _SEE_VERB.search(lead)
                or _IS_ON.match(text[m.end():end]) or not lead.strip(" ,.-:")
                or re.fullmatch(r"\W*(?:the|my|our)\s*", lead, _I))
        if not told:
            continue
        when = future_in(clause, at)
        if when is None or not _own(text, m.start(), start):
            continue
        name = "GP" if who == "gp" else "ENT" if who == "ent" else who
        return f"{name} appointment", when, when
    return None


def _trip(text: str, at: datetime) -> tuple[str, datetime, datetime] | None:
    for m in _GO.finditer(text):
        place = _place(m.group("place"))
        if place is None:
            continue
        start, end = clause_span(text, m.start())
        rest = text[m.start():]
        when = future_in(text[start:end], at) or future_in(rest, at)
        if when is None or not _own(text, m.start(), start):
            continue
        range_ = _MONTH_RANGE.search(rest)
        if range_ is not None:  # "for the 3rd to the 17th of July": the range's own month
            first = future_in(f"{range_.group('a')} {range_.group('month')}", at)
            when = first if first is not None else when
        return f"trip to {place}", when, event_end(rest, when, at)
    return None


def _place(name: str) -> str | None:
    """The longest leading run of `name` the gazetteer knows as a city, country or region."""
    words = name.split()
    for n in range(len(words), 0, -1):
        candidate = " ".join(words[:n]).rstrip(".,'")
        if lookup(candidate) is not None:
            return candidate
    return None
