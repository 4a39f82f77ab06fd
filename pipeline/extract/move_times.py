"""When the places of a move hold, told around the move rather than in it.

A move told ahead whose date comes with its arrangements, not with the verb: "we're moving
from Hanoi to Da Nang — the flights are booked for the 14th of March", "I'm relocating to
Leeds. The movers come on the 3rd." The move clause alone reads as a move now; the date of
the flights, the movers, the lease or the keys is when it happens. So the place moved to is
`planned` from that date, and the place moved from is where one lives until then (told now,
not ended now). A date of something else in the sentence (a trip, a visit, a wedding), a
move told in the past, or a move already dated by its own clause changes nothing.

A city left at a time ("We left Bergen at the end of August", "I left Cork in 2019") was
where the user lived until then: an `ended` state, not only a removal, so that a city the
memory never held is still kept as history up to that day (reconcile's ended-before-known)
while one it holds is closed there as before. An undated removal ("not Bergen!", a
correction) stays a removal: nothing says it was ever home.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.gazetteer import lookup
from pipeline.extract.timeexpr import future_in
from schemas.records import Claim

_I = re.IGNORECASE
#: The user's move told in the progressive ("we're moving", "I am relocating").
_MOVING = re.compile(r"\b(?:i'm|i\s+am|we're|we\s+are|(?:i|we)(?:'ll|\s+will)\s+be)\s+"
                     r"(?:(?:finally|actually|officially|really|now|also)\s+)?"
                     r"(?:moving|relocating)\b", _I)
#: What a move is arranged by: the clause with the move's own date.
_ARRANGEMENT = re.compile(
    r"\b(?:flights?|fly(?:ing)?\s+(?:out|up|down|over)|movers?|removals?|removal\s+van"
    r"|moving\s+(?:day|van|truck|date|company)|lease|tenancy|keys|handover|possession"
    r"|van|truck|lorry|(?:night\s+)?train|ferry|bus"
    r"|the\s+move(?!\s+(?:to|from)\b)|we\s+leave|we\s+arrive|(?:we|i)\s+(?:take|catch|drive))\b",
    _I)
#: The people's own going, which is the move's day when the things go another day: "the van
#: loads on the 3rd and we drive down on the 5th", "we get the keys on the 9th".
_PEOPLE_GO = re.compile(
    r"\b(?:we|i)\s+(?:(?:actually|finally|only|then|ourselves|all)\s+)?(?:fly|drive|take|catch"
    r"|arrive|leave|travel|go|head|set\s+off|move\s+in|get\s+the\s+keys)\b"
    r"|\bfrom\s+then\s+on\b|\bkeys\b", _I)
#: A date taken back and said again, in the same sentence.
_SAID_AGAIN = re.compile(r"\b(?:no\s+wait|sorry|i\s+mean|actually|correction|no,\s+)[,:\s]+", _I)
#: ... and what makes a dated clause about something else.
_OTHER_EVENT = re.compile(r"\b(?:trip|holiday|vacation|conference|visit|wedding|birthday"
                          r"|appointment|interview|meeting|party|concert|holidays)\b", _I)
_CLAUSES = re.compile(r"\s+[—–-]+\s+|;|,|:|\.\s+|\s+(?:and|but|so)\s+", _I)
_PLACE_PREDICATES = frozenset({"city", "country"})
_FROM = re.compile(r"\s+(?:(?:back|away|house)\s+)?from\s+(?P<m>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])"
                   r"[\w'-]*){0,3}?)\s+to\b", _I)


def date_told_moves(found: Sequence[SentenceClaims], at: datetime) -> list[SentenceClaims]:
    """`found` (one turn, in order) with undated moves told ahead dated by their
    arrangements in the same or the next sentence."""
    out = list(found)
    for i, this in enumerate(out):
        m = _MOVING.search(this.text)
        if m is None or not any(_undated_place(c, at) or _month_plan(c, at)
                                for c in this.claims):
            continue
        after = this.text[m.end():]
        if i + 1 < len(out):
            after = f"{after}. {out[i + 1].text}"
        when = _arrangement_date(after, at)
        if when is None:
            continue
        claims = [_dated(c, when) if _undated_place(c, at) or _within_month(c, at, when) else c
                  for c in this.claims]
        origin = _origin(after[:200]) or _left_by_arrangement(after, at)
        planned = next((c for c in claims if c.modality == "planned"), None)
        if (origin and planned is not None
                and not any(c.predicate == "city" and c.object == origin for c in claims)):
            claims.append(planned.model_copy(update={
                "object": origin, "modality": "asserted", "valid_from": at, "valid_to": None}))
        out[i] = SentenceClaims(this.turn, this.text, tuple(claims))
    return out


def _origin(after_verb: str) -> str | None:
    """The city a move told ahead leaves ("moving from Hanoi to Da Nang"): home until then."""
    m = _FROM.match(after_verb)
    if m is None:
        return None
    place = lookup(m.group("m"))
    return m.group("m") if place is not None and place.kind == "city" else None


def _month_plan(claim: Claim, at: datetime) -> bool:
    """A planned place dated only to its month ("we're moving to Kelowna next month": the
    first of the month), which the arrangements' day can make exact."""
    when = claim.valid_from
    return (claim.predicate in _PLACE_PREDICATES and claim.subject == "user"
            and claim.op == "assert" and claim.modality == "planned" and when is not None
            and when > at and when.day == 1 and (when.hour, when.minute) == (0, 0))


def _within_month(claim: Claim, at: datetime, when: datetime) -> bool:
    """The arrangements' day falls in the month the plan was dated to: "next month", then
    "our flight is Monday the 9th of February"."""
    start = claim.valid_from
    return (_month_plan(claim, at) and start is not None and when >= start
            and (when.year, when.month) == (start.year, start.month))


#: The city an arrangement leaves: "our flight out of Sudbury is on the 9th".
_LEAVES = re.compile(r"\b(?:out\s+of|leaving|leave|from)\s+(?P<m>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])"
                     r"[\w'-]*){0,2})", _I)


def _left_by_arrangement(text: str, at: datetime) -> str | None:
    """The city the dated arrangement of a move leaves from: home until the move."""
    for clause in _CLAUSES.split(text):
        if not _ARRANGEMENT.search(clause) or _OTHER_EVENT.search(clause) or future_in(
                clause, at) is None:
            continue
        for m in _LEAVES.finditer(clause):
            words = m.group("m").split()
            for n in range(len(words), 0, -1):
                place = lookup(" ".join(words[:n]))
                if place is not None:
                    return " ".join(words[:n]) if place.kind == "city" else None
    return None


def _undated_place(claim: Claim, at: datetime) -> bool:
    return (claim.predicate in _PLACE_PREDICATES and claim.subject == "user"
            and claim.op == "assert" and claim.modality in ("asserted", "ended")
            and claim.valid_from == at)


def _dated(claim: Claim, when: datetime) -> Claim:
    if claim.modality == "ended":  # "moving from Hanoi": home until the move
        return claim.model_copy(update={"modality": "asserted", "valid_to": None})
    return claim.model_copy(update={"modality": "planned", "valid_from": when})


def _arrangement_date(text: str, at: datetime) -> datetime | None:
    return move_day(text, at, arranged=True)


def move_day(text: str, at: datetime, *, arranged: bool = False) -> datetime | None:
    """The day a move told in `text` happens: the future date of the people's own going
    (`_PEOPLE_GO`) when a clause tells it, else the first dated arrangement (with
    `arranged`) or the first future date."""
    # "We move on Saturday the 20th, no wait, Sunday the 21st": the day said last counts.
    fixed = list(_SAID_AGAIN.finditer(text))
    if fixed and (when := future_in(text[fixed[-1].end():], at)) is not None:
        return when
    clauses = [c for c in _CLAUSES.split(text) if c and not _OTHER_EVENT.search(c)]
    for clause in clauses:
        if _PEOPLE_GO.search(clause) and (when := future_in(clause, at)) is not None:
            return when
    if not arranged:
        return future_in(text, at)
    for clause in clauses:
        if _ARRANGEMENT.search(clause) and (when := future_in(clause, at)) is not None:
            return when
    return None


def left_places_as_history(found: Sequence[SentenceClaims],
                           at: datetime) -> list[SentenceClaims]:
    """`found` with each dated removal of the user's city or country an ended state."""
    out = []
    for this in found:
        if not any(_dated_leaving(c, at) for c in this.claims):
            out.append(this)
            continue
        out.append(SentenceClaims(this.turn, this.text, tuple(
            c.model_copy(update={"op": "assert", "valid_to": c.valid_from})
            if _dated_leaving(c, at) else c for c in this.claims)))
    return out


def _dated_leaving(claim: Claim, at: datetime) -> bool:
    return (claim.predicate in _PLACE_PREDICATES and claim.subject == "user"
            and claim.op == "retract" and claim.modality == "ended" and bool(claim.object)
            and claim.source == "stated" and claim.valid_from is not None
            and claim.valid_from < at)
